import { connect } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { buildInfo } from "../../../src/wyoming/info.js";
import {
  MAX_WAITING_TRANSCRIPTS,
  startWyomingServer,
  type HandleTranscript,
  type WyomingServer,
} from "../../../src/wyoming/server.js";
import type { Transcript } from "../../../src/wyoming/events.js";
import { converse, describe as describeService, pythonFrame, sendRaw } from "../../support/wyoming-client.js";

const HOST = "127.0.0.1";
const servers: WyomingServer[] = [];
const info = () => buildInfo({ version: "1.2.3", model: "local", languages: ["en", "de"] });

async function start(
  handle: HandleTranscript,
  options: { turnTimeoutMs?: number; logLines?: string[] } = {},
) {
  const lines = options.logLines;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines?.push(JSON.parse(chunk.toString("utf8")).msg);
      done();
    },
  });
  const server = await startWyomingServer({
    port: 0,
    host: HOST,
    info,
    handle,
    logger: pino({ level: lines ? "info" : "silent" }, stream),
    turnTimeoutMs: options.turnTimeoutMs,
  });
  servers.push(server);
  return server;
}

const echo: HandleTranscript = async (transcript) => ({
  type: "handled",
  text: `You said: ${transcript.text}`,
});

/** A hang guard, generous: what a promise that never settles is taken to have said. */
function unlessHung<T>(promise: Promise<T>, hung: T): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((resolve) => setTimeout(() => resolve(hung), 10_000).unref()),
  ]);
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("Wyoming server", () => {
  it("is discovered by HA as a conversation agent that can control the home", async () => {
    const server = await start(echo);
    const result = await describeService(HOST, server.port);
    expect(result).toMatchObject({
      isConversationAgent: true,
      name: "MCP Assist Bridge",
      supportsHomeControl: true,
      languages: ["en", "de"],
    });
    expect(result.info).toEqual(info());
    const [program] = result.info.handle as Record<string, unknown>[];
    expect(program).toMatchObject({ installed: true, supports_handled_streaming: false, version: "1.2.3" });
  });

  it("answers a sentence from HA with exactly one handled event, passing text, language and context", async () => {
    const received: Transcript[] = [];
    const server = await start(async (transcript) => {
      received.push(transcript);
      return { type: "handled", text: "Turned on the kitchen light" };
    });
    const outcome = await converse(HOST, server.port, {
      text: "turn on the kitchen light",
      language: "en",
      conversationId: "01JCONV",
      deviceId: "dev-1",
      satelliteId: "assist_satellite.kitchen",
    });
    expect(outcome.response).toEqual({ responseType: "action_done", speech: "Turned on the kitchen light" });
    expect(outcome.skipped).toEqual([]);
    expect(received).toEqual([
      {
        text: "turn on the kitchen light",
        language: "en",
        context: { conversation_id: "01JCONV", device_id: "dev-1", satellite_id: "assist_satellite.kitchen" },
      },
    ]);
  });

  it("serves a new connection per sentence, as HA opens one each time", async () => {
    const server = await start(echo);
    const outcomes = await Promise.all(
      ["one", "two", "three", "four"].map((text) => converse(HOST, server.port, { text })),
    );
    expect(outcomes.map((o) => o.response)).toEqual(
      ["one", "two", "three", "four"].map((t) => ({ responseType: "action_done", speech: `You said: ${t}` })),
    );
  });

  it("passes a not-handled reply through, which HA reports as failed_to_handle", async () => {
    const server = await start(async () => ({
      type: "not-handled",
      text: "I don't know a device called attic fan",
    }));
    const outcome = await converse(HOST, server.port, { text: "turn on the attic fan" });
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response).toEqual({
      responseType: "error",
      errorCode: "failed_to_handle",
      speech: "I don't know a device called attic fan",
    });
  });

  it("answers not-handled when the handler throws, without revealing the error, and keeps serving", async () => {
    let calls = 0;
    const server = await start(async (transcript) => {
      calls += 1;
      if (calls === 1) throw new Error("401 invalid x-api-key sk-ant-secret");
      return echo(transcript, { signal: new AbortController().signal });
    });
    const failed = await converse(HOST, server.port, { text: "hello" });
    expect(failed.event?.type).toBe("not-handled");
    expect(failed.response.speech).not.toContain("sk-ant");
    expect(failed.response.speech.length).toBeGreaterThan(0);
    const next = await converse(HOST, server.port, { text: "again" });
    expect(next.response).toEqual({ responseType: "action_done", speech: "You said: again" });
  });

  it("answers not-handled when a turn runs out of time, and aborts the handler", async () => {
    let signal: AbortSignal | undefined;
    const server = await start(
      (_transcript, context) => {
        signal = context.signal;
        return new Promise(() => {}); // a handler that neither finishes nor listens to its signal
      },
      { turnTimeoutMs: 300 },
    );
    const outcome = await converse(HOST, server.port, { text: "what is the meaning of life" });
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response.speech).toMatch(/too long/);
    expect(signal?.aborted).toBe(true);
  });

  it("aborts the handler when HA goes away mid-turn", async () => {
    let started!: () => void;
    let aborted!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const handlerAborted = new Promise<void>((resolve) => (aborted = resolve));
    const server = await start((_transcript, { signal }) => {
      signal.addEventListener("abort", () => aborted());
      started();
      return new Promise(() => {});
    });
    const socket = connect({ host: HOST, port: server.port }, () => {
      socket.write(pythonFrame("transcript", { text: "slow question" }));
    });
    await handlerStarted;
    socket.destroy();
    expect(
      await unlessHung(
        handlerAborted.then(() => "aborted"),
        "still running",
      ),
    ).toBe("aborted");
  });

  it("refuses more sentences waiting on one connection than it will queue, with an error event, and stops the turn", async () => {
    let calls = 0;
    let aborted!: () => void;
    const handlerAborted = new Promise<string>((resolve) => (aborted = () => resolve("aborted")));
    const server = await start((_transcript, { signal }) => {
      calls++;
      signal.addEventListener("abort", () => aborted());
      return new Promise(() => {});
    });
    const flood = Buffer.concat(
      Array.from({ length: MAX_WAITING_TRANSCRIPTS + 5 }, (_, i) =>
        pythonFrame("transcript", { text: `${i}` }),
      ),
    );
    const { events } = await unlessHung(sendRaw(HOST, server.port, flood), { events: [] });
    expect(events).toEqual([
      expect.objectContaining({
        type: "error",
        data: { text: expect.stringContaining("waiting on this connection"), code: "too-many-transcripts" },
      }),
    ]);
    expect(calls).toBe(1);
    expect(await unlessHung(handlerAborted, "still running")).toBe("aborted");
    const next = await converse(HOST, (await start(echo)).port, { text: "still there?" });
    expect(next.response.speech).toBe("You said: still there?");
  });

  it("answers a malformed frame with an error event and closes the connection, then serves others", async () => {
    const server = await start(echo);
    const { events } = await sendRaw(HOST, server.port, Buffer.from("this is not json\n"));
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe("error");
    expect(events[0]?.data).toMatchObject({ text: expect.any(String), code: expect.any(String) });
    const next = await converse(HOST, server.port, { text: "still there?" });
    expect(next.response.speech).toBe("You said: still there?");
  });

  it("rejects an oversized header line with an error event instead of buffering it", async () => {
    const server = await start(echo);
    const { events } = await sendRaw(HOST, server.port, Buffer.alloc(70 * 1024, 0x61));
    expect(events.map((e) => e.type)).toEqual(["error"]);
  });

  it("rejects a transcript without text with an error event", async () => {
    const server = await start(echo);
    const { events } = await sendRaw(HOST, server.port, pythonFrame("transcript", { language: "en" }));
    expect(events.map((e) => e.type)).toEqual(["error"]);
  });

  it("answers ping with pong, ignores unknown events, answers describe at once and transcripts in order", async () => {
    const server = await start(echo);
    const bytes = Buffer.concat([
      pythonFrame("ping", { text: "are you there" }),
      pythonFrame("run-satellite", {}),
      pythonFrame("transcript", { text: "first" }),
      pythonFrame("transcript", { text: "second" }),
      pythonFrame("describe", {}),
    ]);
    const { events } = await sendRaw(HOST, server.port, bytes, { stopAfter: 4 });
    expect(events.map((e) => [e.type, e.data.text])).toEqual([
      ["pong", "are you there"],
      ["info", undefined],
      ["handled", "You said: first"],
      ["handled", "You said: second"],
    ]);
  });

  it("drops connections and aborts turns in flight on close", async () => {
    let signal: AbortSignal | undefined;
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const server = await start((_transcript, context) => {
      signal = context.signal;
      started();
      return new Promise(() => {});
    });
    const outcome = converse(HOST, server.port, { text: "long question" });
    await handlerStarted;
    await server.close();
    expect((await outcome).response.speech).toMatch(/Connection lost/);
    expect(signal?.aborted).toBe(true);
  });

  it("logs one short line per transcript with the truncated text and the time taken", async () => {
    const lines: string[] = [];
    const server = await start(echo, { logLines: lines });
    const long = `turn on ${"the very long named light ".repeat(10)}`;
    await converse(HOST, server.port, { text: long });
    const turnLines = lines.filter((line) => line.includes("handled"));
    expect(turnLines).toHaveLength(1);
    expect(turnLines[0]).toMatch(/^Wyoming "turn on the very long.*…" → handled in \d+ ms$/);
    expect(turnLines[0]!.length).toBeLessThan(120);
  });
});

describe("the HA client fake", () => {
  it("rejects an info that HA's Python dataclasses could not load", async () => {
    const complete = info();
    const [program] = complete.handle;
    const { languages: _dropped, ...modelWithoutLanguages } = program!.models[0]!;
    const server = await startWyomingServer({
      port: 0,
      host: HOST,
      info: () => ({ ...complete, handle: [{ ...program!, models: [modelWithoutLanguages as never] }] }),
      handle: echo,
      logger: pino({ level: "silent" }),
    });
    servers.push(server);
    await expect(describeService(HOST, server.port)).rejects.toThrow(/languages/);
  });
});
