// The built add-on under a Supervisor stand-in, as Home Assistant meets it: it announces /mcp
// through an `mcp` discovery on start, and Home Assistant's MCP integration (its entry made from
// the discovery: no token, a new session per listing and per call, probatio schemas) lists every
// tool with its title and switches Switch One on the gateway simulator behind a real Mosquitto.
// The URL stays the same across restarts and updates; a rotated secret is announced again, once
// the Z-Wave tools are listed (HA lists them as it takes the URL), and the old URL works until
// Home Assistant uses the new one, so HA never meets a 401 (which starts a re-authentication
// that an entry made from discovery cannot finish).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCOVERY_SECRET_FILE } from "../../src/mcp/server/discovery-secret.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { haCallTool, haListTools } from "../support/ha-mcp-client.js";
import { HaMcpIntegration } from "../support/ha-mcp-integration.js";
import { rawRequest } from "../support/http-bridge.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startFakeSupervisor, type FakeSupervisor } from "../support/supervisor-api.js";
import {
  binarySwitch,
  colorBulb,
  garageDoor,
  rollerShutter,
  startGatewaySimulator,
  type GatewaySimulator,
} from "../support/zwave-gateway.js";

const API_TOKEN = "e2e-token-ha-mcp-31c9";
let broker: TestBroker;
let sim: GatewaySimulator;
let supervisor: FakeSupervisor;
const data = mkdtempSync(join(tmpdir(), "addon-data-"));
let bridge: BridgeProcess | undefined;
let ha: HaMcpIntegration;

/**
 * Bounds, not speeds, on a loaded two-core CI machine: one start of the add-on (its process, its
 * Z-Wave server, the announcement), and a test's own work besides its starts.
 */
const START_MS = 30_000;
const WORK_MS = 30_000;

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
  // The announcement follows the Z-Wave server's start (src/bridge.ts): HA is given a URL whose
  // listing holds the Z-Wave tools.
  await started.waitForLog("MCP server 'zwave' is up", START_MS);
  await started.waitForLog("announced the MCP endpoint to Home Assistant", START_MS);
  return started;
}

/** A URL of the add-on reached the way Core reaches it (here the add-on's host name is 127.0.0.1). */
function reachable(url: URL): URL {
  url.hostname = "127.0.0.1";
  return url;
}

/** The discovered URL, reached the way Core reaches it. */
function discoveredUrl(): URL {
  const message = supervisor.discoveries.find((d) => d.service === "mcp");
  return reachable(new URL(String(message?.config.url)));
}

const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

async function statusOf(url: URL): Promise<number> {
  const port = Number(url.port);
  return (await rawRequest(port, { method: "POST", path: url.pathname, headers: JSON_HEADERS, body: LIST }))
    .status;
}

beforeAll(async () => {
  broker = await startMosquitto();
  sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    gatewayName: "Mosquitto",
    nodes: [
      binarySwitch(2, "Switch One"),
      rollerShutter(20, "Bedroom Shutter", { loc: "Bedroom", travelMs: 300 }),
      colorBulb(21, "Color Bulb", { loc: "Kitchen" }),
      garageDoor(17, "Garage Door", { loc: "Garage", travelMs: 300 }),
    ],
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
  ha = new HaMcpIntegration(supervisor, { reachable });
}, START_MS + WORK_MS);

afterAll(async () => {
  ha?.close();
  await bridge?.stop();
  await sim?.stop();
  await broker?.stop();
  await supervisor?.close();
  rmSync(data, { recursive: true, force: true });
});

