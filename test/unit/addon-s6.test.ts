import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addonNodeFlags } from "../support/addon-command.js";

const ROOT = join(import.meta.dirname, "../..");
const SERVICE = "rootfs/etc/s6-overlay/s6-rc.d/mcp-assist-bridge";

const scratchDirs: string[] = [];
afterEach(() => {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function makeScratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "addon-s6-"));
  scratchDirs.push(dir);
  return dir;
}

describe("s6-overlay service", () => {
  it("is a longrun in the user bundle, started after the base image's setup", () => {
    expect(readFileSync(join(ROOT, SERVICE, "type"), "utf8").trim()).toBe("longrun");
    expect(existsSync(join(ROOT, "rootfs/etc/s6-overlay/s6-rc.d/user/contents.d/mcp-assist-bridge"))).toBe(
      true,
    );
    expect(existsSync(join(ROOT, SERVICE, "dependencies.d/base"))).toBe(true);
  });

  it("keeps its scripts executable in git, as s6 needs them", () => {
    const modes = execFileSync("git", ["ls-files", "-s", `${SERVICE}/run`, `${SERVICE}/finish`], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(
      modes
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" ")[0]),
    ).toEqual(["100755", "100755"]);
  });

  it("run replaces itself with the bridge, started in the app folder with the container environment", () => {
    const dir = makeScratch();
    mkdirSync(join(dir, "dist"));
    writeFileSync(
      join(dir, "dist/main.js"),
      "process.stdout.write(JSON.stringify({ pid: process.pid, cwd: process.cwd(), argv: process.argv.slice(2), execArgv: process.execArgv, token: process.env.SUPERVISOR_TOKEN }));",
    );
    expect(readFileSync(join(ROOT, SERVICE, "run"), "utf8")).toMatch(/^#!\/command\/with-contenv /);

    // The shebang's with-contenv only loads the container environment; sh stands in for it here.
    const child = spawnSync("sh", [join(ROOT, SERVICE, "run")], {
      env: { PATH: process.env.PATH, APP_DIR: dir, SUPERVISOR_TOKEN: "from-contenv" },
      encoding: "utf8",
    });

    expect(child.status).toBe(0);
    const seen = JSON.parse(child.stdout) as {
      pid: number;
      cwd: string;
      argv: string[];
      execArgv: string[];
      token: string;
    };
    // The Node flags are the ones tests and benchmarks start the built bridge with.
    expect(seen).toEqual({
      pid: child.pid,
      cwd: realpathSync(dir),
      argv: [],
      execArgv: addonNodeFlags(join(ROOT, "dist/main.js")),
      token: "from-contenv",
    });
  });

  describe("finish", () => {
    function finish(exitCode: number, signal: number, recorded?: string) {
      const dir = makeScratch();
      const results = join(dir, "results");
      mkdirSync(results);
      if (recorded !== undefined) writeFileSync(join(results, "exitcode"), recorded);
      const halt = join(dir, "halt");
      writeFileSync(halt, `#!/bin/sh\ntouch "${join(dir, "halted")}"\n`, { mode: 0o755 });
      const child = spawnSync("sh", [join(ROOT, SERVICE, "finish"), String(exitCode), String(signal)], {
        env: { PATH: process.env.PATH, S6_CONTAINER_RESULTS: results, S6_HALT: halt },
        encoding: "utf8",
      });
      const exitFile = join(results, "exitcode");
      return {
        status: child.status,
        halted: existsSync(join(dir, "halted")),
        containerExitCode: existsSync(exitFile) ? readFileSync(exitFile, "utf8").trim() : undefined,
      };
    }

    it("stops the container with the bridge's exit code when it fails", () => {
      expect(finish(1, 0)).toEqual({ status: 0, halted: true, containerExitCode: "1" });
    });

    it("stops the container when it is terminated, recording 128 + SIGTERM", () => {
      expect(finish(256, 15)).toEqual({ status: 0, halted: true, containerExitCode: "143" });
    });

    it("keeps an exit code recorded earlier", () => {
      expect(finish(2, 0, "3")).toMatchObject({ halted: true, containerExitCode: "3" });
    });

    it("lets s6 restart the bridge after a clean exit or a signal other than SIGTERM", () => {
      expect(finish(0, 0)).toEqual({ status: 0, halted: false, containerExitCode: undefined });
      expect(finish(256, 9)).toEqual({ status: 0, halted: false, containerExitCode: "137" });
    });
  });
});
