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

/** Lines whose count is kept: a system prompt is a few hundred, most of them the same each turn. */
const KEPT_LINES = 1_024;

/** After a run of line breaks. */
const LINE_END = /(?<=\n)(?!\n)/;

let loading: Promise<TokenCounter> | undefined;

/**
 * The counter, loaded on first use: its ranks cost about 55 MiB resident once loaded, which a
 * bridge without a language model never needs.
 */
export function tokenCounter(): Promise<TokenCounter> {
  return (loading ??= import("gpt-tokenizer/encoding/o200k_base").then(({ countTokens }) => {
    // Counted line by line, each line's count kept: the system prompt goes with every turn, and
    // only the lines of what changed since (a device's state) differ. A line keeps its line breaks,
    // where o200k's pre-tokenizer ends a piece too, so the sum is the whole text's count (but for a
    // line of nothing but spaces between two breaks, a token at most).
    const lineCosts = new Map<string, number>();
    const line = (value: string) => {
      let cost = lineCosts.get(value);
      if (cost === undefined) {
        if (lineCosts.size >= KEPT_LINES) lineCosts.clear();
        lineCosts.set(value, (cost = countTokens(value)));
      }
      return cost;
    };
    const text = (value: string) => (value ? value.split(LINE_END).reduce((sum, l) => sum + line(l), 0) : 0);
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
