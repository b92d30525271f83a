import { pino, type Logger, type LevelWithSilent } from "pino";
import pretty from "pino-pretty";

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
  };
  if (json) return pino(base, pino.destination({ fd, sync: true }));
  // The add-on log panel shows plain text: one short line per event, no JSON noise.
  const stream = pretty({
    destination: fd,
    sync: true,
    colorize: false,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,name",
    messageFormat: options.name ? `[${options.name}] {msg}` : "{msg}",
    singleLine: true,
  });
  return pino(base, stream);
}
