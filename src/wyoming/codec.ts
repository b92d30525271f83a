import { z } from "zod";
import type { WyomingEvent } from "./events.js";
import { isObject } from "../shared/is-object.js";

/** asyncio's default `readline` limit, which HA's client reads our header lines with. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** Far above any text event; stops one client from making us buffer without end. */
export const MAX_DATA_BYTES = 1024 * 1024;
/** The library version whose protocol we speak (`supports_home_control` arrived in 1.9.0). */
export const PROTOCOL_VERSION = "1.9.0";

const NEWLINE = 0x0a;

/** The JSON header line of a frame. Unknown keys are ignored, as the Python reader ignores them. */
const frameHeaderSchema = z.object({
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()).nullish(),
  // The Python reader only tests these for truthiness, so null is as good as absent.
  data_length: z.number().int().nonnegative().nullish(),
  payload_length: z.number().int().nonnegative().nullish(),
});

/** The stream can't be resynchronised after this: the connection has to go. */
export class WyomingDecodeError extends Error {
  override name = "WyomingDecodeError";
}

export interface WyomingDecoder {
  /** Feeds bytes in; calls `onEvent` for every complete frame. Throws WyomingDecodeError on a bad frame. */
  push(chunk: Uint8Array): void;
}

type DecoderState =
  | { kind: "header" }
  | { kind: "data"; event: WyomingEvent; dataLength: number; payloadLength: number }
  | { kind: "payload"; event: WyomingEvent; remaining: number };

/** Incremental decoder: any fragmentation of the byte stream yields the same events. Payloads are skipped. */
export function createDecoder(onEvent: (event: WyomingEvent) => void): WyomingDecoder {
  const queue = createByteQueue();
  let state: DecoderState = { kind: "header" };
  let failure: WyomingDecodeError | undefined;

  function afterData(event: WyomingEvent, payloadLength: number): void {
    if (payloadLength > 0) {
      state = { kind: "payload", event, remaining: payloadLength };
    } else {
      state = { kind: "header" };
      onEvent(event);
    }
  }

  function readHeader(): boolean {
    const newline = queue.indexOf(NEWLINE);
    if (newline === -1) {
      if (queue.length > MAX_HEADER_BYTES) throw new WyomingDecodeError("header line exceeds 64 KiB");
      return false;
    }
    if (newline > MAX_HEADER_BYTES) throw new WyomingDecodeError("header line exceeds 64 KiB");
    const header = frameHeaderSchema.safeParse(parseJson(queue.take(newline), "header"));
    queue.skip(1);
    if (!header.success) throw new WyomingDecodeError(`invalid header: ${z.prettifyError(header.error)}`);
    const { type, data, data_length: dataLength, payload_length: payloadLength } = header.data;
    const event: WyomingEvent = { type, data: { ...data } };
    if (dataLength && dataLength > MAX_DATA_BYTES) throw new WyomingDecodeError("data segment exceeds 1 MiB");
    if (dataLength) state = { kind: "data", event, dataLength, payloadLength: payloadLength ?? 0 };
    else afterData(event, payloadLength ?? 0);
    return true;
  }

  function readData(current: Extract<DecoderState, { kind: "data" }>): boolean {
    if (queue.length < current.dataLength) return false;
    const segment = parseJson(queue.take(current.dataLength), "data segment");
    if (!isObject(segment)) {
      throw new WyomingDecodeError("data segment is not a JSON object");
    }
    // The data segment wins over inline header data, as Python's dict.update does. Spreading (not
    // Object.assign) keeps a "__proto__" key as plain data instead of a prototype change.
    current.event.data = { ...current.event.data, ...segment };
    afterData(current.event, current.payloadLength);
    return true;
  }

  function skipPayload(current: Extract<DecoderState, { kind: "payload" }>, bytes: number): void {
    current.remaining -= bytes;
    if (current.remaining === 0) {
      state = { kind: "header" };
      onEvent(current.event);
    }
  }

  function drain(): void {
    for (;;) {
      const current = state;
      if (current.kind === "header") {
        if (!readHeader()) return;
      } else if (current.kind === "data") {
        if (!readData(current)) return;
      } else {
        const bytes = Math.min(current.remaining, queue.length);
        if (bytes === 0) return;
        queue.skip(bytes);
        skipPayload(current, bytes);
      }
    }
  }

  return {
    push(chunk) {
      if (failure) throw failure;
      let bytes = chunk;
      // Skip payload bytes straight from the chunk, so audio never passes through the queue.
      if (state.kind === "payload" && queue.length === 0) {
        const skipped = Math.min(state.remaining, bytes.length);
        bytes = bytes.subarray(skipped);
        skipPayload(state, skipped);
      }
      queue.append(bytes);
      try {
        drain();
      } catch (error) {
        if (error instanceof WyomingDecodeError) failure = error;
        throw error;
      }
    },
  };
}

/** The bytes Python's `async_write_event` writes: `version` in the header, data in the data segment. */
export function encodeEvent(event: { type: string; data?: Record<string, unknown> }): Buffer {
  const header: Record<string, unknown> = { type: event.type, version: PROTOCOL_VERSION };
  if (!event.data || Object.keys(event.data).length === 0) {
    return Buffer.from(`${JSON.stringify(header)}\n`, "utf8");
  }
  const data = Buffer.from(JSON.stringify(event.data), "utf8");
  header.data_length = data.length;
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, "utf8"), data]);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function parseJson(bytes: Uint8Array, what: string): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new WyomingDecodeError(`${what} is not valid UTF-8`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new WyomingDecodeError(`${what} is not valid JSON`);
  }
}

/**
 * A growable byte buffer with a read cursor, so fragmented input costs amortised linear time.
 * `take` returns a view that is only valid until the next `append`.
 */
function createByteQueue() {
  let bytes = Buffer.alloc(0);
  let start = 0;
  let end = 0;
  // Bytes before this offset (relative to `start`) are known to hold no newline.
  let searched = 0;

  function skip(count: number): void {
    start += count;
    searched = 0;
    if (start === end) start = end = 0;
  }

  return {
    get length() {
      return end - start;
    },
    append(chunk: Uint8Array): void {
      if (chunk.length === 0) return;
      if (end + chunk.length > bytes.length) {
        const live = end - start;
        const fits = live + chunk.length <= bytes.length;
        const target = fits ? bytes : Buffer.alloc(Math.max(bytes.length * 2, live + chunk.length));
        bytes.copy(target, 0, start, end);
        bytes = target;
        start = 0;
        end = live;
      }
      bytes.set(chunk, end);
      end += chunk.length;
    },
    indexOf(byte: number): number {
      const found = bytes.subarray(start, end).indexOf(byte, searched);
      searched = found === -1 ? end - start : found;
      return found;
    },
    take(count: number): Uint8Array {
      const view = bytes.subarray(start, start + count);
      skip(count);
      return view;
    },
    skip,
  };
}
