import type {
  ColorName,
  Detection,
  DeviceKind,
  FastIntent,
  FastPathGrammar,
  SensorKind,
  StateWord,
  WhiteName,
} from "./grammar-types.js";
import { compoundParts, numberWords } from "./number-words.js";
import { alternation, createCleaner, escape, fold } from "./sentence.js";
import { createStartIndex, firstWords, type Needs, type Starts } from "./template-starts.js";

export { fold } from "./sentence.js";

export interface FastMatch {
  intent: FastIntent;
  /** The device, kind or place as spoken, lower case, accents folded, without leading articles. */
  name?: string;
  /** The name as the user wrote it ("Licht in der Küche"), for replies that quote it. */
  spokenName?: string;
  /** "all the lights": a quantifier stood in front of the name. */
  all?: boolean;
  /** "turn off a lamp": an indefinite article stood in front of a kind; one of it, not all. */
  one?: true;
  level?: number;
  sensor?: SensorKind;
  /** For query_state: the state asked about. */
  state?: StateWord;
  /** For query_detect: what a sensor is asked to report ("a leak"). */
  detect?: Detection;
  /** For set_color: a colour or a white by name, or a colour temperature in kelvin. */
  color?: ColorName | WhiteName;
  kelvin?: number;
  /** The kind the verb names ("illumina"): what a place, or no object, stands for. */
  kind?: DeviceKind;
  /**
   * The light was named by words of light or darkness ("fai buio", "pas de lumière"), not by a
   * verb that switches anything ("éteins le thermostat").
   */
  lightWords?: true;
  /** The verb is said of lights alone (`IntentTemplates.lightsOnly`). */
  lightsOnly?: true;
  /** The verb is said of scenes and scripts alone (`IntentTemplates.scenesOnly`). */
  scenesOnly?: true;
  /**
   * The power of a name the home does not know by itself was switched ("cut the power to the
   * printer", "desenchufa la impresora"): a device it names is switched; a place or a kind is no
   * command to guess (`powerSupply`).
   */
  powered?: true;
  /**
   * The words said around a time or date question ("in tokyo", "next saturday"): it may be about
   * another place or day, which the home's clock does not know.
   */
  about?: string;
  /** The one day's or month's name checked of today ("is it monday": "monday"), folded. */
  checks?: string;
  /** `about` was guessed from where its words stand: the home's place, or no question at all. */
  guessed?: true;
  /** A time question that asks the date too ("what's the time and date"). */
  alsoDate?: true;
  /** A date question that asks the week's number ("what week is it"). */
  week?: true;
  /** A date question that checks whether today is in the weekend ("is it the weekend"). */
  weekend?: true;
  /**
   * A relative change: how much ("a bit" is a step, "a lot" two, "all the way" to the end, "halve
   * the volume" to half of where it is).
   */
  amount?: "step" | "lot" | "full" | "half";
  /** "unmute and turn it up": the speaker is unmuted before its volume is changed or set. */
  unmute?: true;
  /** A relative change by this many percent ("turn the volume up by 20 %"). */
  by?: number;
  /** A relative change by this many steps ("two notches louder"), each the size "a bit" is. */
  steps?: number;
  /**
   * A light's level or a volume said as a change up or down ("dim the lights to 40 %", "raise the
   * lights to the maximum", "turn the volume up to 20"): over a group it moves the lights that are
   * on, as a change does, and nothing is moved the other way.
   */
  towards?: "up" | "down";
  /**
   * "it's dark in the kitchen", "je ne vois plus rien": the dark told, of a place or of none, with no
   * light named. Light is wanted there: a light that is off comes on as those on brighten.
   */
  dark?: true;
  /** The name is words a template took that are no name ("put the kitchen light"): never quoted. */
  unquoted?: true;
  /**
   * The same kind in more places, joined by "and" ("the lights in the kitchen and the dining
   * room"): each is a name like `name`, and all of them are acted on together.
   */
  alsoIn?: string[];
}

/** Questions about the clock: answered only as they are, never with words around them. */
const CLOCK: ReadonlySet<FastIntent> = new Set(["query_time", "query_date"]);

