import { isObject } from "../../shared/is-object.js";
import { AIMessage } from "@langchain/core/messages";
import { callsIn } from "./argument-syntax.js";
import { decodeArguments } from "./argument-text.js";
import { hasCallMarkup, speechOf } from "./markup.js";
import type { OfferedTools } from "./offered-tools.js";
import { readTextCalls } from "./text-calls.js";

/** A tool call exactly as the model sent it: `arguments` is the raw string when the provider sent one. */
export interface SentCall {
  name: string;
  arguments: unknown;
}

/** A call that will run: the offered tool's name, arguments as an object, and what was repaired. */
export interface PlannedCall {
  id: string;
  sent: SentCall;
  name: string;
  args: Record<string, unknown>;
  repairs: string[];
  /** The model family whose text markup the call was read from, when it was written as text. */
  family?: string;
}

/** A call that cannot be read with certainty: it does not run, the model hears `error`. */
export interface RefusedCall {
  id: string;
  sent: SentCall;
  error: string;
  repairs: string[];
}

export interface RepairedReply {
  calls: Array<PlannedCall | RefusedCall>;
  /** The reply's words, when it has no calls. */
  speech: string;
  /**
   * Set when the reply holds call markup that cannot run with certainty: why. Nothing runs and
   * the markup is never spoken.
   */
  unusable?: string;
  /** The reply as the transcript keeps it: the repaired calls in place of what was sent. */
  message: AIMessage;
}

interface Candidate {
  id: string;
  sent: SentCall;
  /** Arguments the client already parsed into an object, if it did. */
  parsed: unknown;
  repairs: string[];
  family?: string;
}

let textCallCount = 0;

/**
 * The boundary between the chat model and the tool loop, the same for every provider: recovers
 * calls written as text, decodes argument strings that are not clean JSON, and maps name forms to
 * the offered tools. Keys and values are left to the registry, so /mcp callers get them too.
 */
export function repairReply(reply: AIMessage, tools: OfferedTools): RepairedReply {
  const text = textOf(reply);
  const rawArguments = openAiArguments(reply);
  const candidates: Candidate[] = [
    ...(reply.tool_calls ?? []).map((call, i) => {
      const id = call.id || `call_${i}`;
      return {
        id,
        sent: { name: call.name, arguments: rawArguments.get(id) ?? call.args },
        // A string here was decoded once already (twice-encoded JSON): decode what was sent.
        parsed: isObject(call.args) ? call.args : (rawArguments.get(id) ?? call.args),
        repairs: [],
      };
    }),
    ...(reply.invalid_tool_calls ?? []).map((call, i) => ({
      id: call.id || `call_invalid_${i}`,
      sent: { name: call.name ?? "", arguments: call.args },
      parsed: call.args,
      repairs: [],
    })),
  ];
  if (!candidates.length) {
    const reading = readTextCalls(text, tools.names);
    if (!reading) {
      const speech = speechOf(text);
      if (!hasCallMarkup(speech, tools.names)) return { calls: [], speech, message: reply };
      return { calls: [], speech: "", message: reply, unusable: "it could not be read as a call" };
    }
    if (reading.kind === "unreadable")
      return { calls: [], speech: "", message: reply, unusable: reading.why };
    for (const call of reading.calls) {
      candidates.push({
        id: `call_text_${++textCallCount}`,
        sent: call,
        parsed: call.arguments,
        repairs: [`call: read from ${reading.family} text`],
        family: reading.family,
      });
    }
  }

  const calls = candidates.flatMap((candidate) => bundled(candidate, tools)).map((c) => planCall(c, tools));
  const written = candidates.some((c) => c.family);
  const refused = calls.filter((c): c is RefusedCall => !("name" in c));
  if (written && refused.length) {
    // A call written as text runs only when every call of the reply can: otherwise it is a guess.
    return { calls: [], speech: "", message: reply, unusable: refused.map((c) => c.error).join(" ") };
  }

  const untouched =
    !reply.invalid_tool_calls?.length &&
    calls.every((c) => "name" in c && !c.repairs.length && c.name === c.sent.name);
  const message = untouched
    ? reply
    : new AIMessage({
        content: reply.tool_calls?.length || reply.invalid_tool_calls?.length ? text : "",
        tool_calls: calls.map((c) => ({
          id: c.id,
          name: "name" in c ? c.name : providerSafe(c.sent.name),
          args: "args" in c ? c.args : {},
          type: "tool_call" as const,
        })),
      });
  return { calls, speech: "", message };
}

/**
 * A structured call to a tool that was not offered whose arguments are a list of calls (GPT-4o's
 * `multi_tool_use.parallel` with `tool_uses: [{recipient_name, parameters}]`): those calls.
 */
function bundled(candidate: Candidate, tools: OfferedTools): Candidate[] {
  if (candidate.family || tools.resolve(candidate.sent.name).ok) return [candidate];
  const args = decodeArguments(candidate.parsed);
  if (!args.ok) return [candidate];
  const lists = Object.values(args.args).filter(Array.isArray);
  const inner = lists.length === 1 && Object.keys(args.args).length === 1 ? callsIn(lists[0]) : undefined;
  if (!inner) return [candidate];
  return inner.map((call, i) => ({
    id: `${candidate.id}_${i}`,
    sent: call,
    parsed: call.arguments,
    repairs: [`call: unbundled from ${candidate.sent.name}`],
  }));
}

function planCall(candidate: Candidate, tools: OfferedTools): PlannedCall | RefusedCall {
  const { id, sent } = candidate;
  const family = candidate.family ? { family: candidate.family } : {};
  const name = tools.resolve(sent.name);
  if (!name.ok) return { id, sent, error: name.error, repairs: candidate.repairs };
  const args = decodeArguments(candidate.parsed);
  if (!args.ok) {
    return {
      id,
      sent,
      error: `Your call to ${name.name} could not be read: ${args.error}. Send the arguments again as one JSON object.`,
      repairs: [...candidate.repairs, ...name.repairs],
    };
  }
  return {
    id,
    sent,
    name: name.name,
    args: args.args,
    repairs: [...candidate.repairs, ...name.repairs, ...args.repairs],
    ...family,
  };
}

/** OpenAI-compatible clients keep the raw `function.arguments` string, byte for byte. */
function openAiArguments(reply: AIMessage): Map<string, string> {
  const raw = reply.additional_kwargs?.tool_calls;
  const out = new Map<string, string>();
  if (!Array.isArray(raw)) return out;
  for (const call of raw) {
    if (typeof call?.id === "string" && typeof call.function?.arguments === "string") {
      out.set(call.id, call.function.arguments);
    }
  }
  return out;
}

/** A refused call stays in the transcript under a name every provider accepts. */
function providerSafe(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "unknown_tool";
}

export function textOf(message: AIMessage): string {
  if (typeof message.content === "string") return message.content.trim();
  return message.content
    .map((block) => (typeof block === "string" ? block : block.type === "text" ? String(block.text) : ""))
    .join("")
    .trim();
}
