// The known names in a sentence, found before anything else is read: Home Assistant entities by
// name or alias (exposed or not), Z-Wave devices by name or "location name", and places (areas,
// floors, Z-Wave locations). A name may contain words that elsewhere are cues ("Light Up Strip",
// "On Air Sign"): inside a name they are the name.
import { normalizeName } from "../../spoken-name.js";
import { haKindOf } from "../../zwave-host/ha-kind.js";
import type { ResolveContext } from "../target-types.js";

export type Spotted =
  /** An entity (or a Z-Wave device) by its exact name or alias; its domains, in Home Assistant's terms. */
  | { type: "device"; domains: string[] }
  /** A place; `as` its name when it was said with a trailing "s" or "es" ("the living room's lights", "los baños", "des Flures"). */
  | { type: "place"; as?: string };

export interface SpottedSpan {
  start: number;
  /** One past the last word. */
  end: number;
  spotted: Spotted;
}

/** The longest name read in a sentence, in words. */
const MAX_NAME_WORDS = 6;

/** What names a home has, looked up by the words of a sentence: built once per sentence. */
export function homeVocabulary(
  ctx: Pick<ResolveContext, "mirror" | "devices">,
): (words: string) => Spotted | undefined {
  let locations: Set<string> | undefined;
  let zwave: Map<string, Set<string>> | undefined;
  // An area or floor by name or alias, looked up in the mirror's index (building every area's
  // view would cost the whole home for each sentence), or a Z-Wave device's location.
  // Asked again and again of a sentence's runs of words (an area said with its floor): kept.
  const places = new Map<string, boolean>();
  const isPlace = (key: string) => {
    let known = places.get(key);
    if (known !== undefined) return known;
    known = ctx.mirror.resolve("", { area: key }).unknownArea === undefined;
    if (!known) {
      locations ??= new Set(ctx.devices.flatMap((d) => (d.location ? [normalizeName(d.location)] : [])));
      known = locations.has(key);
    }
    places.set(key, known);
    return known;
  };
  const zwaveNames = () => {
    if (zwave) return zwave;
    const names = new Map<string, Set<string>>();
    // A Z-Wave endpoint is what Home Assistant would make of it: a roller shutter's name is a cover's,
    // so "raise the bedroom shutter" moves it as "raise the blinds" does.
    const add = (name: string, domain: string) => names.set(name, (names.get(name) ?? new Set()).add(domain));
    for (const d of ctx.devices) {
      const { domain } = haKindOf(d);
      add(normalizeName(d.name), domain);
      if (d.location) add(normalizeName(`${d.location} ${d.name}`), domain);
    }
    return (zwave = names);
  };
  let floorsOfAreas: Map<string, Set<string>> | undefined;
  /**
   * Each area's names (normalised), with the names of the floor it is on. A floor named with its
   * word for floor and a preposition ("piano di sopra", "planta de arriba") is said after an area
   * without that word: "il bagno di sopra".
   */
  const floorsOf = () => {
    if (floorsOfAreas) return floorsOfAreas;
    const map = new Map<string, Set<string>>();
    for (const a of ctx.mirror.areas()) {
      const floors = a.floor
        ? [a.floor.name, ...a.floor.aliases].map(normalizeName).flatMap((name) => {
            const [, between, ...rest] = name.split(" ");
            return between && between.length <= 3 && rest.length
              ? [name, [between, ...rest].join(" ")]
              : [name];
          })
        : [];
      for (const name of [a.name, ...a.aliases].map(normalizeName))
        map.set(name, new Set([...(map.get(name) ?? []), ...floors]));
    }
    return (floorsOfAreas = map);
  };
  /**
   * "the bathroom upstairs", "Badezimmer im Obergeschoss", "salle de bain à l'étage", "upstairs
   * bathroom": an area said with the floor it is on is that area; said with another floor it is no
   * place. Between them only short words (a preposition, an article), never a name or a kind.
   */
  function areaWithItsFloor(key: string): string | undefined {
    const words = key.split(" ");
    for (let cut = 1; cut < words.length; cut++) {
      // What comes first is the area or the floor: a place either way.
      const before = words.slice(0, cut).join(" ");
      if (!isPlace(before)) continue;
      for (let gap = 0; gap <= 2 && cut + gap < words.length; gap++) {
        if (words.slice(cut, cut + gap).some((w) => w.length > 3)) break;
        const after = words.slice(cut + gap).join(" ");
        // A name loses its apostrophe, so an elided article stays on the floor's name: "letage".
        const elided = /^[ld][aeiouh]/.test(after) ? [[before, after.slice(1)]] : [];
        const orders = gap
          ? [[before, after], ...elided]
          : [
              [before, after],
              [after, before],
            ];
        for (const [area, floor] of orders) {
          // What an area is on is a floor's name, or one said after the area as above.
          if (isPlace(area!) && floorsOf().get(area!)?.has(floor!)) return area;
        }
      }
    }
    return undefined;
  }
  // One sentence is read several ways (as said, respelled, without a stray word, as a complaint),
  // and each way spots names over the same runs of words: each run is looked up once.
  const seen = new Map<string, Spotted | undefined>();
  return (words) => {
    if (seen.has(words)) return seen.get(words);
    const spotted = spot(words);
    seen.set(words, spotted);
    return spotted;
  };
  function spot(words: string): Spotted | undefined {
    const key = normalizeName(words);
    if (!key) return undefined;
    const exact = ctx.mirror.resolve(key, { exactOnly: true }).matches.filter((m) => m.match === "exact");
    if (exact.length) return { type: "device", domains: [...new Set(exact.map((m) => m.domain))] };
    const zwaveDomains = zwaveNames().get(key);
    if (zwaveDomains) return { type: "device", domains: [...zwaveDomains] };
    if (isPlace(key)) return { type: "place" };
    // A possessive or a plural of a place's name is that place: "the living rooms lights"; so is
    // a genitive in "-es" ("das Licht des Flures").
    for (const ending of ["s", "es"]) {
      const base = key.endsWith(ending) ? key.slice(0, -ending.length) : "";
      if (base.length > 2 && isPlace(base)) return { type: "place", as: base };
    }
    // "les chambres à coucher", "las salas de estar": where the noun comes first, so does its plural.
    const [head, ...rest] = key.split(" ");
    for (const ending of rest.length ? ["s", "es"] : []) {
      const base = head!.endsWith(ending) ? head!.slice(0, -ending.length) : "";
      const name = [base, ...rest].join(" ");
      if (base.length > 2 && isPlace(name)) return { type: "place", as: name };
    }
    const area = areaWithItsFloor(key);
    return area ? { type: "place", as: area } : undefined;
  }
}

