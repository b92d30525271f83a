import { writeSync } from "node:fs";

const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
const OMIT = new Set(["level", "time", "pid", "hostname", "name", "msg", "err"]);

/**
 * pino's JSON lines as one short plain line each, `[HH:MM:ss.l] LEVEL: [name] message {fields}`,
 * for the add-on log panel; an error's stack follows on indented lines. pino-pretty does the
 * same with colours, but costs its load where no terminal reads the log.
 */
export function plainLineStream(fd: number): { write(line: string): void } {
  return {
    write(line) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        writeFully(fd, line);
        return;
      }
      const time = new Date(typeof entry.time === "number" ? entry.time : Date.now());
      const clock = `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}.${String(time.getMilliseconds()).padStart(3, "0")}`;
      const level = LEVELS[entry.level as number] ?? String(entry.level);
      const name = typeof entry.name === "string" ? `[${entry.name}] ` : "";
      const fields = Object.fromEntries(Object.entries(entry).filter(([key]) => !OMIT.has(key)));
      const extra = Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : "";
      const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
      const stack = err
        ? `\n    ${(err.stack ?? `${err.type ?? "Error"}: ${err.message ?? ""}`).replace(/\n/g, "\n    ")}`
        : "";
      writeFully(fd, `[${clock}] ${level}: ${name}${String(entry.msg ?? "")}${extra}${stack}\n`);
    },
  };
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * The whole line, whatever the reader does. stdout is a non-blocking pipe once Node has opened it
 * (the add-on log, a terminal pager): while the pipe is full, a write takes part of the line or
 * fails with EAGAIN, which thrown from a logger ended the bridge. Waits a millisecond at a time
 * for the reader, as pino's own sync destination (sonic-boom) does.
 */
function writeFully(fd: number, text: string): void {
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN") throw err;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
