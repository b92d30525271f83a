import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { createToolRegistry } from "../../src/tools/registry.js";
import type { LocalToolDefinition } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";
import { echoTool } from "../support/mcp/client-tool.js";

const clockDefinition: LocalToolDefinition = {
  name: "get_datetime",
  description: "The current date and time.",
  inputSchema: { type: "object", properties: {} },
  annotations: { readOnlyHint: true },
};

const controlSchema = {
  type: "object",
  properties: {
    deviceName: { type: "string" },
    action: { type: "string", enum: ["on", "off", "dim"] },
    level: { type: "number", minimum: 0, maximum: 100 },
  },
  required: ["deviceName", "action"],
};

function registry() {
  const log = captureLogger();
  return { registry: createToolRegistry({ logger: log.logger }), log };
}

describe("tool registry", () => {
  it("manual registration: a local tool is listed, offered to the provider and executed", async () => {
    const { registry: r } = registry();
    r.registerTool(clockDefinition, async () => ({ text: "It is 10:00.", structuredContent: { hour: 10 } }));
    expect(r.definitions()).toEqual([
      {
        type: "function",
        function: {
          name: "get_datetime",
          description: "The current date and time.",
          parameters: { type: "object", properties: {} },
        },
      },
    ]);
    const result = await r.execute("get_datetime", {});
    expect(result).toMatchObject({
      ok: true,
      content: "It is 10:00.",
      structuredContent: { hour: 10 },
      name: "get_datetime",
      tool: "get_datetime",
      server: "builtin",
      toolbox: "builtin",
      arguments: {},
      normalizedArguments: {},
    });
    expect(Number.isFinite(result.ms)).toBe(true);
  });

  it("built-in tools are never normalised", async () => {
    const { registry: r } = registry();
    let received: unknown;
    r.registerTool(
      { name: "search_entities", description: "search", inputSchema: { type: "object", properties: {} } },
      async (args) => {
        received = args;
        return { text: "ok" };
      },
    );
    const result = await r.execute("search_entities", { search_query: "lamp", area_id: "KITCHEN" });
    expect(received).toEqual({ search_query: "lamp", area_id: "KITCHEN" });
    expect(result.normalizedArguments).toEqual({ search_query: "lamp", area_id: "KITCHEN" });
  });

  it("MCP tools are normalised before they run, and the repair is logged on one line, with keys but no values", async () => {
    const { registry: r, log } = registry();
    r.registerMcpTool(echoTool("control_zwave_device", controlSchema), {
      server: "zwave",
      toolbox: "home",
    });
    const result = await r.execute("control_zwave_device", { device_name: "Switch One", command: "on" });
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.content)).toEqual({ deviceName: "Switch One", action: "on" });
    expect(result.arguments).toEqual({ device_name: "Switch One", command: "on" });
    expect(result.normalizedArguments).toEqual({ deviceName: "Switch One", action: "on" });
    expect(result.repairs).toEqual(["keys: device_name→deviceName", "keys: command→action"]);
    const lines = log.lines().filter((l) => l.level === 30);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "repaired a call to control_zwave_device",
      keys: "{device_name, command}",
      steps: ["keys: device_name→deviceName", "keys: command→action"],
    });
    // Values can hold secrets: the log names keys only.
    expect(JSON.stringify(log.lines())).not.toContain("Switch One");
  });

  it("logs nothing when the arguments needed no change", async () => {
    const { registry: r, log } = registry();
    r.registerMcpTool(echoTool("control_zwave_device", controlSchema), {
      server: "zwave",
      toolbox: "home",
    });
    await r.execute("control_zwave_device", { deviceName: "Switch One", action: "on" });
    expect(log.messages("info")).toEqual([]);
  });

  it("warns when an alias collides with the explicit name", async () => {
    const { registry: r, log } = registry();
    r.registerMcpTool(echoTool("control_zwave_device", controlSchema), {
      server: "zwave",
      toolbox: "home",
    });
    const result = await r.execute("control_zwave_device", {
      device_name: "Alias",
      deviceName: "Explicit",
      action: "on",
    });
    expect(result.normalizedArguments).toEqual({ deviceName: "Explicit", action: "on" });
    expect(log.messages("warn").join("\n")).toContain("kept 'deviceName' and dropped 'device_name'");
  });

  it("a still-invalid call gets a self-correcting error naming the valid parameters", async () => {
    const { registry: r } = registry();
    r.registerMcpTool(echoTool("control_zwave_device", controlSchema), {
      server: "zwave",
      toolbox: "home",
    });
    const result = await r.execute("control_zwave_device", { action: "toggle", level: 20 });
    expect(result.ok).toBe(false);
    expect(result.error).toContain("missing required parameter 'deviceName'");
    expect(result.error).toContain(`'action' must be one of "on", "off", "dim"`);
    expect(result.error).toContain(
      'Valid parameters: deviceName (string, required), action ("on" | "off" | "dim", required), level (number, 0–100).',
    );
  });

  it("an unknown tool is an error result, not an exception, and lists what exists", async () => {
    const { registry: r } = registry();
    r.registerTool(clockDefinition, async () => ({ text: "now" }));
    const result = await r.execute("get_weather", {});
    expect(result).toMatchObject({ ok: false, name: "get_weather" });
    expect(result.error).toContain("Unknown tool 'get_weather'");
    expect(result.error).toContain("get_datetime");
  });

  it("a tool that throws becomes an error result with its message", async () => {
    const { registry: r } = registry();
    r.registerTool(clockDefinition, async () => {
      throw new Error("clock is broken");
    });
    expect(await r.execute("get_datetime", {})).toMatchObject({ ok: false, error: "clock is broken" });
  });

  it("a tool that never answers is cut off by the per-tool timeout and told it was aborted", async () => {
    const { registry: r } = registry();
    let aborted = false;
    r.registerTool(clockDefinition, (_args, context) => {
      context.signal.addEventListener("abort", () => (aborted = true));
      return new Promise(() => undefined);
    });
    const result = await r.execute("get_datetime", {}, { timeoutMs: 50 });
    expect(result.ok).toBe(false);
    expect(result.error).toBe("get_datetime did not answer within 50 ms.");
    expect(aborted).toBe(true);
  });

  it("calls that time out leave no listener behind on the turn's signal, even when the tool never answers", async () => {
    const { registry: r } = registry();
    r.registerTool(clockDefinition, () => new Promise(() => undefined));
    r.registerTool({ ...clockDefinition, name: "get_weather" }, async () => ({ text: "Sunny." }));
    // One turn (or a long-lived caller) whose signal outlives many calls: each call's listener on
    // it must go when the call is over, however it ended.
    const turn = new AbortController();
    for (let i = 0; i < 12; i++) {
      expect((await r.execute("get_datetime", {}, { timeoutMs: 5, signal: turn.signal })).errorCode).toBe(
        "timeout",
      );
      expect((await r.execute("get_weather", {}, { timeoutMs: 1000, signal: turn.signal })).ok).toBe(true);
    }
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(0);
  });

  it("tools of an unavailable server say so instead of failing obscurely", async () => {
    const { registry: r } = registry();
    r.registerMcpTool(echoTool("list_zwave_devices", { type: "object", properties: {} }), {
      server: "zwave",
      toolbox: "home",
    });
    r.setServerAvailability("zwave", false, "restarting");
    const result = await r.execute("list_zwave_devices", {});
    expect(result.error).toBe(
      "The MCP server 'zwave' is unavailable right now (restarting); list_zwave_devices will work again when it is back.",
    );
    r.setServerAvailability("zwave", true);
    expect((await r.execute("list_zwave_devices", {})).ok).toBe(true);
  });

  it("executes by structured identifier (use_tool, the bridge's own calls), with normalisation", async () => {
    const { registry: r } = registry();
    r.registerMcpTool(echoTool("control_zwave_device", controlSchema), {
      server: "zwave",
      toolbox: "home",
    });
    const result = await r.executeIdentifier(
      { toolbox: "home", server: "zwave", name: "control_zwave_device" },
      { device_name: "Switch One", command: "off" },
    );
    expect(JSON.parse(result.content)).toEqual({ deviceName: "Switch One", action: "off" });
  });

  it("rejects bad identifiers with the identifier's exact messages", async () => {
    const { registry: r } = registry();
    expect((await r.executeIdentifier({ toolbox: "", server: "zwave", name: "x" }, {})).error).toBe(
      "Invalid tool identifier: toolbox: Toolbox name cannot be empty",
    );
    expect((await r.executeIdentifier({ toolbox: "home", server: "zwave", tool: "x" }, {})).error).toContain(
      "Unrecognized key(s) in object: 'tool'",
    );
    const wrongBox = await r.executeIdentifier({ toolbox: "garden", server: "zwave", name: "x" }, {});
    expect(wrongBox.ok).toBe(false);
  });

  it("lists toolboxes with their servers and tool counts", () => {
    const { registry: r } = registry();
    r.registerTool(clockDefinition, async () => ({ text: "now" }));
    r.registerMcpTool(echoTool("list_zwave_devices", { type: "object", properties: {} }), {
      server: "zwave",
      toolbox: "home",
    });
    r.registerMcpTool(echoTool("control_zwave_device", controlSchema), {
      server: "zwave",
      toolbox: "home",
    });
    expect(r.toolboxes()).toEqual([
      { name: "builtin", servers: ["builtin"], tools: 1 },
      { name: "home", servers: ["zwave"], tools: 2 },
    ]);
  });

  it("schemas are converted for providers: $ref inlined, anyOf-with-null and type lists reduced, untyped kept", () => {
    const { registry: r } = registry();
    r.registerMcpTool(
      echoTool("set_scene", {
        type: "object",
        $defs: { Scene: { type: "string", enum: ["movie", "dinner"] } },
        properties: {
          scene: { $ref: "#/$defs/Scene" },
          transition: { anyOf: [{ type: "number" }, { type: "null" }] },
          note: { type: ["string", "null"] },
          extra: {},
        },
        required: ["scene"],
      }),
      { server: "scenes", toolbox: "default" },
    );
    expect(r.definitions()[0]?.function.parameters).toEqual({
      type: "object",
      properties: {
        scene: { type: "string", enum: ["movie", "dinner"] },
        transition: { type: "number" },
        note: { type: "string" },
        extra: {},
      },
      required: ["scene"],
    });
  });

  it("a tool whose schema cannot be converted is dropped alone, with a warning", () => {
    const { registry: r, log } = registry();
    const { registered, dropped } = r.replaceServerTools({ server: "mixed", toolbox: "default" }, [
      echoTool("good_tool", { type: "object", properties: { a: { type: "string" } } }),
      echoTool("bad_tool", { type: "object", properties: { a: { $ref: "#/$defs/Nope" } } }),
    ]);
    expect(registered).toEqual(["good_tool"]);
    expect(dropped.map((d) => d.tool)).toEqual(["bad_tool"]);
    expect(r.list().map((t) => t.name)).toEqual(["good_tool"]);
    expect(log.messages("warn").join("\n")).toContain("dropped tool 'bad_tool'");
  });

  it("keeps a tool whose schema recurses or uses allOf, with every argument the model needs", () => {
    const { registry: r } = registry();
    const { registered } = r.replaceServerTools({ server: "files", toolbox: "default" }, [
      echoTool("make_tree", {
        type: "object",
        $defs: {
          node: {
            type: "object",
            description: "A folder and what it holds.",
            properties: {
              name: { type: "string" },
              children: { type: "array", items: { $ref: "#/$defs/node" } },
            },
            required: ["name"],
          },
        },
        properties: { root: { $ref: "#/$defs/node" } },
        required: ["root"],
      }),
      echoTool("move_file", {
        type: "object",
        allOf: [
          { properties: { source: { type: "string", description: "From." } }, required: ["source"] },
          { properties: { destination: { type: "string", description: "To." } }, required: ["destination"] },
        ],
      }),
    ]);
    expect(registered).toEqual(["make_tree", "move_file"]);
    const schemas = Object.fromEntries(r.list().map((t) => [t.name, t.inputSchema]));
    const root = schemas.make_tree?.properties?.root;
    expect(root).toMatchObject({
      type: "object",
      required: ["name"],
      description: "A folder and what it holds.",
    });
    // One level is inlined; below it a node takes any value, and its server checks it.
    expect(root?.properties?.children).toEqual({ type: "array", items: {} });
    expect(schemas.move_file).toEqual({
      type: "object",
      properties: {
        source: { type: "string", description: "From." },
        destination: { type: "string", description: "To." },
      },
      required: ["source", "destination"],
    });
  });

  it("namespaces names two servers share and reports why on the tool list", () => {
    const { registry: r } = registry();
    r.registerMcpTool(echoTool("search", { type: "object", properties: {} }), {
      server: "Weather",
      toolbox: "default",
    });
    r.registerMcpTool(echoTool("search", { type: "object", properties: {} }), {
      server: "Database",
      toolbox: "default",
    });
    const listed = r.list().map((t) => ({ name: t.name, namespaced: t.namespaced, reason: t.reason }));
    expect(listed).toEqual([
      { name: "Database__search", namespaced: true, reason: "'search' is offered by 2 servers" },
      { name: "Weather__search", namespaced: true, reason: "'search' is offered by 2 servers" },
    ]);
  });
});
