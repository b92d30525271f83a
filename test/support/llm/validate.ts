/**
 * The message-sequence rules the real provider APIs enforce with a 400, so that a history the
 * bridge builds wrongly fails here as it would in production:
 *  - Anthropic: roles are user/assistant only (system is a top-level field), the first message is
 *    the user's, every assistant `tool_use` is answered by a `tool_result` with its id in the very
 *    next user message, and every `tool_result` answers a `tool_use` of the message before it.
 *  - OpenAI: every assistant `tool_calls[].id` is answered by a `tool` message before the next
 *    other message, and every `tool` message answers a call of the assistant message before it.
 *  - Ollama: `tool` messages only after an assistant message that called tools.
 * Returns the problem in words, or undefined when the sequence is valid.
 */
import { list, type Provider } from "./types.js";

export function invalidMessageSequence(
  provider: Provider,
  body: Record<string, unknown>,
): string | undefined {
  const messages = list(body.messages);
  if (!messages.length) return "messages: at least one message is required";
  return provider === "anthropic" ? anthropicProblem(messages) : chatProblem(provider, messages);
}

function anthropicProblem(messages: Record<string, unknown>[]): string | undefined {
  if (messages[0]?.role !== "user") return "messages: the first message must use the user role";
  let open: string[] = [];
  for (const [i, message] of messages.entries()) {
    if (message.role !== "user" && message.role !== "assistant") {
      return `messages.${i}.role: must be user or assistant, not ${String(message.role)}`;
    }
    const blocks = list(message.content);
    if (message.role === "user") {
      const answered = blocks.filter((b) => b.type === "tool_result").map((b) => String(b.tool_use_id));
      const stray = answered.find((id) => !open.includes(id));
      if (stray) return `messages.${i}: tool_result ${stray} has no tool_use in the previous message`;
      const missing = open.find((id) => !answered.includes(id));
      if (missing) return `messages.${i}: tool_use ids were found without tool_result blocks: ${missing}`;
      open = [];
    } else {
      if (open.length) return `messages.${i}: tool_use ${open[0]} is not answered before this message`;
      open = blocks.filter((b) => b.type === "tool_use").map((b) => String(b.id));
    }
  }
  return undefined;
}

function chatProblem(provider: Provider, messages: Record<string, unknown>[]): string | undefined {
  let open: string[] | undefined;
  for (const [i, message] of messages.entries()) {
    if (message.role === "tool") {
      if (!open) return `messages.${i}: a tool message must follow an assistant message with tool_calls`;
      if (provider === "openai") {
        const id = String(message.tool_call_id);
        if (!open.includes(id))
          return `messages.${i}: tool_call_id ${id} answers no call of the previous message`;
        open = open.filter((o) => o !== id);
      }
      continue;
    }
    if (provider === "openai" && open?.length) {
      return `messages.${i}: the tool_calls ${open.join(", ")} must be answered by tool messages first`;
    }
    const calls = list(message.tool_calls);
    open =
      message.role === "assistant" && calls.length
        ? calls.map((c, n) => (provider === "openai" ? String(c.id) : `#${n}`))
        : undefined;
  }
  if (provider === "openai" && open?.length) return `the tool_calls ${open.join(", ")} were never answered`;
  return undefined;
}
