// One load of a device with several, as people name it: "outlet 2 of the double relay", "the second
// socket", "socket 2", "channel 2", "double relay endpoint 2", "the left socket" where the device's
// config labels its endpoints ("Left Outlet"), in each language's words (the grammar's `endpoints`).
// docs/architecture.md, "The Z-Wave device as it really is": the endpoints of a node each have a
// name of their own ("Double Relay 2", "Smart Plug Outlet 2"), which people rarely say whole.
import { normalizeName } from "../spoken-name.js";
import type { EntityView } from "../ha/mirror.js";
import type { HomeTwins } from "../ha/zwave-twins.js";
import { targetKey, type ZwaveTarget } from "../zwave-host/zwave-target.js";
import type { EndpointSide, FastPathGrammar } from "./grammar-types.js";
import { GRAMMARS } from "./grammar.js";
import { fold } from "./sentence.js";
import type { Load } from "./target-types.js";

/** What a phrase says of a load: which one (by number, by place in order, by side) and of what device. */
export interface EndpointPhrase {
  /** "outlet 2", "channel two": the endpoint's own number. */
  index?: number;
  /** "the second outlet": its place among the device's loads. */
  ordinal?: number;
  /** "the left socket": the side its label names. */
  side?: EndpointSide;
  /** The device's name as said ("double relay"), folded; empty when none was said. */
  device: string;
}

const SIDES: readonly EndpointSide[] = ["left", "right", "top", "bottom", "upper", "lower", "middle"];

/**
 * The phrase's words, with elided articles and prepositions ("dell'", "l'") apart and an English
 * possessive dropped ("the double relay's outlet 2" is its outlet 2).
 */
