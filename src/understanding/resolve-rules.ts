// What a spoken phrase names, decided by one ordered table: the first rule that decides wins.
// Each rule reads the phrase one way (a pronoun, a device's exact name, a kind here, a name in a
// place …); the readings are worked out at most once per phrase (see `Phrase` in targets.ts).
import { normalizeName } from "../spoken-name.js";
import { endpointsNamed, onlyLoadSaid, readEndpointPhrase } from "./endpoint-phrase.js";
import type { DeviceKind } from "./grammar-types.js";
import { isOfKind, OUTDOOR_KINDS } from "./kinds.js";
import type { Choice, Place, Resolved, ResolveContext } from "./target-types.js";

/** A phrase as the rules read it. Every reading is computed on first use. */
export interface Phrase {
  ctx: ResolveContext;
  /** As said, and folded (`normalizeName`). */
  said: string;
  key: string;
  options: {
    all?: boolean;
    kindInPlace?: DeviceKind;
    /** What a room said alone is switched by: "mach die Küche an", "apaga el comedor" (its lights). */
    switchedInPlace?: DeviceKind;
    home?: boolean;
    allMeans?: "home" | "here";
  };
  words: number;
  pronoun: boolean;
  /** The device of this name, exact or partial, typos within reason (numbers said either way). */
  whole(): Resolved;
  /** `whole()` is one device named exactly so. */
  exact(): boolean;
  /** "the fans in here", "lights in the whole house": the words without the place word, and which. */
  placeWord(): { rest: string; which: "here" | "home"; place?: Place } | undefined;
  /** The phrase is a kind word ("lights") or an everything word ("everything"). */
  kind(): DeviceKind | undefined;
  everything(): boolean;
  /** The table again, from the top, for a phrase a rule rewrote. */
  again(phrase: string): Resolved;
}

/** What the rules may do with the home: the groups and lookups of targets.ts. */
export interface RuleTools {
  /** Devices of a kind (in a place): a group, "unsupported" when none of them can do it, or an empty group. */
  kindGroup(ctx: ResolveContext, kind: DeviceKind, place?: Place, said?: string): Resolved;
  /** What "everything" means for the sentence's intent (in a place). */
  everythingGroup(ctx: ResolveContext, place?: Place): Resolved;
  /** A kind with no place said and no satellite to take one from: one set, or which room. */
  kindWithoutPlace(ctx: ResolveContext, kind: DeviceKind, said: string): Resolved;
  speakerPlace(ctx: ResolveContext): Place | undefined;
  findPlace(ctx: ResolveContext, spoken: string): Place | undefined;
  /** The name of the one area a place's name not found is a slip of ("kitchin"), if one is. */
  misspeltPlace(ctx: ResolveContext, spoken: string): string | undefined;
  /** A place's name within the phrase, stripped of its prepositions and articles. */
  stripPlaceWords(text: string): string;
  /** "kamerlamp" → "lamp kamer": a place and a kind written as one word, as words apart. */
  compound(ctx: ResolveContext, key: string): string | undefined;
  /** "la scena festa": a kind word and a name, the device of that kind with exactly that name. */
  kindQualified(ctx: ResolveContext, phrase: string, place?: Place): Resolved | undefined;
  /** Every way the phrase splits into a name and a place. */
  splits(phrase: string): Array<{ name: string; place: string }>;
  kindOf(words: string): DeviceKind | undefined;
  isEverything(words: string): boolean;
  device(ctx: ResolveContext, name: string, place?: Place): Resolved;
  /** `asWritten`: a name said in two words is not the one written as one (src/ha/resolver.ts). */
  exactly(ctx: ResolveContext, resolved: Resolved, key: string, asWritten?: boolean): boolean;
  /**
   * A kind word said with words that name no device ("the left light"): which one of the kind,
   * asked; in `where` when the place was said ("the overhead light in the bedroom").
   */
  whichOfKind(ctx: ResolveContext, phrase: string, where?: Place): Resolved | undefined;
  /** The whole home's name for replies ("the whole house"). */
  wholeHome: string;
}

export interface ResolveRule {
  name: string;
  /** What the rule reads, for the reader of this table. */
  reads: string;
  decide(phrase: Phrase, tools: RuleTools): Resolved | undefined;
}

