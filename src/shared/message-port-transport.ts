// MCP over a message port between two threads: the SDK's Transport (start, send, close and the
// message, error and close callbacks), so that neither the SDK's Client nor its McpServer knows it
// runs between threads rather than over stdio. The host holds the Worker, the worker its parentPort.
import { z } from "zod";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";

/**
 * What the port lets through: a JSON-RPC 2.0 object. Which kind of message it is, and whether it is
 * a whole one, the SDK's Protocol checks next with each kind's own schema (its onmessage: a result,
 * an error, a request or a notification, else "Unknown message type"); the union of the four here
 * made every message go through those schemas twice.
 */
const jsonRpcEnvelope = z.looseObject({ jsonrpc: z.literal("2.0") });

/** What a Worker and a MessagePort have in common. */
export interface MessageEndpoint {
  postMessage(message: unknown): void;
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
}

export class MessagePortTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;
  /** Set by close(): the other side's end that follows is ours, not a failure. */
  private closing = false;
  private readonly receive = (data: unknown) => {
    // The other thread is another program as far as we are concerned: its messages are checked
    // like any that cross a process boundary, and a bad one is reported, not acted on.
    const parsed = jsonRpcEnvelope.safeParse(data);
    if (parsed.success) this.onmessage?.(parsed.data as JSONRPCMessage);
    else this.onerror?.(new Error(`not a JSON-RPC message: ${parsed.error.issues[0]?.message ?? "invalid"}`));
  };

  /** `closePort` ends the other side: terminate the worker, or close the worker's own port. */
  constructor(
    private readonly endpoint: MessageEndpoint,
    private readonly closePort: () => Promise<unknown> | void,
  ) {}

  async start(): Promise<void> {
    this.endpoint.on("message", this.receive);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error("the message port is closed");
    // Structured clone copies plain JSON values as they are: no serialising to text and back.
    this.endpoint.postMessage(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    await this.closePort();
    this.ended();
  }

  /** The other side is gone (the worker exited, the port closed): reported once, after any error. */
  ended(error?: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.endpoint.off("message", this.receive);
    if (error && !this.closing) this.onerror?.(error);
    this.onclose?.();
  }
}
