import { AIMessage, HumanMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import { FIND_TOOLS, type FoundTool } from "../tools/local/find-tools.js";
import { repairReply, type RefusedCall } from "./reply-repair/repair-reply.js";
import { correctionMessage, unusableReplySpeech } from "./reply-repair/unusable-reply.js";
import { classifyFailure } from "./provider-failure.js";
import { toolResultMessages, type ToolReply } from "./tool-result-message.js";
import type { Offer, ToolBoundModel, TurnTools } from "./tool-choice/turn-tools.js";

export type { ToolBoundModel } from "./tool-choice/turn-tools.js";

export interface LlmTurnOptions {
  /** The tools this turn offers (src/agent/tool-choice/); undefined when the model cannot call tools. */
  tools: TurnTools | undefined;
  registry: ToolRegistry;
  /**
   * The messages one request sends, fitted to the model's context (src/agent/context-budget/);
   * without it, all of them.
   */
  fit?: (messages: BaseMessage[], offer: Offer) => Promise<BaseMessage[]> | BaseMessage[];
  /** Tools a `find_tools` call found, offered from the next request on. */
  onFound?: (names: string[]) => void;
  messages: BaseMessage[];
  signal: AbortSignal;
  toolTimeoutMs: number;
  maxRounds: number;
  deviceId?: string;
  /** The provider's name: how a failed tool result is marked depends on it. */
  provider?: string;
  /** The request's language, for the one sentence this loop speaks itself. */
  language?: string;
  /**
   * A call the action policy held (it did not run): the caller keeps it for the user's yes, and
   * says what the model is told. Without it, the model reads the registry's own words. A round
   * with a held call ends the turn: the caller asks the user in its own words (`held` in the
   * outcome), never the model.
   */
  onHeld?: (result: ToolResult) => string;
  /** Sends each request to the model and records how it went (provider-health.ts). */
  watch?: <T>(request: () => Promise<T>) => Promise<T>;
  /** Sees every reply of the model (request count, token usage). */
  onReply?: (reply: AIMessage) => void;
  /** Speech that ends the turn after a round of tool calls (see confirmed-round.ts), if any. */
  finishRound?: (round: ToolResult[], calls: number) => string | undefined;
}

export interface LlmTurnOutcome {
  speech: string;
  results: ToolResult[];
  /** Set when the model could not be reached or answered nonsense: why, for the log and the status page. */
  providerError?: string;
  /** The same, typed: what the user is told. */
  providerErrorCode?: ProviderErrorCode;
  roundsExhausted?: boolean;
  /** The model's reply held call markup that could not run, even after one correction. */
  unusableReply?: boolean;
  /** The context the server named when it refused a request as too long. */
  serverContext?: number;
  /** Calls of this turn the action policy held (also in `results`): the turn ends on them. */
  held?: ToolResult[];
}

/**
 * The tool loop: the model calls tools, every call goes through the registry, results (and
 * the registry's self-correcting errors) go back, until the model answers in words.
 */
export async function runLlmTurn(options: LlmTurnOptions): Promise<LlmTurnOutcome> {
  const { registry, signal } = options;
  const messages = [...options.messages];
  const results: ToolResult[] = [];
  const turnTools = options.tools;
  if (!turnTools)
    return { speech: "", results, ...providerFailure("no_tools", "this model cannot call tools") };
  let corrected = false;

  for (let round = 0; round < options.maxRounds; round++) {
    let reply: AIMessage;
    const offer = turnTools.current();
    try {
      const sent = options.fit ? await options.fit(messages, offer) : messages;
      const ask = () => askModel(offer.model, sent, signal, options.provider);
      reply = await (options.watch ? options.watch(ask) : ask());
    } catch (err) {
      if (signal.aborted) throw err;
      const failure = describeProviderError(err);
      const serverContext =
        failure.providerErrorCode === "context_exceeded" ? contextNamedIn(err) : undefined;
      return { speech: "", results, ...failure, ...(serverContext ? { serverContext } : {}) };
    }
    options.onReply?.(reply);
    // Calls are read against every registered tool, not only those offered: a model that names a
    // tool it saw in an earlier turn, or guessed right, gets it run when the repair reads the call
    // with certainty, exactly as an offered one; the registry checks its arguments and the action
    // policy judges it like any other call. It is offered from the next request on.
    const repaired = repairReply(reply, offer.callable);
    turnTools.add(repaired.calls.flatMap((call) => ("name" in call ? [call.name] : [])));
    messages.push(repaired.message);
    if (repaired.unusable !== undefined) {
      // Markup is never spoken: one correction, the same for every provider, then a plain apology.
      // Markup quoted as an example is no call to correct: asking again would make it one.
      if (corrected || repaired.quoted)
        return { speech: unusableReplySpeech(options.language), results, unusableReply: true };
      corrected = true;
      messages.push(new HumanMessage(correctionMessage(repaired.unusable)));
      continue;
    }
    if (!repaired.calls.length) {
      // Nothing to say and nothing done: never let the turn end in "Done.".
      if (!repaired.speech && !results.length) {
        return {
          speech: "",
          results,
          ...providerFailure("empty_reply", "the language model sent an empty reply"),
        };
      }
      return { speech: repaired.speech, results };
    }
    const roundStart = results.length;

    const replies: ToolReply[] = [];
    for (const call of repaired.calls) {
      if (!("name" in call)) {
        const refused = refusedResult(call);
        results.push(refused);
        replies.push({ callId: call.id, name: call.sent.name, content: refused.content, ok: false });
        continue;
      }
      const result = await registry.execute(call.name, call.args, {
        timeoutMs: options.toolTimeoutMs,
        signal,
        sent: call.sent,
        repairs: call.repairs,
        ...(options.deviceId ? { deviceId: options.deviceId } : {}),
      });
      if (result.held) {
        // Not a failure: the call waits for the user's yes, and the turn's record shows it.
        const content = options.onHeld?.(result) ?? result.content;
        results.push(result);
        replies.push({ callId: call.id, name: call.name, content, ok: true });
        continue;
      }
      if (result.name === FIND_TOOLS && result.ok) {
        const found = foundTools(result);
        turnTools.add(found);
        options.onFound?.(found);
      }
      results.push(call.family ? { ...result, textFamily: call.family } : result);
      replies.push({
        callId: call.id,
        name: call.name,
        content: result.content || (result.ok ? "done" : "failed"),
        ok: result.ok,
      });
    }
    messages.push(...toolResultMessages(options.provider, replies));
    // What waits for a yes is asked by the caller, in its words: the model is not asked to word it.
    const held = results.filter((r) => r.held);
    if (held.length) return { speech: "", results, held };
    const finished = options.finishRound?.(results.slice(roundStart), repaired.calls.length);
    if (finished) return { speech: finished, results };
  }
  return { speech: "", results, roundsExhausted: true };
}

/**
 * One model reply. ChatOllama streams even for invoke(), but its invoke() drops the tool calls
 * whose arguments are not an object (null, a string); its stream keeps them as invalid calls, so
 * for Ollama the same request is read as a stream and the reply repair sees what was sent.
 */
export async function askModel(
  bound: ToolBoundModel,
  messages: BaseMessage[],
  signal: AbortSignal,
  provider: string | undefined,
): Promise<AIMessage> {
  if (provider !== "ollama") return (await bound.invoke(messages, { signal })) as AIMessage;
  let joined: AIMessageChunk | undefined;
  for await (const chunk of await bound.stream(messages, { signal })) {
    joined = joined ? joined.concat(chunk as AIMessageChunk) : (chunk as AIMessageChunk);
  }
  return new AIMessage({
    content: joined?.content ?? "",
    tool_calls: joined?.tool_calls ?? [],
    // ChatOllama JSON-encodes whatever `arguments` held; a string comes back as the server sent it.
    invalid_tool_calls: (joined?.invalid_tool_calls ?? []).map((call) => ({
      ...call,
      args: asSent(call.args),
    })),
    response_metadata: joined?.response_metadata ?? {},
    // Ollama's `thinking` (ChatOllama's reasoning_content): a call may be left only there.
    additional_kwargs: joined?.additional_kwargs ?? {},
    ...(joined?.usage_metadata ? { usage_metadata: joined.usage_metadata } : {}),
  });
}

function asSent(args: string | undefined): string | undefined {
  try {
    const inner: unknown = JSON.parse(args ?? "");
    return typeof inner === "string" ? inner : args;
  } catch {
    return args;
  }
}

/** A call the reply repair could not read with certainty: reported, never run. */
function refusedResult(call: RefusedCall): ToolResult {
  return {
    ok: false,
    content: call.error,
    error: call.error,
    name: call.sent.name,
    tool: call.sent.name,
    server: "",
    toolbox: "",
    arguments: {},
    normalizedArguments: {},
    sent: call.sent,
    repairs: call.repairs,
    ms: 0,
  };
}

/** The names `find_tools` returned, from its typed result (src/tools/local/find-tools.ts). */
function foundTools(result: ToolResult): string[] {
  const tools = result.structuredContent?.tools;
  return Array.isArray(tools)
    ? (tools as FoundTool[]).map((t) => t.name).filter((n) => typeof n === "string")
    : [];
}

/** Why a request to the model failed, as the agent tells the user (src/agent/agent.ts). */
export type ProviderErrorCode =
  | "key_refused"
  | "rate_limited"
  | "service_failed"
  | "request_refused"
  | "timeout"
  | "unreachable"
  | "unreadable"
  | "empty_reply"
  | "no_tools"
  | "context_exceeded"
  | "failed";

function providerFailure(
  code: ProviderErrorCode,
  text: string,
): { providerError: string; providerErrorCode: ProviderErrorCode } {
  return { providerError: text, providerErrorCode: code };
}

/**
 * How servers say a prompt is over the model's context: llama.cpp's `exceed_context_size_error`
 * ("request (N tokens) exceeds the available context size (M tokens)", server-context.cpp of
 * ggml-org/llama.cpp); vLLM's "the model's context length is only N tokens"
 * (vllm/renderers/params.py) and its older "maximum context length is N tokens"; LM Studio's
 * "loaded with context length of only N tokens"; OpenAI's `context_length_exceeded`.
 */
const CONTEXT_EXCEEDED =
  /exceed_context_size_error|exceeds (?:the available )?context size|maximum context length|context length (?:is |of )only|context_length_exceeded|context (?:length|window) (?:is )?exceeded/i;

/** The context a refusal names: llama.cpp's typed `n_ctx`, else the number its words give. */
function contextNamedIn(err: unknown): number | undefined {
  const e = err as { error?: { n_ctx?: unknown; error?: { n_ctx?: unknown } }; message?: string };
  const typed = e.error?.n_ctx ?? e.error?.error?.n_ctx;
  if (typeof typed === "number" && typed > 0) return typed;
  const said = /context (?:size|length)(?: is| of)?(?: only)? \(?(\d+) tokens/i.exec(e.message ?? "");
  return said ? Number(said[1]) : undefined;
}

/** Whether a refusal says the request is over the model's context, in its type or its words. */
function saysContextExceeded(err: { message?: string; type?: unknown; error?: unknown }): boolean {
  const type = err.type ?? (err.error as { type?: unknown } | undefined)?.type;
  return type === "exceed_context_size_error" || CONTEXT_EXCEEDED.test(err.message ?? "");
}

/** Short and free of secrets: providers sometimes echo parts of the key in their errors. */
function describeProviderError(err: unknown): ReturnType<typeof providerFailure> {
  const e = err as { status?: number; name?: string; message?: string; code?: string; type?: unknown };
  if (typeof e.status === "number") {
    if (e.status === 400 && saysContextExceeded(e))
      return providerFailure("context_exceeded", "the request did not fit the model's context (HTTP 400)");
    if (e.status === 401 || e.status === 403)
      return providerFailure("key_refused", "the language model rejected the API key");
    if (e.status === 429) return providerFailure("rate_limited", "the language model is rate limited");
    if (e.status >= 500)
      return providerFailure("service_failed", `the language model service failed (HTTP ${e.status})`);
    return providerFailure("request_refused", `the language model refused the request (HTTP ${e.status})`);
  }
  const message = e.message ?? String(err);
  if (/timeout|timed out|aborted/i.test(message) || e.name === "TimeoutError") {
    return providerFailure("timeout", "the language model did not answer in time");
  }
  // The SDKs say "Connection error."; a bare fetch rejects with the socket's or TLS's own error
  // (node:https in the build, src/agent/provider-fetch.ts), which provider-failure.ts names.
  const cause = classifyFailure(err).cause;
  if (
    /ECONNREFUSED|ENOTFOUND|fetch failed|Connection error/i.test(message) ||
    ["refused", "dns", "tls"].includes(cause)
  ) {
    return providerFailure("unreachable", "the language model could not be reached");
  }
  if (/JSON|Unexpected token|parse/i.test(message))
    return providerFailure("unreadable", "the language model sent a reply that could not be read");
  return providerFailure("failed", "the language model failed");
}
