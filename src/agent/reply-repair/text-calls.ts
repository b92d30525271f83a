import { specialTokens } from "../../shared/special-tokens.js";
import {
  readCalls,
  readQuotedObject,
  readXmlArguments,
  type TextCall,
  type TextCallReading,
} from "./argument-syntax.js";
import { isAside } from "./aside.js";
import { findNamedCalls } from "./named-calls.js";
import { REASONING, TEXT_CALL_FAMILIES, type TextCallFamily } from "./text-call-families.js";

export type { TextCall } from "./argument-syntax.js";

/**
 * What a reply written as text holds:
 * - `calls`: it is essentially nothing but call markup, and every call was read;
 * - `unreadable`: it holds call markup, but not a call that can be read with certainty (truncated,
 *   quoted in prose, followed by a question): nothing may run, and the markup is never spoken;
 * - undefined: no call markup was recognised.
 */

/**
 * Reads the tool calls in a reply a model wrote as text: the family table first, then bare
 * JSON or pythonic calls, then any offered tool's name followed by arguments in a common syntax.
 * Special tokens and reasoning are set aside first; the rest must be the calls and at most a
 * short aside (aside.ts).
 */
export function readTextCalls(text: string, toolNames: readonly string[]): TextCallReading | undefined {
  const trimmed = text.replace(REASONING, " ").trim();
  if (!trimmed) return undefined;
  for (const family of TEXT_CALL_FAMILIES) {
    if (!trimmed.includes(family.marker)) continue;
    const reading = readFamily(trimmed, family);
    if (reading) return reading;
  }
  const plain = trimmed.replace(specialTokens(), " ").trim();
  const bare = readBare(plain);
  if (bare) return bare;
  return findNamedCalls(plain, toolNames);
}

function readFamily(text: string, family: TextCallFamily): TextCallReading | undefined {
  const matches = [...text.matchAll(family.call)].filter((m) => m[0].trim());
  if (!matches.length) return undefined;
  const calls: TextCall[] = [];
  let last = 0;
  for (const [i, match] of matches.entries()) {
    const between = leftover(text.slice(last, match.index), family);
    if (i === 0 ? !isAside(between) : between !== "") {
      return { kind: "unreadable", family: family.id, why: "the call markup is mixed with other text" };
    }
    const found = callsOf(match, family);
    if (!found && family.sharedMarkup) return undefined;
    if (!found)
      return { kind: "unreadable", family: family.id, why: "the call's arguments could not be read" };
    calls.push(...found);
    last = match.index + match[0].length;
  }
  if (!isAside(leftover(text.slice(last), family))) {
    return { kind: "unreadable", family: family.id, why: "text follows the call markup" };
  }
  return { kind: "calls", calls, family: family.id };
}

function callsOf(match: RegExpExecArray, family: TextCallFamily): TextCall[] | undefined {
  const args = match.groups?.args ?? "";
  const name = match.groups?.name?.trim();
  switch (family.args) {
    case "calls":
      return readCalls(args.replace(specialTokens(), " "));
    case "json":
      // Text that is not clean JSON is decoded (and its repairs named) with every other argument string.
      return name ? [{ name, arguments: cleanJson(args.trim() || "{}") }] : undefined;
    case "json-or-xml":
    case "xml": {
      if (family.args === "json-or-xml" && /^\s*\{/.test(args)) {
        return name ? [{ name, arguments: cleanJson(args.trim()) }] : undefined;
      }
      const parsed = readXmlArguments(args);
      return name && parsed ? [{ name, arguments: parsed }] : undefined;
    }
    case "quoted-object": {
      const parsed = readQuotedObject(args, family.quote ?? '"');
      return name && parsed ? [{ name, arguments: parsed }] : undefined;
    }
  }
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

/** Text outside the calls, without the family's framing and any special token. */
function leftover(text: string, family: TextCallFamily): string {
  let rest = family.frame ? text.replace(family.frame, " ") : text;
  // Wrapper tags of a variant we have no row for (`<seed:tool_call>`) frame the calls too.
  rest = rest.replace(specialTokens(), " ").replace(/<\/?[A-Za-z_][\w:.-]*>/g, " ");
  return rest.trim();
}

/** Bare JSON calls or pythonic calls: the whole text, or lines of their own after a lead-in. */
function readBare(text: string): TextCallReading | undefined {
  const lines = /^([^\n]*)\n([\s\S]+)$/.exec(text);
  const body = lines && isAside(lines[1]!) ? lines[2]!.trim() : text;
  if (body.startsWith("{") || /^\[\s*[{[]/.test(body)) {
    const calls = readCalls(body);
    if (calls) return { kind: "calls", calls, family: body.startsWith("[{") ? "json-list" : "bare-json" };
  }
  if (/^\[?\s*[A-Za-z_][\w.]*\(/.test(body)) {
    const calls = readCalls(body);
    if (calls) return { kind: "calls", calls, family: "pythonic" };
  }
  return undefined;
}