interface CompiledTemplate {
  intent: FastIntent;
  kind?: DeviceKind | undefined;
  lightWords?: true | undefined;
  lightsOnly?: true | undefined;
  scenesOnly?: true | undefined;
  sensor?: SensorKind | undefined;
  regex: RegExp;
  starts: Starts;
  needs: Needs;
}

/** A fixed piece of a pattern, its spaces at either end kept as the space between words. */
function literal(piece: string): string {
  const word = escape(fold(piece)).replace(/ /g, "\\s+");
  return `${/^\s/.test(piece) ? "\\s+" : ""}${word}${word && /\s$/.test(piece) ? "\\s+" : ""}`;
}

/** Compiles a grammar once; `match` is then a few regex tests. */
export function createMatcher(grammar: FastPathGrammar) {
  const sensorWords = new Map<string, SensorKind>();
  for (const [kind, words] of Object.entries(grammar.sensors) as Array<[SensorKind, string[]]>) {
    for (const word of words) sensorWords.set(fold(word), kind);
  }
  const detectWords = new Map<string, Detection>();
  for (const [what, words] of Object.entries(grammar.detections) as Array<[Detection, string[]]>) {
    for (const word of words) detectWords.set(fold(word), what);
  }
  const stateWords = new Map<string, StateWord>();
  for (const [state, words] of Object.entries(grammar.stateWords) as Array<[StateWord, string[]]>) {
    for (const word of words) stateWords.set(fold(word), state);
  }
  // Numbers in words from two up ("one" and "a" are too often an article) and the level words.
  const levelWords = new Map(Object.entries(grammar.levels).map(([w, v]) => [fold(w), v]));
  for (const [word, value] of numberWords(grammar)) {
    const key = fold(word);
    if (value >= 2 && !levelWords.has(key)) levelWords.set(key, value);
  }
  const ownWords = [
    ...Object.keys(grammar.levels),
    ...Object.entries(grammar.numbers).flatMap(([w, v]) => (v >= 2 ? [w] : [])),
  ];
  // Compounds as their patterns ("{tens} {unit}"), not as the ~100 words they make: the regex
  // stays small; the word's value is then looked up in `levelWords`.
  const parts = compoundParts(grammar);
  const compounds = parts.patterns.map((pattern) =>
    pattern
      .split(/(\{tens\}|\{unit\})/)
      .filter(Boolean)
      .map((piece) =>
        piece === "{tens}"
          ? `(?:${alternation(parts.tens.map(([w]) => w))})`
          : piece === "{unit}"
            ? `(?:${alternation(parts.units.map(([w]) => w))})`
            : literal(piece),
      )
      .join(""),
  );
  const levelNouns = [...grammar.cues.volume, ...grammar.cues.brightness, ...(grammar.words.levelOf ?? [])];
  const slots: Record<string, string> = {
    name: "(?<name>.+?)",
    area: "(?<area>.+?)",
    // A level word may be followed by what it is the level of ("maximale Lautstärke", "full
    // brightness"): the cue words of a volume or a brightness, and the grammar's `levelOf` words.
    level: `(?<level>\\d{1,3}|${[...compounds, alternation(ownWords)].join("|")})(?:\\s+(?:${alternation(levelNouns)}))?`,
    sensor: `(?<sensor>${alternation(sensorWords.keys())})`,
    state: `(?<state>${alternation(stateWords.keys())})`,
    detect: `(?<detect>${alternation(detectWords.keys())})`,
    // "mach den Rollladen ein Stück auf": a step said inside a separable verb.
    bit: `(?<bit>${alternation(grammar.cues.bit)})`,
  };
  // A place said after the sentence's last word ("turn the lights off in the kitchen", "is the
  // door locked in the hallway", "… in here"): every template that does not end in its name
  // may be followed by one, and the place joins the name.
  const trailingPlace = `(?<place>(?:${alternation(grammar.areaPrepositions)})\\s+.+?|${alternation(grammar.here)})`;
  const leadingPlace = `(?<lead>(?:${alternation(grammar.areaPrepositions)})\\s+\\S+(?:\\s+\\S+){0,2})`;
  const groups = { ...grammar.words, ...(grammar.cues as unknown as Record<string, string[]>) };
  const compiled: CompiledTemplate[] = grammar.intents.flatMap(
    ({ intent, kind, lightWords, lightsOnly, scenesOnly, sensor, templates }) => {
      const of = { intent, kind, lightWords, lightsOnly, scenesOnly, sensor };
      return templates.flatMap((written) => {
        const template = expandGroups(written, groups);
        const plain = { ...of, ...compile(template, slots) };
        // The clock is asked as it is: "what time is it in tokyo" is not a question about here.
        if (CLOCK.has(intent)) return [plain];
        // A place said first ("in cucina spegni le luci"): one to three words after a preposition.
        const leading =
          !template.includes("{area}") && !template.startsWith("{")
            ? [
                {
                  ...of,
                  regex: new RegExp(`^${leadingPlace}\\s+${plain.regex.source.slice(1)}`),
                  starts: new Set(firstWords(grammar.areaPrepositions.map(fold))),
                  needs: plain.needs,
                },
              ]
            : [];
        const placeable = !template.includes("{area}") && !/\{name\}$/.test(template);
        if (!placeable) return [plain, ...leading];
        const withPlace = new RegExp(`${plain.regex.source.slice(0, -1)}\\s+${trailingPlace}$`);
        // …and a place before its last word ("wie viele Lichter sind in der Küche an").
        const placeInside = { ...of, ...compile(template, slots, trailingPlace) };
        return [
          plain,
          { ...of, regex: withPlace, starts: plain.starts, needs: plain.needs },
          placeInside,
          ...leading,
        ];
      });
    },
  );
  // The clock's questions with more words after them: "what's the date next saturday". A
  // question of one word ("time") is not one: "… for a short time" asks nothing.
  const clockAround = grammar.intents
    .filter((i) => CLOCK.has(i.intent))
    .flatMap(({ intent, templates }) =>
      templates
        .filter((written) => /\s/.test(written.replace(/\[[^\]]*\]/g, "").trim()))
        .map((written) => {
          const body = compile(expandGroups(written, groups), slots).regex.source.slice(1, -1);
          return { intent, regex: new RegExp(`^${body}\\s+(?<after>.+)$`) };
        }),
    );
  const byStart = createStartIndex(compiled);
  const clean = createCleaner(grammar);
  const spaced = grammar.articles.filter((a) => !a.endsWith("'"));
  const elided = grammar.articles.filter((a) => a.endsWith("'"));
  const leading = new RegExp(
    `^(?:(?:${alternation(spaced)})\\s+${elided.length ? `|(?:${alternation(elided)})` : ""})`,
  );
  const quantifier = new RegExp(`^(?:${alternation(grammar.quantifiers)})\\s+`);
  // "augmente de 10 %", "erhöhe um 10 %": an article, or the word a change by an amount or a level
  // is said with, taken alone for the name names nothing (an alias may hold it: "lámpara de pie").
  const articleWords = new Set([...grammar.articles, ...grammar.cues.by, ...grammar.cues.to].map(fold));
  // "im Flur die Haustür", "in cucina le luci": a place said before the name, up to the article
  // or quantifier that starts the name; read as "<name> <place>", the order the resolver knows.
  const placeFirst = new RegExp(
    `^(?<place>(?:${alternation(grammar.areaPrepositions)})\\s+\\S+(?:\\s+\\S+){0,2}?)\\s+(?<rest>(?:${alternation([...spaced, ...grammar.quantifiers])})\\s+\\S.*)$`,
  );
  const conjunction = new RegExp(`(?:^|\\s)(?:${alternation(grammar.conjunctions)})(?:\\s|$)`);
  const hereInside = grammar.here.length
    ? new RegExp(`(?:^|\\s)(${alternation(grammar.here)})(?=\\s|$)`)
    : undefined;

  function cleanName(raw: string): { name: string; all: boolean; inOrder?: string } {
    let name = raw.trim();
    const reordered = placeFirst.exec(name)?.groups;
    // Replies quote the words in the order they were said.
    const inOrder = reordered ? name : undefined;
    if (reordered) name = `${reordered.rest!} ${reordered.place!}`;
    let all = false;
    for (let changed = true; changed;) {
      changed = false;
      const q = quantifier.exec(name);
      if (q) {
        all = true;
        name = name.slice(q[0].length);
        changed = true;
      }
      const a = leading.exec(name);
      if (a && a[0].length < name.length) {
        name = name.slice(a[0].length).trimStart();
        changed = true;
      }
    }
    return { name: name.trim(), all, ...(inOrder ? { inOrder } : {}) };
  }

  /**
   * "what is the target temperature": a name's last words that make a longer sensor word with the
   * sensor after them ("target" + "temperature") belong to the sensor, not the name.
   */
  function longestSensor(groups: Record<string, string | undefined>, text: string) {
    const { name, sensor } = groups;
    if (name === undefined || sensor === undefined) return;
    const words = name.split(" ");
    for (let n = Math.min(3, words.length); n >= 1; n--) {
      const longer = `${words.slice(-n).join(" ")} ${sensor}`;
      if (sensorWords.has(longer) && text.includes(longer)) {
        groups.sensor = longer;
        groups.name = words.length > n ? words.slice(0, -n).join(" ") : undefined;
        return;
      }
    }
  }

  return {
    /** Folds a phrase and strips leading articles, as the matcher does with names. */
    cleanName,
    match(sentence: string): FastMatch | undefined {
      const text = clean(fold(sentence));
      // "wat is hier de temperatuur": a "here" inside a sentence no template reads otherwise is
      // the place of what it names, or the place asked about.
      const here = hereInside?.exec(text);
      const readings: Array<[string, string | undefined]> = [[text, undefined]];
      if (here)
        readings.push([
          `${text.slice(0, here.index)}${text.slice(here.index + here[0].length)}`.trim(),
          here[1],
        ]);
      for (const [heard, hereSaid] of readings)
        for (const { intent, kind, lightWords, lightsOnly, scenesOnly, sensor, regex } of byStart.candidates(
          heard.split(/\s+/),
        )) {
          const found = regex.exec(heard);
          if (!found) continue;
          const groups = { ...found.groups };
          longestSensor(groups, heard);
          const match: FastMatch = kind
            ? { intent, kind, ...(lightWords ? { lightWords } : {}), ...(lightsOnly ? { lightsOnly } : {}) }
            : { intent, ...(scenesOnly ? { scenesOnly } : {}) };
          if (
            groups.name !== undefined ||
            groups.place !== undefined ||
            groups.lead !== undefined ||
            hereSaid
          ) {
            // "lights off in the kitchen": the area comes back as the name's "in <area>".
            const place = groups.place ?? groups.lead;
            const raw = groups.area
              ? `${groups.name} ${fold(grammar.areaPrepositions[0] ?? "")} ${groups.area}`
              : place
                ? `${groups.name ?? ""} ${place}`
                : (groups.name ?? "");
            const { name, all, inOrder } = cleanName(hereSaid ? `${raw} ${hereSaid}` : raw);
            if (!name || articleWords.has(name)) continue;
            // "the kettle and the fan" is two requests; half-understood is not understood.
            if (conjunction.test(name)) return undefined;
            match.name = name;
            const spoken = spokenAs(sentence, name) ?? (inOrder && spokenAs(sentence, inOrder));
            if (spoken) match.spokenName = spoken;
            if (all) match.all = true;
          }
          if (groups.level !== undefined) {
            const level = /^\d+$/.test(groups.level) ? Number(groups.level) : levelWords.get(groups.level);
            if (level === undefined || level < 0 || level > 100) return undefined;
            match.level = level;
          }
          // "auf welche Temperatur ist die Heizung eingestellt": the set point, whatever the word.
          if (intent === "query_setpoint") match.sensor = "target_temperature";
          else if (groups.sensor !== undefined) match.sensor = sensorWords.get(groups.sensor);
          else if (sensor) match.sensor = sensor;
          // "how many degrees is it" names no sensor word: degrees are a temperature.
          else if (intent === "query_sensor") match.sensor = "temperature";
          if (groups.state !== undefined) match.state = stateWords.get(groups.state);
          if (groups.detect !== undefined) match.detect = detectWords.get(groups.detect);
          if (groups.bit !== undefined) match.amount = "step";
          return match;
        }
      for (const { intent, regex } of clockAround) {
        const around = regex.exec(text)?.groups;
        if (!around) continue;
        return { intent, about: around.after! };
      }
      return undefined;
    },
  };
}

