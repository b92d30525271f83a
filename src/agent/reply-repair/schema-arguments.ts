import { isObject } from "../../shared/is-object.js";
import { schemaTypes } from "../../tools/json-schema.js";
import { foldSpelling } from "../../tools/spelling.js";
import type { JsonSchema } from "../../tools/types.js";
import { readKeywordArguments, whole } from "./argument-syntax.js";
import { endsInside, LooseReader } from "./loose-json.js";
import { canonicalMarkup, plainMarkup } from "./markup-canon.js";

/**
 * What the arguments after a tool's name came to:
 * - `args`: every key and value read, where the reading ended, and the syntax it was written in;
 * - `cut`: the text ends inside the arguments (a reply cut at its length limit): nothing may run;
 * - `ambiguous`: a key was given twice with two values: which one was meant is a guess.
 */
export type ArgumentReading =
  | { kind: "args"; args: Record<string, unknown>; end: number; syntax: string }
  | { kind: "cut" }
  | { kind: "ambiguous"; why: string };

export interface ReadOptions {
  /** The reply stopped at its length limit: a bare value that runs to the end may be cut short. */
  cutAtEnd?: boolean;
}

/**
 * What may stand between a tool's name and its arguments, as templates and their fumbles leave it:
 * a call index (`:0`, Kimi), the rest of the tag whose attribute held the name (`">`, `" index="1">`),
 * the name's own closing tag (`<tool>NAME</tool>`), special tokens already blanked, `:` or `=`, a
 * fence opening (DeepSeek V3), a format word (`json`, harmony).
 */
const PRELUDE =
  /(?::\d+)?(?:["'`]?(?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*\/?>)?(?:\s*<\/[\w:.|-]+>)?[ \t]*(?:[:=]|\n)?[ \t\n]*(?:```[\w-]*[ \t]*\n?)?(?:(?:json|python|xml)\b[ \t\n]*)?/y;

/**
 * A label on the line that holds the arguments, in agent-framework formats: ReAct's
 * `Action Input:`, Qwen-Agent's `✿ARGS✿:`, `Arguments:`. Only before an object, and never a word the
 * tool takes as a parameter (that is a `key: {…}` pair).
 */
const ARGUMENTS_LABEL =
  /[ \t]*([^\s:{}()"'<>[\]]{1,24}(?:[ \t][^\s:{}()"'<>[\]]{1,24}){0,2})[ \t]*:[ \t]*\n?[ \t]*(?=[{(])/y;

/** `<parameter=k>`, `<parameter name="k" string="true">`, `<param=k>`, `<argument key="k" type="string">`. */
const PARAMETER_TAG =
  /<(parameter|param|arg|argument)(?:\s*=\s*["']?([^\s"'>]+)["']?|\s+(?:name|key)\s*=\s*(?:"([^"]*)"|'([^']*)')([^<>]*))\s*>/y;
/** `<arg_key>k</arg_key>`, then an optional `<arg_type>t</arg_type>` (K2 Horizon), then `<arg_value>`. */
const ARG_KEY = /<arg_key>([^<]*)<\/arg_key>\s*(?:<arg_type>([^<]*)<\/arg_type>\s*)?<arg_value>/y;
/** A value that is one CDATA section: text, not nested tags (reply-repair/cdata.ts unwraps it). */
const CDATA_VALUE = /^\s*<!\[CDATA\[[\s\S]*?\]\]>\s*$/;
const OPEN_TAG = /<([A-Za-z_][\w.-]*)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))*)\s*>/y;
const CLOSE_TAG = /<\/([A-Za-z_][\w.-]*)\s*>/y;
const KEY = /(?:"([^"\n]{1,64})"|'([^'\n]{1,64})'|([A-Za-z_][\w-]{0,63}))[ \t]*(?::(?!:)|=(?![=>]))[ \t]*/y;
/** Where a bare value ends: before another `key=` or `, key:` on its line, or a tag. */
const BARE_END = /[,;]\s*(?:"[^"\n]{1,64}"|[A-Za-z_][\w-]*)\s*[:=]|\s+[A-Za-z_][\w-]*\s*=(?!=)|<|\s+\/\/|$/;

