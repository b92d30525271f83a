// The soak: mixed traffic against the built bridge for SOAK_MINUTES (default 30), then the
// figures. Exits 1 when a request failed, a file descriptor or child process was left behind, or
// the median RSS of its last minute is more than 10 % above that of the minute after the warm-up.
//   npm run soak                 (30 minutes)
//   SOAK_MINUTES=2 npm run soak  (a quick look)
//   SOAK_MAIN_JS=…/dist/main.js  (another build, e.g. a baseline, under the same traffic)
import { runSoak } from "./support/soak.js";

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const report = await runSoak({
  minutes,
  log: (line) => process.stderr.write(`${line}\n`),
  // e.g. SOAK_NODE_OPTIONS="--import ./heap-hook.mjs" to look inside the bridge while it runs.
  ...(process.env.SOAK_NODE_OPTIONS ? { bridgeEnv: { NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS } } : {}),
  ...(process.env.SOAK_MAIN_JS ? { mainJs: process.env.SOAK_MAIN_JS } : {}),
});
const growth = report.rssKb.start ? (report.rssKb.end - report.rssKb.start) / report.rssKb.start : NaN;
const mib = (kb: number) => `${(kb / 1024).toFixed(1)} MiB`;
const lines = [
  `## Soak: ${minutes} min of mixed traffic (fast path, LLM + tool, describe, malformed frames, HTTP API)`,
  ...Object.entries(report.turns).map(([kind, t]) => `  ${kind.padEnd(10)} ${t.ok} ok, ${t.failed} failed`),
  `  RSS (median of a minute): ${mib(report.rssKb.start)} after warm-up → ${mib(report.rssKb.end)} at the end (${(growth * 100).toFixed(1)} %, goal within 10 %), max ${mib(report.rssKb.max)}`,
  `  RSS single readings: ${mib(report.rssKb.startReading)} at the end of the warm-up → ${mib(report.rssKb.endReading)} at the end`,
  `  RSS with child processes: ${mib(report.treeRssKb.start)} → ${mib(report.treeRssKb.end)}`,
  `  event-loop delay seen from outside (Wyoming ping → pong, ${report.pingMs.samples} samples): p50 ${report.pingMs.p50.toFixed(2)} ms, p99 ${report.pingMs.p99.toFixed(2)} ms, max ${report.pingMs.max.toFixed(1)} ms`,
  `  open file descriptors: ${report.openFds.start} → ${report.openFds.end}; child processes: ${report.children.start} → ${report.children.end}`,
  ...report.failures.map((f) => `  failure: ${f}`),
  ...report.failureLogs.map(
    (log, i) => `  the bridge's log at failure ${i + 1}:\n${log.replace(/^/gm, "    ")}`,
  ),
  "",
];
process.stdout.write(lines.join("\n"));
const failed = Object.values(report.turns).some((t) => t.failed > 0);
// A few descriptors come and go with the last requests; a leak grows with the run.
const leaked = report.openFds.end > report.openFds.start + 5 || report.children.end !== report.children.start;
process.exit(failed || leaked || !(growth <= 0.1) ? 1 : 0);
