import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessage } from "@langchain/core/messages";
import { ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";

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
  /** Lets the caller hold back a call (a destructive tool awaiting confirmation). */
  gate?: (name: string, args: Record<string, unknown>) => string | undefined;
  /** Sees every reply of the model (request count, token usage). */
  onReply?: (reply: AIMessage) => void;
  /** Speech that ends the turn after a round of tool calls (see confirmed-round.ts), if any. */
  finishRound?: (round: ToolResult[], calls: number) => string | undefined;
}

export interface LlmTurnOutcome {
  speech: string;
  results: ToolResult[];
  /** Set when the model could not be reached or answered nonsense. */
  providerError?: string;
  roundsExhausted?: boolean;
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
  if (!bound) return { speech: "", results, providerError: "this model cannot call tools" };

  for (let round = 0; round < options.maxRounds; round++) {
    let reply: AIMessage;
    try {
      reply = (await bound.invoke(messages, { signal })) as AIMessage;
    } catch (err) {
      if (signal.aborted) throw err;
      return { speech: "", results, providerError: describeProviderError(err) };
    }
    options.onReply?.(reply);
    messages.push(reply);
    const calls = reply.tool_calls ?? [];
    const invalid = reply.invalid_tool_calls ?? [];
    if (!calls.length && !invalid.length) return { speech: textOf(reply), results };
    const roundStart = results.length;

    for (const call of calls) {
      const held = options.gate?.(call.name, call.args);
      let content: string;
      let ok: boolean;
      if (held !== undefined) {
        content = held;
        ok = false;
      } else {
        const result = await registry.execute(call.name, call.args, {
          timeoutMs: options.toolTimeoutMs,
          signal,
          ...(options.deviceId ? { deviceId: options.deviceId } : {}),
        });
        results.push(result);
        content = result.content || (result.ok ? "done" : "failed");
        ok = result.ok;
      }
      messages.push(
        new ToolMessage({
          tool_call_id: call.id ?? "",
          name: call.name,
          content,
          status: ok ? "success" : "error",
        }),
      );
    }
    for (const call of invalid) {
      messages.push(
        new ToolMessage({
          tool_call_id: call.id ?? "",
          name: call.name ?? "unknown",
          content: `Your call to ${call.name ?? "a tool"} could not be read (${call.error ?? "invalid arguments"}). Send the arguments again as a valid JSON object.`,
          status: "error",
        }),
      );
    }
    const finished = options.finishRound?.(results.slice(roundStart), calls.length + invalid.length);
    if (finished) return { speech: finished, results };
  }
  return { speech: "", results, roundsExhausted: true };
}

export function textOf(message: AIMessage): string {
  if (typeof message.content === "string") return message.content.trim();
  return message.content
    .map((block) => (typeof block === "string" ? block : block.type === "text" ? String(block.text) : ""))
    .join("")
    .trim();
}

/** Short and free of secrets: providers sometimes echo parts of the key in their errors. */
function describeProviderError(err: unknown): string {
  const e = err as { status?: number; name?: string; message?: string; code?: string };
  if (typeof e.status === "number") {
    if (e.status === 401 || e.status === 403) return "the language model rejected the API key";
    if (e.status === 429) return "the language model is rate limited";
    if (e.status >= 500) return `the language model service failed (HTTP ${e.status})`;
    return `the language model refused the request (HTTP ${e.status})`;
  }
  const message = e.message ?? String(err);
  if (/timeout|timed out|aborted/i.test(message) || e.name === "TimeoutError") {
    return "the language model did not answer in time";
  }
  if (/ECONNREFUSED|ENOTFOUND|fetch failed|Connection error/i.test(message)) {
    return "the language model could not be reached";
  }
  if (/JSON|Unexpected token|parse/i.test(message))
    return "the language model sent a reply that could not be read";
  return "the language model failed";
}