/**
 * Reads the arguments that start at `at`, by the tool's schema, in whatever common syntax they
 * were written: a JSON, JSON5 or Python object; Python keyword arguments; parameter tags
 * (`<parameter=k>`, `<parameter name="k">`, `<argument key="k">`), key/value tags
 * (`<arg_key>`/`<arg_value>`), child tags named after the parameter (`<deviceName>…</deviceName>`),
 * or `key: value` / `key=value` pairs. `text` is the plain view (markup-canon.ts): tags under their
 * plain names, special tokens blanked. Nothing is guessed: a value is what its own delimiters hold,
 * a key given twice with two values is ambiguous, and text that ends inside the arguments is a cut.
 * Whether the keys fit the tool, and every required one is there, the caller asks the schema.
 */
export function readArgumentsAt(
  text: string,
  at: number,
  schema: JsonSchema | undefined,
  options: ReadOptions = {},
): ArgumentReading | undefined {
  PRELUDE.lastIndex = at;
  let start = at + (PRELUDE.exec(text)?.[0].length ?? 0);
  ARGUMENTS_LABEL.lastIndex = start;
  const label = ARGUMENTS_LABEL.exec(text);
  if (label && propertyOf(schema, label[1]!.trim()) === undefined) start += label[0].length;
  const char = text[start];
  if (char === undefined)
    return start > at && /[:=>]\s*$/.test(text.slice(at, start)) ? { kind: "cut" } : undefined;
  if (char === "{" || char === "(") return readBracketed(text, start);
  if (char === "<") return readTags(text, start, schema);
  return readPairs(text, start, schema, options);
}

/**
 * A family's parameter region (the `args` of an invoke, a GLM call, a DSML invoke): parameter or
 * key/value or child tags, whatever namespace the family gives them, and nothing else.
 */
export function readTagArguments(
  text: string,
  schema: JsonSchema | undefined,
): { kind: "args"; args: Record<string, unknown> } | { kind: "cut" } | undefined {
  const body = plainMarkup(text).trim();
  if (!body) return { kind: "args", args: {} };
  const reading = readTags(body, 0, schema);
  if (reading?.kind === "cut") return reading;
  if (reading?.kind !== "args" || body.slice(reading.end).trim()) return undefined;
  return { kind: "args", args: reading.args };
}

/**
 * Arguments written as text of their own in a structured call (`function.arguments` holding XML
 * child tags or DSML parameters, the noise after a tool's name): the whole text must be the
 * arguments, up to closing tags.
 */
export function readArgumentText(
  text: string,
  schema: JsonSchema | undefined,
): { args: Record<string, unknown>; syntax: string } | undefined {
  const plain = plainMarkup(canonicalMarkup(text)).trim();
  const reading = readArgumentsAt(plain, 0, schema);
  if (reading?.kind !== "args" || !/^(?:\s|<\/[\w:.|-]+>)*$/.test(plain.slice(reading.end))) return undefined;
  return { args: reading.args, syntax: reading.syntax };
}

/** `{…}` in any JSON dialect, `(k="v", …)` or `({…})`. */
function readBracketed(text: string, start: number): ArgumentReading | undefined {
  const reader = new LooseReader(text, start);
  try {
    if (text[start] === "(") {
      reader.pos = start + 1;
      if (reader.peek() === "{") {
        const value = reader.value();
        if (!isObject(value) || !reader.eat(")")) return undefined;
        return { kind: "args", args: value, end: reader.pos, syntax: "a JSON object" };
      }
      const args = readKeywordArguments(reader);
      return args ? { kind: "args", args, end: reader.pos, syntax: "keyword arguments" } : undefined;
    }
    const value = reader.value();
    return isObject(value)
      ? { kind: "args", args: value, end: reader.pos, syntax: "a JSON object" }
      : undefined;
  } catch {
    return endsInside(text, start) ? { kind: "cut" } : undefined;
  }
}

/**
 * Parameter tags, key/value tags and child tags, with wrapper tags (`<parameters>`) between them,
 * up to the first closing tag the arguments did not open (the call's own `</invoke>`, `</tool_call>`).
 */
