// The aggregated /mcp endpoint, spoken to by the MCP SDK's own Streamable HTTP client, in front of
// a real registry fed by real MCP SDK servers over stdio and a local tool.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startHttpServer, type HttpServer } from "../../src/http/server.js";
import type { McpMode } from "../../src/mcp/server/endpoint-tools.js";
import { fixtureServer, objectSchema } from "../support/mcp/fixtures.js";
import { rawRequest, startTestBridge } from "../support/http-bridge.js";
import type { McpServerConfig } from "../../src/mcp/client/server-config.js";

const TOKEN = "tok-mcp-5c0ffee1d2";

const zwave = fixtureServer(
  {
    name: "zwave",
    tools: [
      {
        name: "control_zwave_device",
        inputSchema: objectSchema(
          {
            deviceName: { type: "string" },
            action: { type: "string", enum: ["on", "off", "dim"] },
            level: { type: "number" },
          },
          ["deviceName", "action"],
        ),
        annotations: { destructiveHint: false, idempotentHint: true },
      },
      {
        name: "list_zwave_devices",
        inputSchema: objectSchema({ includeInactive: { type: "boolean" } }),
        annotations: { readOnlyHint: true },
      },
      { name: "reset_node", behaviour: "error" },
    ],
  },
  { toolbox: "home" },
);
const weather = fixtureServer({ name: "weather", tools: [{ name: "search" }, { name: "get_forecast" }] });
const media = fixtureServer({ name: "media", tools: [{ name: "search" }] });

const running: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const r of running.reverse()) await r.close();
});

async function start(
  options: { mcpMode?: McpMode; servers?: McpServerConfig[]; toolsListed?: Promise<void> } = {},
) {
  const bridge = await startTestBridge({
    servers: options.servers ?? [zwave, weather, media],
    mcpMode: options.mcpMode,
  });
  running.push(bridge);
  const http = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    deps: options.toolsListed ? { ...bridge.deps, toolsListed: options.toolsListed } : bridge.deps,
    auth: { apiToken: TOKEN, underSupervisor: true },
    logger: bridge.logger,
  });
  running.push(http);
  return { bridge, http, url: new URL(`http://127.0.0.1:${http.port}/mcp`) };
}

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
});

