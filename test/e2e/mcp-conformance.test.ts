// The official MCP conformance suite (@modelcontextprotocol/conformance) against the built bridge's
// /mcp, for both protocol eras: `--requirements 2026-07-28` (stateless, per-request `_meta`) and
// `--requirements 2025-11-25` (initialize and sessions, as Home Assistant's client speaks it). Each
// run has a baseline in test/conformance/ naming only what needs the suite's own fixture server,
// each with its reason; the suite fails the run on any other failure, and on a baseline entry that
// passes. The suite needs Node 22, which CI runs the tests on a second time (.ci/run).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";

const SUITE = fileURLToPath(
  new URL("../../node_modules/@modelcontextprotocol/conformance/dist/index.js", import.meta.url),
);
const baseline = (revision: string) =>
  fileURLToPath(new URL(`../conformance/server-${revision}.yml`, import.meta.url));
const nodeMajor = Number(process.versions.node.split(".")[0]);

let bridge: BridgeProcess;
const results = mkdtempSync(join(tmpdir(), "conformance-"));

beforeAll(async () => {
  if (nodeMajor < 22) return;
  bridge = await startBridgeProcess({ llm_provider: "local" });
  await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
}, 60_000);
afterAll(async () => {
  await bridge?.stop();
  rmSync(results, { recursive: true, force: true });
});

function runSuite(revision: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        SUITE,
        "server",
        "--url",
        `${bridge.apiUrl}/mcp`,
        "--requirements",
        revision,
        "--expected-failures",
        baseline(revision),
        "--output-dir",
        join(results, revision),
      ],
      { maxBuffer: 16 * 1024 * 1024, timeout: 240_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("the MCP conformance suite against /mcp", () => {
  it.runIf(nodeMajor >= 22)(
    "2026-07-28: every required scenario passes but those that need the suite's fixture server",
    async () => {
      const { code, output } = await runSuite("2026-07-28");
      for (const scenario of [
        "tools-list",
        "tools-call-simple-text",
        "tools-call-error",
        "dns-rebinding-protection",
      ]) {
        expect(output).toContain(`✓ ${scenario}:`);
      }
      expect(code, output.slice(output.indexOf("=== SUMMARY ==="))).toBe(0);
    },
    300_000,
  );

  it.runIf(nodeMajor >= 22)(
    "2025-11-25 (Home Assistant's era): every required scenario passes but those that need the suite's fixture server",
    async () => {
      const { code, output } = await runSuite("2025-11-25");
      for (const scenario of [
        "server-initialize",
        "ping",
        "tools-list",
        "tools-call-simple-text",
        "tools-call-error",
        "server-sse-multiple-streams",
        "dns-rebinding-protection",
        "server-session-lifecycle",
      ]) {
        expect(output).toContain(`✓ ${scenario}:`);
      }
      expect(code, output.slice(output.indexOf("=== SUMMARY ==="))).toBe(0);
    },
    300_000,
  );
});
