/**
 * Home Assistant core's side of Wyoming, as a test fake (home-assistant/core
 * homeassistant/components/wyoming/conversation.py and data.py).
 *
 * - `converse(host, port, input)` does what HA's Wyoming conversation entity does per sentence: a new
 *   TCP connection, one `transcript` `{text, language, context: {conversation_id, device_id?, satellite_id?}}`
 *   (no `describe` first), then reads events until a terminal one (`handled`, `not-handled`, `error`,
 *   `not-recognized`, `intent`), skipping every other event, then closes. It reports the terminal event,
 *   the skipped events and what HA makes of it (speech, error code), or "Connection lost".
 * - `describe(host, port)` is one attempt of `WyomingService.create`: `describe`, wait at most 1 s for
 *   `info`, check it the way the Python dataclasses would (a missing required field throws), and
 *   report what HA derives from it (conversation agent? languages? home control?).
 * - `sendRaw(host, port, bytes, {stopAfter?})` writes arbitrary bytes and collects events until the
 *   server closes the connection (or `stopAfter` events arrived), for malformed-frame tests.
 *
 * It writes frames byte for byte as the Python library does (`", "`/`": "` separators, version in the
 * header, data in a data segment), and reads them with its own parser, not the product's codec.
 */
import { connect, type Socket } from "node:net";

export interface WyomingFrame {
  type: string;
  data: Record<string, unknown>;
  payloadLength: number;
}

export interface ConversationInput {
  text: string;
  /** HA always sends the pipeline language. */
  language?: string;
  /** HA sends the user's id, or a fresh ULID when there is none. */
  conversationId?: string;
  deviceId?: string;
  satelliteId?: string;
}

export interface ConversationOutcome {
  /** The terminal event HA acted on; null when the connection closed first. */
  event: WyomingFrame | null;
  /** Events HA's read loop skipped before the terminal one (streaming events, pongs, ...). */
  skipped: WyomingFrame[];
  /** The conversation_id HA sent. */
  conversationId: string;
  /** HA's IntentResponse: speech on success; an error code and message otherwise. */
  response:
    | { responseType: "action_done"; speech: string }
    | {
        responseType: "error";
        errorCode: "failed_to_handle" | "unknown" | "no_intent_match";
        speech: string;
      };
}

export async function converse(
  host: string,
  port: number,
  input: ConversationInput,
): Promise<ConversationOutcome> {
  const conversationId = input.conversationId ?? fakeUlid();
  const context: Record<string, string> = { conversation_id: conversationId };
  if (input.deviceId) context.device_id = input.deviceId;
  if (input.satelliteId) context.satellite_id = input.satelliteId;
  const socket = await open(host, port);
  const reader = createFrameReader(socket);
  const skipped: WyomingFrame[] = [];
  try {
    socket.write(pythonFrame("transcript", { text: input.text, language: input.language ?? "en", context }));
    for (;;) {
      const event = await reader.next();
      if (!event) {
        return {
          event: null,
          skipped,
          conversationId,
          response: {
            responseType: "error",
            errorCode: "unknown",
            speech: "Error communicating with service: Connection lost",
          },
        };
      }
      const text = typeof event.data.text === "string" ? event.data.text : "";
      switch (event.type) {
        case "handled":
          return { event, skipped, conversationId, response: { responseType: "action_done", speech: text } };
        case "intent":
          // HA would now run the intent itself; the intent's text becomes the speech.
          return { event, skipped, conversationId, response: { responseType: "action_done", speech: text } };
        case "not-handled":
          return failure(event, "failed_to_handle", text);
        case "error":
          return failure(event, "unknown", text);
        case "not-recognized":
          return failure(event, "no_intent_match", text);
        default:
          skipped.push(event);
      }
    }
  } finally {
    socket.destroy();
  }

  function failure(
    event: WyomingFrame,
    errorCode: "failed_to_handle" | "unknown" | "no_intent_match",
    speech: string,
  ): ConversationOutcome {
    return { event, skipped, conversationId, response: { responseType: "error", errorCode, speech } };
  }
}

export interface DescribeResult {
  info: Record<string, unknown>;
  /** HA loads its conversation platform when any installed handle (or intent) program exists. */
  isConversationAgent: boolean;
  /** The conversation entity's name: the first installed handle program's name. */
  name: string | undefined;
  /** ConversationEntityFeature.CONTROL. */
  supportsHomeControl: boolean;
  /** Union of installed models' languages; `"*"` when empty. */
  languages: string[] | "*";
}

/** HA's `_INFO_TIMEOUT`. */
const INFO_TIMEOUT_MS = 1000;

