import { isAside } from "./aside.js";
import { LooseReader } from "./loose-json.js";
import {
  readKeywordArguments,
  readXmlArguments,
  type TextCall,
  type TextCallReading,
} from "./argument-syntax.js";

/**
 * Markup that may wrap a call in a family we have no row for: tags without attributes (but not an
 * argument's own tags, which would leave a cut-off argument behind), fences, list brackets.
 */
const WRAPPER =
  /^(?:\s+|<\/?(?!(?:arg_key|arg_value|parameter|param|arg)\b)[A-Za-z_][\w:.-]*>|```[\w-]*|[;,[\]]|>>>)+/;
/** `key="x"`, `key: 'x'`, `key=40`, one pair: for calls written as key/value pairs. */
const PAIR = /^\s*,?\s*([A-Za-z_][\w-]*)\s*[=:]\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,"'<>]+)/;
const XML_RUN =
  /^\s*((?:<(?:[\w:]*?)(?:parameter|arg_key)\b[\s\S]*?<\/(?:[\w:]*?)(?:parameter|arg_value)>\s*)+)/;

const patterns = new WeakMap<readonly string[], RegExp>();

/**
 * The generic fallback: an offered tool's name (with any prefix glued on), followed by its
 * arguments as a JSON object, a Python argument list, parameter tags or key/value pairs; calls
 * may follow one another. The text must be a short lead-in, the calls, and wrapper tags: a name
 * in a sentence is not a call.
 */
export function findNamedCalls(text: string, toolNames: readonly string[]): TextCallReading | undefined {
  if (!toolNames.length) return undefined;
  const names = namePattern(toolNames);
  names.lastIndex = 0;
  const first = names.exec(text);
  if (!first) return undefined;
  // Wrapper tags, a fence, Functionary's `>>>` or a list's opening bracket before the first call
  // are markup, not words.
  const lead = text
    .slice(0, first.index)
    .replace(/<\/?[A-Za-z_][\w:.-]*>|```[\w-]*|>>>|\[\s*$/g, " ")
    .trim();
  const calls: TextCall[] = [];
  let pos = first.index;
  while (pos < text.length) {
    names.lastIndex = pos;
    const match = names.exec(text);
    if (!match || match.index !== pos) break;
    const read = argumentsAt(text, pos + match[0].length);
    if (!read) break;
    calls.push({ name: match[0], arguments: read.args });
    pos = read.end;
    pos += WRAPPER.exec(text.slice(pos))?.[0].length ?? 0;
  }
  if (!calls.length) return undefined;
  const rest = text.slice(pos).trim();
  if (!isAside(rest) || !isAside(lead)) {
    return { kind: "unreadable", family: "named-call", why: "a tool call is mixed with other text" };
  }
  return { kind: "calls", calls, family: "named-call" };
}

function namePattern(toolNames: readonly string[]): RegExp {
  let pattern = patterns.get(toolNames);
  if (!pattern) {
    const alternatives = [...toolNames]
      .sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    // A prefix glued on (`functions.`, `default_api.`, `zwave__`) is part of the name sent.
    pattern = new RegExp(
      `(?<![\\w.:-])(?:[A-Za-z_][\\w-]*[.:])?(?:${alternatives.join("|")})(?![\\w-])`,
      "g",
    );
    patterns.set(toolNames, pattern);
  }
  return pattern;
}

/** The arguments that start at `at` (after white space, `:` or `=`), and where they end. */
function argumentsAt(text: string, at: number): { args: Record<string, unknown>; end: number } | undefined {
  // `<tool>NAME</tool>` then the arguments: the name's closing tag is part of the name's markup.
  // Between a name and its arguments, what stripped templates leave: a call index (`:0`, Kimi), a
  // format word (`json`, harmony), a fence opening (DeepSeek V3).
  const skipped =
    /^(?::\d+)?(?:<\/[\w:.-]+>)?[ \t]*(?:[:=]|\n)?[ \t\n]*(?:```[\w-]*[ \t]*\n?)?(?:(?:json|python|xml)\b[ \t\n]*)?/.exec(
      text.slice(at),
    );
  const start = at + (skipped?.[0].length ?? 0);
  const char = text[start];
  if (char === "(" || char === "{") {
    const reader = new LooseReader(text, start + 1);
    try {
      if (char === "(") {
        const args = readKeywordArguments(reader);
        return args ? { args, end: reader.pos } : undefined;
      }
      reader.pos = start;
      const value = reader.value();
      if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
      return { args: value as Record<string, unknown>, end: reader.pos };
    } catch {
      return undefined;
    }
  }
  const xml = XML_RUN.exec(text.slice(start));
  if (xml) {
    const args = readXmlArguments(xml[1]!);
    return args ? { args, end: start + xml[0].length } : undefined;
  }
  // key/value pairs run to the end of the line block: at least one, nothing else.
  const args: Record<string, unknown> = {};
  let pos = start;
  for (let pair = PAIR.exec(text.slice(pos)); pair; pair = PAIR.exec(text.slice(pos))) {
    const raw = pair[2]!;
    const value = /^["']/.test(raw) ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
    Object.defineProperty(args, pair[1]!, { value, enumerable: true, writable: true, configurable: true });
    pos += pair[0].length;
  }
  return Object.keys(args).length && start > at ? { args, end: pos } : undefined;
}