/** Words as written: an elided article or preposition joined to the next word ("d'entrée"). */
export function joinWords(words: readonly string[]): string {
  let text = "";
  for (const w of words) text = !text ? w : text.endsWith("'") ? text + w : `${text} ${w}`;
  return text;
}

/** Whether the word at `i` is one of a name's, of the names `spotNames` found. */
export function inName(spans: readonly SpottedSpan[], i: number): boolean {
  return spans.some((s) => s.start <= i && i < s.end);
}

/** The names among `words`, longest first from the left, none overlapping. */
export function spotNames(words: string[], lookup: (words: string) => Spotted | undefined): SpottedSpan[] {
  const spans: SpottedSpan[] = [];
  for (let start = 0; start < words.length;) {
    let found: SpottedSpan | undefined;
    // The runs from `start`, each the one before and a word (as joinWords joins them), longest tried first.
    const runs: string[] = [];
    for (let end = start; end < Math.min(words.length, start + MAX_NAME_WORDS); end++) {
      const before = runs.at(-1);
      runs.push(before === undefined ? words[end]! : joinWords([before, words[end]!]));
    }
    for (let end = start + runs.length; end > start; end--) {
      const spotted = lookup(runs[end - start - 1]!);
      if (spotted) {
        found = { start, end, spotted };
        break;
      }
    }
    if (found) {
      spans.push(found);
      start = found.end;
    } else start++;
  }
  return spans;
}
