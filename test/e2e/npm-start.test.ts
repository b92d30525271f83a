// `npm start` as a newcomer runs it, stopped as a service manager or a terminal stops it: SIGTERM
// to npm must reach the product, so that nothing it started (the bridge, which runs the Z-Wave
// server in a worker thread, and any child) is left running.
// The real start script runs in a copy of the package, so its build does not rewrite the dist/
// that other tests are running.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.js";
import { childProcesses } from "../support/process-tree.js";
import { waitFor } from "../support/wait-for.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function descendants(pid: number): Array<{ pid: number; cmdline: string }> {
  return childProcesses(pid).flatMap((child) => [child, ...descendants(child.pid)]);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

describe("npm start", () => {
  const copy = mkdtempSync(join(tmpdir(), "npm-start-"));
  let npm: ChildProcess | undefined;
  const started: number[] = [];
  afterAll(() => {
    // Only what this test started, if the product outlived its npm.
    for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
    if (npm?.exitCode === null) npm.kill("SIGKILL");
    rmSync(copy, { recursive: true, force: true });
  });

  it("stops the bridge and everything it started when npm gets SIGTERM", async () => {
    for (const file of ["package.json", "tsconfig.json", "tsconfig.build.json"]) {
      cpSync(join(ROOT, file), join(copy, file));
    }
    // What the start script builds from (scripts/, src/) and runs (the add-on's s6 run script).
    for (const dir of ["scripts", "src", "rootfs"])
      cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
    symlinkSync(realpathSync(join(ROOT, "node_modules")), join(copy, "node_modules"));
    const apiPort = await freePort();
    npm = spawn("npm", ["start"], {
      cwd: copy,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        API_PORT: String(apiPort),
        WYOMING_PORT: String(await freePort()),
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    const npmPid = npm.pid!;
    let healthy = false;
    await waitFor(
      "the bridge to answer /healthz",
      () => {
        void fetch(`http://127.0.0.1:${apiPort}/healthz`).then(
          (r) => (healthy = r.ok),
          () => undefined,
        );
        return healthy;
      },
      120_000,
    );
    let tree: Array<{ pid: number; cmdline: string }> = [];
    await waitFor("the bridge under npm", () => {
      tree = descendants(npmPid);
      return tree.some((p) => /dist\/main\.js/.test(p.cmdline));
    });
    started.push(...tree.map((p) => p.pid));

    const exited = new Promise((resolve) => npm!.once("exit", resolve));
    process.kill(npmPid, "SIGTERM");
    await exited;
    // The bridge exits within 5 s of the signal, even if something hangs (src/main.ts).
    await waitFor("everything npm started to exit", () => started.every((pid) => !alive(pid)), 15_000).catch(
      () => undefined,
    );
    expect(tree.filter((p) => alive(p.pid)).map((p) => p.cmdline)).toEqual([]);
  }, 180_000);
});
