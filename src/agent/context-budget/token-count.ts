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

/** Lines whose count is kept: a system prompt is a few hundred, most of them the same each turn. */
const KEPT_LINES = 1_024;

/** After a run of line breaks. */
const LINE_END = /(?<=\n)(?!\n)/;

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
    return counter(true, (value) => value.split(LINE_END).reduce((sum, l) => sum + line(l), 0));
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
