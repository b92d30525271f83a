import type { UsageMetadata } from "@langchain/core/messages";

/**
 * Input and output tokens of a turn, summed over its requests, from LangChain's usage_metadata:
 * Anthropic's cache_read/cache_creation_input_tokens, OpenAI's prompt_tokens_details.cached_tokens
 * and Ollama's prompt_eval_count (which reports no cache) all arrive there.
 */
export interface TokenUsage {
  /** Every input token, cached or not. */
  input: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInput: number;
  /** Input tokens written to the prompt cache (Anthropic). */
  cacheWrite: number;
  output: number;
}

export function addUsage(
  total: TokenUsage | undefined,
  usage: UsageMetadata | undefined,
): TokenUsage | undefined {
  if (!usage) return total;
  const sum = total ?? { input: 0, cachedInput: 0, cacheWrite: 0, output: 0 };
  return {
    input: sum.input + (usage.input_tokens ?? 0),
    cachedInput: sum.cachedInput + (usage.input_token_details?.cache_read ?? 0),
    cacheWrite: sum.cacheWrite + (usage.input_token_details?.cache_creation ?? 0),
    output: sum.output + (usage.output_tokens ?? 0),
  };
}
