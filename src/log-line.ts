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
        writeSync(fd, line);
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
      writeSync(fd, `[${clock}] ${level}: ${name}${String(entry.msg ?? "")}${extra}${stack}\n`);
    },
  };
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
