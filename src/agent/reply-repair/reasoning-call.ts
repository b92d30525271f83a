import type { AIMessage } from "@langchain/core/messages";
import type { TextCallReading } from "./argument-syntax.js";
import { HYPOTHETICAL } from "./aside.js";
import { canonicalMarkup } from "./markup-canon.js";
import type { OfferedTools } from "./offered-tools.js";
import type { ReadOptions } from "./schema-arguments.js";
import { readTextCalls } from "./text-calls.js";

/** Reasoning blocks left in the content itself (`<think>…</think>`, under any namespace). */
const THINK_BLOCK =
  /<((?:\w+[:|])?)think(?:_\w+)?>([\s\S]*?)(?:<\/\1think(?:_\w+)?>|$)|^((?:(?!<(?:\w+[:|])?think)[\s\S])*?)<\/(?:\w+[:|])?think(?:_\w+)?>/g;
/** Markup's last character: a tag's or token's `>`, a closing bracket. */
const ENDS_IN_MARKUP = /[>\])}]\s*$/;
/** Where call markup may begin in reasoning: at a line's start, or after a sentence ends. */
const CALL_START = /(?:^|\n|[.:!]\s+)(?=\s*(?:<|\[|\{|```|[A-Za-z_][\w.]*\())/g;

/**
 * The model's reasoning, as each client hands it over: `reasoning_content` (OpenAI-compatible
 * servers; ChatOllama puts Ollama's `thinking` there too), Anthropic's thinking blocks, or a
 * `<think>` block left in the content.
 */
export function reasoningOf(reply: AIMessage, text: string): string {
  const parts: string[] = [];
  const kept = reply.additional_kwargs?.reasoning_content;
  if (typeof kept === "string") parts.push(kept);
  if (Array.isArray(reply.content)) {
    for (const block of reply.content) {
      if (typeof block === "object" && block.type === "thinking" && typeof block.thinking === "string") {
        parts.push(block.thinking);
      }
    }
  }
  for (const match of text.matchAll(THINK_BLOCK)) parts.push(match[2] ?? match[3] ?? "");
  return parts.join("\n").trim();
}

/**
 * A call the model meant but its server left in the reasoning, with the content empty: the
 * reasoning must end in complete call markup for an offered tool, written as the act itself. A
 * plan ("I will dim…"), a call in the middle of the reasoning, or one the sentence before
 * presents as an example or a question is not a call. Undefined when the reasoning ends in no
 * markup at all.
 */
export function readReasoningCalls(
  reasoning: string,
  tools: OfferedTools,
  options: ReadOptions,
): TextCallReading | undefined {
  const text = canonicalMarkup(reasoning).trimEnd();
  for (const start of text.matchAll(CALL_START)) {
    const at = start.index + start[0].length;
    const tail = text.slice(at).trim();
    // The call must end the reasoning: text after it means the reasoning went on past it.
    if (!startsWithCall(tail) || !ENDS_IN_MARKUP.test(tail)) continue;
    const reading = readTextCalls(tail, tools, options);
    if (reading?.kind !== "calls") continue;
    const before = text.slice(0, at).trim();
    const lastSentence = /[^.!?\n]*[.!?:]?\s*$/.exec(before)?.[0] ?? "";
    if (HYPOTHETICAL.test(lastSentence) || /\?\s*$/.test(before)) {
      return { kind: "unreadable", family: reading.family, why: "the call in the reasoning is an example" };
    }
    return reading;
  }
  return undefined;
}

/** The tail itself opens with the call (no lead-in of its own: that would be more reasoning). */
function startsWithCall(tail: string): boolean {
  return /^(?:<|\[|\{|```|[A-Za-z_][\w.]*\()/.test(tail);
}