/**
 * A template's `<group>` references written out: `(a|b)` where it stands alone, `a|b` inside an
 * alternative or an optional part. A word's "^" (said only first, for the reader) is dropped.
 */
export function expandGroups(template: string, groups: Record<string, string[] | undefined>): string {
  let depth = 0;
  let out = "";
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c === "(" || c === "[") depth++;
    if (c === ")" || c === "]") depth--;
    if (c !== "<") {
      out += c;
      continue;
    }
    const end = template.indexOf(">", i);
    const name = template.slice(i + 1, end);
    const words = groups[name];
    if (!words?.length) throw new Error(`unknown word group <${name}> in "${template}"`);
    const alternatives = [...new Set(words.map((w) => w.replace(/^\^/, "")))].join("|");
    out += depth > 0 ? alternatives : `(${alternatives})`;
    i = end;
  }
  return out;
}

/**
 * The words of `sentence` that fold to `name`, as written: replies quote the user, not the
 * folded form ("Licht in der Küche", not "licht in der kuche").
 */
export function spokenAs(sentence: string, name: string): string | undefined {
  const words = sentence.split(/\s+/).filter(Boolean);
  const folded = words.map(fold);
  const want = name.split(" ").length;
  for (let start = 0; start < words.length; start++) {
    let joined = "";
    for (let end = start; end < words.length; end++) {
      if (!folded[end]) continue;
      joined = joined ? `${joined} ${folded[end]}` : folded[end]!;
      if (joined === name) {
        return words
          .slice(start, end + 1)
          .join(" ")
          .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
      }
      if (joined.split(" ").length >= want) break;
    }
  }
  return undefined;
}

