// The add-on as Supervisor runs it, as far as this machine can show it without Docker: the image's
// filesystem laid out as the Dockerfile builds it (production dependencies only), /data/options.json
// as Supervisor writes it, and the s6 `run` script started with Supervisor's environment against a
// fake Supervisor API and a real Mosquitto.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freePort } from "../support/free-port.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startFakeSupervisor } from "../support/supervisor-api.js";
import { startAddonGateway, waitFor, type GatewaySimulator } from "../support/zwave-gateway.js";
import { converse, describe as describeWyoming } from "../support/wyoming-client.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const runScript = "etc/s6-overlay/s6-rc.d/mcp-assist-bridge/run";

let root: string;
let broker: TestBroker;
let simulator: GatewaySimulator;
let supervisor: Awaited<ReturnType<typeof startFakeSupervisor>>;
let child: ChildProcess;
let log = "";
let wyomingPort: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "addon-image-"));
  const app = join(root, "app");
  mkdirSync(app, { recursive: true });
  // Build stage → final stage, as the Dockerfile does it: package files, production deps, dist/, rootfs/.
  for (const file of ["package.json", "package-lock.json"]) cpSync(join(repo, file), join(app, file));
  const install = spawnSync(
    "npm",
    [
      "ci",
      "--omit=dev",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--loglevel=error",
    ],
    { cwd: app, encoding: "utf8", timeout: 240_000 },
  );
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed: ${install.stderr}`);
  rmSync(join(app, "package-lock.json"));
  cpSync(join(repo, "dist"), join(app, "dist"), { recursive: true });
  cpSync(join(repo, "rootfs"), root, { recursive: true });

  // Supervisor writes the user's options (with the defaults from config.yaml) to /data/options.json.
  const config = parse(readFileSync(join(repo, "config.yaml"), "utf8")) as {
    options: Record<string, unknown>;
  };
  wyomingPort = await freePort();
  mkdirSync(join(root, "data"));
  writeFileSync(
    join(root, "data", "options.json"),
    JSON.stringify({ ...config.options, wyoming_port: wyomingPort, api_port: await freePort() }),
  );

  broker = await startMosquitto();
  simulator = await startAddonGateway(broker);
  const port = Number(new URL(broker.url).port);
  supervisor = await startFakeSupervisor({
    mqtt: { host: "127.0.0.1", port, username: broker.username, password: broker.password },
  });

  child = spawn("sh", [join(root, runScript)], {
    env: {
      PATH: process.env.PATH,
      SUPERVISOR_TOKEN: supervisor.token,
      SUPERVISOR_API_URL: supervisor.url,
      APP_DIR: app,
      OPTIONS_FILE: join(root, "data", "options.json"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await waitFor(
    () => log.includes("MCP Assist Bridge ") || child.exitCode !== null,
    60_000,
    "the bridge to start",
  );
  if (child.exitCode !== null) throw new Error(`the bridge exited: ${log}`);
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  await simulator?.stop();
  await broker?.stop();
  await supervisor?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the add-on started by its s6 run script under Supervisor", () => {
  it("answers describe over Wyoming as Home Assistant's discovery check does", async () => {
    const described = await describeWyoming("127.0.0.1", wyomingPort);
    expect(described.isConversationAgent).toBe(true);
    expect(described.supportsHomeControl).toBe(true);
    expect(described.name).toBe("MCP Assist Bridge");
  });

  it("announces itself for Wyoming and MCP discovery with its own host name and ports", async () => {
    await waitFor(() => supervisor.discoveries.length > 1, 10_000, "both discovery posts");
    expect(supervisor.discoveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          service: "wyoming",
          config: { uri: `tcp://${hostname()}:${wyomingPort}` },
        }),
        expect.objectContaining({
          service: "mcp",
          config: { url: expect.stringMatching(new RegExp(`^http://${hostname()}:\\d+/mcp/[\\w-]{43}$`)) },
        }),
      ]),
    );
  });

  it("uses the MQTT broker Supervisor gave it: a sentence switches a Z-Wave device on that broker", async () => {
    expect(
      supervisor.calls.some((c) => c.method === "GET" && c.path === "/services/mqtt" && c.authorized),
    ).toBe(true);
    await waitFor(() => log.includes("MCP server 'zwave' is up"), 20_000, "the Z-Wave server");
    const outcome = await converse("127.0.0.1", wyomingPort, { text: "turn on switch one", language: "en" });
    expect(outcome.response.speech).toBe("Turned on Switch One.");
    expect(simulator.writesTo(2)).toContain(true);
  });

  it("never prints the Supervisor token or the MQTT password", () => {
    expect(log).not.toContain(supervisor.token);
    expect(log).not.toContain(broker.password);
  });
});
