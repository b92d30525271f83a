// Security: a user's stdio MCP server gets only the environment configured for it (plus the MCP
// SDK's PATH/HOME basics), never the bridge's own: no provider keys or tokens from its environment.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { fixtureServer } from "../support/mcp/fixtures.js";

const PLANTED = "planted-env-secret-8d1c";
let bridge: BridgeProcess;
const envFile = join(mkdtempSync(join(tmpdir(), "child-env-")), "env.txt");

beforeAll(async () => {
  const fixture = fixtureServer(
    { name: "probe", tools: [{ name: "noop" }] },
    { env: { PROBE_SETTING: "given" } },
  );
  // The server writes down the environment it was started with, then becomes the fixture server.
  const quoted = [fixture.command, ...(fixture.args ?? [])].map((a) => `'${a}'`).join(" ");
  bridge = await startBridgeProcess(
    {
      llm_provider: "local",
      mcp_servers: [
        {
          name: "probe",
          command: "/bin/sh",
          args: ["-c", `env > '${envFile}'; exec ${quoted}`],
          env: fixture.env,
        },
      ],
    },
    { ANTHROPIC_API_KEY: PLANTED, OPENAI_API_KEY: PLANTED, MY_SERVICE_TOKEN: PLANTED },
  );
  await bridge.waitForLog("MCP server 'probe' is up");
});

afterAll(async () => bridge?.stop());

it("starts the user's server with its configured environment and none of the bridge's secrets", () => {
  const env = readFileSync(envFile, "utf8");
  expect(env).toContain("PROBE_SETTING=given");
  expect(env).toMatch(/^PATH=/m);
  expect(env).not.toContain(PLANTED);
  expect(env).not.toMatch(/ANTHROPIC_API_KEY|OPENAI_API_KEY|MY_SERVICE_TOKEN/);
});
