import { isAside } from "./aside.js";
import { callsIn, type TextCall, type TextCallReading } from "./argument-syntax.js";
import type { OfferedTools } from "./offered-tools.js";
import { readArgumentsAt, type ReadOptions } from "./schema-arguments.js";

/**
 * Markup that may wrap a call in a family we have no row for: tags (but not an argument's own tags,
 * which would leave a cut-off argument behind), the start of a tag whose attribute holds the next
 * call's name (`<invoke name="`, `<function=`), fences, list brackets, separators.
 */
const WRAPPER =
  /^(?:\s+|<\/?(?!(?:arg_key|arg_value|parameter|param|arg)\b)[A-Za-z_][\w:.-]*(?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*\/?>|<[A-Za-z_][\w:.-]*(?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*(?:\s+[\w:-]+\s*=\s*["']?|=)(?=[A-Za-z_])|```[\w-]*|[;,[\]]|>>>)+/;
/** The same markup in front of the first call, where a lead-in sentence may stand too. */
const LEAD_MARKUP =
  /<\/?[A-Za-z_][\w:.-]*(?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*\/?>|<[A-Za-z_][\w:.-]*(?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*(?:\s+[\w:-]+\s*=\s*["']?|=)$|```[\w-]*|>>>|\[\s*$|^\s*[;,]/g;

/** Keys a whole call object holds its arguments under (argument-syntax.ts reads such objects). */
const ARGUMENT_KEY = /\b(?:arguments|parameters|args|input|kwargs)\b/;

const patterns = new WeakMap<readonly string[], RegExp>();

/**
 * The generic fallback, which needs no family row: an offered tool's name (with any prefix glued
 * on), then its arguments read by the tool's schema in whatever syntax they were written
 * (schema-arguments.ts); calls may follow one another. The text must be a short lead-in, the calls
 * and wrapper markup: a name in a sentence is not a call. `text` is the plain view (markup-canon.ts).
 */
export function findNamedCalls(
  text: string,
  tools: OfferedTools,
  options: ReadOptions = {},
): TextCallReading | undefined {
  if (!tools.names.length) return undefined;
  const names = namePattern(tools.names);
  names.lastIndex = 0;
  const first = names.exec(text);
  if (!first) return undefined;
  const lead = text.slice(0, first.index).replace(LEAD_MARKUP, " ").trim();
  const calls: TextCall[] = [];
  let pos = first.index;
  let cut = false;
  while (pos < text.length) {
    names.lastIndex = pos;
    const match = names.exec(text);
    if (!match || match.index !== pos) break;
    const reading = readArgumentsAt(text, pos + match[0].length, tools.schemaOf(match[0]), options);
    if (!reading) break;
    if (reading.kind === "cut") {
      cut = true;
      pos = text.length;
      break;
    }
    if (reading.kind === "ambiguous") return { kind: "unreadable", family: "named-call", why: reading.why };
    // The name, then the whole call again as JSON (Inkling's `NAME<|content_invoke_tool_json|>{"name":
    // NAME, "args": {…}}`): the inner call's arguments, if it names the same tool; two tools is a guess.
    // A tool's own `name` parameter is no such call: only a name that is itself an offered tool is.
    const inner = ARGUMENT_KEY.test(Object.keys(reading.args).join(" ")) ? callsIn(reading.args) : undefined;
    const repeated = inner?.length === 1 ? tools.resolve(inner[0]!.name) : undefined;
    if (repeated?.ok) {
      const outer = tools.resolve(match[0]);
      if (!outer.ok || outer.name !== repeated.name) {
        return { kind: "unreadable", family: "named-call", why: "the call names two different tools" };
      }
      calls.push({ name: match[0], arguments: inner![0]!.arguments });
    } else calls.push({ name: match[0], arguments: reading.args });
    pos = reading.end;
    pos += WRAPPER.exec(text.slice(pos))?.[0].length ?? 0;
  }
  if (!calls.length) {
    return cut
      ? { kind: "unreadable", family: "named-call", why: "the call is cut off before its end" }
      : undefined;
  }
  const rest = text.slice(pos).trim();
  if (!isAside(rest) || !isAside(lead)) {
    return { kind: "unreadable", family: "named-call", why: "a tool call is mixed with other text" };
  }
  return { kind: "calls", calls, family: "named-call", ...(cut ? { cut: true } : {}) };
}

/** Any offered tool's name, with a prefix glued on (global; shared, so set `lastIndex` before use). */
export function namePattern(toolNames: readonly string[]): RegExp {
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
