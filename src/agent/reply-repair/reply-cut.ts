import type { AIMessage } from "@langchain/core/messages";

/**
 * Whether the provider says the reply stopped at its length limit: OpenAI's `finish_reason`
 * "length", Anthropic's `stop_reason` "max_tokens", Ollama's `done_reason` "length". A call the
 * text ends inside is then certainly cut, however its last character looks.
 */
export function stoppedAtLimit(reply: AIMessage): boolean {
  const meta = (reply.response_metadata ?? {}) as Record<string, unknown>;
  return (
    meta.finish_reason === "length" || meta.stop_reason === "max_tokens" || meta.done_reason === "length"
  );
}
