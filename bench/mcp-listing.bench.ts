// What /mcp's listing modes give Home Assistant's MCP integration and a desktop client, over
// a realistic tool set (a Z-Wave-like server, the bridge's home tools, a media server,
// server-everything and server-filesystem: more than auto's 40): how many tools each sees, how large the listing is (what every model
// request carries), and how many tool calls (each one model round, and for HA one new session)
// it takes to switch a device.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { pino } from "pino";
import { createZwaveClient } from "../src/zwave-host/zwave-client.js";
import { createAgent } from "../src/agent/agent.js";
import { createUnconfiguredMirror } from "../src/ha/mirror.js";
import { startHttpServer } from "../src/http/server.js";
import { startMcpServers } from "../test/support/mcp/start-servers.js";
import { loadDiscoveryPath } from "../src/mcp/server/discovery-secret.js";
import type { McpMode } from "../src/mcp/server/endpoint-tools.js";
import { homeTools } from "../src/tools/local/index.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { fixtureServer, objectSchema } from "../test/support/mcp/fixtures.js";

const TOKEN = "bench-token";
const logger = pino({ level: "error" });
const registry = createToolRegistry({ logger });
const mirror = createUnconfiguredMirror();
for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
const pkg = (name: string) =>
  fileURLToPath(new URL(`../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url));
const servers = await startMcpServers({
  servers: [
    fixtureServer(
      {
        name: "zwave",
        tools: [
          {
            name: "control_zwave_device",
            description: "Turns a Z-Wave switch or dimmer on or off, or dims it.",
            inputSchema: objectSchema(
              { deviceName: { type: "string" }, action: { type: "string", enum: ["on", "off", "dim"] } },
              ["deviceName", "action"],
            ),
          },
          ...["list_zwave_devices", "get_sensor_data", "set_thermostat", "lock_door", "node_health"].map(
            (name) => ({ name }),
          ),
        ],
      },
      { toolbox: "home" },
    ),
    fixtureServer({
      name: "media",
      tools: [
        "play",
        "pause",
        "next_track",
        "set_volume_level",
        "search_music",
        "queue",
        "now_playing",
        "speakers",
      ].map((name) => ({ name })),
    }),
    {
      name: "everything",
      toolbox: "lab",
      command: process.execPath,
      args: [pkg("server-everything"), "stdio"],
    },
    {
      name: "files",
      toolbox: "lab",
      command: process.execPath,
      args: [pkg("server-filesystem"), mkdtempSync(join(tmpdir(), "bench-files-"))],
    },
  ],
  registry,
  logger,
});
const discovery = await loadDiscoveryPath(mkdtempSync(join(tmpdir(), "bench-data-")), false);

async function session<T>(url: URL, token: string | undefined, use: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: "bench", version: "1" });
  const transport = new StreamableHTTPClientTransport(url, {
    ...(token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}),
    fetch: (u, init) => fetch(u, { ...init, signal: null }),
  });
  await client.connect(transport);
  try {
    return await use(client);
  } finally {
    await transport.terminateSession();
    await client.close();
  }
}

const args = { deviceName: "Switch One", action: "on" };
const identifier = { toolbox: "home", server: "zwave", name: "control_zwave_device" };
const rows: string[] = [];
for (const mode of ["flat", "workbench", "auto"] as McpMode[]) {
  const server = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    deps: {
      version: "bench",
      startedAt: Date.now(),
      agent: createAgent({ registry, mirror, logger, provider: "local", language: "en" }),
      registry,
      mirror,
      mcpServers: () => servers.statuses(),
      zwave: createZwaveClient({ registry, logger }),
      mcpMode: mode,
    },
    auth: { apiToken: TOKEN, underSupervisor: true },
    logger,
    mcpDiscovery: discovery,
  });
  const clients = [
    ["Home Assistant (discovery)", new URL(`http://127.0.0.1:${server.port}${discovery.path}`), undefined],
    ["desktop client (token)", new URL(`http://127.0.0.1:${server.port}/mcp`), TOKEN],
  ] as const;
  for (const [who, url, token] of clients) {
    const { tools } = await session(url, token, (c) => c.listTools());
    const bytes = JSON.stringify(tools).length;
    const flat = tools.some((t) => t.name === "control_zwave_device");
    // Flat: the model calls the tool. Workbench: it finds the tool with list_tools, then use_tool.
    const steps = flat
      ? [(c: Client) => c.callTool({ name: "control_zwave_device", arguments: args })]
      : [
          (c: Client) => c.callTool({ name: "list_tools", arguments: { query: "switch" } }),
          (c: Client) => c.callTool({ name: "use_tool", arguments: { tool: identifier, arguments: args } }),
        ];
    rows.push(
      `  ${`${mode}, ${who}`.padEnd(44)} ${String(tools.length).padStart(3)} tools  ${String(bytes).padStart(6)} bytes (~${Math.round(bytes / 4)} tokens)  ${steps.length} call${steps.length > 1 ? "s" : ""} to act`,
    );
    // The steps are real: each in its own session, as Home Assistant makes them.
    for (const step of steps) {
      const result = await session(url, token, step);
      if (result.isError)
        throw new Error(`${mode}, ${who}: a step failed: ${JSON.stringify(result.content)}`);
    }
  }
  await server.close();
}

console.log(`\n## What each client sees per mcp_mode (${registry.list().length} tools in the registry)`);
for (const row of rows) console.log(row);
console.log(
  "  every call to act is one model round in the client's agent; Home Assistant also opens a new session for each (see mcp-endpoint)",
);

await servers.close();
process.exit(0);
