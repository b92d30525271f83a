import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  createDecoder,
  encodeEvent,
  MAX_DATA_BYTES,
  MAX_HEADER_BYTES,
  PROTOCOL_VERSION,
  WyomingDecodeError,
} from "../../../src/wyoming/codec.js";
import type { WyomingEvent } from "../../../src/wyoming/events.js";

function decodeAll(chunks: Uint8Array[]): WyomingEvent[] {
  const events: WyomingEvent[] = [];
  const decoder = createDecoder((event) => events.push(event));
  for (const chunk of chunks) decoder.push(chunk);
  return events;
}

const bytes = (text: string) => Buffer.from(text, "utf8");

/** What Python's wyoming writer puts on the wire for HA's transcript. */
const pythonTranscript = (() => {
  const data = bytes(
    '{"text": "turn on the kitchen light", "language": "en", "context": {"conversation_id": "01J"}}',
  );
  return Buffer.concat([
    bytes(`{"type": "transcript", "version": "1.9.0", "data_length": ${data.length}}\n`),
    data,
  ]);
})();

describe("Wyoming decoder", () => {
  it("decodes the frame HA's Python writer sends", () => {
    expect(decodeAll([pythonTranscript])).toEqual([
      {
        type: "transcript",
        data: { text: "turn on the kitchen light", language: "en", context: { conversation_id: "01J" } },
      },
    ]);
  });

  it("decodes the same events however the bytes are fragmented", () => {
    const stream = Buffer.concat([
      pythonTranscript,
      encodeEvent({ type: "describe" }),
      encodeEvent({ type: "audio-chunk", data: { rate: 16000 } }).subarray(0, -1),
      bytes("}"),
    ]);
    const whole = decodeAll([stream]);
    expect(whole.map((e) => e.type)).toEqual(["transcript", "describe", "audio-chunk"]);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 20 }),
        (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), stream.length];
          const chunks = points.slice(1).map((end, i) => stream.subarray(points[i], end));
          expect(decodeAll(chunks)).toEqual(whole);
        },
      ),
    );
  });

  it("decodes one byte at a time", () => {
    const chunks = [...pythonTranscript].map((b) => Uint8Array.of(b));
    expect(decodeAll(chunks)[0]?.data.text).toBe("turn on the kitchen light");
  });

  it("decodes several frames arriving in one chunk", () => {
    const chunk = Buffer.concat([
      encodeEvent({ type: "ping", data: { text: "1" } }),
      encodeEvent({ type: "ping", data: { text: "2" } }),
      encodeEvent({ type: "describe" }),
    ]);
    expect(decodeAll([chunk])).toEqual([
      { type: "ping", data: { text: "1" } },
      { type: "ping", data: { text: "2" } },
      { type: "describe", data: {} },
    ]);
  });

  it("merges the data segment over inline header data", () => {
    const segment = bytes('{"text": "from segment", "language": "de"}');
    const frame = Buffer.concat([
      bytes(
        `{"type":"transcript","data":{"text":"inline","context":{"conversation_id":"c1"}},"data_length":${segment.length}}\n`,
      ),
      segment,
    ]);
    expect(decodeAll([frame])).toEqual([
      {
        type: "transcript",
        data: { text: "from segment", language: "de", context: { conversation_id: "c1" } },
      },
    ]);
  });

  it("accepts inline data with no data segment, and ignores unknown header keys", () => {
    const frame = bytes('{"type":"transcript","data":{"text":"hi"},"future_key":1,"data_length":null}\n');
    expect(decodeAll([frame])).toEqual([{ type: "transcript", data: { text: "hi" } }]);
  });

  it("skips payloads, even when they arrive in pieces, and keeps decoding after them", () => {
    const payload = Buffer.alloc(5000, 0xff);
    const frame = Buffer.concat([
      bytes(`{"type":"audio-chunk","data":{"rate":16000},"payload_length":${payload.length}}\n`),
      payload,
      encodeEvent({ type: "transcript", data: { text: "after audio" } }),
    ]);
    const chunks = [frame.subarray(0, 40), frame.subarray(40, 3000), frame.subarray(3000)];
    expect(decodeAll(chunks)).toEqual([
      { type: "audio-chunk", data: { rate: 16000 } },
      { type: "transcript", data: { text: "after audio" } },
    ]);
  });

  it("handles a frame with data segment and payload", () => {
    const data = bytes('{"rate":22050}');
    const frame = Buffer.concat([
      bytes(`{"type":"audio-chunk","data_length":${data.length},"payload_length":3}\n`),
      data,
      Buffer.from([0, 10, 0]), // newline bytes inside a payload must not end anything
      encodeEvent({ type: "describe" }),
    ]);
    expect(decodeAll([frame])).toEqual([
      { type: "audio-chunk", data: { rate: 22050 } },
      { type: "describe", data: {} },
    ]);
  });

  it("decodes non-ASCII text split inside a multi-byte character", () => {
    const frame = encodeEvent({ type: "transcript", data: { text: "Schalte die Küche ein 💡" } });
    const split = frame.indexOf(0xf0) + 2;
    expect(decodeAll([frame.subarray(0, split), frame.subarray(split)])[0]?.data.text).toBe(
      "Schalte die Küche ein 💡",
    );
  });

  it("keeps a __proto__ key as data, never as the prototype", () => {
    const segment = bytes('{"__proto__":{"text":"injected"}}');
    const frame = Buffer.concat([bytes(`{"type":"transcript","data_length":${segment.length}}\n`), segment]);
    const [event] = decodeAll([frame]);
    expect(event?.data.text).toBeUndefined();
    expect(Object.getPrototypeOf(event?.data)).toBe(Object.prototype);
  });

  it("accepts a header line of exactly 64 KiB", () => {
    const prefix = '{"type":"x","data":{"pad":"';
    const suffix = '"}}';
    const pad = "a".repeat(MAX_HEADER_BYTES - prefix.length - suffix.length);
    expect(decodeAll([bytes(`${prefix}${pad}${suffix}\n`)])[0]?.type).toBe("x");
  });

  const malformed: [string, Uint8Array[]][] = [
    [
      "a header line over 64 KiB without a newline yet",
      [bytes(`{"type":"x","pad":"${"a".repeat(MAX_HEADER_BYTES)}`)],
    ],
    ["a header line over 64 KiB", [bytes(`{"type":"x","data":{"pad":"${"a".repeat(MAX_HEADER_BYTES)}"}}\n`)]],
    ["a data segment over 1 MiB", [bytes(`{"type":"x","data_length":${MAX_DATA_BYTES + 1}}\n`)]],
    ["a header that is not JSON", [bytes("hello there\n")]],
    ["an empty header line", [bytes("\n")]],
    ["a header without a type", [bytes('{"data":{"text":"hi"}}\n')]],
    ["a header that is a JSON array", [bytes('["transcript"]\n')]],
    ["header data that is not an object", [bytes('{"type":"x","data":[1,2]}\n')]],
    ["a negative data length", [bytes('{"type":"x","data_length":-4}\n')]],
    ["a data segment that is not JSON", [bytes('{"type":"x","data_length":5}\n{bad}')]],
    ["a data segment that is a JSON array", [bytes('{"type":"x","data_length":2}\n[]')]],
    [
      "a header that is not UTF-8",
      [Buffer.concat([bytes('{"type":"'), Buffer.from([0xc3, 0x28]), bytes('"}\n')])],
    ],
    [
      "a data segment that is not UTF-8",
      [Buffer.concat([bytes('{"type":"x","data_length":4}\n'), Buffer.from([0x22, 0xff, 0xfe, 0x22])])],
    ],
  ];

  it.each(malformed)("rejects %s", (_, chunks) => {
    expect(() => decodeAll(chunks)).toThrow(WyomingDecodeError);
  });

  it("delivers the good frames before a bad one, then refuses further input", () => {
    const events: WyomingEvent[] = [];
    const decoder = createDecoder((event) => events.push(event));
    expect(() =>
      decoder.push(Buffer.concat([encodeEvent({ type: "describe" }), bytes("garbage\n")])),
    ).toThrow(WyomingDecodeError);
    expect(events).toEqual([{ type: "describe", data: {} }]);
    expect(() => decoder.push(encodeEvent({ type: "describe" }))).toThrow(WyomingDecodeError);
    expect(events).toHaveLength(1);
  });
});

