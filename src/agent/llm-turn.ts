import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import { createOfferedTools, type OfferedTools } from "./reply-repair/offered-tools.js";
import { repairReply, type RefusedCall } from "./reply-repair/repair-reply.js";
import { correctionMessage, unusableReplySpeech } from "./reply-repair/unusable-reply.js";
import { classifyFailure } from "./provider-failure.js";
import { toolResultMessages, type ToolReply } from "./tool-result-message.js";

/** The model with the registry's tools bound; rebinding costs ~2 ms, so it happens only on change. */
export type ToolBoundModel = NonNullable<ReturnType<NonNullable<BaseChatModel["bindTools"]>>>;

export function bindRegistryTools(
  model: BaseChatModel,
  registry: ToolRegistry,
): () => ToolBoundModel | undefined {
  let bound: ToolBoundModel | undefined;
  registry.onChange(() => (bound = undefined));
  return () => (bound ??= model.bindTools?.(registry.definitions()));
}

export interface LlmTurnOptions {
  model: ToolBoundModel | undefined;
  registry: ToolRegistry;
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
  const bound = options.model;
  if (!bound) return { speech: "", results, ...providerFailure("no_tools", "this model cannot call tools") };
  const tools = offeredToolsOf(registry);
  let corrected = false;

  for (let round = 0; round < options.maxRounds; round++) {
    let reply: AIMessage;
    try {
      reply = await askModel(bound, messages, signal, options.provider);
    } catch (err) {
      if (signal.aborted) throw err;
      return { speech: "", results, ...describeProviderError(err) };
    }
    options.onReply?.(reply);
    const repaired = repairReply(reply, tools);
    messages.push(repaired.message);
    if (repaired.unusable !== undefined) {
      // Markup is never spoken: one correction, the same for every provider, then a plain apology.
      if (corrected) return { speech: unusableReplySpeech(options.language), results, unusableReply: true };
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

const offered = new WeakMap<ToolRegistry, OfferedTools>();

/** Built once per tool set: names are resolved against exactly what the model was offered. */
function offeredToolsOf(registry: ToolRegistry): OfferedTools {
  let tools = offered.get(registry);
  if (!tools) {
    tools = createOfferedTools(
      registry
        .list()
        .map((t) => ({ presented: t.name, server: t.server, tool: t.tool, inputSchema: t.inputSchema })),
    );
    offered.set(registry, tools);
    const stop = registry.onChange(() => {
      offered.delete(registry);
      stop();
    });
  }
  return tools;
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
  | "failed";

function providerFailure(
  code: ProviderErrorCode,
  text: string,
): { providerError: string; providerErrorCode: ProviderErrorCode } {
  return { providerError: text, providerErrorCode: code };
}

/** Short and free of secrets: providers sometimes echo parts of the key in their errors. */
function describeProviderError(err: unknown): ReturnType<typeof providerFailure> {
  const e = err as { status?: number; name?: string; message?: string; code?: string };
  if (typeof e.status === "number") {
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
