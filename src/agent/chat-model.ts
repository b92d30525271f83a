import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { Options } from "../config/options.js";
import type { ProviderCallbacks } from "./provider-health.js";

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
  /** Told of every request's outcome (provider-health.ts). */
  callbacks?: ProviderCallbacks;
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
  // LangChain turns a plain object of methods into a handler (a new class, instance and UUID) on
  // every request (ensureHandler, @langchain/core callbacks/manager.js); a handler made once is used as is.
  const { BaseCallbackHandler } = await import("@langchain/core/callbacks/base");
  const callbacks = options.callbacks
    ? { callbacks: [BaseCallbackHandler.fromMethods(options.callbacks)] }
    : {};
  switch (provider) {
    case "anthropic": {
      const { ChatAnthropic } = await import("@langchain/anthropic");
      return new ChatAnthropic({
        model,
        apiKey: options.apiKey,
        maxRetries: 1,
        ...callbacks,
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
        ...callbacks,
        timeout: options.timeoutMs,
        ...(options.baseUrl ? { configuration: { baseURL: options.baseUrl } } : {}),
      });
    }
    case "ollama": {
      const { ChatOllama } = await import("@langchain/ollama");
      return new ChatOllama({
        model,
        maxRetries: 1,
        ...callbacks,
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      });
    }
  }
}
