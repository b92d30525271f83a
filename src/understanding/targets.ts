// What a spoken phrase names: the previous device ("it"), one device, a kind of device or
// everything in a place, here or in the whole home. Places and device names are looked up in
// places.ts and device-names.ts.
import type { AreaView, EntityView, HomeMirror } from "../ha/mirror.js";
import { normalizeName } from "../spoken-name.js";
import { createDeviceNames, zwaveName } from "./device-names.js";
import type { DeviceKind, FastPathGrammar } from "./grammar-types.js";
import { isOfKind } from "./kinds.js";
import { createPlaces } from "./places.js";
import type { Place, Resolved, ResolveContext, Target } from "./target-types.js";
import type { HomeTwins } from "../ha/zwave-twins.js";
import { targetKey, type ZwaveTarget as ZwaveDevice } from "../zwave-host/zwave-target.js";
import { isReachable } from "./zwave-names.js";
import { haKindOf } from "../zwave-host/ha-kind.js";

export type { Place, Resolved, ResolveContext, Scope, Target } from "./target-types.js";

// What a Z-Wave target is comes from its endpoint's function (src/zwave/functions.ts): a roller
// shutter on a Multilevel Switch is a cover, so no switch, light or "everything" takes it.
const isLock = (d: ZwaveDevice) => d.function === "lock";
const isSwitch = (d: ZwaveDevice) =>
  d.function === "switch" || d.function === "light" || d.function === "fan";

export const ZWAVE_SWITCHES = isSwitch;
export const ZWAVE_LOCKS = isLock;
export const ZWAVE_ANY = (d: ZwaveDevice) => isSwitch(d) || isLock(d);

/** "Everything" of a scope: HA entities by domain, Z-Wave devices by the domain of their true kind. */
const everythingOf = (ctx: ResolveContext) => ({
  entity: (e: EntityView) => ctx.scope.everything.has(e.domain),
  zwave: (d: ZwaveDevice) => ctx.scope.everything.has(haKindOf(d).domain),
});

/** Domains whose entities of a Z-Wave node are switched through Z-Wave, the path that can confirm. */
const ACTED_THROUGH_ZWAVE = new Set(["light", "switch", "fan", "lock"]);

/**
 * What a resolution acts on: an HA entity that is a view of a Z-Wave node the bridge reaches is
 * that node, under HA's name (one device, one identity); a group names each device once.
 */