function wordsOf(text: string): string[] {
  return fold(text)
    .replace(/(\p{L})'s(?=\s|$)/gu, "$1")
    .replace(/'/g, "' ")
    .split(" ")
    .filter(Boolean);
}

/** A word list as runs to look up: the longest run of `words` starting at `i` that is in `set`. */
function runAt(words: string[], i: number, set: ReadonlySet<string>, longest = 4): number {
  for (let n = Math.min(longest, words.length - i); n >= 1; n--) {
    if (set.has(words.slice(i, i + n).join(" "))) return n;
  }
  return 0;
}

/** Reads a phrase as one load of a device, or undefined when it names no load. */
export function readEndpointPhrase(grammar: FastPathGrammar, phrase: string): EndpointPhrase | undefined {
  const e = grammar.endpoints;
  const fw = (list: Iterable<string>) => new Set([...list].map((w) => fold(w)));
  // A device config labels its endpoints in English ("Outlet 2"), and people say the label as
  // written, whatever their language: "Schalte Outlet 2 vom Double Relay aus".
  const loadWords = fw([...e.words, ...GRAMMARS.en!.endpoints.words]);
  const numberWords = fw(e.number);
  const joining = fw([...e.of, ...grammar.articles]);
  const numbers = new Map(Object.entries(grammar.numbers).map(([w, n]) => [fold(w), n]));
  const ordinals = new Map(Object.entries(e.ordinals).map(([w, n]) => [fold(w), n]));
  const sideOf = new Map<string, EndpointSide>();
  for (const g of [GRAMMARS.en!, grammar])
    for (const side of SIDES) for (const w of g.endpoints.sides[side]) sideOf.set(fold(w), side);
  const words = wordsOf(phrase);
  const numberAt = (i: number): number | undefined => {
    const w = words[i];
    if (w === undefined) return undefined;
    if (/^\d{1,2}$/.test(w)) return Number(w);
    return numbers.get(w);
  };

  for (let i = 0; i < words.length; i++) {
    const load = runAt(words, i, loadWords);
    if (!load) continue;
    const used = new Set<number>();
    for (let k = i; k < i + load; k++) used.add(k);
    const found: Omit<EndpointPhrase, "device"> = {};
    // After the word: its number ("outlet 2", "socket number two") or an ordinal ("el enchufe segundo").
    let after = i + load;
    const said = runAt(words, after, numberWords);
    const n = numberAt(after + said);
    if (n !== undefined) {
      found.index = n;
      for (let k = after; k <= after + said; k++) used.add(k);
      after += said + 1;
    } else if (ordinals.has(words[after] ?? "")) {
      found.ordinal = ordinals.get(words[after]!)!;
      used.add(after);
    }
    // Before it: an ordinal ("the second outlet") or a side ("the left socket").
    const before = words[i - 1];
    if (found.index === undefined && found.ordinal === undefined && before && ordinals.has(before)) {
      found.ordinal = ordinals.get(before)!;
      used.add(i - 1);
    }
    const sideBefore = before !== undefined && !used.has(i - 1) ? sideOf.get(before) : undefined;
    if (sideBefore) {
      found.side = sideBefore;
      used.add(i - 1);
    } else {
      // After it, one word or a few ("la prise de gauche", "the socket on the left" reads as "left").
      for (let k = after; k < Math.min(words.length, after + 3); k++) {
        const run = runAt(words, k, new Set(sideOf.keys()), 3);
        if (!run) continue;
        const side = sideOf.get(words.slice(k, k + run).join(" "));
        if (!side || [...Array(k - after).keys()].some((j) => !joining.has(words[after + j]!))) break;
        found.side = side;
        for (let j = after; j < k + run; j++) used.add(j);
        break;
      }
    }
    if (found.index === undefined && found.ordinal === undefined && !found.side) continue;
    // The rest, without what joins it to the load, is the device ("of the double relay", "vom Smart Plug").
    const device = normalizeName(words.filter((w, k) => !used.has(k) && !joining.has(w)).join(" "));
    return { ...found, device };
  }
  return undefined;
}

/** The words of an endpoint's label that name a side ("Left Outlet" → left), in English or the language. */
function labelSides(label: string, grammar: FastPathGrammar): Set<EndpointSide> {
  const words = new Set(wordsOf(label));
  const sides = new Set<EndpointSide>();
  for (const g of new Set([GRAMMARS.en!, grammar])) {
    for (const side of SIDES) if (g.endpoints.sides[side].some((w) => words.has(fold(w)))) sides.add(side);
  }
  return sides;
}

/** Which of a device's loads the phrase names. */
function pick(loads: Load[], said: EndpointPhrase, grammar: FastPathGrammar): Load[] {
  const ordered = [...loads].sort((a, b) => a.device.endpoint - b.device.endpoint);
  if (said.index !== undefined) return ordered.filter((l) => l.device.endpoint === said.index);
  if (said.ordinal !== undefined) {
    const nth = ordered[said.ordinal - 1];
    return nth ? [nth] : [];
  }
  const side = said.side!;
  return ordered.filter(({ device: t }) => {
    // The label is what the name adds to the node's ("Double Relay Left Outlet" → "Left Outlet").
    const label = t.name.startsWith(t.nodeName) ? t.name.slice(t.nodeName.length) : t.name;
    return labelSides(label, grammar).has(side);
  });
}

/**
 * The loads a phrase names among the home's: of the device said (by its name, with or without a
 * place it is in, or every word of it), else of every device with several. Empty when none fits.
 */
export function endpointsNamed(
  grammar: FastPathGrammar,
  said: EndpointPhrase,
  loads: readonly Load[],
): Load[] {
  const several = byDevice(loads).filter((ls) => ls.length > 1);
  return devicesSaid(said, several).flatMap((ls) => pick(ls, said, grammar));
}

/**
 * A device with one load, named with it ("outlet 1 of the dryer plug", "la deuxième prise du
 * sèche-linge"): that load, and whether the phrase says it (its first, or its root endpoint 0)
 * rather than another the device does not have. Undefined when the phrase names no such device,
 * or several.
 */
export function onlyLoadSaid(
  said: EndpointPhrase,
  loads: readonly Load[],
): { load: Load; first: boolean } | undefined {
  if (!said.device || said.side) return undefined;
  const found = devicesSaid(said, byDevice(loads));
  const [one] = found;
  if (found.length !== 1 || one?.length !== 1) return undefined;
  return { load: one[0]!, first: said.index === 0 || (said.index ?? said.ordinal) === 1 };
}

/** The loads of each device, by node. */
function byDevice(loads: readonly Load[]): Load[][] {
  const byNode = new Map<number, Load[]>();
  for (const l of loads) byNode.set(l.device.nodeId, [...(byNode.get(l.device.nodeId) ?? []), l]);
  return [...byNode.values()];
}

/**
 * The devices (each as its loads) the phrase names: by name, or a place and name, exactly; else by
 * every word said, one of them the name's. All of them when it names none.
 */
function devicesSaid(said: EndpointPhrase, devices: Load[][]): Load[][] {
  if (!said.device) return devices;
  const named = (ls: Load[], exact: boolean) => {
    const own = normalizeName(ls[0]!.device.nodeName);
    const places = [...new Set(ls.flatMap((l) => l.places).map(normalizeName))].filter(Boolean);
    if (own === said.device || places.some((loc) => `${loc} ${own}` === said.device)) return true;
    if (exact) return false;
    const words = new Set([own, ...places].join(" ").split(" "));
    const spoken = said.device.split(" ");
    return spoken.every((w) => words.has(w)) && spoken.some((w) => own.split(" ").includes(w));
  };
  const exact = devices.filter((ls) => named(ls, true));
  return exact.length ? exact : devices.filter((ls) => named(ls, false));
}

/**
 * The home's loads of devices with several: a joined endpoint as its exposed Home Assistant entity,
 * an endpoint HA does not know as itself, and one HA knows but does not expose to Assist not at all.
 * One target per endpoint, so a phrase never has two views of one load to choose between.
 */
export function homeLoads(
  targets: readonly ZwaveTarget[],
  twins: Pick<HomeTwins, "nodeOf" | "zwaveOnly">,
  exposed: readonly EntityView[],
): Load[] {
  const own = new Set(twins.zwaveOnly().map(targetKey));
  const entityOf = new Map<string, EntityView>();
  for (const e of exposed) {
    const t = twins.nodeOf(e);
    if (t) entityOf.set(targetKey(t), e);
  }
  return targets.flatMap((t): Load[] => {
    const entity = entityOf.get(targetKey(t));
    if (entity)
      return [
        {
          device: t,
          target: { source: "ha", entity, name: entity.name },
          places: [t.location, entity.area?.name ?? ""],
        },
      ];
    if (own.has(targetKey(t)))
      return [{ device: t, target: { source: "zwave", device: t, name: t.name }, places: [t.location] }];
    return [];
  });
}
