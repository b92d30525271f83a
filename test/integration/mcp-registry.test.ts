import { existsSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createToolRegistry } from "../../src/tools/registry.js";
import { startMcpServers, type McpServers } from "../support/mcp/start-servers.js";
import { captureLogger } from "../support/capture-logger.js";
import { fixtureServer, objectSchema, type FixtureSpec } from "../support/mcp/fixtures.js";
import type { McpServerConfig } from "../../src/mcp/client/server-config.js";

let running: McpServers | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(servers: McpServerConfig[]) {
  const log = captureLogger();
  const registry = createToolRegistry({ logger: log.logger });
  registry.registerTool(
    { name: "get_datetime", description: "now", inputSchema: { type: "object", properties: {} } },
    async () => ({ text: "It is noon." }),
  );
  running = await startMcpServers({
    servers,
    registry,
    logger: log.logger,
    backoff: { initialMs: 100, maxMs: 1000 },
  });
  return { registry, log, servers: running };
}

async function until<T>(probe: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Named like our Z-Wave server: the built-in mappings (command→action) are scoped to it.
const camelServer: FixtureSpec = {
  name: "zwave",
  tools: [
    {
      name: "control_zwave_device",
      inputSchema: objectSchema(
        {
          deviceName: { type: "string" },
          action: { type: "string", enum: ["on", "off", "dim"] },
          level: { type: "number", minimum: 0, maximum: 100 },
        },
        ["deviceName", "action"],
      ),
    },
    {
      name: "set_light",
      inputSchema: objectSchema({ entityId: { type: "string" }, brightnessPct: { type: "number" } }),
    },
  ],
};
const snakeServer: FixtureSpec = {
  name: "snake",
  tools: [
    {
      name: "set_fan",
      inputSchema: objectSchema({ entity_id: { type: "string" }, speed_pct: { type: "number" } }),
    },
  ],
};

function structured(result: { structuredContent?: Record<string, unknown> }) {
  return result.structuredContent as {
    server: string;
    tool: string;
    args: Record<string, unknown>;
    env: Record<string, string>;
    pid: number;
  };
}

describe("MCP discovery through MultiServerMCPClient (real SDK servers over stdio)", () => {
  it("two servers that share a tool name: both are namespaced with __ and each call reaches its own server", async () => {
    const { registry } = await start([
      fixtureServer({ name: "Weather", tools: [{ name: "search" }, { name: "get_forecast" }] }),
      fixtureServer({ name: "Database", tools: [{ name: "search" }, { name: "run_query" }] }),
    ]);
    const names = registry
      .definitions()
      .map((d) => d.function.name)
      .sort();
    expect(names).toEqual([
      "Database__search",
      "Weather__search",
      "get_datetime",
      "get_forecast",
      "run_query",
    ]);
    expect(structured(await registry.execute("Weather__search", { q: "rain" })).server).toBe("Weather");
    expect(structured(await registry.execute("Database:search", { q: "rows" })).server).toBe("Database");
    const ambiguous = await registry.execute("search", {});
    expect(ambiguous.error).toContain("ambiguous");
  });

  it("a camelCase server gets camelCase arguments and a snake_case server keeps snake_case", async () => {
    const { registry } = await start([fixtureServer(camelServer), fixtureServer(snakeServer)]);
    const camel = await registry.execute("control_zwave_device", {
      device_name: "Switch One",
      command: "on",
    });
    expect(structured(camel).args).toEqual({ deviceName: "Switch One", action: "on" });
    const light = await registry.execute("set_light", { entity_id: "light.kitchen", brightness_pct: "40" });
    expect(structured(light).args).toEqual({ entityId: "light.kitchen", brightnessPct: 40 });
    const fan = await registry.execute("set_fan", { entity_id: "fan.office", speed_pct: 30 });
    expect(structured(fan).args).toEqual({ entity_id: "fan.office", speed_pct: 30 });
    expect(fan.normalizedArguments).toEqual(fan.arguments);
  });

  it("a server with one unconvertible tool schema keeps its other tools", async () => {
    const { registry, log } = await start([
      fixtureServer({
        name: "mixed",
        tools: [
          { name: "fine_tool", inputSchema: objectSchema({ a: { type: "string" } }) },
          {
            name: "broken_tool",
            inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } },
          },
        ],
      }),
    ]);
    const names = registry.list().map((t) => t.name);
    expect(names).toContain("fine_tool");
    expect(names).not.toContain("broken_tool");
    expect(log.messages("warn").join("\n")).toMatch(/mixed.*dropped tool 'broken_tool'/);
    expect((await registry.execute("fine_tool", { a: "x" })).ok).toBe(true);
  });

  it("a server that fails to start is logged with its name and reason; the rest and the local tools work", async () => {
    const { registry, log, servers } = await start([
      fixtureServer({ name: "broken", failStart: true, tools: [{ name: "never" }] }),
      { name: "missing", toolbox: "default", command: "/nonexistent/mcp-server", args: [] },
      fixtureServer(snakeServer),
    ]);
    const errors = log.messages("error").join("\n");
    expect(errors).toMatch(/MCP server 'broken' failed to start: .+/);
    expect(errors).toMatch(/MCP server 'missing' failed to start: .*ENOENT/);
    expect((await registry.execute("get_datetime", {})).content).toBe("It is noon.");
    expect((await registry.execute("set_fan", { entity_id: "fan.x" })).ok).toBe(true);
    const states = Object.fromEntries(servers.statuses().map((s) => [s.name, s.state]));
    expect(states).toEqual({ broken: "down", missing: "down", snake: "up" });
  });

  it("a server that crashes after its first call is restarted with backoff and its tools return", async () => {
    const { registry, servers } = await start([
      fixtureServer({ name: "flaky", crashAfterCalls: 1, tools: [{ name: "ping_device" }] }),
    ]);
    expect((await registry.execute("ping_device", {})).ok).toBe(true);
    await until(() => servers.statuses()[0]?.state === "down" || servers.statuses()[0]!.restarts > 0);
    await until(() => servers.statuses()[0]?.state === "up" && servers.statuses()[0]!.restarts === 1);
    const again = await registry.execute("ping_device", {});
    expect(again.ok).toBe(true);
    expect(structured(again).tool).toBe("ping_device");
  });

  it("never signals the PID of a child that has exited, which may by then belong to another process", async () => {
    const cannotStart = join(mkdtempSync(join(tmpdir(), "fixture-")), "cannot-start");
    const { registry, servers, log } = await start([
      fixtureServer({
        name: "flaky",
        crashAfterCalls: 1,
        failStartOnceExists: cannotStart,
        tools: [{ name: "ping_device" }],
      }),
    ]);
    const first = await registry.execute("ping_device", {});
    const childPid = structured(first).pid;
    writeFileSync(cannotStart, "");
    // PIDs are reused, but not on cue: once the child has exited, its PID answers as if another
    // process had taken it, and whatever the bridge sends it is recorded instead of delivered.
    const deliver = process.kill.bind(process);
    const stale: Array<string | number | undefined> = [];
    const kill = vi.spyOn(process, "kill").mockImplementation((pid, signal) => {
      if (pid !== childPid) return deliver(pid, signal);
      try {
        return deliver(pid, signal);
      } catch {
        stale.push(signal);
        return true;
      }
    });
    try {
      // The crash, then two reconnects that fail (each one closes its own client). Each reconnect
      // spawns a child, which a loaded machine may take seconds to do: the bound is generous.
      await until(() => log.messages().some((m) => m.includes("MCP server 'flaky' still failing")), 60_000);
      expect(servers.statuses()[0]).toMatchObject({ state: "down", restarts: 1 });
      expect(stale).toEqual([]);
    } finally {
      kill.mockRestore();
    }
  }, 90_000);

  it("passes the configured environment to stdio children explicitly, and nothing secret by accident", async () => {
    process.env.BRIDGE_TEST_SECRET = "must-not-leak";
    const { registry } = await start([
      fixtureServer(
        {
          name: "envcheck",
          tools: [{ name: "show_env" }],
          echoEnv: ["MQTT_BROKER_URL", "BRIDGE_TEST_SECRET"],
        },
        { env: { MQTT_BROKER_URL: "mqtt://127.0.0.1:1883" } },
      ),
    ]);
    const env = structured(await registry.execute("show_env", {})).env;
    expect(env.MQTT_BROKER_URL).toBe("mqtt://127.0.0.1:1883");
    expect(env.BRIDGE_TEST_SECRET).toBeUndefined();
    delete process.env.BRIDGE_TEST_SECRET;
  });

  it("when the server rejects the normalised arguments, its error text reaches the caller unchanged", async () => {
    const { registry } = await start([
      fixtureServer({
        name: "strict",
        tools: [
          { name: "lock_door", behaviour: "error", inputSchema: objectSchema({ door: { type: "string" } }) },
        ],
      }),
    ]);
    const result = await registry.execute("lock_door", { door: "front" });
    expect(result.ok).toBe(false);
    expect(result.error).toBe('lock_door failed: {"door":"front"}');
  });

  it("a hanging tool is cut off by the per-tool timeout and the server keeps working", async () => {
    const { registry } = await start([
      fixtureServer({
        name: "slow",
        tools: [{ name: "wait_forever", behaviour: "hang" }, { name: "quick" }],
      }),
    ]);
    const hung = await registry.execute("wait_forever", {}, { timeoutMs: 200 });
    expect(hung.error).toBe("wait_forever did not answer within 200 ms.");
    expect((await registry.execute("quick", {})).ok).toBe(true);
  });

  it("a call cut off by its timeout is cancelled on the server, so it does not act later after the failure was said", async () => {
    const actsOn = join(mkdtempSync(join(tmpdir(), "slow-tool-")), "acted");
    const { registry } = await start([
      fixtureServer({
        name: "slow",
        tools: [{ name: "open_valve", behaviour: "slow", actAfterMs: 1500, actsOn }, { name: "quick" }],
      }),
    ]);
    const cut = await registry.execute("open_valve", {}, { timeoutMs: 200 });
    expect(cut.error).toBe("open_valve did not answer within 200 ms.");
    // Past the moment the server would have acted: a call still waited on would have acted by now.
    await new Promise((r) => setTimeout(r, 2500));
    expect(existsSync(actsOn)).toBe(false);
    expect((await registry.execute("quick", {})).ok).toBe(true);
  });
});
