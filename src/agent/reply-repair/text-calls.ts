import { specialTokens } from "../../shared/special-tokens.js";

import { readCalls, readQuotedObject, type TextCall, type TextCallReading } from "./argument-syntax.js";
import { decodeArguments } from "./argument-text.js";
import { isAside } from "./aside.js";
import { canonicalMarkup, plainMarkup } from "./markup-canon.js";
import { findNamedCalls, namePattern } from "./named-calls.js";
import type { OfferedTools } from "./offered-tools.js";
import { readTagArguments, type ReadOptions } from "./schema-arguments.js";
import { REASONING, TEXT_CALL_FAMILIES, type TextCallFamily } from "./text-call-families.js";

export type { TextCall } from "./argument-syntax.js";

/** For `replace()` only, which starts from the beginning and leaves `lastIndex` at 0: safe to share. */
const SPECIAL_TOKENS = specialTokens();
/** Reasoning is looked for only where one of its markers occurs: the pattern is long. */
const MAY_HOLD_REASONING = /think|THINK|analysis|to=self/;

/**
 * What a reply written as text holds:
 * - `calls`: it is essentially nothing but call markup, and every call was read (with `cut` when
 *   the text ends inside one more call after them);
 * - `unreadable`: it holds call markup, but not a call that can be read with certainty (truncated,
 *   quoted in prose, followed by a question): nothing may run, and the markup is never spoken;
 * - undefined: no call markup was recognised.
 */

/**
 * Reads the tool calls in a reply a model wrote as text. Fumbled markers are put right first
 * (markup-canon.ts), reasoning is set aside; then the family table, then bare JSON or pythonic
 * calls, then any offered tool's name followed by arguments the tool's schema reads. The rest
 * must be the calls and at most a short aside (aside.ts).
 */
export function readTextCalls(
  text: string,
  tools: OfferedTools,
  options: ReadOptions = {},
): TextCallReading | undefined {
  // Most replies are well formed: the fumble repairs are tried only when the text as written
  // yields no calls, so a clean reply does not pay for them.
  const asWritten = readMarkup(text, tools, options);
  if (namesOffered(asWritten, tools)) return asWritten;
  const canonical = canonicalMarkup(text);
  const fixed = canonical === text ? asWritten : (readMarkup(canonical, tools, options) ?? asWritten);
  if (namesOffered(fixed, tools)) return fixed;
  // A special token glued to an offered tool's name (`get_device_sensor_data<|message|>`, a
  // separator token between the name and its arguments): known only by the tools offered.
  const unglued = withoutGluedTokens(canonical, tools);
  const read = unglued === canonical ? undefined : readMarkup(unglued, tools, options);
  if (namesOffered(read, tools)) return read;
  // Calls that name a tool not offered are kept as read: the model hears which name is unknown.
  return [asWritten, fixed, read].find((r) => r?.kind === "calls") ?? fixed;
}

/**
 * Calls were read, each names an offered tool and its arguments decode (a damaged marker read as
 * a name, or two calls read as one, do not).
 */
function namesOffered(reading: TextCallReading | undefined, tools: OfferedTools): boolean {
  return (
    reading?.kind === "calls" &&
    reading.calls.every((call) => tools.resolve(call.name).ok && decodeArguments(call.arguments).ok)
  );
}

const gluedTokens = new WeakMap<readonly string[], RegExp>();

/**
 * The text without the special token that directly follows an offered tool's name, and with the
 * `<` restored to an argument tag glued to the name (`control_zwave_deviceifm|arg_key>`).
 */
function withoutGluedTokens(text: string, tools: OfferedTools): string {
  if (!tools.names.length || !/\|>|\uFF5C>|arg_key>/.test(text)) return text;
  let pattern = gluedTokens.get(tools.names);
  if (!pattern) {
    pattern = new RegExp(
      // The name without its word-end test: here the name is glued to what follows.
      `(${namePattern(tools.names).source.replace(/\(\?!\[\\w-\]\)$/, "")})(?:<\\|[^|<>\\s]{1,40}\\|>|<\\uFF5C[^\\uFF5C<>]{1,40}\\uFF5C>|(?=(?:[a-z]{1,8}[|:])?arg_key>))`,
      "g",
    );
    gluedTokens.set(tools.names, pattern);
  }
  return text.replace(pattern, (whole: string, name: string) => (whole === name ? `${name}<` : name));
}