async function connect(http: HttpServer, token: string | null = TOKEN): Promise<Client> {
  const client = new Client({ name: "endpoint-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.port}/mcp`), {
    requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const structured = (result: unknown) =>
  (result as CallToolResult).structuredContent as Record<string, unknown>;

describe("flat listing", () => {
  let flat: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    flat = await start({ mcpMode: "flat" });
  });

  it("lists every registry tool under its presented name with the server's schema and annotations, plus use_tool", async () => {
    const client = await connect(flat.http);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "control_zwave_device",
      "get_datetime",
      "get_forecast",
      "list_zwave_devices",
      "media__search",
      "reset_node",
      "use_tool",
      "weather__search",
    ]);
    const control = tools.find((t) => t.name === "control_zwave_device");
    expect(control?.inputSchema).toMatchObject({
      type: "object",
      properties: { deviceName: { type: "string" }, action: { enum: ["on", "off", "dim"] } },
      required: ["deviceName", "action"],
    });
    // This bridge runs with confirm_destructive off: no call waits, so no confirmation argument.
    expect(control?.description).toBe("control_zwave_device of zwave");
    expect(control?.inputSchema.properties?.confirm).toBeUndefined();
    expect(control?.annotations).toEqual({ destructiveHint: false, idempotentHint: true });
    expect(tools.find((t) => t.name === "list_zwave_devices")?.annotations).toEqual({ readOnlyHint: true });
    expect(tools.find((t) => t.name === "use_tool")?.inputSchema.required).toEqual(["tool"]);
  });

  it("calls reach the registry: arguments are normalised, namespaced names resolve, failures are isError", async () => {
    const client = await connect(flat.http);
    const control = await client.callTool({
      name: "control_zwave_device",
      arguments: { device_name: "Kitchen Light", command: "on" },
    });
    expect(control.isError).toBeFalsy();
    expect(structured(control)).toMatchObject({
      server: "zwave",
      args: { deviceName: "Kitchen Light", action: "on" },
    });
    expect(
      structured(await client.callTool({ name: "weather__search", arguments: { q: "rain" } })),
    ).toMatchObject({
      server: "weather",
    });
    expect(text(await client.callTool({ name: "get_datetime", arguments: {} }))).toBe("It is noon.");

    const failed = await client.callTool({ name: "reset_node", arguments: { node: 3 } });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toBe('reset_node failed: {"node":3}');
    const invalid = await client.callTool({
      name: "control_zwave_device",
      arguments: { deviceName: "Kitchen" },
    });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toContain("Invalid arguments for control_zwave_device");
    const unknown = await client.callTool({ name: "search", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain("ambiguous");
  });

  it("use_tool works in flat mode too, by structured identifier", async () => {
    const client = await connect(flat.http);
    const result = await client.callTool({
      name: "use_tool",
      arguments: { tool: { toolbox: "default", server: "media", name: "search" }, arguments: { q: "jazz" } },
    });
    expect(structured(result)).toMatchObject({ server: "media", tool: "search", args: { q: "jazz" } });
  });
});

describe("workbench listing", () => {
  let bench: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    bench = await start({ mcpMode: "workbench" });
  });

  it("offers list_toolboxes, list_tools and use_tool, the two list tools marked read-only", async () => {
    const client = await connect(bench.http);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["list_toolboxes", "list_tools", "use_tool"]);
    for (const name of ["list_toolboxes", "list_tools"]) {
      expect(tools.find((t) => t.name === name)?.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
      });
    }
    expect(tools.find((t) => t.name === "use_tool")?.annotations?.readOnlyHint).toBeFalsy();
  });

  it("list_toolboxes and list_tools lead to identifiers that use_tool calls", async () => {
    const client = await connect(bench.http);
    expect(structured(await client.callTool({ name: "list_toolboxes", arguments: {} }))).toEqual({
      toolboxes: [
        { name: "builtin", servers: ["builtin"], tools: 1 },
        { name: "default", servers: ["media", "weather"], tools: 3 },
        { name: "home", servers: ["zwave"], tools: 3 },
      ],
    });
    const home = structured(await client.callTool({ name: "list_tools", arguments: { toolbox: "home" } }));
    const listed = home.tools as Array<{
      tool: Record<string, string>;
      inputSchema: unknown;
      description: string;
    }>;
    expect(listed.map((t) => t.tool)).toEqual([
      { toolbox: "home", server: "zwave", name: "control_zwave_device" },
      { toolbox: "home", server: "zwave", name: "list_zwave_devices" },
      { toolbox: "home", server: "zwave", name: "reset_node" },
    ]);
    expect(listed[0]?.inputSchema).toMatchObject({ required: ["deviceName", "action"] });
    const found = structured(
      await client.callTool({ name: "list_tools", arguments: { query: "SEARCH media" } }),
    );
    expect((found.tools as Array<{ tool: unknown }>).map((t) => t.tool)).toEqual([
      { toolbox: "default", server: "media", name: "search" },
    ]);
    const noBox = await client.callTool({ name: "list_tools", arguments: { toolbox: "garden" } });
    expect(noBox.isError).toBe(true);
    expect(text(noBox)).toBe("No toolbox 'garden'. Toolboxes: builtin, default, home.");

    const result = await client.callTool({
      name: "use_tool",
      arguments: {
        tool: { toolbox: "home", server: "zwave", name: "control_zwave_device" },
        arguments: { device_name: "Porch", command: "off" },
      },
    });
    expect(structured(result)).toMatchObject({ args: { deviceName: "Porch", action: "off" } });
  });

  it("use_tool answers every bad identifier with the identifier's exact message", async () => {
    const client = await connect(bench.http);
    const cases: Array<[unknown, string]> = [
      [
        { toolbox: "", server: "zwave", name: "control_zwave_device" },
        "Invalid tool identifier: toolbox: Toolbox name cannot be empty",
      ],
      [
        { toolbox: "home", server: "", name: "control_zwave_device" },
        "Invalid tool identifier: server: Server name cannot be empty",
      ],
      [
        { toolbox: "home", server: "zwave", name: " " },
        "Invalid tool identifier: name: Tool name cannot be empty",
      ],
      [{ toolbox: "home", server: "zwave" }, "Invalid tool identifier: name: Required"],
      [
        { toolbox: "home", server: "zwave", tool: "control_zwave_device" },
        "Invalid tool identifier: name: Required; Unrecognized key(s) in object: 'tool'",
      ],
      [
        { toolbox: "home", server: "zwave", name: "self_destruct" },
        "No tool 'self_destruct' on server 'zwave'. Use list_tools to see what exists.",
      ],
      [
        { toolbox: "garden", server: "zwave", name: "control_zwave_device" },
        "Tool 'control_zwave_device' on server 'zwave' is in toolbox 'home', not 'garden'.",
      ],
      [undefined, "Invalid tool identifier: Required"],
    ];
    for (const [tool, message] of cases) {
      const result = await client.callTool({ name: "use_tool", arguments: { tool, arguments: {} } });
      expect(result.isError, JSON.stringify(tool)).toBe(true);
      expect(text(result)).toBe(message);
    }
  });
});

