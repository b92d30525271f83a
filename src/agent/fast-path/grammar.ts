/** What a fast-path sentence asks for. */
export type FastIntent = "turn_on" | "turn_off" | "toggle" | "set_level" | "query_sensor" | "query_state";

export type SensorKind = "temperature" | "humidity" | "battery" | "power" | "energy" | "illuminance";

/**
 * One language's sentences, as data. Templates use `{name}`, `{level}` and `{sensor}` slots,
 * `[word]` for an optional word and `(a|b)` for alternatives; matching ignores case and
 * trailing punctuation. Adding a language means adding one of these, not code.
 */
export interface FastPathGrammar {
  language: string;
  /** Politeness that carries no meaning, removed before matching. */
  fillers: string[];
  /** Words in front of a name that are not part of it. */
  articles: string[];
  /** "… in the kitchen": the word that introduces an area after a name. */
  areaPrepositions: string[];
  /** Tried in order: put the more specific templates first. */
  intents: Array<{ intent: FastIntent; templates: string[] }>;
  sensors: Record<SensorKind, string[]>;
  replies: {
    turnedOn: string;
    turnedOff: string;
    toggled: string;
    setLevel: string;
    notConfirmed: string;
    sensorValue: string;
    noSensor: string;
    stateIs: string;
    notFound: string;
    ambiguous: string;
    failed: string;
    cannotYet: string;
  };
}

export const english: FastPathGrammar = {
  language: "en",
  fillers: ["please", "could you", "can you", "would you", "hey", "ok"],
  articles: ["the", "my", "our"],
  areaPrepositions: ["in", "on"],
  intents: [
    {
      intent: "turn_on",
      templates: [
        "(turn|switch|power) on {name}",
        "(turn|switch|power) {name} on",
        "(activate|enable) {name}",
      ],
    },
    {
      intent: "turn_off",
      templates: [
        "(turn|switch|power|shut) off {name}",
        "(turn|switch|power|shut) {name} off",
        "(deactivate|disable) {name}",
      ],
    },
    { intent: "toggle", templates: ["toggle {name}"] },
    {
      intent: "set_level",
      templates: [
        "set [the] (brightness|level) of {name} to {level} [(percent|%)]",
        "set {name} (brightness|level) to {level} [(percent|%)]",
        "(dim|set|brighten|turn) {name} to {level} [(percent|%)]",
      ],
    },
    {
      intent: "query_sensor",
      templates: [
        "what is the {sensor} (in|of|at) {name}",
        "what's the {sensor} (in|of|at) {name}",
        "whats the {sensor} (in|of|at) {name}",
        "how (warm|hot|cold) is it in {name}",
        "how (warm|hot|cold) is {name}",
        "how (humid) is it in {name}",
        "{sensor} (in|of) {name}",
      ],
    },
    {
      intent: "query_state",
      templates: ["(is|are) {name} (on|off)", "is {name} (turned|switched) (on|off)"],
    },
  ],
  sensors: {
    temperature: ["temperature", "temp", "warm", "hot", "cold"],
    humidity: ["humidity", "humid"],
    battery: ["battery level", "battery"],
    power: ["power usage", "power"],
    energy: ["energy usage", "energy"],
    illuminance: ["brightness level", "illuminance", "light level"],
  },
  replies: {
    turnedOn: "Turned on {name}.",
    turnedOff: "Turned off {name}.",
    toggled: "Toggled {name}; it is now {state}.",
    setLevel: "Set {name} to {level} percent.",
    notConfirmed: "I sent the command, but {name} has not confirmed it.",
    sensorValue: "The {sensor} in {name} is {value}.",
    noSensor: "{name} has no {sensor} reading.",
    stateIs: "{name} is {state}.",
    notFound: "I couldn't find a device called {name}.",
    ambiguous: "Which one do you mean: {candidates}?",
    failed: "That didn't work: {error}",
    cannotYet:
      "I can't do that yet. Without a language model I can turn things on and off, toggle them, dim lights to a percentage, and tell you the temperature, humidity or whether something is on.",
  },
};

export const GRAMMARS: Record<string, FastPathGrammar> = { en: english };

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}
