// MCP over a message port between two threads: the SDK's Transport (start, send, close and the
// message, error and close callbacks), so that neither the SDK's Client nor its McpServer knows it
// runs between threads rather than over stdio. The host holds the Worker, the worker its parentPort.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";

/**
 * What the port lets through: a JSON-RPC 2.0 object. Which kind of message it is, and whether it is
 * a whole one, the SDK checks next with each kind's own zod schema (its serving loop and Protocol's
 * onmessage: a result, an error, a request or a notification, else "Unknown message type"). So this
 * only keeps what is not an object from reaching it, without a zod parse of its own: one per
 * message in each thread, on the path of every Z-Wave tool call.
 */
function jsonRpcProblem(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return "not an object";
  return (data as { jsonrpc?: unknown }).jsonrpc === "2.0" ? undefined : 'its "jsonrpc" is not "2.0"';
}

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
    const problem = jsonRpcProblem(data);
    if (problem === undefined) this.onmessage?.(data as JSONRPCMessage);
    else this.onerror?.(new Error(`not a JSON-RPC message: ${problem}`));
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
