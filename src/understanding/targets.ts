// What a spoken phrase names: the previous device ("it"), one device, a kind of device or
// everything in a place, here or in the whole home. Places and device names are looked up in
// places.ts and device-names.ts.
import type { AreaView, EntityView, HomeMirror } from "../ha/mirror.js";
import { normalizeName } from "../spoken-name.js";
import { createDeviceNames, zwaveName } from "./device-names.js";
import type { DeviceKind, FastPathGrammar, StateWord } from "./grammar-types.js";
import { isOfKind } from "./kinds.js";
import { createPlaces } from "./places.js";
import type { Choice, Place, Resolved, ResolveContext, Target } from "./target-types.js";
import type { HomeTwins } from "../ha/zwave-twins.js";
import { targetKey, type ZwaveTarget as ZwaveDevice } from "../zwave-host/zwave-target.js";
import { isReachable } from "./zwave-names.js";
import { haKindOf } from "../zwave-host/ha-kind.js";
import { targetKind } from "./target-kind.js";
import { ENTRANCE_COVER_CLASSES } from "../tools/policy/effects.js";
import { RESOLVE_RULES, type Phrase, type RuleTools } from "./resolve-rules.js";
import { deviceChoices, roomChoices, roomOf } from "./choices.js";
import { GRAMMARS } from "./grammar.js";
import { namesCeilingLight, onCeiling } from "./ceiling.js";

/**
 * The ceiling words of every language: a home may name its lights in any of them. A short one
 * ("main", "big") is no ceiling in a name: "Main Bedroom Lamp" hangs anywhere.
 */
const CEILING = [...new Set(Object.values(GRAMMARS).flatMap((g) => g.ceiling.map(normalizeName)))];

export type { Place, Resolved, ResolveContext, Scope, Target } from "./target-types.js";

// What a Z-Wave target is comes from its endpoint's function (src/zwave/functions.ts): a roller
// shutter on a Multilevel Switch is a cover, so no switch, light or "everything" takes it.
const isLock = (d: ZwaveDevice) => d.function === "lock";
const isSwitch = (d: ZwaveDevice) =>
  d.function === "switch" || d.function === "light" || d.function === "fan";

/** A cover (shutter, blind…) or a barrier (garage door, gate): opened, closed, stopped, never switched. */
const isCover = (d: ZwaveDevice) => d.function === "cover" || d.function === "barrier";
export const ZWAVE_SWITCHES = isSwitch;
export const ZWAVE_LOCKS = isLock;
export const ZWAVE_COVERS = isCover;
export const ZWAVE_LIGHTS = (d: ZwaveDevice) => d.function === "light";
export const ZWAVE_ANY = (d: ZwaveDevice) => isSwitch(d) || isLock(d) || isCover(d);

/** Domains whose entities of a Z-Wave node are switched through Z-Wave, the path that can confirm. */
const ACTED_THROUGH_ZWAVE = new Set(["light", "switch", "fan", "lock", "cover"]);

/**
 * Whether an HA entity is acted on as the Z-Wave endpoint it is a view of. A cover goes through
 * Z-Wave, which confirms it by the device's own report, unless Home Assistant calls it a garage
 * door, gate or door that Z-Wave reads as something else (a gate drive on a shutter module): the
 * action policy then judges it by HA's class, which holds its opening for a yes.
 */
function actsAsNode(entity: EntityView, device: ZwaveDevice): boolean {
  if (isSwitch(device) || isLock(device)) return true;
  if (!isCover(device) || entity.domain !== "cover") return false;
  const haClass = entity.attributes.device_class;
  const entrance = typeof haClass === "string" && ENTRANCE_COVER_CLASSES.has(haClass);
  return !entrance || ENTRANCE_COVER_CLASSES.has(haKindOf(device).deviceClass ?? "");
}

/**
 * What a resolution acts on: an HA entity that is a view of a Z-Wave node the bridge reaches is
 * that node, under HA's name (one device, one identity); a group names each device once.
 */
