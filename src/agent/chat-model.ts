import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { Options } from "../config/options.js";

export type LlmProvider = Options["llm_provider"];

/** Sensible defaults: fast models, since a person is waiting at a speaker. */
export const DEFAULT_MODELS: Record<Exclude<LlmProvider, "local">, string> = {
  anthropic: "claude-haiku-4-5",
  openai: "gpt-4o-mini",
  ollama: "qwen2.5:7b",
};

export interface ChatModelOptions {
  provider: LlmProvider;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  /** Per request; the whole turn has its own limit. */
  timeoutMs: number;
  /** `llm_context`: Ollama's `num_ctx` until the model's own is known (see askForContext). */
  contextTokens?: number;
  /** `llm_keep_alive`: how long Ollama keeps the model loaded; unset, the server decides. */
  keepAlive?: string;
}

/** Ollama's own default host, which ChatOllama uses when no base URL is set. */
export const OLLAMA_DEFAULT_URL = "http://127.0.0.1:11434";

/**
 * Asks Ollama for this much context from the next request on: ChatOllama sends its `numCtx` as
 * `options.num_ctx` with every request (invocationParams, @langchain/ollama chat_models.js). The
 * other providers take no such field: the server's context is what it is.
 */
export function askForContext(model: BaseChatModel, tokens: number): void {
  if ("numCtx" in model) (model as { numCtx?: number }).numCtx = tokens;
}

export class ProviderConfigError extends Error {
  override name = "ProviderConfigError";
}

/**
 * The LangChain chat model for the chosen provider, or undefined for `local` (no LLM). A missing
 * key throws at once; the provider's package loads in the promise, so start-up need not wait.
 */
export function createChatModel(options: ChatModelOptions): Promise<BaseChatModel | undefined> {
  if (options.provider === "anthropic" && !options.apiKey)
    throw new ProviderConfigError("llm_api_key is required for the anthropic provider");
  return loadChatModel(options);
}

async function loadChatModel(options: ChatModelOptions): Promise<BaseChatModel | undefined> {
  const { provider } = options;
  if (provider === "local") return undefined;
  const model = options.model ?? DEFAULT_MODELS[provider];
  switch (provider) {
    case "anthropic": {
      const { ChatAnthropic } = await import("@langchain/anthropic");
      return new ChatAnthropic({
        model,
        apiKey: options.apiKey,
        maxRetries: 1,
        maxTokens: 1024,
        ...(options.baseUrl ? { anthropicApiUrl: options.baseUrl } : {}),
        clientOptions: { timeout: options.timeoutMs },
      });
    }
    case "openai": {
      // OpenAI-compatible local servers often need no key; the client insists on one.
      const { ChatOpenAI } = await import("@langchain/openai");
      return new ChatOpenAI({
        model,
        apiKey: options.apiKey ?? (options.baseUrl ? "not-needed" : undefined),
        maxRetries: 1,
        timeout: options.timeoutMs,
        ...(options.baseUrl ? { configuration: { baseURL: options.baseUrl } } : {}),
      });
    }
    case "ollama": {
      const { ChatOllama } = await import("@langchain/ollama");
      return new ChatOllama({
        model,
        maxRetries: 1,
        // Ollama's default is 4,096 tokens on most home GPUs, and its runner cuts a longer prompt
        // from the start: the rules and the tools (docs/architecture.md, Context budget).
        ...(options.contextTokens ? { numCtx: options.contextTokens } : {}),
        ...(options.keepAlive ? { keepAlive: options.keepAlive } : {}),
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      });
    }
  }
}
