// The /mcp endpoint's cost per call: tools/list and a use_tool call over Streamable HTTP on
// loopback (MCP SDK client, stateful session), and a stateless request (no session id, a fresh
// server per request), each against the same work done in-process through the registry. Then
// Home Assistant's way on the discovery path: a new session (initialize, initialized, the one
// request, DELETE) for every call and listing, against the same call in a reused session.
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { pino } from "pino";
import { createZwaveClient } from "../src/zwave-host/zwave-client.js";
import { createAgent } from "../src/agent/agent.js";
import { createUnconfiguredMirror } from "../src/ha/mirror.js";
import { startHttpServer } from "../src/http/server.js";
import { startMcpServers } from "../test/support/mcp/start-servers.js";
import { loadDiscoveryPath } from "../src/mcp/server/discovery-secret.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { fixtureServer, objectSchema } from "../test/support/mcp/fixtures.js";
import { interleaved, report, type Sample } from "./lib.js";

const TOKEN = "bench-token";
const logger = pino({ level: "warn" });
const registry = createToolRegistry({ logger });
const spec = {
  name: "zwave",
  tools: [
    {
      name: "control_zwave_device",
      inputSchema: objectSchema(
        { deviceName: { type: "string" }, action: { type: "string", enum: ["on", "off", "dim"] } },
        ["deviceName", "action"],
      ),
    },
    ...Array.from({ length: 19 }, (_, i) => ({ name: `tool_${i}` })),
  ],
};
const servers = await startMcpServers({
  servers: [fixtureServer(spec, { toolbox: "home" })],
  registry,
  logger,
});
const mirror = createUnconfiguredMirror();
const discovery = await loadDiscoveryPath(mkdtempSync(join(tmpdir(), "bench-data-")), false);
const server = await startHttpServer({
  mcpDiscovery: discovery,
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
    mcpMode: "flat",
  },
  auth: { apiToken: TOKEN, underSupervisor: false },
  logger,
});

const client = new Client({ name: "bench", version: "1" });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    // The SDK passes its transport's one abort signal to every fetch, and undici releases the
    // listener only at GC: thousands of calls in a row trip Node's leak warning. Not needed here.
    fetch: (url, init) => fetch(url, { ...init, signal: null }),
  }),
);

const args = { deviceName: "Switch One", action: "on" };
const identifier = { toolbox: "home", server: "zwave", name: "control_zwave_device" };

// A stateless client on a keep-alive node:http agent, as a lean client library would be.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const statelessBody = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "use_tool", arguments: { tool: identifier, arguments: args } },
});
function statelessCall(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/mcp",
        method: "POST",
        agent,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(statelessBody);
  });
}

const [listInProcess, listOverHttp] = await interleaved([
  ["registry.list() in-process", () => registry.list()],
  ["tools/list over /mcp (session)", () => client.listTools()],
]);
const [callInProcess, useToolOverHttp, stateless] = await interleaved([
  ["registry.execute() in-process", () => registry.execute("control_zwave_device", args)],
  [
    "use_tool over /mcp (session, SDK client)",
    () => client.callTool({ name: "use_tool", arguments: { tool: identifier, arguments: args } }),
  ],
  ["use_tool over /mcp (stateless, node:http)", statelessCall],
]);

// Home Assistant's MCP integration: no token, the discovery URL, one session per operation.
const haUrl = new URL(`http://127.0.0.1:${server.port}${discovery.path}`);
async function haSession<T>(use: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ name: "mcp", version: "1" });
  const transport = new StreamableHTTPClientTransport(haUrl, {
    fetch: (url, init) => fetch(url, { ...init, signal: null }),
  });
  await c.connect(transport);
  try {
    return await use(c);
  } finally {
    await transport.terminateSession();
    await c.close();
  }
}
const haClient = new Client({ name: "mcp", version: "1" });
await haClient.connect(
  new StreamableHTTPClientTransport(haUrl, { fetch: (url, init) => fetch(url, { ...init, signal: null }) }),
);
const [reusedCall, freshCall, freshList] = await interleaved(
  [
    [
      "tools/call, reused session (discovery path)",
      () => haClient.callTool({ name: "control_zwave_device", arguments: args }),
    ],
    [
      "initialize + tools/call + DELETE, new session (HA)",
      () => haSession((c) => c.callTool({ name: "control_zwave_device", arguments: args })),
    ],
    ["initialize + tools/list + DELETE, new session (HA)", () => haSession((c) => c.listTools())],
  ],
  { rounds: 5, iterations: 50 },
);

const added = (a: Sample | undefined, b: Sample | undefined) =>
  ((b?.median ?? NaN) - (a?.median ?? NaN)).toFixed(2);
report(
  "tools/list (21 tools, flat)",
  [listInProcess!, listOverHttp!],
  [`added by the endpoint: ${added(listInProcess, listOverHttp)} ms per call; goal ≤ 2 ms`],
);
report(
  "A tool call on a stdio MCP server (median of 5 interleaved rounds of 200)",
  [callInProcess!, useToolOverHttp!, stateless!],
  [
    `added by the endpoint, session: ${added(callInProcess, useToolOverHttp)} ms; stateless: ${added(callInProcess, stateless)} ms; goal ≤ 2 ms`,
  ],
);

report(
  "Home Assistant's client: a new session per call (median of 5 interleaved rounds of 50)",
  [reusedCall!, freshCall!, freshList!],
  [
    `a new session costs ${added(reusedCall, freshCall)} ms more than a reused one (${((freshCall?.median ?? NaN) / (reusedCall?.median ?? NaN)).toFixed(1)}×); HA allows 10,000 ms`,
  ],
);

await haClient.close();
await client.close();
agent.destroy();
await server.close();
await servers.close();
process.exit(0);