function readMarkup(text: string, tools: OfferedTools, options: ReadOptions): TextCallReading | undefined {
  const trimmed = (MAY_HOLD_REASONING.test(text) ? text.replace(REASONING, " ") : text).trim();
  if (!trimmed) return undefined;
  for (const family of TEXT_CALL_FAMILIES) {
    if (!trimmed.includes(family.marker)) continue;
    const reading = readFamily(trimmed, family, tools, options);
    if (reading) return reading;
  }
  const plain = plainMarkup(trimmed).trim();
  const bare = readBare(plain, tools);
  if (bare) return bare;
  return findNamedCalls(plain, tools, options);
}

function readFamily(
  text: string,
  family: TextCallFamily,
  tools: OfferedTools,
  options: ReadOptions,
): TextCallReading | undefined {
  const matches = [...text.matchAll(family.call)].filter((m) => m[0].trim());
  if (!matches.length) return undefined;
  const calls: TextCall[] = [];
  let last = 0;
  let cut = false;
  for (const [i, match] of matches.entries()) {
    const between = leftover(text.slice(last, match.index), family);
    if (
      i === 0 ? !isAside(between) || unreadCall(text.slice(0, match.index), between, tools) : between !== ""
    ) {
      return { kind: "unreadable", family: family.id, why: "the call markup is mixed with other text" };
    }
    const found = callsOf(match, family, tools, options);
    if (!found && family.sharedMarkup) return undefined;
    if (!found || found.kind === "cut") {
      return { kind: "unreadable", family: family.id, why: "the call's arguments could not be read" };
    }
    calls.push(...found.calls);
    cut ||= found.cut === true;
    last = match.index + match[0].length;
  }
  const tail = text.slice(last);
  const rest = leftover(tail, family);
  if (!isAside(rest) || unreadCall(tail, rest, tools)) {
    if (!cut && startsCutCall(tail, matches.at(-1)!, options)) cut = true;
    else return { kind: "unreadable", family: family.id, why: "text follows the call markup" };
  }
  return { kind: "calls", calls, family: family.id, ...(cut ? { cut: true as const } : {}) };
}

type BlockReading = { kind: "calls"; calls: TextCall[]; cut?: boolean } | { kind: "cut" };

function callsOf(
  match: RegExpExecArray,
  family: TextCallFamily,
  tools: OfferedTools,
  options: ReadOptions,
): BlockReading | undefined {
  const args = match.groups?.args ?? "";
  const name = match.groups?.name?.trim();
  const read = ((): BlockReading | undefined => {
    if (!name && family.args !== "calls" && family.args !== "quoted-object") {
      // A row whose calls may also come as whole JSON calls (K2 Horizon's JSON format).
      const list = readCalls(args.replace(SPECIAL_TOKENS, " "));
      if (list) return { kind: "calls", calls: list.calls, cut: list.cut === true };
    }
    switch (family.args) {
      case "calls": {
        const list = readCalls(args.replace(SPECIAL_TOKENS, " "));
        return list && { kind: "calls", calls: list.calls, cut: list.cut === true };
      }
      case "json":
        // Text that is not clean JSON is decoded (and its repairs named) with every other argument string.
        return name
          ? { kind: "calls", calls: [{ name, arguments: cleanJson(args.trim() || "{}") }] }
          : undefined;
      case "json-or-xml":
      case "xml": {
        if (family.args === "json-or-xml" && /^\s*\{/.test(args)) {
          return name ? { kind: "calls", calls: [{ name, arguments: cleanJson(args.trim()) }] } : undefined;
        }
        const parsed = name ? readTagArguments(args, tools.schemaOf(name)) : undefined;
        if (parsed?.kind === "cut") return parsed;
        return name && parsed ? { kind: "calls", calls: [{ name, arguments: parsed.args }] } : undefined;
      }
      case "quoted-object": {
        const parsed = readQuotedObject(args, family.quote ?? '"');
        return name && parsed ? { kind: "calls", calls: [{ name, arguments: parsed }] } : undefined;
      }
    }
  })();
  if (read) return read;
  // The family's markup around arguments in another syntax (Laguna's `<tool_call>NAME{…}`, child
  // tags inside an invoke): the block is still a call; its name and arguments are read by the schema.
  const generic = findNamedCalls(plainMarkup(match[0]).trim(), tools, options);
  return generic?.kind === "calls"
    ? { kind: "calls", calls: generic.calls, cut: generic.cut === true }
    : undefined;
}

/**
 * After complete calls, text that opens one more call the way the last one opened and ends before
 * that call could close: the reply was cut at its length limit. The complete calls run; the cut
 * one does not. Text that closes (`>`, `]`, `}`) is a malformed call, not a cut, unless the
 * provider said the reply stopped at its limit.
 */
function startsCutCall(tail: string, last: RegExpExecArray, options: ReadOptions): boolean {
  const rest = tail.trimStart();
  if (!rest) return false;
  const bodyAt = Math.min(
    ...[last.groups?.name, last.groups?.args]
      .filter((g): g is string => !!g)
      .map((g) => last[0].indexOf(g))
      .filter((at) => at > 0),
  );
  const opener = last[0].slice(0, Number.isFinite(bodyAt) ? bodyAt : 8).trimStart();
  const opens = opener.length > 0 && (rest.startsWith(opener) || opener.startsWith(rest));
  return opens && (options.cutAtEnd === true || !/[>\]}]\s*$/.test(rest));
}

