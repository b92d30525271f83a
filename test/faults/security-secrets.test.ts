// Security: planted secrets (LLM key, API token, MQTT password, HA token) never appear in anything
// the product emits, also when the MQTT password is given inside the broker URL: its log at trace level, the status page and its JSON, /api/tools,
// conversation answers, what it sends back to the LLM, and the MCP endpoint's answers, even when
// a provider echoes the key in an error.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest, type FakeReply } from "../support/llm/server.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

const LLM_KEY = "sk-ant-planted-LLMKEY-7f3a9c";
const API_TOKEN = "api-token-planted-51d0e8";
const HA_TOKEN = "ha-token-planted-c4b2e6";
/** Given to MCP servers: a header for a url server, an environment variable for a command server. */
const HEADER_SECRET = "hdr-planted-9a8b7c6d";
const ENV_SECRET = "env-planted-1f2e3d4c";

let broker: TestBroker;
let simulator: GatewaySimulator;
let ha: FakeHa;
let llm: FakeLlm;
let bridge: BridgeProcess;
/** Every byte the product sent to anyone but the system a secret belongs to. */
const emitted: string[] = [];

const script = (request: FakeLlmRequest): FakeReply => {
  const text = request.userText ?? "";
  if (request.toolResults.length)
    return `Tools said: ${request.toolResults.map((r) => r.content).join(" | ")}`;
  // Providers quote the key they rejected; the bridge must not pass that on.
  if (text.includes("key")) return { status: 401, message: `invalid x-api-key: ${LLM_KEY}` };
  if (text.includes("kettle")) {
    return {
      toolCalls: [
        { name: "control_entity", args: { name: "Kettle", action: "turn_on" } },
        { name: "control_zwave_device", args: { deviceName: "Nowhere Lamp", action: "on" } },
        { name: "get_entity_state", args: { name: "switch.garage_door_opener" } },
      ],
    };
  }
  return "Okay.";
};

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker);
  ha = await startFakeHa({ token: HA_TOKEN });
  llm = await startFakeLlm({ script });
  bridge = await startBridgeProcess({
    llm_provider: "anthropic",
    llm_base_url: llm.url,
    llm_api_key: LLM_KEY,
    api_token: API_TOKEN,
    // The credentials inside the URL, as `mqtt://user:password@host:port`.
    mqtt_url: broker.url.replace("://", `://${broker.username}:${broker.password}@`),
    ha_url: ha.url,
    ha_token: HA_TOKEN,
    mcp_servers: [
      // Neither comes up: the failures are logged, and still name no secret.
      { name: "remote", url: "http://127.0.0.1:9/mcp", headers: [`Authorization: Bearer ${HEADER_SECRET}`] },
      {
        name: "local",
        command: process.execPath,
        args: "-e 'process.exit(3)'",
        env: [`API_KEY=${ENV_SECRET}`],
      },
    ],
    log_level: "trace",
  });
  await bridge.waitForLog("MCP server 'zwave' is up");
  await bridge.waitForLog("mirrored Home Assistant");
});

afterAll(async () => {
  await bridge?.stop();
  await llm?.close();
  await ha?.close();
  await simulator?.stop();
  await broker?.stop();
});

async function http(
  path: string,
  init: RequestInit = {},
  token: string | null = API_TOKEN,
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const res = await fetch(`${bridge.apiUrl}${path}`, { ...init, headers });
  emitted.push(`${path} ${res.status} ${JSON.stringify([...res.headers])}`);
  return res;
}

async function record(res: Response): Promise<string> {
  const text = await res.text();
  emitted.push(text);
  return text;
}

/** One JSON-RPC message to /mcp; the answer may come as JSON or as an SSE stream. */
async function mcp(body: unknown, session?: string): Promise<{ text: string; session: string | undefined }> {
  const res = await http("/mcp", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-06-18",
      ...(session ? { "Mcp-Session-Id": session } : {}),
    },
    body: JSON.stringify(body),
  });
  return { text: await record(res), session: res.headers.get("mcp-session-id") ?? session };
}

it("emits none of the four secrets anywhere, under provocation", async () => {
  // Wyoming: a provider error that quotes the key, tools that fail, an unexposed entity.
  for (const text of [
    "Check my key please",
    "Turn on the kettle and the nowhere lamp",
    "Turn on Switch One",
  ]) {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });
    emitted.push(JSON.stringify(outcome));
  }
  expect(emitted.join("\n")).toContain("the language model refused the API key");

  // The HTTP API, the status page and its assets, with the token and without.
  await record(
    await http("/api/conversation", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "Check my key again" }),
    }),
  );
  await record(await http("/api/tools"));
  for (const path of ["/", "/status.json", "/status.js", "/status.css", "/healthz"])
    await record(await http(path));
  for (const path of ["/api/tools", "/status.json", "/mcp"]) await record(await http(path, {}, null));
  await record(await http("/api/tools", {}, "wrong-token"));
  const events = await http("/events");
  const reader = events.body?.getReader();
  const first = await reader?.read();
  emitted.push(Buffer.from(first?.value ?? new Uint8Array()).toString("utf8"));
  await reader?.cancel();

  // The MCP endpoint: initialize, list, a call that works and calls that fail.
  const init = await mcp({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "secrets-test", version: "1" },
    },
  });
  expect(init.text).toContain("mcp-assist-bridge");
  await mcp({ jsonrpc: "2.0", method: "notifications/initialized" }, init.session);
  const list = await mcp({ jsonrpc: "2.0", id: 2, method: "tools/list" }, init.session);
  expect(list.text).toContain("control_zwave_device");
  for (const [id, name, args] of [
    [3, "control_zwave_device", { deviceName: "Switch One", action: "off" }],
    [4, "control_zwave_device", { deviceName: 42 }],
    [5, "no_such_tool", {}],
    [6, "get_entity_state", { name: "switch.garage_door_opener" }],
  ] as const) {
    await mcp({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }, init.session);
  }

  // What went back to the model: system prompts and every tool result (the headers carry the key
  // to its owner, as they must).
  const toModel = llm.requests.map((r) => JSON.stringify(r.body));
  expect(toModel.join("\n")).toContain("Kettle");

  const everything = [...emitted, ...toModel, bridge.output()].join("\n");
  expect(bridge.output()).toContain("MCP Assist Bridge");
  // The broker URL is shown, without what was inside it.
  expect(bridge.output()).toContain(broker.url);
  expect(everything).toContain(broker.url.replace("mqtt://", ""));
  expect(bridge.output()).toMatch(/MCP server 'remote' failed to start/);
  expect(bridge.output()).toMatch(/MCP server 'local' failed to start/);
  for (const secret of [LLM_KEY, API_TOKEN, HA_TOKEN, broker.password, HEADER_SECRET, ENV_SECRET]) {
    expect(everything.split(secret).length - 1, `occurrences of a planted secret`).toBe(0);
  }
  // Not even a recognisable fragment of the key.
  expect(everything).not.toContain(LLM_KEY.slice(-12));
});
