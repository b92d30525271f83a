// Hostile and broken Wyoming input, property-based. The codec, in-process for volume: whatever the
// bytes and however they are split, it yields events or a WyomingDecodeError, never another error,
// and a valid stream always decodes the same. The server over TCP: it never crashes, answers an
// `error` event or waits for more, and the next connection still gets its sentence answered.
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDecoder, encodeEvent, MAX_DATA_BYTES, WyomingDecodeError } from "../../src/wyoming/codec.js";
import type { WyomingEvent } from "../../src/wyoming/events.js";
import { buildInfo } from "../../src/wyoming/info.js";
import { startWyomingServer, type WyomingServer } from "../../src/wyoming/server.js";
import { captureLogger } from "../support/capture-logger.js";
import { converse, pythonFrame } from "../support/wyoming-client.js";

const CODEC_RUNS = 10_000;
const SERVER_RUNS = 150;

const event = fc.record({
  type: fc.oneof(
    fc.constantFrom("transcript", "describe", "ping", "audio-chunk"),
    fc.string({ minLength: 1 }),
  ),
  data: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
});

/** Valid frames, as Python writes them, optionally with an audio payload after the data. */
const validFrame = fc.tuple(event, fc.nat(64)).map(([e, payload]) => {
  const frame = pythonFrame(e.type, e.data);
  if (payload === 0) return frame;
  const newline = frame.indexOf(0x0a);
  const header = JSON.parse(frame.subarray(0, newline).toString("utf8")) as Record<string, unknown>;
  header.payload_length = payload;
  return Buffer.concat([
    Buffer.from(`${JSON.stringify(header)}\n`),
    frame.subarray(newline + 1),
    Buffer.alloc(payload, 7),
  ]);
});

/** A valid frame, then damaged: bytes flipped, cut short, garbage inserted, or lengths lied about. */
const mutatedFrame = fc.oneof(
  fc
    .tuple(
      validFrame,
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
    )
    .map(([frame, flips]) => {
      const copy = Buffer.from(frame);
      for (const [at, byte] of flips) copy[at % copy.length] = byte;
      return copy;
    }),
  fc.tuple(validFrame, fc.nat()).map(([frame, cut]) => frame.subarray(0, cut % frame.length)),
  fc.tuple(validFrame, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 32 })).map(([frame, at, junk]) => {
    const i = at % (frame.length + 1);
    return Buffer.concat([frame.subarray(0, i), junk, frame.subarray(i)]);
  }),
  fc
    .tuple(
      fc.constantFrom("data_length", "payload_length"),
      fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 53), fc.string()),
    )
    .map(([key, value]) =>
      Buffer.from(`${JSON.stringify({ type: "transcript", [key]: value })}\n{"text": "hi"}`),
    ),
  // Not UTF-8: lone continuation bytes, overlongs, surrogates.
  fc
    .uint8Array({ minLength: 1, maxLength: 16 })
    .map((bytes) =>
      Buffer.concat([
        Buffer.from('{"type": "transcript", "data": {"text": "'),
        Buffer.from([0xc0, 0xff, ...bytes]),
        Buffer.from('"}}\n'),
      ]),
    ),
);

const hostileBytes = fc.oneof(
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b)) },
  { weight: 3, arbitrary: mutatedFrame },
  { weight: 1, arbitrary: fc.array(validFrame, { minLength: 1, maxLength: 3 }).map((f) => Buffer.concat(f)) },
);

/** Cuts `bytes` into chunks at the given points, as TCP may deliver them. */
function chunksOf(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  return chunks;
}