export function throughZwave(resolved: Resolved, twins: HomeTwins): Resolved {
  const one = (target: Target): Target => {
    if (target.source !== "ha" || !ACTED_THROUGH_ZWAVE.has(target.entity.domain)) return target;
    const device = twins.nodeOf(target.entity);
    return device && (isSwitch(device) || isLock(device))
      ? { source: "zwave", device, name: target.name }
      : target;
  };
  if (resolved.kind === "one") return { kind: "one", target: one(resolved.target) };
  if (resolved.kind !== "group") return resolved;
  const seen = new Set<string>();
  const targets = resolved.targets.map(one).filter((t) => {
    if (t.source !== "zwave") return true;
    const key = targetKey(t.device);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { ...resolved, targets };
}

/** The mirror's areas and exposed entities, each built at most once for one sentence. */
export function homeViews(mirror: HomeMirror): Pick<ResolveContext, "areas" | "exposed"> {
  let areas: AreaView[] | undefined;
  let exposed: EntityView[] | undefined;
  return {
    areas: () => (areas ??= mirror.areas()),
    exposed: () => (exposed ??= mirror.exposedEntities()),
  };
}

/** The longest phrase resolved: a device name with its area ("ceiling light in the living room"). */
const MAX_PHRASE_WORDS = 10;

/** Builds the lookup a grammar needs: folded kind words, everything words, place prepositions. */
export function createTargetResolver(grammar: FastPathGrammar) {
  const kindWords = new Map<string, DeviceKind>();
  for (const [kind, words] of Object.entries(grammar.kinds) as Array<[DeviceKind, string[]]>) {
    for (const w of words) kindWords.set(normalizeName(w), kind);
  }
  const everything = new Set(grammar.everything.map(normalizeName));
  const pronouns = new Set(grammar.pronouns.map(normalizeName));
  const lightWords = [...(grammar.kinds.light ?? []), "light", "lamp"].map(normalizeName);
  const places = createPlaces(grammar);
  const { stripPlaceWords, findPlace, placeWord, splitPlaceWord, speakerPlace, splitCompound, splits } =
    places;
  const { device, exactly, numbersSwapped } = createDeviceNames(grammar);

  /** A light: what its endpoint is, or a switch whose name says it switches a light ("Porch Light"). */
  function isLight(device: ZwaveDevice): boolean {
    if (device.function === "light") return true;
    const name = normalizeName(device.name);
    return device.function === "switch" && lightWords.some((w) => name.split(" ").includes(w));
  }

  function group(
    ctx: ResolveContext,
    fits: (entity: EntityView) => boolean,
    zwave: (d: ZwaveDevice) => boolean,
    place?: Place,
  ): Target[] {
    const entities = place ? place.areas.flatMap((a) => a.entities) : ctx.exposed();
    const targets: Target[] = entities
      .filter((e) => fits(e) && ctx.scope.domain(e.domain))
      .map((entity) => ({ source: "ha", entity, name: entity.name }));
    for (const device of ctx.devices) {
      if (!isReachable(device) || !ctx.scope.zwave(device) || !zwave(device)) continue;
      if (place && !place.locations.has(normalizeName(device.location))) continue;
      targets.push({ source: "zwave", device, name: zwaveName(device) });
    }
    return targets;
  }

  function kindGroup(ctx: ResolveContext, kind: DeviceKind, place?: Place): Target[] {
    // A scene or script is one thing to run, named; "the scenes" are never run together.
    if (kind === "scene") return [];
    const zw =
      kind === "light"
        ? (d: ZwaveDevice) => isSwitch(d) && isLight(d)
        : kind === "switch"
          ? (d: ZwaveDevice) => isSwitch(d) && !isLight(d)
          : kind === "lock"
            ? isLock
            : () => false;
    return group(ctx, (e) => isOfKind(e, kind, ctx.question), zw, place);
  }

  /**
   * "la scena festa", "le luci dell'angolo gioco", "Partymodus Szene": a kind word before or
   * after a name says what the named device is; the device of that kind with exactly that name,
   * within `place` when given.
   */
  function kindQualified(ctx: ResolveContext, phrase: string, place?: Place): Resolved | undefined {
    const words = normalizeName(phrase.replace(/'/g, "' ")).split(" ");
    // "feestmodusscène": in a compounding language the kind may end the name's one word.
    const compound =
      grammar.compounds && words.length === 1
        ? [...kindWords.keys()].find(
            (k) => !k.includes(" ") && words[0]!.length > k.length && words[0]!.endsWith(k),
          )
        : undefined;
    if (compound) return kindQualified(ctx, `${words[0]!.slice(0, -compound.length)} ${compound}`, place);
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      const readings: Array<[string[], string[]]> = [
        [words.slice(0, n), words.slice(n)],
        [words.slice(-n), words.slice(0, -n)],
      ];
      for (const [kindPart, rest] of readings) {
        const kind = kindWords.get(kindPart.join(" "));
        if (!kind) continue;
        const name = stripPlaceWords(rest.join(" "));
        const found = device(ctx, name, place);
        if (
          found.kind === "one" &&
          found.target.source === "ha" &&
          exactly(ctx, found.target, normalizeName(name)) &&
          isOfKind(found.target.entity, kind, true)
        ) {
          return found;
        }
      }
    }
    return undefined;
  }

  return {
    stripPlaceWords,
    findPlace,
    placeWord,
    speakerPlace,
    kindOf: (word: string) => kindWords.get(normalizeName(word)),
    /**
     * A kind the verb named with no device or place ("light up"): the speaker's area, as HA's
     * templates take it; without a satellite, those of the kind when they are all in one room,
     * else the rooms that have one (and the whole home, when some have no room) are the question.
     */
    kindHere(ctx: ResolveContext, kind: DeviceKind): Resolved {
      const here = speakerPlace(ctx);
      if (here) return { kind: "group", targets: kindGroup(ctx, kind, here), place: here.label };
      const all = kindGroup(ctx, kind);
      const roomOf = (t: Target) =>
        (t.source === "ha" ? t.entity.area?.name : t.device.location) || undefined;
      const rooms = new Set(all.flatMap((t) => roomOf(t) ?? []));
      // Those of the kind all in one room are the only set meant: no question with one answer.
      if (rooms.size === 1 && all.every(roomOf))
        return { kind: "group", targets: all, place: [...rooms][0]! };
      const roomless = all.some((t) => !roomOf(t));
      if (rooms.size) {
        return {
          kind: "ambiguous",
          candidates: [...rooms, ...(roomless ? [grammar.wholeHome[0] ?? ""] : [])],
        };
      }
      return { kind: "not_found", name: grammar.kinds[kind]?.[0] ?? kind };
    },
    /**
     * What a spoken phrase names: the previous device ("it"), one device (typos within reason),
     * a kind or everything in an area or floor, or all devices of a kind ("all the lights").
     */
    resolve(
      ctx: ResolveContext,
      phrase: string,
      options: { all?: boolean; kindInPlace?: DeviceKind; home?: boolean } = {},
    ): Resolved {
      const key = normalizeName(phrase);
      // Names and places are a few words; a longer phrase names nothing we know, and reading it
      // every way it splits would cost words × entities.
      if (key.split(" ").length > MAX_PHRASE_WORDS) return { kind: "not_found", name: phrase };
      if (pronouns.has(key)) {
        return ctx.previous?.length
          ? ctx.previous.length === 1
            ? { kind: "one", target: ctx.previous[0]! }
            : { kind: "group", targets: ctx.previous }
          : { kind: "not_found", name: phrase };
      }
      // A device's own name wins over any reading of it as kind and place.
      let whole = device(ctx, phrase);
      const swapped = whole.kind === "not_found" ? numbersSwapped(key) : undefined;
      if (swapped) {
        const other = device(ctx, swapped);
        if (other.kind === "one") whole = other;
      }
      const spaced = normalizeName(phrase.replace(/'/g, "' "));
      let special =
        whole.kind === "one" && exactly(ctx, whole.target, key) ? undefined : splitPlaceWord(spaced);
      // An area named like a "here" word ("Habitación") is that area, not the speaker's.
      if (special?.which === "here" && findPlace(ctx, stripPlaceWords(hereWords(spaced, special.rest)))) {
        special = undefined;
      }
      if (special) {
        // "here" needs the satellite's area; without one, the sentence is not ours to guess.
        const place = special.which === "here" ? speakerPlace(ctx) : undefined;
        if (special.which === "here" && !place) return { kind: "not_found", name: phrase };
        const rest = stripPlaceWords(special.rest);
        const restKind = kindWords.get(rest);
        const label = place ? { place: place.label } : {};
        // "illumina qua", "fai buio dappertutto": a verb that names its kind, said of "here" or
        // "everywhere" alone, acts on that kind there.
        if (!rest && options.kindInPlace && (place || special.which === "home")) {
          return { kind: "group", targets: kindGroup(ctx, options.kindInPlace, place), ...label };
        }
        if (everything.has(rest) || (!rest && place)) {
          const all = everythingOf(ctx);
          return { kind: "group", targets: group(ctx, all.entity, all.zwave, place), whole: true, ...label };
        }
        if (restKind) return { kind: "group", targets: kindGroup(ctx, restKind, place), ...label };
        if (rest) return device(ctx, rest, place);
      }
      if (whole.kind === "one" && !options.all && exactly(ctx, whole.target, key)) return whole;
      // "kamerlamp" names no device: the lamps of this room, as "lamp kamer" would.
      const compound = whole.kind === "not_found" ? splitCompound(ctx, key, kindWords.keys()) : undefined;
      if (compound) return this.resolve(ctx, `${compound.head} ${compound.place}`, options);

      const qualified = kindQualified(ctx, phrase);
      if (qualified) return qualified;

      const kind = kindWords.get(key);
      // A scene or script is only ever started by its name: "the scene" names no group.
      if (kind === "scene") return whole;
      if (kind || everything.has(key)) {
        // A command about a kind with no place means the speaker's area, as HA's templates take
        // it from the satellite (they fill the area from the device's: `_make_intent_context` in
        // homeassistant/components/conversation/default_agent.py).
        // A question ("are any windows open") asks about the whole home, as HA's does.
        const here = options.home ? undefined : speakerPlace(ctx);
        // "All the lights" from a satellite is the room in some of HA's templates and the whole
        // home in others ("turn off all lights", but "turn on all the fans"), with nothing in
        // the words to tell them apart: not certain of the set, so it is not ours to act on.
        // Without a satellite it can only mean the home.
        if (here && options.all && kind) {
          return { kind: "ambiguous", candidates: [here.label, grammar.wholeHome[0] ?? ""] };
        }
        // "everything" is all there is, by its meaning; "the lights" alone may be a name.
        if (!here && !options.all && !options.home && kind) return whole;
        const all = everythingOf(ctx);
        const targets = kind ? kindGroup(ctx, kind, here) : group(ctx, all.entity, all.zwave, here);
        return {
          kind: "group",
          targets,
          ...(kind ? {} : { whole: true }),
          ...(here ? { place: here.label } : {}),
        };
      }
      const asPlace = findPlace(ctx, stripPlaceWords(phrase));
      if (asPlace) {
        // A place alone names no device ("turn on the garage" is not its garage door); only
        // brightness and volume have an obvious meaning for a room: its lights, its speakers.
        return options.kindInPlace
          ? { kind: "group", targets: kindGroup(ctx, options.kindInPlace, asPlace), place: asPlace.label }
          : { kind: "not_found", name: phrase };
      }
      // "dell'ufficio", "de l'étage": an elided article is a word of its own here.
      for (const split of splits(normalizeName(phrase.replace(/'/g, "' ")).split(" "))) {
        const place = findPlace(ctx, split.place);
        if (!place) continue;
        const rest = stripPlaceWords(split.name);
        if (everything.has(rest)) {
          const all = everythingOf(ctx);
          return {
            kind: "group",
            targets: group(ctx, all.entity, all.zwave, place),
            whole: true,
            place: place.label,
          };
        }
        const restKind = kindWords.get(rest);
        // A kind with none of its kind here may still be a device's name ("la porte de garage").
        const ofKind = restKind ? kindGroup(ctx, restKind, place) : [];
        if (ofKind.length) return { kind: "group", targets: ofKind, place: place.label };
        const inPlace = device(ctx, split.name, place);
        if (inPlace.kind !== "not_found") return inPlace;
        const named = kindQualified(ctx, split.name, place);
        if (named) return named;
      }
      // "bajar el volumen en la TV": a device's exact name said the way a place is.
      const bare = stripPlaceWords(phrase);
      if (whole.kind === "not_found" && bare !== key) {
        const named = device(ctx, bare);
        if (named.kind === "one" && exactly(ctx, named.target, bare)) return named;
      }
      return whole;
    },
  };
}

/** The words of `phrase` around `rest`: the "here" words said before or after the name. */
function hereWords(phrase: string, rest: string): string {
  if (!rest) return phrase;
  if (phrase.startsWith(`${rest} `)) return phrase.slice(rest.length + 1);
  if (phrase.endsWith(` ${rest}`)) return phrase.slice(0, -rest.length - 1);
  return phrase;
}

export type TargetResolver = ReturnType<typeof createTargetResolver>;
