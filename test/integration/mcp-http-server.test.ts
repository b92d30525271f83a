// A user's MCP server reached over Streamable HTTP (not stdio), through the MCP SDK client the
// bridge uses: tools are listed and called, structuredContent and server errors come through.
// The server here is a real Streamable HTTP MCP endpoint: another bridge's /mcp.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpServer, type HttpServer } from "../../src/http/server.js";
import { startMcpServers, type McpServers } from "../support/mcp/start-servers.js";
import { createToolRegistry, type ToolRegistry } from "../../src/tools/registry.js";
import { captureLogger } from "../support/capture-logger.js";
import { startTestBridge, type TestBridge } from "../support/http-bridge.js";

let upstream: TestBridge;
let http: HttpServer;
let servers: McpServers;
let registry: ToolRegistry;

beforeAll(async () => {
  upstream = await startTestBridge({
    mcpMode: "flat",
    register: (r) =>
      r.registerTool(
        {
          name: "set_scene",
          description: "Activate a scene",
          inputSchema: { type: "object", properties: { scene: { type: "string" } }, required: ["scene"] },
        },
        async (args) =>
          args.scene === "broken"
            ? { text: "scene 'broken' does not exist", isError: true }
            : { text: `activated ${String(args.scene)}`, structuredContent: { confirmed: true } },
      ),
  });
  // Stand-alone with no token: loopback clients may use /mcp.
  http = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    deps: upstream.deps,
    auth: { underSupervisor: false },
    logger: upstream.logger,
  });
  const { logger } = captureLogger("warn");
  registry = createToolRegistry({ logger });
  servers = await startMcpServers({
    servers: [{ name: "remote", toolbox: "default", url: `http://localhost:${http.port}/mcp` }],
    registry,
    logger,
  });
});

afterAll(async () => {
  await servers?.close();
  await http?.close();
  await upstream?.close();
});

describe("an MCP server over Streamable HTTP", () => {
  it("is up with the server's tools, and a call returns its text and structuredContent", async () => {
    expect(servers.statuses()).toMatchObject([{ name: "remote", transport: "http", state: "up" }]);
    expect(registry.list().map((t) => t.name)).toEqual(expect.arrayContaining(["set_scene", "get_datetime"]));
    const result = await registry.execute("set_scene", { scene: "evening" });
    expect(result).toMatchObject({
      ok: true,
      content: "activated evening",
      structuredContent: { confirmed: true },
    });
  });

  it("a server-side error reaches the caller in the server's own words", async () => {
    const result = await registry.execute("set_scene", { scene: "broken" });
    expect(result.ok).toBe(false);
    expect(result.error).toBe("scene 'broken' does not exist");
  });
});

describe("an MCP server over Streamable HTTP that wants a token", () => {
  it("is reached with the configured headers, and refused without them", async () => {
    const guarded = await startHttpServer({
      port: 0,
      host: "127.0.0.1",
      deps: upstream.deps,
      auth: { apiToken: "upstream-token-5e1f", underSupervisor: false },
      logger: upstream.logger,
    });
    const { logger } = captureLogger("warn");
    const withToken = createToolRegistry({ logger });
    const url = `http://localhost:${guarded.port}/mcp`;
    const connected = await startMcpServers({
      servers: [
        { name: "with", toolbox: "default", url, headers: { Authorization: "Bearer upstream-token-5e1f" } },
        { name: "without", toolbox: "default", url },
      ],
      registry: withToken,
      logger,
      backoff: { initialMs: 60_000, maxMs: 60_000 },
    });
    try {
      const states = Object.fromEntries(connected.statuses().map((s) => [s.name, s.state]));
      expect(states).toEqual({ with: "up", without: "down" });
      expect((await withToken.execute("set_scene", { scene: "evening" })).content).toBe("activated evening");
    } finally {
      await connected.close();
      await guarded.close();
    }
  });
});