describe("auto mode", () => {
  it("lists flat up to 40 tools and switches to the workbench at 41, telling open sessions", async () => {
    const { bridge, http } = await start({ mcpMode: "auto", servers: [] });
    // get_datetime is tool 1; 39 more make 40.
    for (let i = 2; i <= 40; i++) {
      bridge.registry.registerTool(
        { name: `tool_${i}`, description: `tool ${i}`, inputSchema: { type: "object", properties: {} } },
        async () => ({ text: `tool ${i}` }),
      );
    }
    const client = await connect(http);
    const flatTools = (await client.listTools()).tools;
    expect(flatTools).toHaveLength(41);
    expect(flatTools.map((t) => t.name)).toContain("tool_40");

    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    bridge.registry.registerTool(
      { name: "tool_41", description: "tool 41", inputSchema: { type: "object", properties: {} } },
      async () => ({ text: "tool 41" }),
    );
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      "list_toolboxes",
      "list_tools",
      "use_tool",
    ]);
  });
});

describe("a listing asked while the bridge starts", () => {
  it("waits for the start-up's tools, so the first listing a client keeps holds the Z-Wave server's", async () => {
    let listed: () => void = () => undefined;
    const toolsListed = new Promise<void>((resolve) => (listed = resolve));
    const { bridge, http } = await start({ servers: [], toolsListed });
    const client = await connect(http);
    let settled = false;
    const listing = client.listTools().finally(() => (settled = true));
    // Asked before the Z-Wave server is up: no answer yet, rather than one without its tools.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    bridge.registry.registerTool(
      {
        name: "control_zwave_device",
        description: "Switch a Z-Wave device",
        inputSchema: { type: "object", properties: { deviceName: { type: "string" } } },
      },
      async () => ({ text: "done" }),
    );
    listed();
    expect((await listing).tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["get_datetime", "control_zwave_device"]),
    );
    // Once the start-up is over, listings answer as they are asked.
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("control_zwave_device");
  });
});