export async function describe(host: string, port: number): Promise<DescribeResult> {
  const socket = await open(host, port);
  const reader = createFrameReader(socket);
  let timer: NodeJS.Timeout | undefined;
  try {
    socket.write(pythonFrame("describe", {}));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no info within ${INFO_TIMEOUT_MS} ms`)), INFO_TIMEOUT_MS);
    });
    const readInfo = async (): Promise<WyomingFrame> => {
      for (;;) {
        const event = await reader.next();
        if (!event) throw new Error("Connection closed unexpectedly");
        if (event.type === "info") return event;
      }
    };
    const info = await Promise.race([readInfo(), timeout]);
    return interpretInfo(info.data);
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

export interface RawExchange {
  /** The events the server sent, in order. */
  events: WyomingFrame[];
}

/**
 * Writes `bytes` and collects events until the server closes the connection, or until `stopAfter`
 * events have arrived (then the client closes, as HA does once it has its answer).
 */
export async function sendRaw(
  host: string,
  port: number,
  bytes: Uint8Array,
  { stopAfter = Infinity }: { stopAfter?: number } = {},
): Promise<RawExchange> {
  const socket = await open(host, port);
  const reader = createFrameReader(socket);
  const events: WyomingFrame[] = [];
  try {
    socket.write(bytes);
    while (events.length < stopAfter) {
      const event = await reader.next();
      if (!event) break;
      events.push(event);
    }
    return { events };
  } finally {
    socket.destroy();
  }
}

/** A frame exactly as Python's `async_write_event` writes it. */
export function pythonFrame(type: string, data: Record<string, unknown>): Buffer {
  const header: Record<string, unknown> = { type, version: "1.9.0" };
  if (Object.keys(data).length === 0) return Buffer.from(`${pythonJson(header)}\n`, "utf8");
  const segment = Buffer.from(pythonJson(data), "utf8");
  header.data_length = segment.length;
  return Buffer.concat([Buffer.from(`${pythonJson(header)}\n`, "utf8"), segment]);
}

/** `json.dumps(value, ensure_ascii=False)` with its default separators. */
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`);
    return `{${entries.join(", ")}}`;
  }
  return JSON.stringify(value);
}

function open(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

/**
 * Reads frames as `async_read_event` does: readline, JSON, data segment merged over header data,
 * payload read. `next()` yields null at end of stream or on an unreadable frame (Python returns None).
 */
function createFrameReader(socket: Socket): { next(): Promise<WyomingFrame | null> } {
  let buffer = Buffer.alloc(0);
  let ended = false;
  let wake: (() => void) | undefined;
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake?.();
  });
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  socket.on("end", onEnd);
  socket.on("close", onEnd);
  socket.on("error", onEnd);

  const waitForBytes = () =>
    new Promise<void>((resolve) => {
      wake = () => {
        wake = undefined;
        resolve();
      };
    });

  function tryParse(): WyomingFrame | "incomplete" | null {
    const newline = buffer.indexOf(0x0a);
    if (newline === -1) return "incomplete";
    let header: Record<string, unknown>;
    try {
      header = JSON.parse(buffer.subarray(0, newline).toString("utf8"));
    } catch {
      return null;
    }
    const dataLength = typeof header.data_length === "number" ? header.data_length : 0;
    const payloadLength = typeof header.payload_length === "number" ? header.payload_length : 0;
    const end = newline + 1 + dataLength + payloadLength;
    if (buffer.length < end) return "incomplete";
    const data = { ...(header.data as Record<string, unknown> | undefined) };
    if (dataLength > 0) {
      try {
        Object.assign(
          data,
          JSON.parse(buffer.subarray(newline + 1, newline + 1 + dataLength).toString("utf8")),
        );
      } catch {
        return null;
      }
    }
    buffer = buffer.subarray(end);
    return { type: String(header.type), data, payloadLength };
  }

  return {
    async next() {
      for (;;) {
        const frame = tryParse();
        if (frame !== "incomplete") return frame;
        if (ended) return null;
        await waitForBytes();
      }
    },
  };
}

/** HA generates a ULID when the user has no conversation yet; any unique id stands in. */
function fakeUlid(): string {
  return `01FAKE${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
}

function interpretInfo(info: Record<string, unknown>): DescribeResult {
  const handle = asList(info.handle, "info.handle");
  handle.forEach((program, i) => checkHandleProgram(program, `info.handle[${i}]`));
  const intent = asList(info.intent, "info.intent");
  const installed = (p: unknown) => (p as { installed: boolean }).installed;
  const program = handle.find(installed) as
    | { name: string; supports_home_control?: boolean; models: { installed: boolean; languages: string[] }[] }
    | undefined;
  const languages = new Set<string>();
  for (const model of program?.models ?? [])
    if (model.installed) model.languages.forEach((l) => languages.add(l));
  return {
    info,
    isConversationAgent: handle.some(installed) || intent.some(installed),
    name: program?.name,
    supportsHomeControl: program?.supports_home_control === true,
    languages: languages.size ? [...languages] : "*",
  };
}

function asList(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError(`${where} is not a list`);
  return value;
}

/** Raises where the Python `HandleProgram.from_dict` constructor would raise TypeError. */
function checkHandleProgram(program: unknown, where: string): void {
  checkArtifact(program, where);
  const models = (program as Record<string, unknown>).models;
  if (!Array.isArray(models)) throw new TypeError(`${where}: missing required field models`);
  models.forEach((model: unknown, i) => {
    checkArtifact(model, `${where}.models[${i}]`);
    const languages = (model as Record<string, unknown>).languages;
    if (!Array.isArray(languages))
      throw new TypeError(`${where}.models[${i}]: missing required field languages`);
  });
}

function checkArtifact(artifact: unknown, where: string): void {
  if (artifact === null || typeof artifact !== "object") throw new TypeError(`${where} is not an object`);
  const fields = artifact as Record<string, unknown>;
  for (const key of ["name", "attribution", "installed"]) {
    if (!(key in fields)) throw new TypeError(`${where}: missing required field ${key}`);
  }
  const attribution = fields.attribution as Record<string, unknown> | null;
  if (
    attribution === null ||
    typeof attribution !== "object" ||
    !("name" in attribution) ||
    !("url" in attribution)
  ) {
    throw new TypeError(`${where}.attribution: missing name or url`);
  }
}
