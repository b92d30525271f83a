// From what a person (or an LLM) calls a device to exactly one node, or an error listing the
// candidates. Never a guess.
import { normalizeName } from "../spoken-name.js";

export interface NamedDevice {
  id: number;
  name: string;
  loc: string;
}

export type Resolution<T> =
  { kind: "found"; device: T } | { kind: "ambiguous"; candidates: T[] } | { kind: "none"; query: string };

const FILLER = new Set(["the", "a", "an", "in", "at", "on", "of", "my"]);

/** Case, spaces, underscores and punctuation don't matter: "Kid's Lamp" = "Kids_Lamp" = "kids lamp". */
export function compactName(s: string): string {
  return normalizeName(s).replace(/ /g, "");
}

function words(s: string): string[] {
  return normalizeName(s)
    .split(" ")
    .filter((w) => w && !FILLER.has(w));
}

/** A name folded both ways a query is compared with it. */
interface Folded {
  compact: string;
  words: string[];
}

/**
 * Device names and locations as folded before: every call by name compares the query with every
 * device and endpoint, and their names change only with a rename. Emptied when it grows past what
 * a large home has, so renames over the months never pile up.
 */
const foldedNames = new Map<string, Folded>();
const FOLDED_MAX = 4096;

function fold(s: string): Folded {
  let folded = foldedNames.get(s);
  if (!folded) {
    if (foldedNames.size >= FOLDED_MAX) foldedNames.clear();
    folded = { compact: compactName(s), words: words(s) };
    foldedNames.set(s, folded);
  }
  return folded;
}

/** What is read from a query once, whatever it is compared with. */
interface Query {
  compact: string;
  /** "dimmer in the kitchen", "the dimmer at the office": the name and the place, compact. */
  inPlace: { name: string; loc: string } | undefined;
  words: string[];
}

function readQuery(query: string): Query {
  const inLoc = /^(.*?)\s+(?:in|at|of|on)\s+(?:the\s+)?(.+)$/i.exec(query.trim());
  return {
    compact: compactName(query),
    inPlace: inLoc ? { name: compactName(inLoc[1] ?? ""), loc: compactName(inLoc[2] ?? "") } : undefined,
    words: words(query),
  };
}

/** How well a query names a device: 0 exact name, 1 exact name with location, 2 partial, undefined none. */
function matchTier(q: Query, device: NamedDevice): number | undefined {
  const name = fold(device.name);
  const loc = fold(device.loc);
  if (!q.compact || !name.compact) return undefined;
  if (q.compact === name.compact) return 0;
  if (loc.compact && (q.compact === loc.compact + name.compact || q.compact === name.compact + loc.compact))
    return 1;
  // "dimmer in the kitchen", "kitchen's dimmer", "the dimmer at the office"
  if (loc.compact && q.inPlace?.name === name.compact && q.inPlace.loc === loc.compact) return 1;
  // Whole words only: "bed" is not "Bedroom Fan", "light" is not "Lightstrip".
  if (q.words.length === 0) return undefined;
  return q.words.every((w) => loc.words.includes(w) || name.words.includes(w)) ? 2 : undefined;
}

/** `node 5`, `nodeID_5` and `#5` name a node by its id. */
function nodeIdIn(query: string): number | undefined {
  const m = /^\s*(?:node\s*(?:id)?[\s_#]*|#)(\d+)\s*$/i.exec(query);
  return m ? Number(m[1]) : undefined;
}

export function resolveDevice<T extends NamedDevice>(query: string, devices: readonly T[]): Resolution<T> {
  const id = nodeIdIn(query);
  if (id !== undefined) {
    const byId = devices.find((d) => d.id === id);
    return byId ? { kind: "found", device: byId } : { kind: "none", query };
  }
  const q = readQuery(query);
  let best: number | undefined;
  let matches: T[] = [];
  for (const device of devices) {
    const tier = matchTier(q, device);
    if (tier === undefined) continue;
    if (best === undefined || tier < best) {
      best = tier;
      matches = [device];
    } else if (tier === best) matches.push(device);
  }
  const [only] = matches;
  if (matches.length === 1 && only) return { kind: "found", device: only };
  if (matches.length > 1) return { kind: "ambiguous", candidates: matches };
  return { kind: "none", query };
}

/** "Dimmer (Kitchen, node 3)" */
export function describeDevice(device: NamedDevice): string {
  const name = displayName(device);
  return device.loc ? `${name} (${device.loc}, node ${device.id})` : `${name} (node ${device.id})`;
}

/** Unnamed nodes go by the name Z-Wave JS UI gives their topics. */
export function displayName(device: NamedDevice): string {
  return device.name || `nodeID_${device.id}`;
}
