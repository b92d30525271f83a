import { isObject } from "../../shared/is-object.js";
import { AIMessage } from "@langchain/core/messages";
import { callsIn, type TextCallReading } from "./argument-syntax.js";
import { decodeArguments, type DecodedArguments } from "./argument-text.js";
import { settleCalls } from "./call-set.js";
import type { PlannedCall, RefusedCall, SentCall } from "./planned-call.js";
import { callsInProse } from "./calls-in-prose.js";
import { withoutCdata } from "./cdata.js";
import { gluedCalls } from "./glued-calls.js";
import { hasCallMarkup, speechOf } from "./markup.js";
import type { NameResolution, OfferedTools } from "./offered-tools.js";
import { quotedCallProse } from "./quoted-call.js";
import { readReasoningCalls, reasoningOf } from "./reasoning-call.js";
import { stoppedAtLimit } from "./reply-cut.js";
import { readArgumentText, type ReadOptions } from "./schema-arguments.js";
import { joinSplitCalls } from "./split-calls.js";
import { readTextCalls } from "./text-calls.js";

export type { PlannedCall, RefusedCall, SentCall } from "./planned-call.js";

export interface RepairedReply {
  calls: Array<PlannedCall | RefusedCall>;
  /** The reply's words, when it has no calls. */
  speech: string;
  /**
   * Set when the reply holds call markup that cannot run with certainty: why. Nothing runs and
   * the markup is never spoken.
   */
  unusable?: string;
  /**
   * With `unusable`: the markup was shown as an example, not sent as a call, so the model is not
   * asked to send it again (that would run a call nobody asked for).
   */
  quoted?: true;
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

/** The name a cut-off call keeps in the transcript, so the model's next turn sees what did not run. */
const CUT_CALL = "cut_off_call";
const CUT_ERROR =
  "Your reply was cut off inside this tool call (it reached its length limit), so it was not run. The calls before it were. Send this call again.";

let textCallCount = 0;

/**
 * The boundary between the chat model and the tool loop, the same for every provider: recovers
 * calls written as text (in the content, or only in the reasoning), decodes argument strings that
 * are not clean JSON, reads arguments written in another syntax by the tool's schema, splits glued
 * calls, and maps name forms to the offered tools. Keys and values are left to the registry, so
 * /mcp callers get them too.
 */
export function repairReply(reply: AIMessage, tools: OfferedTools): RepairedReply {
  const text = textOf(reply);
  const options: ReadOptions = { cutAtEnd: stoppedAtLimit(reply) };
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
  let cut = false;
  if (text) {
    for (const candidate of candidates) argumentsFromText(candidate, candidates, text, tools, options);
  }
  if (!candidates.length) {
    let reading = readTextCalls(text, tools, options);
    let from = "text";
    if (!reading) {
      const speech = speechOf(text);
      const reasoning = speech ? "" : reasoningOf(reply, text);
      reading = reasoning ? readReasoningCalls(reasoning, tools, options) : undefined;
      from = "reasoning";
      if (!reading) {
        if (!hasCallMarkup(speech, tools.names)) return { calls: [], speech, message: reply };
        return unreadable(reply, text, "it could not be read as a call", tools);
      }
    }
    if (reading.kind === "unreadable") return unreadable(reply, text, reading.why, tools);
    cut = reading.cut === true;
    if (cut && !options.cutAtEnd && /\?\s*$/.test(text)) {
      // A reply that ends in a question was not cut off: its unfinished call is malformed, and
      // the calls before it are part of a question to the user, not an act.
      return {
        calls: [],
        speech: "",
        message: reply,
        unusable: "a call is left unfinished before a question",
      };
    }
    for (const { joined, ...call } of joinSplitCalls(reading.calls, tools)) {
      candidates.push({
        id: `call_text_${++textCallCount}`,
        sent: call,
        parsed: call.arguments,
        repairs: [
          `call: read from ${reading.family} ${from}`,
          ...(joined ? ["call: joined arguments written over two blocks"] : []),
        ],
        family: reading.family,
      });
    }
  }

  const expanded = candidates.flatMap((candidate) => expand(candidate, tools));
  // Several calls written as text run all or none: each is validated as the registry will before any
  // runs. One alone is validated by the registry when it runs, which refuses it just the same.
  const together = expanded.filter((c) => c.family).length > 1;
  const calls = settleCalls(expanded.map((c) => planCall(c, tools, together)));
  const written = candidates.some((c) => c.family);
  const refused = calls.filter((c): c is RefusedCall => !("name" in c));
  if (written && refused.length) {
    // A call written as text runs only when every call of the reply can: otherwise it is a guess.
    const errors = new Set(refused.map((c) => c.error));
    return { calls: [], speech: "", message: reply, unusable: [...errors].join(" ") };
  }
  if (cut) {
    // The complete calls before the cut one run; the cut one is reported, never run.
    calls.push({
      id: `call_text_${++textCallCount}`,
      sent: { name: CUT_CALL, arguments: "" },
      error: CUT_ERROR,
      repairs: ["call: cut off at the reply's length limit"],
    });
  }

  const untouched =
    !cut &&
    calls.length === expanded.length &&
    !reply.invalid_tool_calls?.length &&
    calls.length === candidates.length &&
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
 * A reply whose markup cannot run with certainty: the model is asked to send it again, unless the
 * markup was shown as an example in prose, whose words are then what the user hears.
 */
function unreadable(reply: AIMessage, text: string, why: string, tools: OfferedTools): RepairedReply {
  const prose = quotedCallProse(text, tools.names);
  if (prose) return { calls: [], speech: prose, message: reply };
  return {
    calls: [],
    speech: "",
    message: reply,
    unusable: why,
    ...(prose === "" ? { quoted: true as const } : {}),
  };
}

/**
 * A structured call sent without all its required arguments (often none: the server's parser took
 * the name and left the arguments behind) while the reply's text holds the same tool's call in
 * full: the text's arguments complete it, when the text holds one whole call of that tool, that
 * agrees with what was sent, and no other structured call names the tool. A text call that is
 * itself incomplete completes nothing.
 */
function argumentsFromText(
  candidate: Candidate,
  all: readonly Candidate[],
  text: string,
  tools: OfferedTools,
  options: ReadOptions,
): void {
  const decoded = decodeArguments(candidate.parsed);
  if (!decoded.ok) return;
  const tool = tools.resolve(candidate.sent.name);
  if (!tool.ok || !tools.incomplete(tool.name, decoded.args)) return;
  const sameTool = (name: string) => {
    const found = tools.resolve(name);
    return found.ok && found.name === tool.name;
  };
  if (all.some((other) => other !== candidate && sameTool(other.sent.name))) return;
  const reading: TextCallReading | undefined = readTextCalls(text, tools, options);
  let found: Array<Record<string, unknown>> = [];
  if (reading?.kind === "calls" && !reading.cut) {
    found = reading.calls.flatMap((call) => {
      const inner = decodeArguments(call.arguments);
      return sameTool(call.name) && inner.ok ? [inner.args] : [];
    });
  } else if (!reading && !Object.keys(decoded.args).length) {
    const read = readArgumentText(text, tools.schemaOf(tool.name));
    if (read) found = [read.args];
  }
  if (!found.length) {
    found = callsInProse(text, tools).flatMap((call) => {
      const inner = decodeArguments(call.arguments);
      return sameTool(call.name) && inner.ok ? [inner.args] : [];
    });
  }
  const whole = [
    ...new Map(
      found.filter((args) => !tools.incomplete(tool.name, args)).map((args) => [JSON.stringify(args), args]),
    ).values(),
  ];
  if (whole.length !== 1) return;
  const args = merge(decoded.args, whole[0]!);
  if (!args || tools.incomplete(tool.name, args)) return;
  candidate.parsed = args;
  candidate.repairs.push("arguments: read from the reply's text (the call came without them)");
}

/**
 * One sent call as the calls it stands for: GPT-4o's `multi_tool_use.parallel` bundle (a tool
 * that was not offered, whose arguments list `{recipient_name, parameters}` calls), or objects
 * glued into one arguments string that are each a whole call of the tool (glued-calls.ts).
 */
function expand(candidate: Candidate, tools: OfferedTools): Candidate[] {
  // A name with markup in it is read with its arguments when it is planned (argumentsInName).
  if (/[<{(]/.test(candidate.sent.name)) return [candidate];
  const name = tools.resolve(candidate.sent.name);
  if (name.ok) {
    const split = gluedCalls(candidate.parsed, name.name, tools);
    if (!split) return [candidate];
    return split.map((args, i) => ({
      ...candidate,
      id: `${candidate.id}_${i}`,
      parsed: args,
      repairs: [
        ...candidate.repairs,
        `call: ${i + 1} of ${split.length} calls glued into one arguments string`,
      ],
    }));
  }
  if (candidate.family) return [candidate];
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

function planCall(candidate: Candidate, tools: OfferedTools, validate: boolean): PlannedCall | RefusedCall {
  const { id, sent } = candidate;
  const family = candidate.family ? { family: candidate.family } : {};
  const repairs = [...candidate.repairs];
  let parsed = candidate.parsed;
  // Markup in the name is tried first: a name that holds its arguments never resolves as it is,
  // and a failed lookup of a long name costs more than reading it.
  const noisy = /[<{(]/.test(sent.name) ? argumentsInName(sent.name, tools) : undefined;
  const given = noisy && decodeArguments(parsed);
  const merged = noisy && given?.ok ? merge(given.args, noisy.args) : undefined;
  let name: NameResolution;
  if (noisy && merged) {
    name = noisy.resolution;
    parsed = merged;
    repairs.push(`name: read ${noisy.tool} and its arguments (${noisy.syntax}) from the name`);
  } else name = tools.resolve(sent.name);
  if (!name.ok) return { id, sent, error: name.error, repairs };
  repairs.push(...name.repairs);
  let args: DecodedArguments = decodeArguments(parsed);
  if (!args.ok && typeof parsed === "string") {
    const read = readArgumentText(parsed, tools.schemaOf(name.name));
    if (read)
      args = { ok: true, args: read.args, repairs: [`arguments: read ${read.syntax} by the tool's schema`] };
  }
  if (!args.ok) {
    return {
      id,
      sent,
      error: `Your call to ${name.name} could not be read: ${args.error}. Send the arguments again as one JSON object.`,
      repairs,
    };
  }
  const unwrapped = withoutCdata(args.args);
  if (unwrapped) {
    args = {
      ...args,
      args: unwrapped,
      repairs: [...args.repairs, "arguments: unwrapped <![CDATA[…]]> values"],
    };
  }
  if (candidate.family) {
    // A call read from text must be whole: every required parameter there, every key one the tool takes.
    const problem = tools.incomplete(name.name, args.args, validate);
    if (problem)
      return { id, sent, error: `Your call to ${name.name} could not be run: ${problem}.`, repairs };
  }
  return { id, sent, name: name.name, args: args.args, repairs: [...repairs, ...args.repairs], ...family };
}

/**
 * A structured call whose name holds its arguments too (`control_zwave_device<arg_key>…`, a
 * server's parser that took everything as the name): the name before the markup, and the markup
 * read as that tool's arguments.
 */
function argumentsInName(
  sent: string,
  tools: OfferedTools,
):
  | {
      tool: string;
      resolution: ReturnType<OfferedTools["resolve"]>;
      args: Record<string, unknown>;
      syntax: string;
    }
  | undefined {
  const at = sent.search(/[<{(]/);
  if (at < 3) return undefined;
  const head = sent.slice(0, at).trim();
  const resolution = tools.resolve(head);
  if (!resolution.ok) return undefined;
  const read = readArgumentText(sent.slice(at), tools.schemaOf(resolution.name));
  return read && { tool: resolution.name, resolution, args: read.args, syntax: read.syntax };
}

/** Arguments sent and arguments found elsewhere, as one object; undefined when they disagree. */
function merge(
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): Record<string, unknown> | undefined {
  for (const key of Object.keys(second)) {
    if (Object.hasOwn(first, key) && JSON.stringify(first[key]) !== JSON.stringify(second[key]))
      return undefined;
  }
  return { ...second, ...first };
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