// A test here starts the add-on up to three times.
describe("MCP discovery under Supervisor", { timeout: 3 * START_MS + WORK_MS }, () => {
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

  it("Home Assistant adds the entry from the discovery, lists every tool with a title, and switches Switch One", async () => {
    await ha.start();
    expect(ha.entry).toMatchObject({ state: "loaded", reauthFlows: 0 });
    const all = (await (
      await fetch(`${bridge?.apiUrl}/api/tools`, { headers: { Authorization: `Bearer ${API_TOKEN}` } })
    ).json()) as Array<{ name: string }>;
    const tools = ha.entry?.tools ?? [];
    expect(tools.map((t) => t.name).sort()).toEqual([...all.map((t) => t.name), "use_tool"].sort());
    expect(all.map((t) => t.name)).toContain("control_zwave_device");
    // Every tool here is the bridge's own or its Z-Wave server's: each has a title HA shows.
    for (const tool of tools) expect(tool.title, tool.name).toEqual(expect.stringMatching(/\S/));
    expect(tools.find((t) => t.name === "control_zwave_device")?.title).toBe("Switch or dim a Z-Wave device");

    const result = await ha.call("control_zwave_device", { deviceName: "Switch One", action: "on" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      node: { name: "Switch One" },
      action: "on",
      confirmed: true,
    });
    expect(sim.writesTo(2)).toContain(true);
    // At log_level debug every request is logged; the discovery path only as a placeholder.
    expect(bridge?.output()).toContain("/mcp/<discovery secret>");
    expect(bridge?.output()).not.toContain(discoveredUrl().pathname);
  });

  it("refuses /mcp without the token with 401, and a path that is not the secret with 404, never 401", async () => {
    expect(await statusOf(new URL(`http://127.0.0.1:${bridge?.apiPort}/mcp`))).toBe(401);
    for (const path of ["/mcp/not-the-secret", `${discoveredUrl().pathname}x`]) {
      expect(await statusOf(new URL(`http://127.0.0.1:${bridge?.apiPort}${path}`)), path).toBe(404);
    }
  });

  it("keeps the same entry and URL across a restart or an update (a new container on the same /data)", async () => {
    const before = supervisor.discoveries.find((d) => d.service === "mcp");
    const url = before?.config.url;
    await bridge?.stop();
    bridge = await startAddon({ api_port: bridge?.apiPort });
    const after = supervisor.discoveries.filter((d) => d.service === "mcp");
    expect(after).toEqual([{ uuid: before?.uuid, service: "mcp", config: { url } }]);
    await ha.refresh();
    expect(ha.entry).toMatchObject({ state: "loaded", reauthFlows: 0 });
    expect(ha.entry?.url.href).toBe(url);
    expect(supervisor.calls.filter((c) => c.method === "DELETE")).toEqual([]);
  });

  it("a rotation while Home Assistant is stopped: the old URL works until HA has taken the new one", async () => {
    const oldUrl = discoveredUrl();
    ha.stop();
    await bridge?.stop();
    bridge = await startAddon({ api_port: bridge?.apiPort, rotate_mcp_secret: true });
    const newUrl = discoveredUrl();
    expect(newUrl.pathname).not.toBe(oldUrl.pathname);
    expect(supervisor.discoveries.filter((d) => d.service === "mcp")).toHaveLength(1);
    expect(bridge.output()).not.toContain(newUrl.pathname);
    // Core starts: its entry is set up with the URL it stored, then it reads the discoveries.
    expect(await statusOf(oldUrl)).toBe(200);
    await ha.start();
    expect(ha.entry).toMatchObject({ state: "loaded", reauthFlows: 0 });
    expect(reachable(new URL(ha.entry!.url)).href).toBe(newUrl.href);
    await bridge.waitForLog("Home Assistant uses the new MCP discovery URL");
    expect(await statusOf(oldUrl)).toBe(404);
    expect((await ha.call("list_zwave_devices", {})).isError).toBeFalsy();
  });

  it("a rotation while Home Assistant runs reaches it at once; left on, the option rotates no more", async () => {
    const first = discoveredUrl();
    // Still on from the last test: no new secret at this start.
    await bridge?.stop();
    bridge = await startAddon({ api_port: bridge?.apiPort, rotate_mcp_secret: true });
    expect(discoveredUrl().pathname).toBe(first.pathname);
    await bridge.stop();
    bridge = await startAddon({ api_port: bridge.apiPort, rotate_mcp_secret: false });
    expect(discoveredUrl().pathname).toBe(first.pathname);
    // Turned on again: a new secret, pushed to the running Core, which reloads its entry.
    await bridge.stop();
    bridge = await startAddon({ api_port: bridge.apiPort, rotate_mcp_secret: true });
    const rotated = discoveredUrl();
    expect(rotated.pathname).not.toBe(first.pathname);
    await ha.settled();
    expect(ha.entry).toMatchObject({ state: "loaded", reauthFlows: 0 });
    expect(reachable(new URL(ha.entry!.url)).href).toBe(rotated.href);
    // HA listed the tools as the new URL came, and lists them next only 30 minutes later.
    expect(ha.entry?.tools.map((t) => t.name)).toContain("control_zwave_device");
    expect(await statusOf(first)).toBe(404);
    expect(await statusOf(rotated)).toBe(200);
    expect(supervisor.calls.filter((c) => c.method === "DELETE")).toEqual([]);
  });

  it("Home Assistant's client converts and calls the tools for covers, colour, batteries and groups; a garage door opens only with confirm", async () => {
    for (const client of ["probatio", "voluptuous-openapi"] as const) {
      const tools = await haListTools(discoveredUrl(), { client });
      const names = tools.map((t) => t.name);
      for (const name of [
        "control_zwave_cover",
        "control_zwave_barrier",
        "set_zwave_light_color",
        "control_zwave_group",
        "list_zwave_batteries",
      ])
        expect(names, `${client}: ${name}`).toContain(name);
    }
    const tools = await haListTools(discoveredUrl());
    const shutter = await haCallTool(discoveredUrl(), tools, "control_zwave_cover", {
      deviceName: "Bedroom Shutter",
      action: "set_position",
      position: 40,
    });
    expect(shutter.structuredContent).toMatchObject({ position: 40, confirmed: true });
    expect(sim.valueOf(20, { commandClass: 38, endpoint: 0, property: "currentValue" })).toBe(40);
    const color = await haCallTool(discoveredUrl(), tools, "set_zwave_light_color", {
      deviceName: "Color Bulb",
      white: "cold",
    });
    expect(color.structuredContent).toMatchObject({ color: { kelvin: 6500 }, confirmed: true });
    const group = await haCallTool(discoveredUrl(), tools, "control_zwave_group", {
      devices: [{ deviceName: "Switch One" }, { deviceName: "Color Bulb" }],
      action: "off",
    });
    expect(group.structuredContent).toMatchObject({ ok: true, devices: [{ ok: true }, { ok: true }] });
    const batteries = await haCallTool(discoveredUrl(), tools, "list_zwave_batteries", {});
    expect(batteries.isError).toBeFalsy();

    // No voice to ask on /mcp: opening the garage door needs the user's yes as `confirm`.
    const garage = { commandClass: 102, endpoint: 0, property: "currentState" };
    const held = await haCallTool(discoveredUrl(), tools, "control_zwave_barrier", {
      deviceName: "Garage Door",
      action: "open",
    });
    expect(held).toMatchObject({
      isError: true,
      structuredContent: { error: { code: "confirmation_required" } },
    });
    expect(sim.valueOf(17, garage)).toBe(0);
    const opened = await haCallTool(discoveredUrl(), tools, "control_zwave_barrier", {
      deviceName: "Garage Door",
      action: "open",
      confirm: true,
    });
    expect(opened.structuredContent).toMatchObject({ action: "open", confirmed: true });
    expect([254, 255]).toContain(sim.valueOf(17, garage));
  });

  it("Home Assistant before 2026.9 (voluptuous-openapi) lists every tool too", async () => {
    const tools = await haListTools(discoveredUrl(), { client: "voluptuous-openapi" });
    expect(tools.map((t) => t.name)).toContain("control_zwave_device");
    const result = await haCallTool(discoveredUrl(), tools, "list_zwave_devices", {});
    expect(result.isError).toBeFalsy();
  });
});
