// A stack trace from the minified bundle, as the log gives it: frames in the original sources, read
// from the source map beside the built file (src/shared/source-stack.ts). Built here with the
// settings of scripts/bundle.mjs that matter (minified, a linked source map) from a source whose
// line of the throw is known, and thrown in a plain Node process (vitest maps stacks itself).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceStack } from "../../src/shared/source-stack.js";

const ROOT = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "source-stack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SOURCE = `export function outer(): void {
  inner(2);
}

function inner(n: number): void {
  if (n > 1) throw new Error("the fourth step failed");
}
`;

/** What the child printed: the stack as thrown, then the logger's line. */
let raw: string;
let logged: string;

beforeAll(async () => {
  writeFileSync(join(dir, "thrower.ts"), SOURCE);
  await build({
    entryPoints: [join(dir, "thrower.ts")],
    outdir: join(dir, "dist"),
    bundle: true,
    format: "esm",
    platform: "node",
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: "silent",
  });
  // The logger as the bridge makes it, writing to a pipe as to the add-on log (plain lines).
  const script = join(dir, "throw-and-log.mts");
  writeFileSync(
    script,
    `import { createLogger } from ${JSON.stringify(join(ROOT, "src/log.ts"))};
    const { outer } = await import(${JSON.stringify(pathToFileURL(join(dir, "dist/thrower.js")).href)});
    try { outer(); } catch (err) {
      process.stderr.write(err.stack);
      createLogger().error({ err }, "the step failed");
    }`,
  );
  const child = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: ROOT, encoding: "utf8" });
  raw = child.stderr;
  logged = child.stdout;
});

describe("stack traces of the bundle", () => {
  it("name the original file, line and column of each frame that has a source map", () => {
    const source = relative(ROOT, join(dir, "thrower.ts"));
    // Minified, the built file is one line: the frames say line 1. Node names an ES module by its
    // file URL (a path only where source maps are on, as tsx has them in the child).
    expect(raw).toMatch(/thrower\.js:1:\d+/);
    const asNodePrintsIt = raw.replaceAll(
      join(dir, "dist/thrower.js"),
      pathToFileURL(join(dir, "dist/thrower.js")).href,
    );
    const mapped = sourceStack(asNodePrintsIt);
    expect(mapped).toContain(`at inner (${source}:6:`);
    expect(mapped).toContain(`at outer (${source}:2:`);
    expect(mapped).not.toMatch(/thrower\.js:/);
    // Frames without a map stay as they were.
    expect(mapped.split("\n").length).toBe(raw.split("\n").length);
  });

  it("are logged that way: an error in the add-on log points at the original source", () => {
    const source = relative(ROOT, join(dir, "thrower.ts"));
    expect(logged).toMatch(/ERROR: the step failed/);
    expect(logged).toContain(`at inner (${source}:6:`);
    expect(logged).not.toMatch(/thrower\.js:/);
  });
});