export function throughZwave(resolved: Resolved, twins: HomeTwins): Resolved {
  const one = (target: Target): Target => {
    if (target.source !== "ha" || !ACTED_THROUGH_ZWAVE.has(target.entity.domain)) return target;
    const device = twins.nodeOf(target.entity);
    return device && actsAsNode(target.entity, device)
      ? { source: "zwave", device, name: target.name }
      : target;
  };
  if (resolved.kind === "one") return { kind: "one", target: one(resolved.target) };
  if (resolved.kind === "ambiguous") return oneDeviceOrAsk(resolved, twins);
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

/**
 * Never "which one?" between two views of one device: choices that are the same Z-Wave endpoint
 * (an HA entity of the node and the node itself, or two HA entities of it) are one choice, and
 * one choice left is no question.
 */
function oneDeviceOrAsk(resolved: Extract<Resolved, { kind: "ambiguous" }>, twins: HomeTwins): Resolved {
  const seen = new Set<string>();
  const choices = resolved.choices
    .map((choice) => ({ ...choice, resolved: throughZwave(choice.resolved, twins) as Choice["resolved"] }))
    .filter(({ resolved: r }) => {
      if (r.kind !== "one" || r.target.source !== "zwave") return true;
      const key = targetKey(r.target.device);
      return !seen.has(key) && Boolean(seen.add(key));
    });
  if (choices.length === 1) return choices[0]!.resolved;
  return { ...resolved, choices };
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

/** Builds the lookup a grammar needs: folded kind words, everything words, place prepositions. */
export function createTargetResolver(grammar: FastPathGrammar) {
  const kindWords = new Map<string, DeviceKind>();
  for (const [kind, words] of Object.entries(grammar.kinds) as Array<[DeviceKind, string[]]>) {
    for (const w of words) kindWords.set(normalizeName(w), kind);
  }
  const everything = new Set(grammar.everything.map(normalizeName));
  const pronouns = new Set(grammar.pronouns.map(normalizeName));
  const lightWords = [...(grammar.kinds.light ?? []), "light", "lamp"].map(normalizeName);
  const outletWords = [...(grammar.kinds.outlet ?? []), "plug", "outlet", "socket"].map(normalizeName);
  const wholeHome = grammar.wholeHome[0] ?? "";
  const places = createPlaces(grammar);
  const { stripPlaceWords, findPlace, placeWord, splitPlaceWord, speakerPlace, splitCompound, splits } =
    places;
  const { device, exactly, numbersSwapped } = createDeviceNames(grammar);

  const nameHas = (device: ZwaveDevice, words: string[]) => {
    const name = normalizeName(device.name).split(" ");
    return words.some((w) => name.includes(w));
  };
  /** A light: what its endpoint is, or a switch whose name says it switches a light ("Porch Light"). */
  function isLight(device: ZwaveDevice): boolean {
    if (device.function === "light") return true;
    return device.function === "switch" && nameHas(device, lightWords);
  }

  /**
   * Which Z-Wave targets (the endpoints HA does not know) are of a kind, by their function. Asked
   * about (`question`), as `isOfKind` counts HA's: "are the doors closed" counts the locks, the
   * garage door and the sensors of a door; "are the doors locked", only the locks.
   */
  function zwaveOfKind(kind: DeviceKind, question = false, asked?: StateWord): (d: ZwaveDevice) => boolean {
    const ofOpening = question && asked !== "locked" && asked !== "unlocked";
    // A sensor of an opening, by its binary sensor's class, as for Home Assistant's binary sensors.
    const sensorOf = (deviceClass: "door" | "window") => (d: ZwaveDevice) =>
      ofOpening &&
      d.function === "sensor" &&
      typeof d.reports.open === "boolean" &&
      (d.reports.binarySensors ?? []).some((b) => b.deviceClass === deviceClass);
    const doorSensor = sensorOf("door");
    const garage = (d: ZwaveDevice) => d.function === "barrier" && d.coverType !== "gate";
    switch (kind) {
      case "door":
        return (d) => (question && isLock(d)) || doorSensor(d) || (ofOpening && garage(d));
      case "light":
        return (d) => isSwitch(d) && isLight(d);
      case "switch":
        return (d) => d.function === "switch" && !isLight(d);
      // A plug is a switch named so: an endpoint's function says no more of what a switch powers.
      case "outlet":
        return (d) => d.function === "switch" && !isLight(d) && nameHas(d, outletWords);
      case "fan":
        return (d) => d.function === "fan";
      case "climate":
        return (d) => d.function === "thermostat";
      case "lock":
        return isLock;
      // What a motor moves Z-Wave does not always say (a Multilevel Switch motor is a "shutter" by
      // default): shutters, blinds, shades, curtains and awnings are each other's words for it.
      case "cover":
        return isCover;
      case "shutter":
      case "awning":
        return (d) => d.function === "cover" && d.coverType !== "window";
      // A Window Covering device is a blind, a shade or a curtain: it is one of them when its name
      // says so ("Study Blind"); a word that also means a roller shutter ("persiana") keeps to those.
      case "blind":
      case "shade":
      case "curtain": {
        const named = (grammar.kinds[kind] ?? []).map(normalizeName);
        return (d) => d.function === "cover" && (d.coverType !== "window" || nameHas(d, named));
      }
      case "window":
        return (d) => (d.function === "cover" && d.coverType === "window") || sensorOf("window")(d);
      case "garage":
        return garage;
      case "gate":
        return (d) => d.function === "barrier" && d.coverType === "gate";
      default:
        return () => false;
    }
  }

  function group(
    ctx: ResolveContext,
    fits: (entity: EntityView) => boolean,
    zwave: (d: ZwaveDevice) => boolean,
    place?: Place,
    scoped = true,
  ): Target[] {
    const entities = place ? place.areas.flatMap((a) => a.entities) : ctx.exposed();
    const targets: Target[] = entities
      .filter((e) => fits(e) && (!scoped || ctx.scope.domain(e.domain)))
      .map((entity) => ({ source: "ha", entity, name: entity.name }));
    for (const device of ctx.devices) {
      if (!isReachable(device) || (scoped && !ctx.scope.zwave(device)) || !zwave(device)) continue;
      if (place && !place.locations.has(normalizeName(device.location))) continue;
      targets.push({ source: "zwave", device, name: zwaveName(device) });
    }
    return targets;
  }

  /** Devices of a kind, within `place` when given, that the sentence's intent may act on. */
  function kindTargets(ctx: ResolveContext, kind: DeviceKind, place?: Place, scoped = true): Target[] {
    // A scene or script is one thing to run, named; "the scenes" are never run together.
    if (kind === "scene") return [];
    // "den Fernseher im Raum stumm schalten": for its sound, the room's player, as the language's
    // own Home Assistant sentences take it; switched on or off, only a TV. A player Home Assistant
    // knows as something else (a speaker, a receiver) is no TV's sound.
    if (ctx.scope.sound && grammar.soundOfAnyPlayer?.includes(kind)) {
      const unknownClass = (e: EntityView) =>
        !e.attributes.device_class || isOfKind(e, kind, ctx.question, ctx.asked);
      return group(
        ctx,
        (e) => isOfKind(e, "media_player", ctx.question) && unknownClass(e),
        zwaveOfKind("media_player"),
        place,
        scoped,
      );
    }
    // "lock the door", "unlock the doors": a verb only a lock takes makes the door its lock.
    const locking = kind === "door" && ctx.scope.domain("lock") && !ctx.scope.domain("cover");
    return group(
      ctx,
      (e) => (locking && e.domain === "lock") || isOfKind(e, kind, ctx.question, ctx.asked),
      (d) => (locking && isLock(d)) || zwaveOfKind(kind, ctx.question, ctx.asked)(d),
      place,
      scoped,
    );
  }

  /**
   * A kind's group: those the intent may act on; else, when there are some it can't act on
   * ("close the lights"), those; else an empty group that says which kind was asked for.
   */
  function kindGroup(ctx: ResolveContext, kind: DeviceKind, place?: Place, said?: string): Resolved {
    const targets = kindTargets(ctx, kind, place);
    if (targets.length) return { kind: "group", targets, ...(place ? { place: place.label } : {}) };
    const others = kindTargets(ctx, kind, place, false);
    if (others.length)
      return {
        kind: "unsupported",
        names: others.map((t) => t.name),
        domains: [...new Set(others.map((t) => targetKind(t).domain))],
      };
    return {
      kind: "group",
      targets: [],
      ...(place ? { place: place.label } : {}),
      ...(said ? { said } : {}),
    };
  }

  /**
   * "Everything" (or a bare area) means what the action policy lets a group switch
   * (src/tools/policy/effects.ts): the scope's domains for HA entities, and for a Z-Wave endpoint
   * the domain of what it really is (`haKindOf`), so no lock or cover on either side of the join.
   */
  function everythingGroup(ctx: ResolveContext, place?: Place): Resolved {
    const everywhere = (e: EntityView) => ctx.scope.everything.has(e.domain);
    const zwaveEverywhere = (d: ZwaveDevice) => ctx.scope.everything.has(haKindOf(d).domain);
    return {
      kind: "group",
      targets: group(ctx, everywhere, zwaveEverywhere, place),
      whole: true,
      ...(place ? { place: place.label } : {}),
    };
  }

  /**
   * A kind with no place said and no satellite: those of the kind when they are all in one room
   * (or none is in a room), else which room, every room that has one named (and the whole home,
   * when some have no room): never a list cut short.
   */
  function kindWithoutPlace(ctx: ResolveContext, kind: DeviceKind, said?: string): Resolved {
    const all = kindTargets(ctx, kind);
    if (!all.length) return kindGroup(ctx, kind, undefined, said);
    const rooms = new Set(all.flatMap((t) => roomOf(t) ?? []));
    // One set is meant: no question with one answer. A question is answered of them all ("are the
    // doors closed": the front door and the garage door), never met with "which room?".
    if (all.length === 1 || ctx.question || rooms.size === 0 || (rooms.size === 1 && all.every(roomOf))) {
      return { kind: "group", targets: all, ...(rooms.size === 1 ? { place: [...rooms][0]! } : {}) };
    }
    return { kind: "ambiguous", choices: roomChoices(all, wholeHome), rooms: true };
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

  // What joins a kind to words that say which one ("de la", "of"), never where ("en", "in").
  const inWord = normalizeName(grammar.areaPrepositions[0] ?? "");
  const ofWords = grammar.endpoints.of.map(normalizeName).filter((o) => o.split(" ")[0] !== inWord);
  const ceilingSaid = grammar.ceiling.map(normalizeName);
  const whichWords = grammar.which
    ? new Set(
        [...grammar.which, ...grammar.articles, ...grammar.endpoints.of].flatMap((w) =>
          normalizeName(w).split(" "),
        ),
      )
    : undefined;
  /**
   * "the left light", "la luz de la izquierda": a kind word at either end of words that name no
   * device. Which one of the kind is asked: those in the speaker's room when it has several, else
   * the home's; with fewer than two there is no question to ask.
   */
  function whichOfKind(ctx: ResolveContext, phrase: string, where?: Place): Resolved | undefined {
    const words = normalizeName(phrase.replace(/'/g, "' ")).split(" ");
    const cuts: Array<[string[], string[]]> = [];
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      cuts.push([words.slice(-n), words.slice(0, -n)], [words.slice(0, n), words.slice(n)]);
    }
    // "Kaffeemaschinensteckdose": a compound ends with its kind word, written joined to what it says.
    const [word] = words;
    if (grammar.compounds && words.length === 1 && word) {
      for (const end of kindWords.keys()) {
        if (!end.includes(" ") && word.length > end.length + 2 && word.endsWith(end)) {
          cuts.push([[end], [word.slice(0, -end.length)]]);
        }
      }
    }
    // "allume le plafonnier", "spegni la plafoniera": a word that names a ceiling light alone.
    if (words.length === 1 && word && namesCeilingLight(ceilingSaid)(word) && lightWords[0])
      cuts.push([[lightWords[0]], [word]]);
    for (const [kindPart, rest] of cuts) {
      const kind = kindWords.get(kindPart.join(" "));
      if (!kind) continue;
      const restText = rest.join(" ");
      const qualifier = stripPlaceWords(restText);
      // "the lamp on the porch", "la lumière sur le porche": words that only the name of one
      // device of the kind holds (Porch Light, "lumière du porche") say which, however joined.
      const byName = kindNamedBy(ctx, kind, qualifier, where);
      if (byName) return { kind: "one", target: byName };
      // "la luz de la izquierda" says which; "das Licht im Wintergarten" says where, in a place
      // the home does not have.
      const joined = restText.slice(0, restText.length - qualifier.length).trim();
      if (joined && !ofWords.some((o) => joined === o || joined.startsWith(`${o} `))) continue;
      const said = qualifier.split(" ");
      // "the lights of the fan": two kinds said, which is no question of one. A plug is named by
      // what is plugged into it ("the fan socket", "la prise du ventilateur"): one of the plugs,
      // unless the home has that kind too ("the light socket" may be a light).
      if (!qualifier || said.length > 3) continue;
      const kindsSaid = said.flatMap((w) => kindWords.get(w) ?? []);
      if (kindsSaid.some((k) => kind !== "outlet" || kindTargets(ctx, k, undefined, false).length)) continue;
      // "las luces del baño de arriba": a place among the words is where, not which.
      const placed = said.some((_, i) =>
        said.some((_, j) => j >= i && findPlace(ctx, stripPlaceWords(said.slice(i, j + 1).join(" ")))),
      );
      if (placed) return undefined;
      // "the attic light": a word that says no which one may be a place the home does not have;
      // never a question among the lights of the speaker's room.
      if (
        whichWords &&
        kind !== "outlet" &&
        !said.every((w) => whichWords.has(w) || onCeiling(ceilingSaid)(w))
      )
        continue;
      // "the overhead light", "Deckenlampe", "la luz del techo": the one whose name says so.
      // "Hauptlicht": the whole compound may be the word, where its first part alone says which.
      const overhead =
        said.some(onCeiling(ceilingSaid)) ||
        (words.length === 1 && namesCeilingLight(ceilingSaid)(word ?? ""));
      const here = speakerPlace(ctx);
      for (const place of where ? [where] : here ? [here, undefined] : [undefined]) {
        const targets = kindTargets(ctx, kind, place);
        // Never another room's on a guess: from a satellite, only its own room's is taken so.
        const fit =
          overhead && (place || !here)
            ? targets.filter((t) => normalizeName(t.name).split(" ").some(namesCeilingLight(CEILING)))
            : [];
        if (fit.length === 1) return { kind: "one", target: fit[0]! };
        if (fit.length > 1) return { kind: "ambiguous", choices: deviceChoices(fit) };
        if (targets.length > 1) return { kind: "ambiguous", choices: deviceChoices(targets) };
      }
      return undefined;
    }
    return undefined;
  }

  /**
   * The one device of `kind` whose name or an alias holds every word of `words` longer than three
   * letters ("sur le porche": "porche"), none of them a kind word.
   */
  function kindNamedBy(
    ctx: ResolveContext,
    kind: DeviceKind,
    words: string,
    where?: Place,
  ): Target | undefined {
    // "la prise de la télévision", "el enchufe del televisor" for "TV Plug": what a plug is named
    // by (what is plugged into it) may be said by another word of that thing's kind.
    const asSaid = (w: string) => {
      const other = kind === "outlet" ? kindWords.get(w) : undefined;
      return other && other !== kind ? `{${other}}` : w;
    };
    // Short words are left out ("sur le porche"), but for a kind's word ("la stekker van de tv").
    const said = words.split(" ").flatMap((w) => {
      const as = asSaid(w);
      return w.length > 3 || as !== w ? [as] : [];
    });
    // Where a light hangs ("la luz del techo") is read below, the speaker's room first; a word of a
    // room's name ("my bed room") says where, in a place the home calls otherwise.
    const placeWords = new Set(
      ctx.areas().flatMap((a) => [a.name, ...a.aliases].flatMap((n) => normalizeName(n).split(" "))),
    );
    if (
      !said.length ||
      said.length > 2 ||
      said.some((w) => kindWords.has(w) || onCeiling(ceilingSaid)(w) || placeWords.has(w))
    )
      return undefined;
    const holds = (name: string) => {
      // "portail de l'allée": an elided article apart from its word, as the phrase was split.
      const own = new Set(normalizeName(name.replace(/'/g, "' ")).split(" ").map(asSaid));
      return said.every((w) => own.has(w));
    };
    const fit = kindTargets(ctx, kind, where).filter((t) =>
      t.source === "ha" ? [t.entity.name, ...t.entity.aliases].some(holds) : holds(t.name),
    );
    return fit.length === 1 ? fit[0] : undefined;
  }

  const tools: RuleTools = {
    whichOfKind,
    kindGroup,
    everythingGroup,
    kindWithoutPlace,
    speakerPlace,
    findPlace,
    misspeltPlace: places.misspeltPlace,
    stripPlaceWords,
    compound(ctx, key) {
      const split = splitCompound(ctx, key, kindWords.keys());
      return split ? `${split.head} ${split.place}` : undefined;
    },
    kindQualified,
    // "dell'ufficio", "de l'étage": an elided article is a word of its own here.
    splits: (phrase) => splits(normalizeName(phrase.replace(/'/g, "' ")).split(" ")),
    kindOf: (words) => kindWords.get(normalizeName(words)),
    isEverything: (words) => everything.has(normalizeName(words)),
    device,
    exactly: (ctx, resolved, key, asWritten) =>
      resolved.kind === "one" && exactly(ctx, resolved.target, key, asWritten),
    wholeHome,
  };

  /** Whether the "here" words of `phrase` (all but `rest`) are, begin or end the name of a place. */
  function namesAPlace(ctx: ResolveContext, phrase: string, rest: string): boolean {
    const here = hereWords(phrase, rest);
    if (findPlace(ctx, stripPlaceWords(here))) return true;
    const before = rest.split(" ").filter(Boolean);
    for (let n = 1; n <= Math.min(3, before.length); n++) {
      const words = before.slice(-n).join(" ");
      if (phrase.endsWith(here) && findPlace(ctx, stripPlaceWords(`${words} ${here}`))) return true;
      // "la stanza da letto": a place's name that begins with a "here" word.
      const after = before.slice(0, n).join(" ");
      if (phrase.startsWith(here) && findPlace(ctx, stripPlaceWords(`${here} ${after}`))) return true;
    }
    return false;
  }

  /** The phrase as the rules read it: each reading worked out on first use. */
  function phraseOf(ctx: ResolveContext, said: string, options: Phrase["options"]): Phrase {
    const key = normalizeName(said);
    const spaced = normalizeName(said.replace(/'/g, "' "));
    let whole: Resolved | undefined;
    let split: ReturnType<Phrase["placeWord"]> | null = null;
    const phrase: Phrase = {
      ctx,
      said,
      key,
      options,
      words: key.split(" ").length,
      pronoun: pronouns.has(key),
      whole() {
        if (whole) return whole;
        whole = device(ctx, said);
        const swapped = whole.kind === "not_found" ? numbersSwapped(key) : undefined;
        if (swapped) {
          const other = device(ctx, swapped);
          if (other.kind === "one") whole = other;
        }
        return whole;
      },
      exact() {
        const found = phrase.whole();
        return found.kind === "one" && exactly(ctx, found.target, key);
      },
      placeWord() {
        if (split !== null) return split;
        const found = splitPlaceWord(spaced);
        // An area named like a "here" word ("Habitación"), or ending in one ("Living Room"), is
        // that area, not the speaker's.
        if (!found || (found.which === "here" && namesAPlace(ctx, spaced, found.rest))) {
          return (split = undefined);
        }
        const place = found.which === "here" ? speakerPlace(ctx) : undefined;
        return (split = { ...found, ...(place ? { place } : {}) });
      },
      kind: () => kindWords.get(key),
      everything: () => everything.has(key),
      again: (rewritten) => decide(ctx, rewritten, options).resolved,
    };
    return phrase;
  }

  /** The first rule of `RESOLVE_RULES` that decides, and what it decided. */
  function decide(
    ctx: ResolveContext,
    said: string,
    options: Phrase["options"] = {},
  ): { resolved: Resolved; rule: string } {
    const phrase = phraseOf(ctx, said, options);
    for (const rule of RESOLVE_RULES) {
      const resolved = rule.decide(phrase, tools);
      if (resolved) return { resolved, rule: rule.name };
    }
    return { resolved: { kind: "not_found", name: said }, rule: "none" };
  }

  return {
    stripPlaceWords,
    findPlace,
    placeWord,
    speakerPlace,
    /** Every way to read a phrase as a name and a place (places.ts `splits`). */
    splits: tools.splits,
    kindOf: (word: string) => kindWords.get(normalizeName(word)),
    /** "everything", "alles", "tout": every device the sentence's intent can be about. */
    isEverything: (words: string) => everything.has(normalizeName(words)),
    isPronoun: (word: string) => pronouns.has(normalizeName(word)),
    /**
     * A kind the verb named with no device or place ("light up"): the speaker's area, as HA's
     * templates take it; without a satellite, as a kind said with no place.
     */
    kindHere(ctx: ResolveContext, kind: DeviceKind): Resolved {
      const here = speakerPlace(ctx);
      if (here) return kindGroup(ctx, kind, here);
      return kindWithoutPlace(ctx, kind);
    },
    /**
     * What a spoken phrase names: the previous device ("it"), one device (typos within reason),
     * a kind or everything in an area or floor, or all devices of a kind ("all the lights").
     */
    resolve(ctx: ResolveContext, phrase: string, options: Phrase["options"] = {}): Resolved {
      return decide(ctx, phrase, options).resolved;
    },
    /** `resolve`, with the name of the rule that decided (for tests and the log). */
    explain: decide,
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
