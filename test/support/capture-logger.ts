import { Writable } from "node:stream";
import { pino, type Logger } from "pino";

/** A real pino logger whose lines are kept for assertions. */
export function captureLogger(level: pino.LevelWithSilent = "debug"): {
  logger: Logger;
  lines: () => Array<{ level: number; msg: string } & Record<string, unknown>>;
  messages: (minLevel?: "info" | "warn" | "error") => string[];
} {
  const collected: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      collected.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level }, stream);
  const lines = () =>
    collected
      .flatMap((c) => c.split("\n").filter(Boolean))
      .map((l) => JSON.parse(l) as { level: number; msg: string });
  const rank = { info: 30, warn: 40, error: 50 } as const;
  return {
    logger,
    lines,
    messages: (minLevel) =>
      lines()
        .filter((l) => l.level >= (minLevel ? rank[minLevel] : 0))
        .map((l) => l.msg),
  };
}