/** Names and places are a few words; a longer phrase names nothing we know. */
export const MAX_PHRASE_WORDS = 10;

export const RESOLVE_RULES: readonly ResolveRule[] = [
  {
    name: "too long",
    reads: `a phrase of more than ${MAX_PHRASE_WORDS} words names nothing (reading it every way would cost words × entities)`,
    decide: (p) => (p.words > MAX_PHRASE_WORDS ? { kind: "not_found", name: p.said } : undefined),
  },
  {
    name: "pronoun",
    reads: '"it", "them": what the conversation last acted on',
    decide(p) {
      if (!p.pronoun) return undefined;
      const previous = p.ctx.previous;
      // Nothing said before: "it" names nothing, and is no name to quote.
      if (!previous?.length) return { kind: "not_found", name: "" };
      return previous.length === 1
        ? { kind: "one", target: previous[0]! }
        : { kind: "group", targets: previous };
    },
  },
  {
    name: "exact name",
    reads: "a device's own name wins over any reading of it as kind and place",
    decide: (p) => (p.exact() && !p.options.all ? p.whole() : undefined),
  },
  {
    name: "device of several loads",
    reads:
      '"the smart plug" of a Z-Wave device whose loads have names of their own: which load is asked, and a question is answered for each',
    decide(p) {
      const found = p.whole();
      if (found.kind !== "ambiguous" || p.options.all) return undefined;
      const loads = found.choices.map((c) => (c.resolved.kind === "one" ? c.resolved.target : undefined));
      const [first] = loads;
      if (first?.source !== "zwave") return undefined;
      const one = loads.every((t) => t?.source === "zwave" && t.device.nodeId === first.device.nodeId);
      if (!one || normalizeName(first.device.nodeName) !== p.key) return undefined;
      const targets = loads.filter((t) => t !== undefined);
      if (p.ctx.question) return { kind: "group", targets };
      // Loads of one device share its room: each is named by its own name alone.
      const choices = targets.map((target): Choice => ({
        label: target.name,
        names: [target.name],
        resolved: { kind: "one", target },
      }));
      return { kind: "ambiguous", choices };
    },
  },
  {
    name: "load of a device",
    reads:
      '"outlet 2 of the double relay", "the second socket", "channel 2", "the left socket": one load of a device with several',
    decide(p, t) {
      const said = readEndpointPhrase(p.ctx.grammar, p.said);
      if (!said || p.exact()) return undefined;
      const loads =
        p.ctx.loads?.() ??
        p.ctx.devices.map((d) => ({
          device: d,
          target: { source: "zwave" as const, device: d, name: d.name },
          places: [d.location],
        }));
      const found = endpointsNamed(p.ctx.grammar, said, loads);
      if (found.length > 1) {
        // Loads of one device share its room: each is named by its own name alone.
        const choices = found.map(({ target }): Choice => ({
          label: target.name,
          names: [target.name],
          resolved: { kind: "one", target },
        }));
        return { kind: "ambiguous", choices };
      }
      const [one] = found;
      if (one) return { kind: "one", target: one.target };
      // A device with one load: its first is the device; any other it does not have.
      const only = onlyLoadSaid(said, loads);
      if (only)
        return only.first
          ? { kind: "one", target: only.load.target }
          : { kind: "one_load_only", name: only.load.target.name };
      // A device named with a load it does not have, or one the home does not have: said so, rather
      // than read as its kind word alone ("Steckdose 2 des Doppelrelais" is no plug of the home's).
      if (!said.device || p.whole().kind !== "not_found") return undefined;
      return {
        kind: "not_found",
        name: t.device(p.ctx, said.device).kind === "not_found" ? said.device : p.said,
      };
    },
  },
  {
    name: "here or home",
    reads:
      '"the fans in here", "everything in the whole house", "illumina qua": the speaker\'s area or the home',
    decide(p, t) {
      if (p.exact()) return undefined;
      const split = p.placeWord();
      if (!split) return undefined;
      // "here" needs the satellite's area; without one, the sentence is not ours to guess.
      if (split.which === "here" && !split.place) return { kind: "nowhere" };
      const { place } = split;
      const rest = t.stripPlaceWords(split.rest);
      const label = place ? { place: place.label } : {};
      // A verb that names its kind, said of "here" or "everywhere" alone, acts on that kind there.
      if (!rest && p.options.kindInPlace)
        return withPlace(t.kindGroup(p.ctx, p.options.kindInPlace, place), label);
      // "turn on here", "spegni qui": the room switched, as the room said by its name is ("place
      // alone" below): its lights. "Everything here" and the whole home are everything.
      if (!rest && split.which === "here" && place && p.options.switchedInPlace)
        return withPlace(t.kindGroup(p.ctx, p.options.switchedInPlace, place), label);
      if (t.isEverything(rest) || (!rest && place)) return withPlace(t.everythingGroup(p.ctx, place), label);
      const kind = t.kindOf(rest);
      if (kind) return withPlace(t.kindGroup(p.ctx, kind, place, rest), label);
      return rest ? t.device(p.ctx, rest, place) : undefined;
    },
  },
  {
    name: "compound",
    reads: '"kamerlamp", "keukenlampen": a place and a kind written as one word',
    decide(p, t) {
      // "Garagentor", "garagedeur": a kind's own word is no place and kind written together.
      if (p.whole().kind !== "not_found" || p.kind()) return undefined;
      const split = t.compound(p.ctx, p.key);
      return split === undefined ? undefined : p.again(split);
    },
  },
  {
    name: "another word for its kind",
    reads:
      '"the tv socket" for "TV Plug", "Deckenlampe" for "Deckenlicht": a device\'s exact name, said with another word for the kind its name ends (or starts) with',
    decide(p, t) {
      if (p.whole().kind !== "not_found") return undefined;
      const words = p.key.split(" ");
      const swaps: Array<[string, (word: string) => string]> = [];
      if (words.length > 1) {
        swaps.push([words.at(-1)!, (w) => [...words.slice(0, -1), w].join(" ")]);
        swaps.push([words[0]!, (w) => [w, ...words.slice(1)].join(" ")]);
      } else if (p.ctx.grammar.compounds) {
        // "Deckenlampe": a compound ends with its kind word, written joined to the rest.
        for (const word of Object.values(p.ctx.grammar.kinds).flat()) {
          const end = normalizeName(word);
          if (end.includes(" ") || p.key.length <= end.length + 2 || !p.key.endsWith(end)) continue;
          const start = p.key.slice(0, -end.length);
          swaps.push([end, (w) => (w.includes(" ") ? "" : start + w)]);
        }
      }
      for (const [said, swap] of swaps) {
        const kind = t.kindOf(said);
        if (!kind) continue;
        for (const other of p.ctx.grammar.kinds[kind] ?? []) {
          const name = swap(normalizeName(other));
          if (!name || name === p.key) continue;
          const named = t.device(p.ctx, name);
          // As written: "keuken lamp", swapped from "keuken lampen", is no "Keukenlamp".
          if (named.kind === "one" && t.exactly(p.ctx, named, name, true)) return named;
        }
      }
      return undefined;
    },
  },
  {
    name: "kind and name",
    reads: '"la scena festa", "Partymodus Szene": a kind word says what the named device is',
    decide: (p, t) => t.kindQualified(p.ctx, p.said),
  },
  {
    name: "scene by name only",
    reads: '"the scene" names no group: a scene or script is only started by its name',
    decide: (p) => (p.kind() === "scene" ? p.whole() : undefined),
  },
  {
    name: "all of a kind from a satellite",
    reads:
      '"all the lights" from a satellite is its room in some of HA\'s templates and the home in others: asked',
    decide(p, t) {
      const kind = p.kind();
      if (!kind || !p.options.all || p.options.home) return undefined;
      const here = t.speakerPlace(p.ctx);
      if (!here) return undefined;
      // Where the language's own sentences say which, that is meant (the grammar's `allMeans`).
      if (p.options.allMeans === "home") {
        const group = t.kindGroup(p.ctx, kind, undefined, p.key);
        // "mute all the speakers": the home's speakers, not the TVs of other rooms as well.
        if (kind !== "media_player" || group.kind !== "group") return group;
        return {
          ...group,
          targets: group.targets.filter((x) => x.source !== "ha" || !isOfKind(x.entity, "tv")),
        };
      }
      if (p.options.allMeans === "here")
        return withPlace(t.kindGroup(p.ctx, kind, here, p.key), { place: here.label });
      const choices: Choice[] = [];
      for (const [label, resolved] of [
        [here.label, withPlace(t.kindGroup(p.ctx, kind, here, p.key), { place: here.label })],
        [t.wholeHome, t.kindGroup(p.ctx, kind, undefined, p.key)],
      ] as const) {
        if (resolved.kind === "one" || resolved.kind === "group") {
          choices.push({ label, names: [label], resolved, ...(label === t.wholeHome ? { home: true } : {}) });
        }
      }
      return { kind: "ambiguous", choices };
    },
  },
  {
    name: "kind here",
    reads:
      "a kind (or everything) with no place: the satellite's area, as HA's templates take it (default_agent.py `_make_intent_context`); a garage door or gate, when the area has none, is the home's",
    decide(p, t) {
      const kind = p.kind();
      if ((!kind && !p.everything()) || p.options.home) return undefined;
      const here = t.speakerPlace(p.ctx);
      if (!here) return undefined;
      const label = { place: here.label };
      if (!kind) return withPlace(t.everythingGroup(p.ctx, here), label);
      const group = t.kindGroup(p.ctx, kind, here, p.key);
      // "is the door locked", asked where there is none: the home's are asked about; so is the
      // garage door, opened from a room that has none.
      const none = group.kind === "group" && !group.targets.length;
      if (none && (p.ctx.question || OUTDOOR_KINDS.has(kind))) return undefined;
      return withPlace(group, label);
    },
  },
  {
    name: "kind in the whole home",
    reads:
      '"all the lights", "everything", and questions ("are any windows open") with no place: the whole home',
    decide(p, t) {
      const kind = p.kind();
      if (kind && (p.options.all || p.options.home)) return t.kindGroup(p.ctx, kind, undefined, p.key);
      return p.everything() ? t.everythingGroup(p.ctx) : undefined;
    },
  },
  {
    name: "kind with no place and no satellite",
    reads:
      '"switch on the lights" with no satellite: a device of that name, the only set of them, or which room (every room listed)',
    decide(p, t) {
      const kind = p.kind();
      if (!kind) return undefined;
      const whole = p.whole();
      if (whole.kind === "one" && p.exact()) return whole;
      return t.kindWithoutPlace(p.ctx, kind, p.key);
    },
  },
  {
    name: "place alone",
    reads:
      '"turn on the garage" names no device: brightness and volume are a room\'s lights and speakers, and so is switching it ("mach die Küche an": its lights)',
    decide(p, t) {
      const place = t.findPlace(p.ctx, t.stripPlaceWords(p.said));
      if (!place) return undefined;
      const kind = p.options.kindInPlace ?? p.options.switchedInPlace;
      return kind
        ? withPlace(t.kindGroup(p.ctx, kind, place), { place: place.label })
        : { kind: "not_found", name: p.said };
    },
  },
  {
    name: "kind between a room and its floor",
    reads:
      '"the bathroom lights upstairs", "de slaapkamer lampen op de bovenverdieping", "Badezimmerlicht oben": a room and the floor it is on, said around a kind (or the room and kind as one word), are where that kind is',
    decide(p, t) {
      const words = p.key.split(" ");
      /** The room said, its kind, and the floor from word `j` on. */
      const at = (roomSaid: string, said: string, j: number): Resolved | undefined => {
        const kind = t.kindOf(said);
        if (!kind) return undefined;
        // The places first: most phrases have no floor after their kind, and a device's name is
        // looked up only for one that does.
        const floor = t.findPlace(p.ctx, t.stripPlaceWords(words.slice(j).join(" ")));
        const room = floor && t.findPlace(p.ctx, roomSaid);
        // The floor holds every area the room names, and more: a room said with another floor is none.
        const on = (a: { id: string }) => floor?.areas.some((b) => b.id === a.id);
        if (!room || !floor || floor.areas.length <= room.areas.length || !room.areas.every(on))
          return undefined;
        // "the bathroom light upstairs" where a light is called "Bathroom Light": that light, by its name.
        const named = words.slice(0, j).join(" ");
        const device = t.device(p.ctx, named);
        if (device.kind === "one" && t.exactly(p.ctx, device, named)) return undefined;
        const ofKind = t.kindGroup(p.ctx, kind, room, said);
        return ofKind.kind !== "group" || ofKind.targets.length
          ? withPlace(ofKind, { place: room.label })
          : undefined;
      };
      for (let i = 1; i < words.length - 1; i++)
        for (let j = i + 1; j < words.length; j++) {
          const found = at(words.slice(0, i).join(" "), words.slice(i, j).join(" "), j);
          if (found) return found;
        }
      // "Badezimmerlicht oben": the room and its kind written as one word, the floor after it.
      const [kind, ...room] = (words.length > 1 && t.compound(p.ctx, words[0]!)?.split(" ")) || [];
      return kind ? at(room.join(" "), kind, 1) : undefined;
    },
  },
  {
    name: "name in a place",
    reads:
      '"the lights in the kitchen", "kitchen lights", "dell\'ufficio": a kind, everything or a device, in an area or floor',
    decide(p, t) {
      for (const split of t.splits(p.said)) {
        const place = t.findPlace(p.ctx, split.place);
        if (!place) continue;
        const rest = t.stripPlaceWords(split.name);
        const label = { place: place.label };
        if (t.isEverything(rest)) return withPlace(t.everythingGroup(p.ctx, place), label);
        const kind = t.kindOf(rest);
        // A kind with none of its kind here may still be a device's name ("la porte de garage").
        const ofKind = kind ? t.kindGroup(p.ctx, kind, place, rest) : undefined;
        if (ofKind && (ofKind.kind !== "group" || ofKind.targets.length)) return withPlace(ofKind, label);
        const inPlace = t.device(p.ctx, split.name, place);
        if (inPlace.kind !== "not_found") return inPlace;
        const named = t.kindQualified(p.ctx, split.name, place);
        if (named) return named;
        const which = t.whichOfKind(p.ctx, split.name, place);
        if (which) return which;
      }
      return undefined;
    },
  },
  {
    name: "name said as a place",
    reads: '"bajar el volumen en la TV": a device\'s exact name said the way a place is',
    decide(p, t) {
      const bare = t.stripPlaceWords(p.said);
      if (p.whole().kind !== "not_found" || bare === p.key) return undefined;
      const named = t.device(p.ctx, bare);
      return named.kind === "one" && t.exactly(p.ctx, named, bare) ? named : undefined;
    },
  },
  {
    name: "none of a kind in a place",
    reads:
      '"the fans in the kitchen" where the kitchen has no fan, and no device has that name: there are none',
    decide(p, t) {
      if (p.whole().kind !== "not_found") return undefined;
      for (const split of t.splits(p.said)) {
        const place = t.findPlace(p.ctx, split.place);
        const rest = t.stripPlaceWords(split.name);
        const kind = place ? t.kindOf(rest) : undefined;
        if (place && kind) return withPlace(t.kindGroup(p.ctx, kind, place, rest), { place: place.label });
      }
      return undefined;
    },
  },
  {
    name: "a place misspelt",
    reads:
      '"the lights in the kitchin", "le luci in cugina": a place that is no area, within a typo of exactly one area\'s name and of no device\'s, read as that area',
    decide(p, t) {
      if (p.whole().kind !== "not_found") return undefined;
      const key = ` ${p.key} `;
      for (const { place } of [{ place: t.stripPlaceWords(p.said) }, ...t.splits(p.said)]) {
        if (!place || t.findPlace(p.ctx, place)) continue;
        const meant = t.misspeltPlace(p.ctx, place);
        if (meant === undefined || t.device(p.ctx, place).kind !== "not_found") continue;
        const said = ` ${normalizeName(place)} `;
        if (key.includes(said)) return p.again(key.replace(said, ` ${meant} `).trim());
      }
      return undefined;
    },
  },
  {
    name: "kind with words nobody knows",
    reads:
      '"the left light", "the rice cooker socket", "la luz de la izquierda": no device has that name, so which one of the kind is asked, never guessed',
    decide(p, t) {
      if (p.options.all || p.whole().kind !== "not_found") return undefined;
      return t.whichOfKind(p.ctx, p.said);
    },
  },
  {
    name: "closest name",
    reads: "a partial name, a typo within reason, several devices to ask between, or nothing",
    decide: (p) => p.whole(),
  },
];

function withPlace(resolved: Resolved, label: { place?: string }): Resolved {
  return resolved.kind === "group" ? { ...resolved, ...label } : resolved;
}
