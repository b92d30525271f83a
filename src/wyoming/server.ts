import { createServer, type AddressInfo, type Socket } from "node:net";
import type { Logger } from "../log.js";
import { TimeoutError, withTimeout } from "../shared/timeout.js";
import { turnBudget } from "../shared/turn-budget.js";
import { createDecoder, encodeEvent, WyomingDecodeError } from "./codec.js";
import {
  pingSchema,
  transcriptSchema,
  type Info,
  type OutgoingEvent,
  type Transcript,
  type WyomingEvent,
} from "./events.js";

/** What one sentence came to: speech for the user, or the reason it could not be handled. */
export interface TurnReply {
  type: "handled" | "not-handled";
  text: string;
}

/** The agent's side of the seam. `signal` aborts when the turn times out or the client goes away. */
export type HandleTranscript = (
  transcript: Transcript,
  context: { signal: AbortSignal },
) => Promise<TurnReply>;

export interface WyomingServerOptions {
  port: number;
  host: string;
  info: () => Info;
  handle: HandleTranscript;
  logger: Logger;
  /**
   * How long one transcript may take before it is answered with `not-handled`. HA itself never
   * times out a turn; default: the turn budget's backstop (docs/architecture.md, Turn budget).
   */
  turnTimeoutMs?: number;
  /**
   * What is said when the handler itself is stuck or fails, in the transcript's language
   * (default: English). The error itself is logged, not spoken: provider errors can quote keys.
   */
  fallbackSpeech?: (language: string | undefined) => { timeout: string; failure: string };
}

export interface WyomingServer {
  /** The port actually bound (useful when `port` was 0). */
  port: number;
  /** Stops listening, aborts turns in flight and drops every connection. */
  close(): Promise<void>;
}

const ENGLISH = { timeout: "Sorry, that took too long.", failure: "Sorry, something went wrong." };
const LOGGED_TEXT_CHARS = 60;
/**
 * HA sends one sentence per connection; a client that sends more than this before the first is
 * answered is refused, rather than queueing turns (and memory) without end.
 */
export const MAX_WAITING_TRANSCRIPTS = 8;

export async function startWyomingServer(options: WyomingServerOptions): Promise<WyomingServer> {
  const { logger } = options;
  const turnTimeoutMs = options.turnTimeoutMs ?? turnBudget().backstopMs;
  const fallback = options.fallbackSpeech ?? (() => ENGLISH);
  const connections = new Set<{ socket: Socket; turns: Set<AbortController> }>();

  function serve(socket: Socket): void {
    const turns = new Set<AbortController>();
    const connection = { socket, turns };
    connections.add(connection);
    // Transcripts on one connection are answered in order, one at a time.
    let pending: Promise<void> = Promise.resolve();
    let rejected = false;

    const write = (event: OutgoingEvent): void => {
      if (socket.writable) socket.write(encodeEvent(event));
    };

    const reject = (text: string, code: string): void => {
      rejected = true;
      logger.warn(`Wyoming client ${socket.remoteAddress ?? "?"}: ${text}; closing the connection`);
      if (socket.writable)
        socket.end(encodeEvent({ type: "error", data: { text, code } }), () => socket.destroy());
      else socket.destroy();
    };

    const onEvent = (event: WyomingEvent): void => {
      if (rejected) return; // the rest of a chunk that arrived with the refused event
      switch (event.type) {
        case "describe":
          write({ type: "info", data: options.info() });
          return;
        case "transcript": {
          const transcript = transcriptSchema.safeParse(event.data);
          if (!transcript.success) throw new WyomingDecodeError("transcript event without a text string");
          if (turns.size >= MAX_WAITING_TRANSCRIPTS) {
            reject(
              `more than ${MAX_WAITING_TRANSCRIPTS} sentences waiting on this connection; send one, wait for its answer`,
              "too-many-transcripts",
            );
            return;
          }
          const controller = new AbortController();
          turns.add(controller);
          pending = pending.then(async () => {
            if (controller.signal.aborted) return; // the client left before this one's turn came
            const reply = await runTurn(transcript.data, controller.signal);
            turns.delete(controller);
            write({ type: reply.type, data: { text: reply.text } });
          });
          return;
        }
        case "ping": {
          const ping = pingSchema.safeParse(event.data);
          write({ type: "pong", data: ping.success && ping.data.text ? { text: ping.data.text } : {} });
          return;
        }
        default:
          logger.debug(`Wyoming: ignoring a ${event.type} event`);
      }
    };

    const decoder = createDecoder(onEvent);
    socket.on("data", (chunk: Buffer) => {
      if (rejected) return;
      try {
        decoder.push(chunk);
      } catch (error) {
        if (error instanceof WyomingDecodeError) reject(error.message, "malformed-event");
        else {
          logger.error({ err: error }, "Wyoming: unexpected error while reading an event");
          reject("internal error", "internal-error");
        }
      }
    });
    socket.on("error", (error) => logger.debug(`Wyoming connection error: ${error.message}`));
    // HA closes only once it has its answer or has given up, so an early close means nobody is
    // listening any more: stop the LLM rather than let it run on.
    socket.on("close", () => {
      for (const turn of turns) turn.abort(new Error("client disconnected"));
      connections.delete(connection);
    });
  }

  async function runTurn(transcript: Transcript, clientSignal: AbortSignal): Promise<TurnReply> {
    const started = performance.now();
    let reply: TurnReply;
    try {
      reply = await withTimeout((signal) => options.handle(transcript, { signal }), {
        ms: turnTimeoutMs,
        signal: clientSignal,
      });
    } catch (error) {
      if (error instanceof TimeoutError) {
        logger.warn(`Wyoming: turn timed out after ${turnTimeoutMs} ms`);
        reply = { type: "not-handled", text: fallback(transcript.language ?? undefined).timeout };
      } else {
        if (!clientSignal.aborted) logger.warn({ err: error }, "Wyoming: the conversation handler failed");
        reply = { type: "not-handled", text: fallback(transcript.language ?? undefined).failure };
      }
    }
    const ms = Math.round(performance.now() - started);
    logger.info(`Wyoming "${truncate(transcript.text)}" → ${reply.type} in ${ms} ms`);
    return reply;
  }

  const server = createServer({ noDelay: true }, serve);
  await new Promise<void>((resolve, rejectListen) => {
    server.once("error", rejectListen);
    server.listen(options.port, options.host, () => {
      server.off("error", rejectListen);
      resolve();
    });
  });
  server.on("error", (error) => logger.error({ err: error }, "Wyoming server error"));
  const { port } = server.address() as AddressInfo;
  logger.info(`Wyoming listening on ${options.host}:${port}`);

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const { socket, turns } of connections) {
          for (const turn of turns) turn.abort(new Error("server closing"));
          socket.destroy();
        }
      }),
  };
}

function truncate(text: string): string {
  return text.length > LOGGED_TEXT_CHARS ? `${text.slice(0, LOGGED_TEXT_CHARS)}…` : text;
}
