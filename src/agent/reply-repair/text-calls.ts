import { LooseReader } from "./loose-json.js";

/** A tool call a model wrote as text; `arguments` is an object, or the string it wrote. */
export interface TextCall {
  name: string;
  arguments: unknown;
}

export interface TextCalls {
  calls: TextCall[];
  /** The markup it was written in, for the repair log. */
  format: string;
}

/** "Let me do that." may precede a call; a question, another paragraph or JSON may not. */
const MAX_LEAD_IN = 120;
const ARGUMENT_KEYS = ["arguments", "parameters", "args", "input"] as const;
/** Chat-template tokens servers leave around a call: `<|python_tag|>`, `<|eom_id|>`, `</s>`. */
const SPECIAL_TOKENS_BEFORE = /^(?:<\|[a-z_]+\|>\s*)+/;
const SPECIAL_TOKENS_AFTER = /(?:\s*(?:<\|\/?[a-z_]+\|>|<\/s>))+$/;
/** Keys that name the tool: `name`, Command R's `tool_name`, and `function` when it is a string. */
const NAME_KEYS = ["name", "tool_name", "function"] as const;

/**
 * The tool calls in a reply that is essentially nothing but call markup: Hermes/Qwen
 * `<tool_call>`, Llama 3.1 `<function=X>`, Mistral `[TOOL_CALLS]`, a ```json fence, Llama's bare
 * JSON, or a pythonic `[f(a="x")]`. Prose that mentions or quotes a call is not one: undefined.
 */
export function findTextCalls(text: string): TextCalls | undefined {
  const trimmed = text.trim().replace(SPECIAL_TOKENS_BEFORE, "").replace(SPECIAL_TOKENS_AFTER, "");
  if (!trimmed) return undefined;
  if (trimmed.includes("<tool_call>")) {
    return tagged(trimmed, /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g, "Hermes <tool_call>", (m) =>
      callsIn(whole(m[1]!)),
    );
  }
  if (trimmed.includes("<function=")) {
    return tagged(trimmed, /<function=([\w.:/-]+)>([\s\S]*?)<\/function>/g, "Llama <function=…>", (m) => {
      const args = whole(m[2]!.trim() || "{}");
      return args === undefined ? undefined : [{ name: m[1]!, arguments: args }];
    });
  }
  const mistral = /^([\s\S]*?)\[TOOL_CALLS\]\s*([\s\S]*)$/.exec(trimmed);
  if (mistral) {
    if (!isLeadIn(mistral[1]!)) return undefined;
    const body = mistral[2]!;
    const named = /^([\w.:-]+)\[ARGS\]([\s\S]*)$/.exec(body);
    const calls = named ? [{ name: named[1]!, arguments: whole(named[2]!) }] : callsIn(whole(body));
    if (!calls?.length || calls.some((c) => c.arguments === undefined)) return undefined;
    return { calls, format: "Mistral [TOOL_CALLS]" };
  }
  const fence = /^([\s\S]*?)```(?:json|tool_call|tool_code|python)?[ \t]*\n([\s\S]*?)\n?[ \t]*```$/.exec(
    trimmed,
  );
  if (fence) {
    if (!isLeadIn(fence[1]!)) return undefined;
    const inner = fence[2]!.trim();
    const calls = callsIn(whole(inner)) ?? pythonic(inner);
    return calls?.length ? { calls, format: "fenced JSON" } : undefined;
  }
  // Bare JSON or a pythonic call: the whole reply, or on lines of its own after a lead-in
  // sentence ("Let me do that."); never inside a sentence ("I would call {…}").
  const lines = /^([^\n]*[.!:])[ \t]*\n([\s\S]+)$/.exec(trimmed);
  const body = lines && isLeadIn(lines[1]!) ? lines[2]!.trim() : trimmed;
  if (body.startsWith("{") || (body.startsWith("[") && !/^\[\s*[A-Za-z_]/.test(body))) {
    const calls = callsIn(whole(body));
    return calls?.length ? { calls, format: "bare JSON" } : undefined;
  }
  const calls = pythonic(body);
  return calls?.length ? { calls, format: "pythonic call" } : undefined;
}

/** Markup blocks: before the first only a lead-in, between and after them only white space. */
function tagged(
  text: string,
  pattern: RegExp,
  format: string,
  read: (match: RegExpExecArray) => TextCall[] | undefined,
): TextCalls | undefined {
  const calls: TextCall[] = [];
  let last = 0;
  let first = true;
  for (const match of text.matchAll(pattern)) {
    const between = text.slice(last, match.index);
    if (first ? !isLeadIn(between) : between.trim() !== "") return undefined;
    first = false;
    const found = read(match);
    if (!found?.length) return undefined;
    calls.push(...found);
    last = match.index + match[0].length;
  }
  if (first || text.slice(last).trim() !== "") return undefined;
  return { calls, format };
}

function isLeadIn(text: string): boolean {
  const lead = text.trim();
  return lead.length <= MAX_LEAD_IN && !/[?{}[\]\n]/.test(lead);
}

/** The whole text as one (loosely written) JSON value, or undefined. */
function whole(text: string): unknown {
  const reader = new LooseReader(text.trim());
  try {
    const value = reader.value();
    return reader.peek() === undefined ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `{name, arguments}` (or `parameters`, `args`, `input`), OpenAI's `{function: {…}}`, or a list of them. */
function callsIn(value: unknown): TextCall[] | undefined {
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
  if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  if (typeof record.function === "object" && record.function !== null) return callOf(record.function);
  const names = NAME_KEYS.filter((key) => typeof record[key] === "string" && record[key]);
  const present = ARGUMENT_KEYS.filter((key) => key in record);
  const known = new Set<string>(["id", "type", ...NAME_KEYS, ...ARGUMENT_KEYS]);
  if (names.length !== 1 || present.length > 1 || Object.keys(record).some((k) => !known.has(k))) {
    return undefined;
  }
  return { name: record[names[0]!] as string, arguments: present[0] ? record[present[0]] : {} };
}

/** `[f(a="x", b=2), g()]` or `f(a="x")`: keyword arguments only, nothing after the last call. */
function pythonic(text: string): TextCall[] | undefined {
  const reader = new LooseReader(text);
  try {
    const listed = reader.eat("[");
    const calls: TextCall[] = [];
    do {
      const name = reader.identifier();
      if (!name || !reader.eat("(")) return undefined;
      const args: Record<string, unknown> = {};
      while (!reader.eat(")")) {
        const key = reader.identifier();
        if (!key || !reader.eat("=")) return undefined;
        args[key] = reader.value();
        if (!reader.eat(",") && reader.peek() !== ")") return undefined;
      }
      calls.push({ name, arguments: args });
    } while (reader.eat(","));
    if (listed && !reader.eat("]")) return undefined;
    return reader.peek() === undefined ? calls : undefined;
  } catch {
    return undefined;
  }
}