describe("sessions, stateless use and change notifications", () => {
  let main: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    main = await start({ mcpMode: "flat" });
  });

  it("refuses clients without the token with 401 and no tool list", async () => {
    await expect(connect(main.http, null)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("bearer token"),
    });
    await expect(connect(main.http, "tok-wrong")).rejects.toMatchObject({ code: 401 });
    const raw = await rawRequest(main.http.port, {
      method: "POST",
      path: "/mcp",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(raw.status).toBe(401);
    expect(raw.text).not.toContain("control_zwave_device");
  });

  it("answers a client that sends no session id (as Home Assistant's stateless clients do)", async () => {
    const headers = {
      Authorization: `Bearer ${TOKEN}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    };
    const list = await rawRequest(main.http.port, {
      method: "POST",
      path: "/mcp",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(list.status).toBe(200);
    expect(list.headers["mcp-session-id"]).toBeUndefined();
    const names = (list.json() as { result: { tools: Array<{ name: string }> } }).result.tools.map(
      (t) => t.name,
    );
    expect(names).toContain("control_zwave_device");

    const call = await rawRequest(main.http.port, {
      method: "POST",
      path: "/mcp",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "control_zwave_device", arguments: { device_name: "Hall", command: "on" } },
      }),
    });
    expect((call.json() as { result: CallToolResult }).result.structuredContent).toMatchObject({
      args: { deviceName: "Hall", action: "on" },
    });

    const badJson = await rawRequest(main.http.port, {
      method: "POST",
      path: "/mcp",
      headers,
      body: "{nope",
    });
    expect(badJson.status).toBe(400);
    expect(badJson.json()).toMatchObject({ error: { code: -32700 } });
    const unknownSession = await rawRequest(main.http.port, {
      method: "POST",
      path: "/mcp",
      headers: { ...headers, "Mcp-Session-Id": "no-such-session" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(unknownSession.status).toBe(404);
  });

  it("a session ends with DELETE", async () => {
    const client = await connect(main.http);
    const transport = client.transport as StreamableHTTPClientTransport;
    const id = transport.sessionId;
    expect(id).toBeTruthy();
    await transport.terminateSession();
    const after = await rawRequest(main.http.port, {
      method: "POST",
      path: "/mcp",
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "Mcp-Session-Id": id ?? "",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
    });
    expect(after.status).toBe(404);
  });

  it("refuses a foreign Host from token-less loopback clients (DNS rebinding)", async () => {
    const { bridge } = main;
    const open = await startHttpServer({
      port: 0,
      host: "127.0.0.1",
      deps: bridge.deps,
      auth: { underSupervisor: false },
      logger: bridge.logger,
    });
    running.push(open);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const rebound = await rawRequest(open.port, {
      method: "POST",
      path: "/mcp",
      headers: { ...headers, Host: "rebind.attacker.example" },
      body,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.text).not.toContain("control_zwave_device");
    const local = await rawRequest(open.port, {
      method: "POST",
      path: "/mcp",
      headers: { ...headers, Host: `localhost:${open.port}` },
      body,
    });
    expect(local.status).toBe(200);
  });

  it("tells open sessions that the tool list changed when a crashed server comes back", async () => {
    const { http } = await start({
      mcpMode: "flat",
      servers: [
        fixtureServer(
          { name: "flaky", tools: [{ name: "flaky_ping" }], crashAfterCalls: 1 },
          { toolbox: "lab" },
        ),
      ],
    });
    const client = await connect(http);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("flaky_ping");
    let notifications = 0;
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        notifications++;
        resolve();
      }),
    );
    await client.callTool({ name: "flaky_ping", arguments: {} });
    await changed;
    expect(notifications).toBeGreaterThan(0);
    // The restarted server's tool answers again.
    let answer: CallToolResult | undefined;
    for (let i = 0; i < 100 && !(answer && !answer.isError); i++) {
      answer = (await client.callTool({ name: "flaky_ping", arguments: {} })) as CallToolResult;
      if (answer.isError) await new Promise((r) => setTimeout(r, 100));
    }
    expect(answer?.isError).toBeFalsy();
  });
});
