import type { FastIntent, FastPathGrammar, SensorKind } from "./grammar.js";

export interface FastMatch {
  intent: FastIntent;
  /** The device or place as spoken, without articles. */
  name: string;
  /** "… in the kitchen", when the sentence named an area after the device. */
  area?: string;
  level?: number;
  sensor?: SensorKind;
}

interface CompiledTemplate {
  intent: FastIntent;
  regex: RegExp;
}

/** Compiles a grammar once; `match` is then a handful of regex tests. */
export function createMatcher(grammar: FastPathGrammar) {
  const sensorWords = new Map<string, SensorKind>();
  for (const [kind, words] of Object.entries(grammar.sensors) as Array<[SensorKind, string[]]>) {
    for (const word of words) sensorWords.set(word, kind);
  }
  const sensorAlternation = [...sensorWords.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|");
  const compiled: CompiledTemplate[] = grammar.intents.flatMap(({ intent, templates }) =>
    templates.map((template) => ({ intent, regex: compile(template, sensorAlternation) })),
  );
  const fillers = new RegExp(`\\b(${grammar.fillers.map(escape).join("|")})\\b`, "g");
  const articles = new RegExp(`^(${grammar.articles.map(escape).join("|")})\\s+`);
  const areaSuffix = new RegExp(
    `^(.+?)\\s+(?:${grammar.areaPrepositions.map(escape).join("|")})\\s+(?:(?:${grammar.articles.map(escape).join("|")})\\s+)?(.+)$`,
  );

  function cleanName(raw: string): string {
    let name = raw.trim();
    while (articles.test(name)) name = name.replace(articles, "");
    return name.trim();
  }

  return {
    match(sentence: string): FastMatch | undefined {
      const text = sentence
        .toLowerCase()
        .replace(/[’`]/g, "'")
        .replace(fillers, " ")
        .replace(/[?!.,;:]+/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      for (const { intent, regex } of compiled) {
        const groups = regex.exec(text)?.groups;
        if (!groups?.name) continue;
        const match: FastMatch = { intent, name: cleanName(groups.name) };
        if (!match.name) continue;
        if (groups.level !== undefined) {
          const level = Number(groups.level);
          if (!Number.isInteger(level) || level < 0 || level > 100) return undefined;
          match.level = level;
        }
        if (intent === "query_sensor") {
          const word = groups.sensor ?? groups.sensorWord;
          const kind = word ? sensorWords.get(word) : undefined;
          if (!kind) continue;
          match.sensor = kind;
        }
        const split = areaSuffix.exec(match.name);
        if (split?.[1] && split[2] && intent !== "query_sensor") {
          match.name = cleanName(split[1]);
          match.area = cleanName(split[2]);
        }
        return match;
      }
      return undefined;
    },
  };
}

function compile(template: string, sensorAlternation: string): RegExp {
  let pattern = "";
  for (const token of template.split(" ")) {
    let piece: string;
    let optional = false;
    let body = token;
    if (body.startsWith("[") && body.endsWith("]")) {
      optional = true;
      body = body.slice(1, -1);
    }
    if (body === "{name}") piece = "(?<name>.+?)";
    else if (body === "{level}") piece = "(?<level>\\d{1,3})";
    else if (body === "{sensor}") piece = `(?<sensor>${sensorAlternation})`;
    else if (body.startsWith("(") && body.endsWith(")")) {
      const words = body.slice(1, -1).split("|");
      // "how warm is it" names its sensor in the alternation itself.
      const sensorish = words.some((w) => sensorAlternation.split("|").includes(escape(w)));
      piece = sensorish
        ? `(?<sensorWord>${words.map(escape).join("|")})`
        : `(?:${words.map(escape).join("|")})`;
    } else piece = escape(body);
    pattern += optional ? `(?:\\s*${piece})?` : pattern ? `\\s+${piece}` : piece;
  }
  return new RegExp(`^${pattern}$`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\%]/g, (c) => (c === "%" ? "%" : `\\${c}`));
}
