// The instructions the built bridge executes per turn, by thread, counted by Valgrind's callgrind:
// the turns of bench/llm-cpu.bench.ts (an LLM turn that switches a Z-Wave device, the same switch
// by the fast path), whose CPU times move with the load of a shared machine, where instruction
// counts do not. Run on its own, not by bench/run.ts (under Valgrind a build takes minutes):
//   node --import tsx bench/llm-instructions.ts
// LLM_INSTR_MAIN_JS: the builds (dist/main.js paths, comma-separated; default this checkout's);
// LLM_INSTR_TURNS: turns per segment (30); LLM_INSTR_SEGMENTS: segments per kind (2). Each build
// starts with instrumentation off (`--instr-atstart=no`), warms up, then has it switched on and
// each segment counted on its own (`callgrind_control -z`, then `-d`). Kernel time (syscalls,
// wake-ups) is not counted: this tells where user-space work went, the CPU bench what it costs.
// The main thread and the Z-Wave worker are reported apart from V8's helper threads, whose share
// is the concurrent marking of a major GC, which falls in one segment or another.
import { execFileSync, fork, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { addonNodeFlags } from "../test/support/addon-command.js";
import { freePort } from "../test/support/free-port.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { converse, describe } from "../test/support/wyoming-client.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";

const TURNS = Number(process.env.LLM_INSTR_TURNS ?? 30);
const SEGMENTS = Number(process.env.LLM_INSTR_SEGMENTS ?? 2);
const BUILDS = (
  process.env.LLM_INSTR_MAIN_JS ?? fileURLToPath(new URL("../dist/main.js", import.meta.url))
).split(",");
const KINDS = ["zwave", "fast path"] as const;
type Kind = (typeof KINDS)[number];

const fake = fork(fileURLToPath(new URL("./support/fake-llm-process.ts", import.meta.url)), ["{}"], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const fakeUrl = await new Promise<string>((resolve) =>
  fake.once("message", (m: { url: string }) => resolve(m.url)),
);
const broker = await startMosquitto();
const gateway = await startAddonGateway(broker);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let n = 0;

/** One turn; under Valgrind the first ones after instrumentation starts may run out of time. */
async function turn(port: number, kind: Kind): Promise<void> {
  const action = ++n % 2 ? "off" : "on";
  const text = kind === "zwave" ? `Reason it through, switch job ${n}` : `turn ${action} switch one`;
  const outcome = await converse("127.0.0.1", port, { text, language: "en", conversationId: `i-${n}` });
  if (!outcome.response.speech.includes(action)) throw new Error(outcome.response.speech);
}

/** Instructions per turn of each segment, in millions, by thread (callgrind's files `<out>.<dump>-<thread>`). */
function countsOf(dir: string): Map<string, number[]> {
  const byDump = new Map<string, number[]>();
  for (const file of readdirSync(dir)
    .filter((f) => /^cg\.out\.\d+-\d+$/.test(f))
    .sort()) {
    const text = readFileSync(join(dir, file), "utf8");
    const dump = /^desc: Trigger: (?:dump )?(.*)$/m.exec(text)?.[1] ?? "?";
    const total = Number(/^(?:summary|totals): (\d+)/m.exec(text)?.[1] ?? 0);
    byDump.set(dump, [...(byDump.get(dump) ?? []), total / TURNS / 1e6]);
  }
  return byDump;
}

const lines: string[] = [];
/** Measured turns that failed (they still ran, and count): under load a turn may run out of time. */
const failed: string[] = [];
try {
  for (const mainJs of BUILDS) {
    const wyomingPort = await freePort();
    const dir = mkdtempSync(join(tmpdir(), "llm-instr-"));
    const options = join(dir, "options.json");
    writeFileSync(
      options,
      JSON.stringify({
        wyoming_port: wyomingPort,
        api_port: await freePort(),
        ...brokerOptions(broker),
        llm_provider: "anthropic",
        llm_base_url: fakeUrl,
        llm_api_key: "sk-ant-instr",
      }),
    );
    const bridge = spawn(
      "valgrind",
      [
        "--tool=callgrind",
        "--instr-atstart=no",
        "--separate-threads=yes",
        `--callgrind-out-file=${join(dir, "cg.out")}`,
        process.execPath,
        ...addonNodeFlags(mainJs),
        mainJs,
        "--options",
        options,
      ],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let log = "";
    bridge.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    bridge.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    try {
      for (const started = Date.now(); !log.includes("MCP server 'zwave' is up"); await sleep(500))
        if (Date.now() - started > 600_000 || bridge.exitCode !== null) throw new Error(log);
      for (let i = 0; ; i++) {
        const ready = await describe("127.0.0.1", wyomingPort).then(
          () => true,
          () => false,
        );
        if (ready) break;
        if (i > 60) throw new Error(`no Wyoming answer; log:\n${log}`);
        await sleep(1000);
      }
      const pid = String(bridge.pid);
      for (const kind of KINDS) for (let i = 0; i < 5; i++) await turn(wyomingPort, kind);
      execFileSync("callgrind_control", ["-i", "on", pid], { stdio: "ignore" });
      for (const kind of KINDS)
        for (let i = 0; i < 8; i++) await turn(wyomingPort, kind).catch(() => undefined);
      for (let s = 0; s < SEGMENTS; s++) {
        for (const kind of KINDS) {
          execFileSync("callgrind_control", ["-z", pid], { stdio: "ignore" });
          for (let i = 0; i < TURNS; i++)
            await turn(wyomingPort, kind).catch((err: unknown) => failed.push(`${kind}: ${String(err)}`));
          execFileSync("callgrind_control", ["-d", `${kind.replace(" ", "_")}#${s}`, pid], {
            stdio: "ignore",
          });
        }
      }
    } finally {
      bridge.kill("SIGKILL");
    }
    // Thread 1 is the main thread; the Z-Wave worker is the last one the bridge starts.
    for (const [dump, threads] of countsOf(dir)) {
      const main = threads[0] ?? 0;
      const worker = threads.at(-1) ?? 0;
      const helpers = threads.reduce((a, b) => a + b, 0) - main - worker;
      lines.push(
        `  ${mainJs.padEnd(40)} ${dump.padEnd(12)} main ${main.toFixed(2)}  worker ${worker.toFixed(2)}  both ${(main + worker).toFixed(2)}  V8 helpers ${helpers.toFixed(2)}`,
      );
    }
  }
} finally {
  fake.disconnect();
  await gateway.stop();
  await broker.stop();
}
console.log(`\n## Instructions per turn (millions, callgrind, ${TURNS} turns a segment), Z-Wave over MQTT`);
console.log(lines.join("\n"));
if (failed.length) console.log(`  ${failed.length} measured turn(s) failed: ${failed.join("; ")}`);
process.exit(0);
