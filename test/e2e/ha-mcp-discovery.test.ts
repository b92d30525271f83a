// The built add-on under a Supervisor stand-in, as Home Assistant meets it: it announces /mcp
// through an `mcp` discovery on start, keeps the same entry across a restart, never withdraws
// it on stop, and a client that behaves like HA's MCP integration (no token, the discovered
// URL, a new session per listing and per call, voluptuous-openapi schemas) lists every tool and
// switches Switch One on the gateway simulator behind a real Mosquitto.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCOVERY_SECRET_FILE } from "../../src/mcp/server/discovery-secret.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { haCallTool, haListTools } from "../support/ha-mcp-client.js";
import { rawRequest } from "../support/http-bridge.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startFakeSupervisor, type FakeSupervisor } from "../support/supervisor-api.js";
import { binarySwitch, startGatewaySimulator, type GatewaySimulator } from "../support/zwave-gateway.js";

const API_TOKEN = "e2e-token-ha-mcp-31c9";
let broker: TestBroker;
let sim: GatewaySimulator;
let supervisor: FakeSupervisor;
const data = mkdtempSync(join(tmpdir(), "addon-data-"));
let bridge: BridgeProcess | undefined;

async function startAddon(options: Record<string, unknown> = {}): Promise<BridgeProcess> {
  const started = await startBridgeProcess(
    {
      llm_provider: "local",
      zwave_gateway_name: "Mosquitto",
      api_token: API_TOKEN,
      log_level: "debug",
      ...options,
    },
    {
      SUPERVISOR_TOKEN: supervisor.token,
      SUPERVISOR_API_URL: supervisor.url,
      // /data: where Supervisor writes options.json and the add-on keeps its state.
      OPTIONS_FILE: join(data, "options.json"),
    },
  );
  await started.waitForLog("announced the MCP endpoint to Home Assistant");
  return started;
}

/** The discovered URL, reached the way Core reaches it (here the add-on's host name is 127.0.0.1). */
function discoveredUrl(): URL {
  const message = supervisor.discoveries.find((d) => d.service === "mcp");
  const url = new URL(String(message?.config.url));
  url.hostname = "127.0.0.1";
  return url;
}

beforeAll(async () => {
  broker = await startMosquitto();
  sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    gatewayName: "Mosquitto",
    nodes: [binarySwitch(2, "Switch One")],
  });
  supervisor = await startFakeSupervisor({
    mqtt: {
      host: "127.0.0.1",
      port: Number(new URL(broker.url).port),
      username: broker.username,
      password: broker.password,
    },
  });
  bridge = await startAddon();
  await bridge.waitForLog("MCP server 'zwave' is up");
}, 60_000);

afterAll(async () => {
  await bridge?.stop();
  await sim?.stop();
  await broker?.stop();
  await supervisor?.close();
});

describe("MCP discovery under Supervisor", () => {
  it("announces an http URL on the add-on's host name and API port with a secret path kept in /data", () => {
    const message = supervisor.discoveries.find((d) => d.service === "mcp");
    expect(message?.config).toEqual({ url: expect.any(String) });
    const url = new URL(String(message?.config.url));
    const secret = readFileSync(join(data, DISCOVERY_SECRET_FILE), "utf8").trim();
    expect(url.protocol).toBe("http:");
    expect(url.port).toBe(String(bridge?.apiPort));
    expect(url.pathname).toBe(`/mcp/${secret}`);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(bridge?.output()).not.toContain(secret);
  });

  it("a client like Home Assistant's lists every tool and switches Switch One, each in a new session", async () => {
    const url = discoveredUrl();
    const tools = await haListTools(url);
    const all = (await (
      await fetch(`${bridge?.apiUrl}/api/tools`, { headers: { Authorization: `Bearer ${API_TOKEN}` } })
    ).json()) as Array<{ name: string }>;
    expect(tools.map((t) => t.name).sort()).toEqual([...all.map((t) => t.name), "use_tool"].sort());
    expect(all.map((t) => t.name)).toContain("control_zwave_device");

    const result = await haCallTool(url, tools, "control_zwave_device", {
      deviceName: "Switch One",
      action: "on",
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      node: { name: "Switch One" },
      action: "on",
      confirmed: true,
    });
    expect(sim.writesTo(2)).toContain(true);
    // At log_level debug every request is logged; the discovery path only as a placeholder.
    expect(bridge?.output()).toContain("/mcp/<discovery secret>");
    expect(bridge?.output()).not.toContain(url.pathname);
  });

  it("requests without the secret path or the token get 401", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    for (const path of ["/mcp", "/mcp/not-the-secret", `${discoveredUrl().pathname}x`]) {
      const res = await rawRequest(bridge?.apiPort ?? 0, { method: "POST", path, headers, body });
      expect(res.status, path).toBe(401);
    }
  });

  it("keeps the same discovery entry and URL across a restart, and never withdraws it", async () => {
    const before = supervisor.discoveries.find((d) => d.service === "mcp");
    const url = before?.config.url;
    await bridge?.stop();
    bridge = await startAddon({ api_port: bridge?.apiPort });
    const after = supervisor.discoveries.filter((d) => d.service === "mcp");
    expect(after).toEqual([{ uuid: before?.uuid, service: "mcp", config: { url } }]);
    expect(supervisor.calls.filter((c) => c.method === "DELETE")).toEqual([]);
    expect(
      supervisor.calls.filter((c) => c.method === "POST" && c.path === "/discovery").length,
    ).toBeGreaterThanOrEqual(4);
  });

  it("rotate_mcp_secret makes a new secret and re-announces it under the same entry", async () => {
    const before = { ...supervisor.discoveries.find((d) => d.service === "mcp") };
    const oldUrl = discoveredUrl();
    await bridge?.stop();
    bridge = await startAddon({ api_port: bridge?.apiPort, rotate_mcp_secret: true });
    const after = supervisor.discoveries.find((d) => d.service === "mcp");
    expect(after?.uuid).toBe(before?.uuid);
    expect(after?.config.url).not.toBe(before.config?.url);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    expect(
      (await rawRequest(bridge.apiPort, { method: "POST", path: oldUrl.pathname, headers, body })).status,
    ).toBe(401);
    expect((await haListTools(discoveredUrl())).length).toBeGreaterThan(1);
  });
});