/** The object when the text is clean JSON; else the text, for the argument decoder to repair. */
function cleanJson(text: string): unknown {
  if (!text.startsWith("{") || !text.endsWith("}")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Markup beside the calls that names an offered tool: a call the family's pattern did not read
 * (damaged markers), not a lead-in. Read the rest, and it would run without it.
 */
function unreadCall(raw: string, words: string, tools: OfferedTools): boolean {
  if (raw.length === words.length || !tools.names.length) return false;
  const names = namePattern(tools.names);
  names.lastIndex = 0;
  return names.test(words) && /[<>|\uFF5C{]/.test(raw);
}

/** Text outside the calls, without the family's framing and any special token. */
function leftover(text: string, family: TextCallFamily): string {
  let rest = family.frame ? text.replace(family.frame, " ") : text;
  // Wrapper tags of a variant we have no row for (`<seed:tool_call>`) frame the calls too.
  rest = rest.replace(SPECIAL_TOKENS, " ").replace(/<\/?[A-Za-z_][\w:.|-]*>/g, " ");
  return rest.trim();
}

/**
 * Bare JSON calls or pythonic calls: the whole text, or lines of their own after a lead-in. A
 * lead-in that is a tool's name is a header (Inkling's `NAME<|content_invoke_tool_json|>{…}`): the
 * calls must name the same tool, or which one was meant is a guess.
 */
function readBare(text: string, tools: OfferedTools): TextCallReading | undefined {
  const lines = /^([^\n]*)\n([\s\S]+)$/.exec(text);
  const lead = lines && isAside(lines[1]!) ? lines[1]!.trim() : undefined;
  const header = lead && /^[\w.:-]+$/.test(lead) ? tools.resolve(lead) : undefined;
  const body = (lead !== undefined ? lines![2]! : text).trim().replace(/^[;,]\s*/, "");
  const reading = readBareBody(body);
  if (reading?.kind === "calls" && header?.ok) {
    const other = reading.calls.find((call) => {
      const named = tools.resolve(call.name);
      return !named.ok || named.name !== header.name;
    });
    if (other)
      return { kind: "unreadable", family: reading.family, why: "the call names two different tools" };
  }
  return reading;
}

function readBareBody(body: string): TextCallReading | undefined {
  if (body.startsWith("{") || /^\[\s*[{[]/.test(body)) {
    const list = readCalls(body);
    if (list) {
      const family = body.startsWith("[{") ? "json-list" : "bare-json";
      return { kind: "calls", calls: list.calls, family, ...(list.cut ? { cut: true as const } : {}) };
    }
  }
  if (/^\[?\s*[A-Za-z_][\w.]*\(/.test(body)) {
    const list = readCalls(body);
    if (list)
      return {
        kind: "calls",
        calls: list.calls,
        family: "pythonic",
        ...(list.cut ? { cut: true as const } : {}),
      };
  }
  return undefined;
}
