import { isObject } from "../../shared/is-object.js";
import { endsInside, LooseReader } from "./loose-json.js";

/** A tool call a model wrote as text; `arguments` is an object, or the JSON-ish text it wrote. */
export interface TextCall {
  name: string;
  arguments: unknown;
}

/**
 * What a reply's text calls came to: the calls and the family they were read in, or why not.
 * `cut`: after the calls, the text ends inside one more call (a reply cut at its length limit);
 * the complete calls before it may run, the cut one never does.
 */
export type TextCallReading =
  | { kind: "calls"; calls: TextCall[]; family: string; cut?: true }
  | { kind: "unreadable"; family: string; why: string };

/** Whole calls read from text; `cut` when the text ends inside one more call after them. */
export interface CallList {
  calls: TextCall[];
  cut?: true;
}

const ARGUMENT_KEYS = ["arguments", "parameters", "args", "input", "kwargs"] as const;
/** Keys that name the tool: `name`, Command R's `tool_name`, and `function` when it is a string. */
const NAME_KEYS = ["name", "tool_name", "function", "tool", "function_name", "recipient_name"] as const;

/** Gemma's `{key:<|"|>text<|"|>,n:3}`: bare keys, strings between the family's own quote. */
export function readQuotedObject(text: string, quote: string): Record<string, unknown> | undefined {
  const parts = text.split(quote);
  if (parts.length % 2 === 0) return undefined;
  const json = parts.map((part, i) => (i % 2 ? JSON.stringify(part) : part)).join("");
  const value = whole(json);
  return isObject(value) ? value : undefined;
}

/**
 * Whole calls written as data: `{"name", "arguments"}` (or `parameters`, `args`, `input`),
 * OpenAI's `{function: {…}}`, a list of them (a missing comma between two is read), several
 * joined by `;` or new lines (Llama 3's python tag, Qwen3.5 through llama.cpp, which also leads
 * with a `;`), or pythonic `[f(a="x"), g()]` / `print(default_api.f(a="x"))`. Undefined unless
 * every part is a call; when the text ends inside a later call, the complete ones and `cut`.
 */
export function readCalls(text: string): CallList | undefined {
  const body = text.trim().replace(/^[;,]\s*/, "");
  if (!body) return undefined;
  const value = whole(body);
  if (value !== undefined) {
    const calls = callsIn(value);
    return calls ? { calls } : undefined;
  }
  if (body.startsWith("{") || body.startsWith("[{")) return callSequence(body);
  return pythonicCalls(body);
}

/** `{…}; {…}`, `{…}\n{…}` or `[{…}, {…}`: call objects one after another, the last possibly cut. */
function callSequence(body: string): CallList | undefined {
  const calls: TextCall[] = [];
  const reader = new LooseReader(body);
  const listed = reader.eat("[");
  try {
    while (reader.peek() !== undefined && !(listed && reader.peek() === "]")) {
      const at = reader.pos;
      let item: unknown;
      try {
        item = reader.value();
      } catch (err) {
        if (calls.length && endsInside(body, at)) return { calls, cut: true };
        throw err;
      }
      const found = callsIn(item);
      if (!found) return undefined;
      calls.push(...found);
      while (reader.eat(";") || reader.eat(",")) {
        // separators between calls
      }
    }
    if (listed && !reader.eat("]")) return undefined;
  } catch {
    return undefined;
  }
  return calls.length && reader.peek() === undefined ? { calls } : undefined;
}

/** Call objects: one, or a list of them; undefined unless every item is a call. */
export function callsIn(value: unknown): TextCall[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  const calls: TextCall[] = [];
  for (const item of items) {
    const call = callOf(item);
    if (!call) return undefined;
    calls.push(call);
  }
  return calls.length ? calls : undefined;
}

