import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { Reached } from "./context-window.js";

/** One tool call the fake model makes. A string `args` is sent verbatim (to fake malformed JSON). */
export interface FakeToolCall {
  name: string;
  args: Record<string, unknown> | string;
  /** Defaults to a fresh id (Ollama has no ids on the wire: its client makes them up). */
  id?: string;
}

/** What the fake model answers one request with. A plain string is shorthand for `{text}`. */
export type FakeReply =
  | string
  | ({ text: string } & Delay)
  | ({ toolCalls: FakeToolCall[]; text?: string } & Delay)
  /** An HTTP error in the provider's own error shape. */
  | ({ status: number; message?: string } & Delay)
  /** Bytes sent as they are, for malformed output. */
  | ({ raw: string; status?: number; contentType?: string } & Delay)
  /**
   * The provider's own assistant message (a repair-corpus `raw`), sent as that provider's server
   * sends it: OpenAI `choices[0].message`, Ollama `message`, Anthropic content blocks. Nothing in
   * it is re-encoded, so a malformed `arguments` string reaches the client exactly as written.
   */
  | ({ native: unknown } & Delay);

interface Delay {
  /** Wait this long before answering (on top of the server's `latencyMs`). */
  delayMs?: number;
}

export type Provider = "anthropic" | "openai" | "ollama";

/** A request the fake received: the raw body, and the parts tests and scripts usually look at. */
export interface FakeLlmRequest {
  provider: Provider;
  path: string;
  headers: IncomingHttpHeaders;
  /** The port the request came from: a proxy's tunnel (test/support/http-proxy.ts) or the client. */
  clientPort: number | undefined;
  /** The JSON body exactly as the client sent it. */
  body: Record<string, unknown>;
  model: string;
  stream: boolean;
  /** The system prompt, when there is one. */
  system: string | undefined;
  /** The text of the last user message that is not a tool result. */
  userText: string | undefined;
  /** Tools offered, in the provider-neutral shape. */
  tools: { name: string; description?: string; parameters: unknown }[];
  /** Every tool result in the conversation, oldest first. Ollama's carry no id. */
  toolResults: { toolCallId?: string; content: string }[];
  /** With a `contextServer`: what of the prompt reached the model. */
  reached?: Reached;
}

/** What a provider's wire format is made of: the parts of a request, and a text/tool-call answer. */
export interface ProviderApi {
  provider: Provider;
  path: string;
  parse(
    body: Record<string, unknown>,
  ): Omit<FakeLlmRequest, "provider" | "path" | "headers" | "clientPort" | "body" | "reached">;
  errorBody(status: number, message: string): unknown;
  write(res: ServerResponse, answer: Answer, request: FakeLlmRequest, cache: PromptCache): void;
  /** Answers with a provider-native assistant message, streamed when the request asks. */
  writeNative(res: ServerResponse, message: unknown, request: FakeLlmRequest): void;
}

/**
 * What the provider's prompt cache holds for one fake server (one account), oldest first: a hit
 * never comes from another test's server.
 */
export type PromptCache = string[];

export interface Answer {
  text: string;
  toolCalls: { name: string; args: Record<string, unknown> | string; id: string }[];
}

/** Splits text the way a streaming model would send it: a few pieces, not one. */
export function streamPieces(text: string): string[] {
  if (text.length < 2) return text ? [text] : [];
  const pieces = text.match(/\S+\s*|\s+/g) ?? [text];
  if (pieces.length > 1) return pieces;
  const half = Math.ceil(text.length / 2);
  return [text.slice(0, half), text.slice(half)];
}

export function argsText(args: Record<string, unknown> | string): string {
  return typeof args === "string" ? args : JSON.stringify(args);
}

/** Text of a content field that is a string or a list of `{type:"text", text}` blocks. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter(
      (block): block is { type: "text"; text: string } =>
        block?.type === "text" && typeof block.text === "string",
    )
    .map((block) => block.text)
    .join("");
}

export function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

export function sse(res: ServerResponse, events: { event?: string; data: unknown }[]): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const { event, data } of events) {
    res.write(
      `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`,
    );
  }
  res.end();
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
