// Places in a sentence: an area or floor by name or alias, "here" (the satellite's area), "the
// whole house", and every way a phrase splits into a name and a place.
import { normalizeName } from "../spoken-name.js";
import type { FastPathGrammar } from "./grammar-types.js";
import { grammarWords } from "./reading/spelling.js";
import { createTransliteration } from "./sentence.js";
import type { Place, ResolveContext } from "./target-types.js";
import { typoOf } from "./typo.js";

/**
 * "all bathrooms" → "all bathroom", …: a name with one word at a time made singular by a grammar's
 * `plurals` endings, in the order of its words.
 */
export function singulars(key: string, plurals: FastPathGrammar["plurals"] = []): string[] {
  const found: string[] = [];
  const words = key.split(" ");
  for (const [i, word] of words.entries()) {
    for (const [plural, singular] of plurals) {
      if (word.length <= plural.length + 2 || !word.endsWith(plural)) continue;
      found.push(
        [...words.slice(0, i), word.slice(0, -plural.length) + singular, ...words.slice(i + 1)].join(" "),
      );
    }
  }
  return found;
}

export function createPlaces(grammar: FastPathGrammar) {
  const prepositions = [...new Set(grammar.areaPrepositions.map(normalizeName))].sort(
    (a, b) => b.length - a.length,
  );
  const articles = new Set(grammar.articles.map((a) => normalizeName(a.replace(/'$/, ""))));
  // "in allen Badezimmern", "in tutti i bagni": every one of a place is that place. Longest first.
  const leading = [...new Set([...grammar.areaPrepositions, ...grammar.quantifiers].map(normalizeName))].sort(
    (a, b) => b.length - a.length,
  );
  const hereWords = new Set(grammar.here.map(normalizeName));
  // "the room" folds to "room": said after other words ("the living room") it is a room's name.
  const nameTails = new Set(grammar.here.filter((w) => /^the\s/i.test(w.trim())).map(normalizeName));
  const homeWords = new Set(grammar.wholeHome.map(normalizeName));
  const floorNouns = (grammar.floorNouns ?? []).map(normalizeName);

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
      const tailWords = words.slice(-n).join(" ");
      const tail = nameTails.has(tailWords) ? undefined : placeWord(tailWords);
      if (tail) return { rest: words.slice(0, -n).join(" "), which: tail };
      const head = placeWord(words.slice(0, n).join(" "));
      if (head) return { rest: words.slice(n).join(" "), which: head };
    }
    return undefined;
  }

  /** "im Büro" → "buro": prepositions, articles and quantifiers in front of a place. */
  function stripPlaceWords(text: string): string {
    let words = normalizeName(text.replace(/'/g, "' ")).split(" ");
    for (let changed = true; changed && words.length > 1;) {
      changed = false;
      for (const p of leading) {
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
    return (
      placeNamed(ctx, key, spoken) ??
      singulars(key, grammar.plurals).reduce<Place | undefined>(
        (found, one) => found ?? placeNamed(ctx, one, spoken),
        undefined,
      ) ??
      spacedOtherwise(ctx, key, spoken) ??
      floorByNoun(ctx, key, spoken)
    );
  }

  /**
   * "el piso de arriba" for a floor called "planta de arriba" or "arriba", "il piano di sopra" for
   * "sopra": a floor said with a word for floor (`floorNouns`) is the floor whose name, its own
   * such word aside, is the rest. Only when one is said: "la luz de arriba" may be a ceiling's.
   */
  function floorByNoun(ctx: ResolveContext, key: string, spoken: string): Place | undefined {
    const rest = withoutFloorNoun(key);
    if (rest === undefined) return undefined;
    for (const area of ctx.areas()) {
      if (!area.floor) continue;
      const named = [area.floor.name, ...area.floor.aliases]
        .map(normalizeName)
        .find((name) => (withoutFloorNoun(name) ?? name) === rest);
      if (named !== undefined) return placeNamed(ctx, named, spoken);
    }
    return undefined;
  }

  /** "piso de arriba" → "arriba": a name without the word for floor it begins with, or undefined. */
  function withoutFloorNoun(key: string): string | undefined {
    for (const noun of floorNouns) {
      if (!key.startsWith(`${noun} `)) continue;
      const after = key.slice(noun.length + 1);
      const preposition = prepositions.find((p) => after.startsWith(`${p} `));
      const rest = preposition ? after.slice(preposition.length + 1) : after;
      if (rest) return rest;
    }
    return undefined;
  }

  // Words of the grammar are meant as said, never as a room's name misspelt.
  let known: Set<string> | undefined;

  /**
   * "kitchin", "cugina", "dinning room": the one area whose name or alias is within the edits a
   * device's name may carry (typo.ts), as its name; undefined when none or several are, or when
   * the words are the grammar's own.
   */
  function misspeltPlace(ctx: ResolveContext, spoken: string): string | undefined {
    const key = normalizeName(spoken);
    const near = typoOf(key);
    if (!near) return undefined;
    known ??= grammarWords(grammar);
    if (key.split(" ").every((w) => known!.has(w))) return undefined;
    // Each area near it, by the first of its names that is: any of them names the same area.
    const named = new Map<string, string>();
    for (const area of ctx.areas()) {
      const name = [area.name, ...area.aliases].map(normalizeName).find(near);
      if (name !== undefined) named.set(area.id, name);
    }
    const [only] = named.values();
    return named.size === 1 ? only : undefined;
  }

  /** "bed room" for "Bedroom", "livingroom" for "Living Room": a room's name with a space put or left out. */
  function spacedOtherwise(ctx: ResolveContext, key: string, spoken: string): Place | undefined {
    const squeezed = key.replace(/ /g, "");
    const named = ctx
      .areas()
      .flatMap((a) => [a.name, ...a.aliases].map(normalizeName))
      .find((name) => name !== key && name.replace(/ /g, "") === squeezed);
    return named === undefined ? undefined : placeNamed(ctx, named, spoken);
  }

  function placeNamed(ctx: ResolveContext, key: string, spoken: string): Place | undefined {
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
    const zwaveHere = ctx.devices.find((d) => locations.has(normalizeName(d.location)));
    if (!chosen.length && !zwaveHere) return undefined;
    const floor = onFloor[0]?.floor;
    // Quoted by its own name ("Office"), never as the sentence's words were folded ("office").
    const label =
      own[0]?.aliases.find((x) => normalizeName(x) === key) ??
      own[0]?.name ??
      floor?.aliases.find((x) => normalizeName(x) === key) ??
      floor?.name ??
      zwaveHere?.location ??
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

  const transliterate = createTransliteration(grammar);

  /**
   * "kamerlamp", "keukenlampen": one word made of "here" or a place and one of `heads` (a kind),
   * as compounding languages write them; the head and the place as words apart, or undefined.
   */
  function splitCompound(
    ctx: ResolveContext,
    word: string,
    heads: Iterable<string>,
  ): { head: string; place: string } | undefined {
    if (!grammar.compounds || word.includes(" ")) return undefined;
    for (const head of heads) {
      if (head.includes(" ") || word.length <= head.length || !word.endsWith(head)) continue;
      const said = word.slice(0, -head.length);
      const links = (grammar.compoundLinks ?? []).filter((l) => said.length > l.length && said.endsWith(l));
      const parts = [said, ...links.map((l) => said.slice(0, -l.length))];
      // "kuechenlicht": the place typed with the letters that stand for one ("ue" for "ü").
      const typed = transliterate ? parts.map(transliterate).filter((t, k) => t !== parts[k]) : [];
      for (const place of [...parts, ...typed]) {
        if (placeWord(place) === "here" || findPlace(ctx, place)) return { head, place };
      }
    }
    return undefined;
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
    misspeltPlace,
    placeWord,
    splitPlaceWord,
    speakerPlace,
    splitCompound,
    splits,
  };
}

export type Places = ReturnType<typeof createPlaces>;
