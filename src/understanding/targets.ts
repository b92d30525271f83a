import type { AreaView, EntityView, HomeMirror } from "../ha/mirror.js";
import { PARTIAL } from "../ha/resolver.js";
import { normalizeName } from "../spoken-name.js";
import type { DeviceKind, FastPathGrammar } from "./grammar-types.js";
import { isOfKind } from "./kinds.js";
import { editDistance } from "../shared/edit-distance.js";
import { allowedEdits } from "./typo.js";
import type { DeviceSummary as ZwaveDevice } from "../zwave/contract.js";
import type { HomeTwins } from "../ha/zwave-twins.js";
import { isReachable, matchDevices } from "./zwave-names.js";

/** One thing a sentence acts on or asks about. */
export type Target =
  { source: "zwave"; device: ZwaveDevice; name: string } | { source: "ha"; entity: EntityView; name: string };

export type Resolved =
  | { kind: "one"; target: Target }
  /** A whole area, floor or kind of device; `place` is the place as the speaker named it. */
  | { kind: "group"; targets: Target[]; place?: string }
  | { kind: "ambiguous"; candidates: string[] }
  | { kind: "not_found"; name: string }
  | { kind: "not_exposed"; name: string };

/** What an intent may act on: Home Assistant domains, and which Z-Wave devices. */
export interface Scope {
  domain: (domain: string) => boolean;
  /** Domains a bare "everything" means. */
  everything: ReadonlySet<string>;
  zwave: (device: ZwaveDevice) => boolean;
}

/** A spoken area or floor: Home Assistant areas and the Z-Wave locations that match it. */
export interface Place {
  label: string;
  areas: AreaView[];
  /** Normalised names a Z-Wave device's location may have to be here. */
  locations: Set<string>;
}

export interface ResolveContext {
  grammar: FastPathGrammar;
  mirror: HomeMirror;
  /** The mirror's areas and exposed entities, built once per sentence (see `homeViews`). */
  areas: () => AreaView[];
  exposed: () => EntityView[];
  devices: readonly ZwaveDevice[];
  scope: Scope;
  speakerDeviceId?: string;
  /** What "it" meant in the previous command of this conversation. */
  previous?: Target[];
  /** The sentence asks rather than acts. */
  question?: boolean;
}

const isLock = (d: ZwaveDevice) => d.kind === "lock";
const isSwitch = (d: ZwaveDevice) => d.kind === "switch" || d.kind === "dimmer";