/**
 * A template as a regex: slots become named groups, `(a|b)` alternatives, `[a|b]` optional.
 * `inner`, when given, is a pattern allowed before the template's last required word ("wie viele
 * Lichter sind in der Küche an": a place before the state).
 */
function compile(
  template: string,
  slots: Record<string, string>,
  inner?: string,
): { regex: RegExp; starts: Starts; needs: Needs } {
  const tokens = template.match(/\[[^\]]*\]|\([^)]*\)|(?:\{\w+\})+|\S+/g) ?? [];
  const lastRequired = tokens.findLastIndex((t) => !t.startsWith("["));
  let pattern = "";
  let first = true;
  // The words it can start with: those of each optional part before its first required one, and
  // that one's; any word when one of them is a slot, or when nothing is required.
  let starts: Set<string> | undefined = lastRequired >= 0 ? new Set() : undefined;
  const needs: string[][] = [];
  tokens.forEach((token, index) => {
    const optional = token.startsWith("[");
    const body = optional || token.startsWith("(") ? token.slice(1, -1) : token;
    let piece: string;
    // A slot may follow an elided article without a space: "l'{sensor}".
    const slotted = /^([^{}]*)\{(\w+)\}$/.exec(body);
    // Two slots in one word: "{name}{sensor}" ("woonkamertemperatuur"), neither crossing a space.
    const joined = /^\{(\w+)\}\{(\w+)\}$/.exec(body);
    if (joined) {
      const [first, second] = [slots[joined[1]!], slots[joined[2]!]];
      if (!first || !second) throw new Error(`unknown slot in "${template}"`);
      piece = (first + second).replaceAll(".+?", "\\S+?");
    } else if (slotted) {
      const s = slots[slotted[2]!];
      if (!s) throw new Error(`unknown slot {${slotted[2]}} in "${template}"`);
      piece = escape(fold(slotted[1]!)) + s;
    } else piece = `(?:${alternation(body.split("|"))})`;
    const words = joined || slotted ? [] : firstWords(body.split("|").map(fold));
    if (!optional && words.length) needs.push(words);
    if (first) {
      if (!words.length) starts = undefined;
      for (const word of words) starts?.add(word);
    }
    if (inner && index === lastRequired && !first) pattern += `\\s+${inner}`;
    if (optional) pattern += first ? `(?:${piece}\\s+)?` : `(?:\\s+${piece})?`;
    else {
      pattern += first ? piece : `\\s+${piece}`;
      first = false;
    }
  });
  return { regex: new RegExp(`^${pattern}$`), starts, needs };
}
