// The built product as a separate process (`node FLAGS dist/main.js --options FILE`, the flags
// read from the add-on's run script), as the add-on runs it, with its log collected so tests can assert on (and grep for secrets in) it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { addonNodeFlags } from "./addon-command.js";
import { freePort } from "./free-port.js";
import { describe } from "./wyoming-client.js";

const MAIN_JS = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

export interface BridgeProcess {
  wyomingPort: number;
  apiPort: number;
  /** `http://127.0.0.1:<apiPort>` */
  apiUrl: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the log contains `text` (or rejects after `timeoutMs`). */
  waitForLog(text: string | RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the bridge with these add-on options (ports are picked free unless given). `mainJs`: another
 * build's dist/main.js, for a benchmark's baseline.
 */
export async function startBridgeProcess(
  options: Record<string, unknown>,
  extraEnv: Record<string, string> = {},
  mainJs = MAIN_JS,
): Promise<BridgeProcess> {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build`);
  const wyomingPort = (options.wyoming_port as number | undefined) ?? (await freePort());
  const apiPort = (options.api_port as number | undefined) ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "bridge-"));
  const file = join(dir, "options.json");
  writeFileSync(file, JSON.stringify({ wyoming_port: wyomingPort, api_port: apiPort, ...options }));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...extraEnv };
  const child = spawn(process.execPath, [...addonNodeFlags(mainJs), mainJs, "--options", file], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  function waitForLog(text: string | RegExp, timeoutMs = 20_000): Promise<void> {
    const found = () => (typeof text === "string" ? output.includes(text) : text.test(output));
    if (found()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`bridge did not log ${String(text)} within ${timeoutMs} ms; log:\n${output}`));
      }, timeoutMs);
      const check = () => {
        if (!found()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      void exited.then((code) => {
        if (found()) return;
        clearTimeout(timer);
        waiters.delete(check);
        reject(new Error(`bridge exited with ${code} before logging ${String(text)}; log:\n${output}`));
      });
    });
  }

  const bridge: BridgeProcess = {
    wyomingPort,
    apiPort,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    child,
    output: () => output,
    waitForLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await untilReady(wyomingPort, exited, () => output);
    // The HTTP API starts after the Wyoming service (under the Supervisor, once discovery is sent).
    await untilListening(apiPort, exited, () => output);
  } catch (err) {
    await bridge.stop();
    throw err;
  }
  return bridge;
}

/** Ready means what Home Assistant checks: the Wyoming service answers `describe`. */
const untilReady = (port: number, exited: Promise<number | null>, output: () => string) =>
  untilAnswered(() => describe("127.0.0.1", port), "answer describe", exited, output);

/** The HTTP API answers: any response (`/healthz` needs no token). */
const untilListening = (port: number, exited: Promise<number | null>, output: () => string) =>
  untilAnswered(
    () => fetch(`http://127.0.0.1:${port}/healthz`).then((res) => res.body?.cancel()),
    "answer on its HTTP API",
    exited,
    output,
  );

async function untilAnswered(
  probe: () => Promise<unknown>,
  what: string,
  exited: Promise<number | null>,
  output: () => string,
): Promise<void> {
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (gone !== undefined) throw new Error(`bridge exited with ${gone} while starting; log:\n${output()}`);
    try {
      await probe();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`bridge did not ${what} within 20 s; log:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
