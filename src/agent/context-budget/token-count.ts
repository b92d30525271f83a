import type { BaseMessage } from "@langchain/core/messages";
import type { ToolDefinitionForProvider } from "../../tools/registry.js";

/** Counts what a request costs: o200k tokens, or a bound on them that needs no tokenizer. */
export interface TokenCounter {
  /** True when the counts are o200k tokens; false when they are UTF-8 bytes, a bound on them. */
  exact: boolean;
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

function counter(exact: boolean, count: (text: string) => number): TokenCounter {
  const text = (value: string) => (value ? count(value) : 0);
  const toolCosts = new WeakMap<ToolDefinitionForProvider, number>();
  return {
    exact,
    text,
    tool(definition) {
      let cost = toolCosts.get(definition);
      if (cost === undefined) toolCosts.set(definition, (cost = text(JSON.stringify(definition.function))));
      return cost;
    },
    messages: (messages) =>
      messages.reduce((sum, message) => sum + PER_MESSAGE + text(messageText(message)), 0),
  };
}

/**
 * Every o200k token is at least one UTF-8 byte (its ranks are byte sequences), so a request's byte
 * count bounds its tokens from above: a request whose bytes fit the budget fits, with no tokenizer.
 */
export const utf8Bound: TokenCounter = counter(false, (text) => Buffer.byteLength(text, "utf8"));

let loading: Promise<TokenCounter> | undefined;

/**
 * The exact counter, loaded when a request comes near its budget: its ranks cost about 55 MiB
 * resident once loaded, which a bridge whose requests fit by their bytes never needs.
 */
export function tokenCounter(): Promise<TokenCounter> {
  return (loading ??= import("gpt-tokenizer/encoding/o200k_base").then(({ countTokens }) =>
    counter(true, countTokens),
  ));
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