function decodeAll(chunks: Buffer[]): { events: WyomingEvent[]; error?: unknown } {
  const events: WyomingEvent[] = [];
  const decoder = createDecoder((e) => events.push(e));
  try {
    for (const chunk of chunks) decoder.push(chunk);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe("the Wyoming codec, in-process", () => {
  it(`any bytes, any split: events or a WyomingDecodeError, nothing else (${CODEC_RUNS} cases)`, () => {
    fc.assert(
      fc.property(hostileBytes, fc.array(fc.nat(), { maxLength: 6 }), (bytes, cuts) => {
        const { error } = decodeAll(chunksOf(bytes, cuts));
        if (error !== undefined) expect(error).toBeInstanceOf(WyomingDecodeError);
      }),
      { numRuns: CODEC_RUNS },
    );
  });

  it("a valid stream decodes to the same events however it is split", () => {
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (events, cuts) => {
          const bytes = Buffer.concat(events.map((e) => encodeEvent(e)));
          const whole = decodeAll([bytes]);
          const split = decodeAll(chunksOf(bytes, cuts));
          expect(whole.error).toBeUndefined();
          expect(split.events).toEqual(whole.events);
          expect(whole.events.map((e) => e.type)).toEqual(events.map((e) => e.type));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("a huge data_length is refused at once, without waiting for (or buffering) the bytes", () => {
    const { events, error } = decodeAll([
      Buffer.from(`${JSON.stringify({ type: "transcript", data_length: MAX_DATA_BYTES + 1 })}\n`),
    ]);
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(WyomingDecodeError);
  });

  it("a header that never ends is refused after 64 KiB", () => {
    const decoder = createDecoder(() => undefined);
    let error: unknown;
    try {
      for (let i = 0; i < 100; i++) decoder.push(Buffer.alloc(1024, 0x61));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WyomingDecodeError);
  });
});

describe("the Wyoming server, over TCP", () => {
  let server: WyomingServer;
  const log = captureLogger("warn");

  beforeAll(async () => {
    server = await startWyomingServer({
      port: 0,
      host: "127.0.0.1",
      logger: log.logger,
      turnTimeoutMs: 2000,
      info: () => buildInfo({ version: "test", model: "local", languages: ["en"] }),
      handle: async (transcript) => ({ type: "handled", text: `heard: ${transcript.text}` }),
    });
  });

  afterAll(async () => server?.close());

  it(`never crashes, answers garbage with an error event (or waits), and the next connection works (${SERVER_RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileBytes, async (bytes) => {
        const reply = await exchange(server.port, bytes);
        const decoded = decodeAll([reply.bytes]);
        // The server only ever writes well-formed frames.
        expect(decoded.error).toBeUndefined();
        const types = decoded.events.map((e) => e.type);
        for (const type of types) expect(["info", "pong", "handled", "not-handled", "error"]).toContain(type);
        // Closing on its own is only ever a refusal, said with an `error` event.
        if (reply.closedByServer && types.length) expect(types.at(-1)).toBe("error");

        const next = await converse("127.0.0.1", server.port, { text: "still there?" });
        expect(next.response.speech).toBe("heard: still there?");
      }),
      { numRuns: SERVER_RUNS },
    );
  }, 120_000);

  it("a data segment that claims 2 GiB is refused with an error event, and nothing is buffered", async () => {
    const reply = await exchange(
      server.port,
      Buffer.from(`${JSON.stringify({ type: "transcript", data_length: 2 ** 31 })}\n`),
    );
    expect(reply.closedByServer).toBe(true);
    const { events } = decodeAll([reply.bytes]);
    expect(events.at(-1)).toMatchObject({ type: "error", data: { code: "malformed-event" } });
  });
});

/** Writes `bytes`, then reads until the server closes or stays quiet for a moment (as for a cut frame). */
function exchange(port: number, bytes: Buffer): Promise<{ bytes: Buffer; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    let quiet: NodeJS.Timeout | undefined;
    const finish = (closedByServer: boolean) => {
      clearTimeout(quiet);
      socket.destroy();
      resolve({ bytes: Buffer.concat(received), closedByServer });
    };
    const rearm = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => finish(false), 60);
    };
    socket.on("connect", () => {
      socket.write(bytes);
      rearm();
    });
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      rearm();
    });
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    socket.on("error", (err: NodeJS.ErrnoException) =>
      err.code === "ECONNRESET" ? finish(true) : reject(err),
    );
  });
}
