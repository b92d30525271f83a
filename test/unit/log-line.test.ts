// The add-on log is a pipe that someone else reads. When the reader falls behind and the pipe
// fills, the logger waits for it: the lines all arrive, whole, and the process lives on.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "log-line-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINES = 20_000;

it("waits for a slow reader of a full pipe instead of failing: every line arrives whole", async () => {
  const script = join(dir, "burst.mts");
  writeFileSync(
    script,
    `import { createLogger } from ${JSON.stringify(join(ROOT, "src/log.ts"))};
    const logger = createLogger();
    for (let i = 0; i < ${LINES}; i++) logger.info({ i }, "a line of the burst");`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: ROOT });
  // Nobody reads at first: the pipe (64 KiB) fills long before the burst ends.
  child.stdout.pause();
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise((resolve) => setTimeout(resolve, 500));
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));

  expect(stderr).toBe("");
  expect(code).toBe(0);
  const lines = out.split("\n").filter(Boolean);
  expect(lines).toHaveLength(LINES);
  expect(lines.every((line, i) => line.endsWith(`INFO: a line of the burst {"i":${i}}`))).toBe(true);
});