function readTags(text: string, start: number, schema: JsonSchema | undefined): ArgumentReading | undefined {
  const args: Record<string, unknown> = {};
  const opened: string[] = [];
  let pos = start;
  let pairs = 0;
  let ambiguous: string | undefined;
  const take = (key: string, raw: string, attrs: string) => {
    const value = typedValue(raw, propertyOf(schema, key), attrs);
    if (Object.hasOwn(args, key) && JSON.stringify(args[key]) !== JSON.stringify(value)) {
      ambiguous = `'${key}' is given twice, with two values`;
    }
    define(args, key, value);
    pairs++;
  };
  for (;;) {
    while (pos < text.length && /[\s,]/.test(text[pos]!)) pos++;
    if (pos >= text.length) break;
    if (text[pos] !== "<") break;
    PARAMETER_TAG.lastIndex = pos;
    const parameter = PARAMETER_TAG.exec(text);
    if (parameter) {
      const [opening, tag, bare, named, single, attrs] = parameter;
      const close = closingOf(text, tag!, pos + opening.length);
      if (close === undefined) return endOrNothing(text, pos + opening.length, tag!);
      take((bare ?? named ?? single ?? "").trim(), text.slice(pos + opening.length, close.at), attrs ?? "");
      pos = close.end;
      continue;
    }
    ARG_KEY.lastIndex = pos;
    const pair = ARG_KEY.exec(text);
    if (pair) {
      const close = closingOf(text, "arg_value", pos + pair[0].length);
      if (close === undefined) return endOrNothing(text, pos + pair[0].length, "arg_value");
      take(
        pair[1]!.trim(),
        text.slice(pos + pair[0].length, close.at),
        pair[2] ? `type="${pair[2].trim()}"` : "",
      );
      pos = close.end;
      continue;
    }
    if (/^<arg_(?:key|type|value)\b|^<arg_(?:k|t|v)?[a-z]*$/.test(text.slice(pos, pos + 12))) {
      // An argument's own tag that starts no complete pair: cut off, or not a pair at all.
      return endsInTags(text, pos) ? { kind: "cut" } : undefined;
    }
    CLOSE_TAG.lastIndex = pos;
    const closing = CLOSE_TAG.exec(text);
    if (closing) {
      if (opened.at(-1) !== closing[1]) break;
      opened.pop();
      pos += closing[0].length;
      continue;
    }
    OPEN_TAG.lastIndex = pos;
    const open = OPEN_TAG.exec(text);
    if (!open) return endsInTags(text, pos) ? { kind: "cut" } : undefined;
    const name = open[1]!;
    const after = pos + open[0].length;
    const close = closingOf(text, name, after);
    if (close === undefined) return endOrNothing(text, after, name);
    const inner = text.slice(after, close.at);
    const cdata = CDATA_VALUE.test(inner);
    if (/^\s*</.test(inner) && !cdata && !isObjectField(schema, name)) {
      // A wrapper (`<parameters>`, `<args>`) around the pairs: its closing tag is skipped later.
      opened.push(name);
      pos = after;
      continue;
    }
    if (inner.includes("<") && !cdata) {
      // An object parameter written as nested tags (MiniMax M3): its fields are tags too.
      const nested = isObjectField(schema, name) ? readTags(inner, 0, propertyOf(schema, name)) : undefined;
      if (nested?.kind !== "args" || nested.end < inner.trimEnd().length) return undefined;
      define(args, name, nested.args);
      pairs++;
    } else take(name, inner, open[2] ?? "");
    pos = close.end;
  }
  if (ambiguous) return { kind: "ambiguous", why: ambiguous };
  if (!pairs || opened.length) return undefined;
  return { kind: "args", args, end: pos, syntax: "tags" };
}