function callOf(item: unknown): TextCall | undefined {
  if (!isObject(item)) return undefined;
  if (isObject(item.function)) return callOf(item.function);
  // Apertus writes `{"NAME": {…arguments}}`: one key, the tool's name.
  const keys = Object.keys(item);
  if (
    keys.length === 1 &&
    isObject(item[keys[0]!]) &&
    !/^(?:name|arguments|parameters|args|input)$/.test(keys[0]!)
  ) {
    return { name: keys[0]!, arguments: item[keys[0]!] };
  }
  const names = NAME_KEYS.filter((key) => typeof item[key] === "string" && item[key]);
  const present = ARGUMENT_KEYS.filter((key) => key in item);
  const known = new Set<string>([
    "id",
    "type",
    "index",
    "tool_call_id",
    "call_id",
    ...NAME_KEYS,
    ...ARGUMENT_KEYS,
  ]);
  if (names.length !== 1 || present.length > 1 || Object.keys(item).some((k) => !known.has(k))) {
    return undefined;
  }
  return { name: item[names[0]!] as string, arguments: present[0] ? item[present[0]] : {} };
}

/**
 * `[f(a="x", b=2), g()]`, `f(a="x"); g()`, `print(default_api.f(a="x"))`: keyword arguments only.
 * A missing comma between two calls of a list is read; a list that ends inside a later call gives
 * the complete calls and `cut`.
 */
export function pythonicCalls(text: string): CallList | undefined {
  const body = text.trim();
  const reader = new LooseReader(body);
  try {
    const listed = reader.eat("[");
    const calls: TextCall[] = [];
    do {
      const at = reader.pos;
      let call: TextCall | undefined;
      try {
        call = pythonicCall(reader);
      } catch (err) {
        if (calls.length && endsInside(body, at)) return { calls, cut: true };
        throw err;
      }
      if (!call) return calls.length && endsInside(body, at) ? { calls, cut: true } : undefined;
      calls.push(call);
    } while (
      reader.eat(",") ||
      reader.eat(";") ||
      (!listed && reader.peek() !== undefined) ||
      (listed && /[A-Za-z_]/.test(reader.peek() ?? ""))
    );
    if (listed && !reader.eat("]")) return undefined;
    return reader.peek() === undefined ? { calls } : undefined;
  } catch {
    return undefined;
  }
}

function pythonicCall(reader: LooseReader): TextCall | undefined {
  let name = dottedName(reader);
  if (!name || !reader.eat("(")) return undefined;
  if (name === "print") {
    // Gemini's tool_code: print(default_api.f(…))
    const inner = pythonicCall(reader);
    return inner && reader.eat(")") ? inner : undefined;
  }
  const args = readKeywordArguments(reader);
  if (!args) return undefined;
  name = name.trim();
  return { name, arguments: args };
}

function dottedName(reader: LooseReader): string | undefined {
  let name = reader.identifier();
  while (name && reader.text[reader.pos] === ".") {
    reader.pos++;
    const next = reader.identifier();
    if (!next) return undefined;
    name += `.${next}`;
  }
  return name;
}

/** `a="x", b=2)` up to and including the closing parenthesis. */
export function readKeywordArguments(reader: LooseReader): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  while (!reader.eat(")")) {
    const key = reader.identifier();
    if (!key || !(reader.eat("=") || reader.eat(":"))) return undefined;
    define(args, key, reader.value());
    if (!reader.eat(",") && reader.peek() !== ")") return undefined;
  }
  return args;
}

/** The whole text as one (loosely written) JSON value, or undefined. */
export function whole(text: string): unknown {
  const trimmed = text.trim();
  // A word that is no literal can start no JSON value (`print(…)`, `f(a=1)`): no need to try.
  if (/^[A-Za-z_]/.test(trimmed) && !/^(?:true|false|null|True|False|None)$/.test(trimmed)) return undefined;
  const reader = new LooseReader(trimmed);
  try {
    const value = reader.value();
    return reader.peek() === undefined ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Not `out[key] =`: a "__proto__" key from the model must stay a key, not become the prototype. */
function define(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
