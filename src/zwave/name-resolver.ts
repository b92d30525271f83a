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

/** How well a query names a device: 0 exact name, 1 exact name with location, 2 partial, undefined none. */
function matchTier(query: string, device: NamedDevice): number | undefined {
  const q = compactName(query);
  const name = compactName(device.name);
  const loc = compactName(device.loc);
  if (!q || !name) return undefined;
  if (q === name) return 0;
  if (loc && (q === loc + name || q === name + loc)) return 1;
  // "dimmer in the kitchen", "kitchen's dimmer", "the dimmer at the office"
  const inLoc = /^(.*?)\s+(?:in|at|of|on)\s+(?:the\s+)?(.+)$/i.exec(query.trim());
  if (loc && inLoc && compactName(inLoc[1] ?? "") === name && compactName(inLoc[2] ?? "") === loc) return 1;
  // Whole words only: "bed" is not "Bedroom Fan", "light" is not "Lightstrip".
  const own = new Set([...words(device.loc), ...words(device.name)]);
  const ws = words(query);
  if (ws.length > 0 && ws.every((w) => own.has(w))) return 2;
  return undefined;
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
  let best: number | undefined;
  let matches: T[] = [];
  for (const device of devices) {
    const tier = matchTier(query, device);
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
