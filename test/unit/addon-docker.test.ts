import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryFiles } from "../support/supervisor-config.js";

const ROOT = join(import.meta.dirname, "../..");
const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
const dockerignore = readFileSync(join(ROOT, ".dockerignore"), "utf8");

/** Instructions with line continuations joined and comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

const trackedFiles = repositoryFiles(ROOT);

/** Docker's rules: patterns in order, the last match wins, `!` re-includes, a matching parent folder matches. */
function sentToBuilder(path: string): boolean {
  const patterns = dockerignore
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const parts = path.split("/");
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
  let excluded = false;
  for (const raw of patterns) {
    const negated = raw.startsWith("!");
    const pattern = (negated ? raw.slice(1) : raw).replace(/^\/+|\/+$/g, "");
    const re = new RegExp(
      "^" +
        pattern
          .split("**")
          .map((piece) =>
            piece
              .replace(/[.+^${}()|[\]\\]/g, "\\$&")
              .replace(/\*/g, "[^/]*")
              .replace(/\?/g, "[^/]"),
          )
          .join(".*") +
        "$",
    );
    if (prefixes.some((prefix) => re.test(prefix))) excluded = !negated;
  }
  return !excluded;
}

/** Sources of `COPY` from the build context (not `--from=` another stage). */
function contextCopySources(): string[] {
  return instructions
    .filter((line) => /^COPY\s/i.test(line) && !/--from=/.test(line))
    .flatMap((line) => {
      const words = line
        .split(/\s+/)
        .slice(1)
        .filter((w) => !w.startsWith("--"));
      return words.slice(0, -1);
    });
}

/** The stages, each with its name and the shell commands of its RUN lines (split at &&). */
function dockerStages(): Array<{ name?: string; instructions: string[]; commands: string[] }> {
  const stages: Array<{ name?: string; instructions: string[]; commands: string[] }> = [];
  for (const line of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ ...(from[1] ? { name: from[1] } : {}), instructions: [], commands: [] });
    const stage = stages.at(-1);
    if (!stage) continue;
    stage.instructions.push(line);
    const run = /^RUN\s+(.*)$/i.exec(line);
    if (run?.[1]) stage.commands.push(...run[1].split("&&").map((c) => c.trim().replace(/\s+/g, " ")));
  }
  return stages;
}

describe("Dockerfile in the add-on folder", () => {
  it("copies only paths that exist in a clone of the repository and reach the builder", () => {
    const sources = contextCopySources();
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      const files = trackedFiles.filter((f) => f === source || f.startsWith(`${source}/`));
      expect(files, `${source} is not in the repository`).not.toEqual([]);
      for (const file of files)
        expect(sentToBuilder(file), `${file} is excluded by .dockerignore`).toBe(true);
    }
  });

  it("needs no BUILD_FROM from Supervisor: every stage starts from an image it names itself", () => {
    const args = new Map<string, string>();
    for (const line of instructions) {
      const arg = /^ARG\s+(\w+)=(\S+)/i.exec(line);
      if (arg?.[1] && arg[2]) args.set(arg[1], arg[2]);
      const from = /^FROM\s+(\S+)/i.exec(line);
      if (!from?.[1]) continue;
      const image = from[1].replace(/\$\{?(\w+)\}?/g, (_, name: string) => args.get(name) ?? "");
      expect(image, line).toMatch(/^ghcr\.io\/home-assistant\/base:\d+\.\d+$/);
      expect(line, "Supervisor < 2026.04 would replace BUILD_FROM").not.toMatch(/BUILD_FROM/);
    }
  });

  it("ships Node.js with npm (for npx MCP servers) and production dependencies only", () => {
    const stages = dockerStages();
    const final = stages.at(-1)!;
    // What the final image has installed, whatever the line looks like.
    const packages = final.commands.flatMap((c) => /^apk add\s+(.*)$/.exec(c)?.[1]?.split(/\s+/) ?? []);
    expect(packages).toEqual(expect.arrayContaining(["nodejs", "npm"]));
    // node_modules and dist come from a stage whose last install left production dependencies only.
    for (const path of ["/app/node_modules", "/app/dist"]) {
      const copy = final.instructions.find((l) => new RegExp(`^COPY --from=(\\S+) ${path} `).test(l));
      expect(copy, `the final image copies ${path} from a build stage`).toBeDefined();
      const from = stages.find((s) => s.name === /--from=(\S+)/.exec(copy!)?.[1]);
      const installs = from?.commands.filter((c) => /^npm (ci|install)\b/.test(c)) ?? [];
      expect(installs.at(-1), `the last install in ${from?.name}`).toMatch(/--omit=dev/);
      const build = from?.commands.findIndex((c) => c === "npm run build") ?? -1;
      expect(build, "dist is built before dev dependencies are dropped").toBeGreaterThanOrEqual(0);
      expect(build).toBeLessThan(from!.commands.lastIndexOf(installs.at(-1)!));
    }
  });

  it("keeps node_modules, build output, tests, benchmarks, git and local state out of the build", () => {
    for (const path of [
      "node_modules/zod/package.json",
      "dist/main.js",
      "test/unit/addon-docker.test.ts",
      "bench/run.ts",
      ".git/config",
      ".data/options.json",
      ".ci/run",
      "README.md",
    ]) {
      expect(sentToBuilder(path), path).toBe(false);
    }
    for (const path of [
      "package.json",
      "package-lock.json",
      "src/main.ts",
      "rootfs/etc/s6-overlay/s6-rc.d/user/contents.d/mcp-assist-bridge",
    ]) {
      expect(sentToBuilder(path), path).toBe(true);
    }
  });
});