export const ZWAVE_SWITCHES = isSwitch;
export const ZWAVE_LOCKS = isLock;
export const ZWAVE_ANY = (d: ZwaveDevice) => isSwitch(d) || isLock(d);

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
  const seen = new Set<number>();
  const targets = resolved.targets.map(one).filter((t) => {
    if (t.source !== "zwave") return true;
    if (seen.has(t.device.nodeId)) return false;
    seen.add(t.device.nodeId);
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
  const prepositions = [...new Set(grammar.areaPrepositions.map(normalizeName))].sort(
    (a, b) => b.length - a.length,
  );
  const articles = new Set(grammar.articles.map((a) => normalizeName(a.replace(/'$/, ""))));
  const lightWords = [...(grammar.kinds.light ?? []), "light", "lamp"].map(normalizeName);
  const hereWords = new Set(grammar.here.map(normalizeName));
  const homeWords = new Set(grammar.wholeHome.map(normalizeName));

  /** "in here" → the speaker's area, "in the whole house" → the home; else undefined. */
  function placeWord(text: string): "here" | "home" | undefined {
    const key = normalizeName(text);
    for (const candidate of [key, stripPlaceWords(text)]) {
      if (hereWords.has(candidate)) return "here";
      if (homeWords.has(candidate)) return "home";
    }
    return undefined;
  }

  /** "the fans in here", "hier das Licht": the phrase without its here/home words, and which. */
  function splitPlaceWord(key: string): { rest: string; which: "here" | "home" } | undefined {
    const alone = placeWord(key);
    if (alone) return { rest: "", which: alone };
    const words = key.split(" ");
    for (let n = Math.min(5, words.length - 1); n >= 1; n--) {
      const tail = placeWord(words.slice(-n).join(" "));
      if (tail) return { rest: words.slice(0, -n).join(" "), which: tail };
      const head = placeWord(words.slice(0, n).join(" "));
      if (head) return { rest: words.slice(n).join(" "), which: head };
    }
    return undefined;
  }

  /** "im Büro" → "buro": prepositions and articles in front of a place. */
  function stripPlaceWords(text: string): string {
    let words = normalizeName(text.replace(/'/g, "' ")).split(" ");
    for (let changed = true; changed && words.length > 1;) {
      changed = false;
      for (const p of prepositions) {
        const pw = p.split(" ");
        if (words.length > pw.length && pw.every((w, i) => words[i] === w)) {
          words = words.slice(pw.length);
          changed = true;
          break;
        }
      }
      if (words.length > 1 && articles.has(words[0]!)) {
        words = words.slice(1);
        changed = true;
      }
    }
    return words.join(" ");
  }

  function findPlace(ctx: ResolveContext, spoken: string): Place | undefined {
    const key = normalizeName(spoken);
    if (!key) return undefined;
    const areas = ctx.areas();
    const own = areas.filter(
      (a) => normalizeName(a.name) === key || a.aliases.some((x) => normalizeName(x) === key),
    );
    const onFloor = own.length
      ? []
      : areas.filter(
          (a) =>
            a.floor &&
            (normalizeName(a.floor.name) === key || a.floor.aliases.some((x) => normalizeName(x) === key)),
        );
    const chosen = own.length ? own : onFloor;
    const locations = new Set<string>([key]);
    for (const a of chosen) {
      locations.add(normalizeName(a.name));
      for (const x of a.aliases) locations.add(normalizeName(x));
    }
    const zwaveHere = ctx.devices.some((d) => locations.has(normalizeName(d.location)));
    if (!chosen.length && !zwaveHere) return undefined;
    const floor = onFloor[0]?.floor;
    const label =
      own[0]?.aliases.find((x) => normalizeName(x) === key) ??
      own[0]?.name ??
      floor?.aliases.find((x) => normalizeName(x) === key) ??
      floor?.name ??
      spoken;
    return { label, areas: chosen, locations };
  }

  /** The satellite's area as a place, with whatever it holds (perhaps nothing). */
  function speakerPlace(ctx: ResolveContext): Place | undefined {
    const area = ctx.speakerDeviceId ? ctx.mirror.areaOfDevice(ctx.speakerDeviceId) : undefined;
    if (!area) return undefined;
    const known = ctx.areas().find((a) => a.id === area.id);
    return (
      findPlace(ctx, area.name) ?? {
        label: area.name,
        areas: known ? [known] : [],
        locations: new Set([normalizeName(area.name)]),
      }
    );
  }

  function zwaveName(device: ZwaveDevice): string {
    return device.name;
  }

  function isLight(device: ZwaveDevice): boolean {
    const name = normalizeName(device.name);
    return device.kind === "dimmer" || lightWords.some((w) => name.split(" ").includes(w));
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

  function haTarget(ctx: ResolveContext, entityId: string): Target | undefined {
    const entity = ctx.mirror.entity(entityId);
    return entity ? { source: "ha", entity, name: entity.name } : undefined;
  }

  /** One device by name, within `place` when given. */
  function device(ctx: ResolveContext, name: string, place?: Place): Resolved {
    const zwAll = matchDevices(ctx.devices, name, place?.locations);
    const zw = {
      exact: zwAll.exact.filter(ctx.scope.zwave),
      partial: zwAll.partial.filter(ctx.scope.zwave),
    };
    const area = place?.areas[0];
    const resolution = ctx.mirror.resolve(name, {
      ...(area && place?.areas.length === 1 ? { area: area.id } : {}),
      ...(ctx.speakerDeviceId ? { speakerDeviceId: ctx.speakerDeviceId } : {}),
    });
    const inPlace = (m: { areaId?: string | undefined }) =>
      !place || place.areas.some((a) => a.id === m.areaId);
    // A name must name the device: "the garage" is not the garage door, even when it is the
    // garage's only device (a match through the area, floor or domain alone is not a name).
    const matches = resolution.matches.filter(
      (m) => ctx.scope.domain(m.domain) && inPlace(m) && m.score >= PARTIAL,
    );
    const exposed = matches.filter((m) => m.exposed);
    const top = exposed[0];
    // Exact names tie on score; a partial name fits every device it partly names, whatever the
    // resolver's ranking: "the lamp" with two lamps is a question, unless the speaker's area has one.
    const fitting = top?.match === "exact" ? exposed.filter((m) => m.score === top.score) : exposed;
    const local = fitting.filter((m) => m.inSpeakerArea);
    const tied = local.length ? local : fitting;
    const one = (entityId: string): Resolved => {
      const t = haTarget(ctx, entityId);
      return t ? { kind: "one", target: t } : { kind: "not_found", name };
    };

    if (zw.exact.length === 1 && !(top?.match === "exact")) {
      return {
        kind: "one",
        target: { source: "zwave", device: zw.exact[0]!, name: zwaveName(zw.exact[0]!) },
      };
    }
    if (top?.match === "exact" && tied.length === 1 && !zw.exact.length) return one(top.entityId);
    if (zw.exact.length || (top?.match === "exact" && tied.length > 1)) {
      return ambiguous([
        ...zw.exact.map(describeDevice),
        ...tied.filter((m) => m.match === "exact").map((m) => describeEntity(ctx, m.entityId)),
      ]);
    }
    if (top && tied.length === 1 && !zw.partial.length) return one(top.entityId);
    if (zw.partial.length === 1 && !top) {
      return {
        kind: "one",
        target: { source: "zwave", device: zw.partial[0]!, name: zwaveName(zw.partial[0]!) },
      };
    }
    if (zw.partial.length || tied.length > 1) {
      return ambiguous([
        ...zw.partial.map(describeDevice),
        ...tied.map((m) => describeEntity(ctx, m.entityId)),
      ]);
    }
    if (matches.length && !exposed.length) return { kind: "not_exposed", name };
    return typo(ctx, name, place) ?? { kind: "not_found", name };
  }

  /** A name one or two edits from exactly one device's name or alias, and only then. */
  function typo(ctx: ResolveContext, name: string, place?: Place): Resolved | undefined {
    const query = normalizeName(name);
    const max = allowedEdits(query);
    if (max === 0) return undefined;
    const found = new Map<string, Target>();
    const entities = place ? place.areas.flatMap((a) => a.entities) : ctx.exposed();
    for (const entity of entities) {
      if (!ctx.scope.domain(entity.domain)) continue;
      const names = [entity.name, ...entity.aliases];
      if (names.some((n) => editDistance(query, normalizeName(n), max) <= max)) {
        found.set(entity.entityId, { source: "ha", entity, name: entity.name });
      }
    }
    for (const d of ctx.devices) {
      if (!ctx.scope.zwave(d)) continue;
      if (place && !place.locations.has(normalizeName(d.location))) continue;
      const names = [d.name, d.location ? `${d.location} ${d.name}` : ""].filter(Boolean);
      if (names.some((n) => editDistance(query, normalizeName(n), max) <= max)) {
        found.set(`zwave:${d.nodeId}`, { source: "zwave", device: d, name: zwaveName(d) });
      }
    }
    const [only] = found.values();
    return found.size === 1 && only ? { kind: "one", target: only } : undefined;
  }

  function ambiguous(candidates: string[]): Resolved {
    return { kind: "ambiguous", candidates: [...new Set(candidates)].slice(0, 6) };
  }

  function describeDevice(d: ZwaveDevice): string {
    return d.location ? `${d.name} (${d.location})` : d.name;
  }

  function describeEntity(ctx: ResolveContext, entityId: string): string {
    const e = ctx.mirror.entity(entityId);
    if (!e) return entityId;
    return e.area ? `${e.name} (${e.area.name})` : e.name;
  }

  /** Every way to read "<name> <preposition> <place>", "<place> <name>" and "<name> <place>". */
  function splits(words: string[]): Array<{ name: string; place: string }> {
    // A place after a preposition first ("the garage door on the first floor"), then a place said
    // before or after the name without one ("kitchen lights", "lights kitchen").
    const introduced: Array<{ name: string; place: string }> = [];
    const bare: Array<{ name: string; place: string }> = [];
    for (let i = 1; i < words.length; i++) {
      const head = words.slice(0, i).join(" ");
      const tail = words.slice(i);
      for (const p of prepositions) {
        const pw = p.split(" ");
        if (tail.length > pw.length && pw.every((w, k) => tail[k] === w)) {
          introduced.push({ name: head, place: stripPlaceWords(tail.slice(pw.length).join(" ")) });
        }
      }
      bare.push({ name: tail.join(" "), place: stripPlaceWords(head) });
      bare.push({ name: head, place: tail.join(" ") });
    }
    return [...introduced, ...bare];
  }

  return {
    stripPlaceWords,
    findPlace,
    placeWord,
    speakerPlace,
    kindOf: (word: string) => kindWords.get(normalizeName(word)),
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
      const whole = device(ctx, phrase);
      const special =
        whole.kind === "one" && exactly(ctx, whole.target, key)
          ? undefined
          : splitPlaceWord(normalizeName(phrase.replace(/'/g, "' ")));
      if (special) {
        // "here" needs the satellite's area; without one, the sentence is not ours to guess.
        const place = special.which === "here" ? speakerPlace(ctx) : undefined;
        if (special.which === "here" && !place) return { kind: "not_found", name: phrase };
        const rest = stripPlaceWords(special.rest);
        const restKind = kindWords.get(rest);
        const label = place ? { place: place.label } : {};
        if (everything.has(rest) || (!rest && place)) {
          const everywhere = (e: EntityView) => ctx.scope.everything.has(e.domain);
          return { kind: "group", targets: group(ctx, everywhere, ZWAVE_ANY, place), ...label };
        }
        if (restKind) return { kind: "group", targets: kindGroup(ctx, restKind, place), ...label };
        if (rest) return device(ctx, rest, place);
      }
      if (whole.kind === "one" && !options.all && exactly(ctx, whole.target, key)) return whole;

      const kind = kindWords.get(key);
      if (kind || everything.has(key)) {
        // A command about a kind with no place means the speaker's area, "all" or not, as HA's
        // handlers take it from the satellite; only without one does "all the lights" mean the
        // whole home. Acting on the speaker's area is never more than was named.
        // A question ("are any windows open") asks about the whole home, as HA's does.
        const here = options.home ? undefined : speakerPlace(ctx);
        if (!here && !options.all && !options.home) return whole;
        const everywhere = (e: EntityView) => ctx.scope.everything.has(e.domain);
        const targets = kind ? kindGroup(ctx, kind, here) : group(ctx, everywhere, ZWAVE_ANY, here);
        return { kind: "group", targets, ...(here ? { place: here.label } : {}) };
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
        const rest = normalizeName(split.name);
        if (everything.has(rest)) {
          return {
            kind: "group",
            targets: group(ctx, (e) => ctx.scope.everything.has(e.domain), ZWAVE_ANY, place),
            place: place.label,
          };
        }
        const restKind = kindWords.get(rest);
        if (restKind) return { kind: "group", targets: kindGroup(ctx, restKind, place), place: place.label };
        const inPlace = device(ctx, split.name, place);
        if (inPlace.kind !== "not_found") return inPlace;
      }
      return whole;
    },
  };

  function exactly(ctx: ResolveContext, target: Target, key: string): boolean {
    if (target.source === "zwave") {
      const own = normalizeName(target.device.name);
      return own === key || `${normalizeName(target.device.location)} ${own}` === key;
    }
    const e = target.entity;
    if ([e.name, ...e.aliases].some((n) => normalizeName(n) === key)) return true;
    const top = ctx.mirror.resolve(key).matches[0];
    return top?.match === "exact" && top.entityId === e.entityId;
  }
}

export type TargetResolver = ReturnType<typeof createTargetResolver>;
