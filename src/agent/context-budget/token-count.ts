import type { BaseMessage } from "@langchain/core/messages";
import type { ToolDefinitionForProvider } from "../../tools/registry.js";

/** Counts tokens with o200k, the encoding of today's OpenAI models (gpt-tokenizer). */
export interface TokenCounter {
  text(text: string): number;
  /** One tool as the chat templates render it: its definition as JSON. */
  tool(definition: ToolDefinitionForProvider): number;
  messages(messages: readonly BaseMessage[]): number;
}

/**
 * Chat templates wrap each message in a few tokens of their own (`<|im_start|>role\n … <|im_end|>`
 * in Qwen's, the header of Llama's): counted per message so the estimate is not short of them.
 */
const PER_MESSAGE = 6;

let loading: Promise<TokenCounter> | undefined;

/**
 * The counter, loaded on first use: its ranks cost about 55 MiB resident once loaded, which a
 * bridge without a language model never needs.
 */
export function tokenCounter(): Promise<TokenCounter> {
  return (loading ??= import("gpt-tokenizer/encoding/o200k_base").then(({ countTokens }) => {
    const text = (value: string) => (value ? countTokens(value) : 0);
    const toolCosts = new WeakMap<ToolDefinitionForProvider, number>();
    return {
      text,
      tool(definition) {
        let cost = toolCosts.get(definition);
        if (cost === undefined) toolCosts.set(definition, (cost = text(JSON.stringify(definition.function))));
        return cost;
      },
      messages: (messages) =>
        messages.reduce((sum, message) => sum + PER_MESSAGE + text(messageText(message)), 0),
    };
  }));
}

/** What of a message reaches the model as text: its content, and the calls it made. */
function messageText(message: BaseMessage): string {
  const content =
    typeof message.content === "string"
      ? message.content
      : message.content
          .map((block) => ("text" in block && typeof block.text === "string" ? block.text : ""))
          .join("");
  const calls = "tool_calls" in message && Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return calls.length
    ? `${content}${JSON.stringify(calls.map((c) => ({ name: c.name, arguments: c.args })))}`
    : content;
}