/** `key: value` lines, `key=value` pairs, quoted keys: at least one key the schema declares. */
function readPairs(
  text: string,
  start: number,
  schema: JsonSchema | undefined,
  options: ReadOptions,
): ArgumentReading | undefined {
  const args: Record<string, unknown> = {};
  let pos = start;
  let end = start;
  let declared = 0;
  for (;;) {
    let next = pos;
    while (next < text.length && /[\s,;]/.test(text[next]!)) next++;
    KEY.lastIndex = next;
    const key = KEY.exec(text);
    if (!key) break;
    const name = key[1] ?? key[2] ?? key[3]!;
    const valueAt = next + key[0].length;
    const char = text[valueAt];
    let value: unknown;
    let after: number;
    if (char === '"' || char === "'" || char === "{" || char === "[") {
      const reader = new LooseReader(text, valueAt);
      try {
        value = reader.value();
      } catch {
        if (endsInside(text, valueAt)) return { kind: "cut" };
        break;
      }
      after = reader.pos;
    } else {
      const line = text.slice(valueAt).split("\n", 1)[0]!;
      const stop = BARE_END.exec(line)!.index;
      const raw = line.slice(0, stop).trim();
      if (!raw) break;
      if (options.cutAtEnd && valueAt + stop >= text.trimEnd().length) return { kind: "cut" };
      value = typedValue(raw, propertyOf(schema, name), "");
      after = valueAt + line.slice(0, stop).trimEnd().length;
    }
    if (Object.hasOwn(args, name) && JSON.stringify(args[name]) !== JSON.stringify(value)) {
      return { kind: "ambiguous", why: `'${name}' is given twice, with two values` };
    }
    define(args, name, value);
    if (propertyOf(schema, name) !== undefined || !hasProperties(schema)) declared++;
    pos = end = after;
  }
  return declared ? { kind: "args", args, end, syntax: "key/value pairs" } : undefined;
}

/** Closing-tag patterns by tag name, compiled once (a reply's tags are few and repeat). */
const closings = new Map<string, RegExp>();

/** The closing tag of `tag` after `from` (any case), and where it ends. */
function closingOf(text: string, tag: string, from: number): { at: number; end: number } | undefined {
  let pattern = closings.get(tag);
  if (!pattern) {
    pattern = new RegExp(`</${tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*>`, "ig");
    if (closings.size < 256) closings.set(tag, pattern);
  }
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match ? { at: match.index, end: match.index + match[0].length } : undefined;
}

/** A tag opened but never closed: a cut if nothing but its value follows to the end, else no reading. */
function endOrNothing(text: string, from: number, tag: string): ArgumentReading | undefined {
  const rest = text.slice(from);
  return new RegExp(`<(?!/?${tag}\\b)[A-Za-z/]`, "i").test(rest) ? undefined : { kind: "cut" };
}

/** The text ends inside a tag, or inside a run of tags whose last one was not closed. */
function endsInTags(text: string, pos: number): boolean {
  const rest = text.slice(pos);
  return !rest.includes(">") || /<[^>]*$/.test(rest);
}

/**
 * A tag's or a bare pair's text as the value the schema asks for: a string field keeps its text
 * (without the line breaks templates put around it), JSON where the field or the tag says so
 * (`string="false"`, `type="integer"`), anything else trimmed text for the registry's coercion.
 */
function typedValue(raw: string, property: JsonSchema | undefined, attrs: string): unknown {
  const text = raw.replace(/^\r?\n|\r?\n$/g, "");
  const trimmed = text.trim();
  const typeAttr = /(?:^|\s)(?:type|string)\s*=\s*["']?([\w[\]]+)/.exec(attrs);
  if (typeAttr && (typeAttr[1] === "string" || typeAttr[1] === "true")) return text;
  const types = property ? schemaTypes(property) : undefined;
  if (types?.includes("string") && !types.some((t) => t === "object" || t === "array")) return trimmed;
  // A tag that says its value is not a string (`string="false"`, `type="integer"`) holds JSON.
  if (/^[[{"]/.test(trimmed) || typeAttr) {
    const parsed = whole(trimmed);
    if (parsed !== undefined) return parsed;
  }
  return trimmed;
}

function propertyOf(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const properties = schema?.properties;
  if (!properties) return undefined;
  if (Object.hasOwn(properties, key)) return properties[key];
  const folded = foldSpelling(key);
  const matches = Object.keys(properties).filter((name) => foldSpelling(name) === folded);
  return matches.length === 1 ? properties[matches[0]!] : undefined;
}

function hasProperties(schema: JsonSchema | undefined): boolean {
  return !!schema?.properties && Object.keys(schema.properties).length > 0;
}

function isObjectField(schema: JsonSchema | undefined, key: string): boolean {
  const property = propertyOf(schema, key);
  return !!property && (schemaTypes(property)?.includes("object") ?? false);
}

/** Not `out[key] =`: a "__proto__" key from the model must stay a key, not become the prototype. */
function define(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