describe("Wyoming encoder", () => {
  it("writes data as a data segment with data_length and the version in the header, like Python", () => {
    const frame = encodeEvent({ type: "handled", data: { text: "Turned on the light" } });
    const newline = frame.indexOf(0x0a);
    const header = JSON.parse(frame.subarray(0, newline).toString("utf8"));
    const segment = frame.subarray(newline + 1);
    expect(header).toEqual({ type: "handled", version: PROTOCOL_VERSION, data_length: segment.length });
    expect(JSON.parse(segment.toString("utf8"))).toEqual({ text: "Turned on the light" });
  });

  it("counts data_length in bytes, not characters", () => {
    const frame = encodeEvent({ type: "handled", data: { text: "Licht in der Küche ist an 💡" } });
    expect(decodeAll([frame])).toEqual([{ type: "handled", data: { text: "Licht in der Küche ist an 💡" } }]);
  });

  it("writes a header line only when there is no data", () => {
    expect(encodeEvent({ type: "describe" }).toString("utf8")).toBe(
      `{"type":"describe","version":"${PROTOCOL_VERSION}"}\n`,
    );
    expect(encodeEvent({ type: "pong", data: {} }).toString("utf8")).toBe(
      `{"type":"pong","version":"${PROTOCOL_VERSION}"}\n`,
    );
  });

  it("round-trips arbitrary event data", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.dictionary(fc.string(), fc.jsonValue()), (type, data) => {
        const [event] = decodeAll([encodeEvent({ type, data })]);
        expect(event).toEqual({ type, data: JSON.parse(JSON.stringify(data)) });
      }),
    );
  });
});
