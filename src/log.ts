import { createRequire } from "node:module";
import { format } from "node:util";
import { pino, type Logger, type LevelWithSilent } from "pino";
import type PinoPretty from "pino-pretty";
import { plainLineStream } from "./log-line.js";
import { sourceStack } from "./shared/source-stack.js";

export type { Logger };

/** Keys whose values are secrets wherever they appear in a log object. */
const SECRET_PATHS = [
  "llm_api_key",
  "mqtt_password",
  "ha_token",
  "api_token",
  "password",
  "token",
  "apiKey",
  "*.llm_api_key",
  "*.mqtt_password",
  "*.ha_token",
  "*.api_token",
  "*.password",
  "*.token",
  "*.apiKey",
];

export interface LoggerOptions {
  level?: LevelWithSilent;
  /** stdio MCP servers must keep stdout for the protocol. */
  stream?: "stdout" | "stderr";
  /** pino JSON lines instead of short human-readable lines (LOG_FORMAT=json). */
  json?: boolean;
  name?: string;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const fd = options.stream === "stderr" ? 2 : 1;
  const json = options.json ?? process.env.LOG_FORMAT === "json";
  const base = {
    level: options.level ?? "info",
    name: options.name,
    redact: { paths: SECRET_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError },
  };
  if (json) return pino(base, pino.destination({ fd, sync: true }));
  // The add-on log panel shows plain text: one short line per event, no JSON noise. Colours only
  // where a terminal reads the log, so pino-pretty loads only there.
  const tty = fd === 2 ? process.stderr.isTTY : process.stdout.isTTY;
  if (!tty) return pino(base, plainLineStream(fd));
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  const stream = pretty({
    destination: fd,
    sync: true,
    colorize: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,name",
    messageFormat: options.name ? `[${options.name}] {msg}` : "{msg}",
    singleLine: true,
  });
  return pino(base, stream);
}

/** pino's own, with the stack's frames in src/ rather than in the bundle (shared/source-stack.ts). */
function serializeError(err: Error): unknown {
  const serialized = pino.stdSerializers.err(err);
  if (typeof serialized?.stack === "string") serialized.stack = sourceStack(serialized.stack);
  return serialized;
}

/**
 * What libraries print with `console.*` becomes the bridge's own log lines, so nothing but its
 * log reaches the add-on's log panel (and, in the stdio Z-Wave server, nothing else reaches
 * stdout, its protocol channel). The bridge itself never writes to the console. What libraries
 * print there is meant for their own developers: @langchain/core's AIMessage warns "New
 * LangChain packages are available…" whenever a reply's tool calls are all invalid
 * (`dist/messages/ai.js`, as @langchain/openai builds such a reply), which an add-on user can do
 * nothing about. So it is logged at debug, and `console.error` at warn.
 */
export function routeConsoleTo(logger: Logger): void {
  const at =
    (level: "debug" | "warn") =>
    (...args: unknown[]): void => {
      // One event, one line: the add-on log panel shows plain lines.
      const text = format(...args)
        .replace(/\s*\n\s*/g, " ")
        .trim();
      if (text) logger[level]({ source: "console" }, text);
    };
  // The one place the console is touched: its methods are replaced, never called.
  const target: Pick<
    Console,
    "log" | "info" | "debug" | "trace" | "warn" | "dir" | "dirxml" | "table" | "error"
  > = console;
  for (const method of ["log", "info", "debug", "trace", "warn", "dir", "dirxml", "table"] as const) {
    target[method] = at("debug");
  }
  target.error = at("warn");
}
