// The registry's key/value repair, as an MCP tool's server receives the arguments: each defect a
// review found, pinned down by what the server gets (or the error the model gets instead).
import { describe, expect, it } from "vitest";
import { createToolRegistry } from "../../src/tools/registry.js";
import type { ParameterMapping } from "../../src/config/options.js";
import type { JsonSchema } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { clientTool, echoTool, failingTool } from "../support/mcp/client-tool.js";

function registry(parameterMappings: ParameterMapping[] = []) {
  const log = captureLogger();
  return { registry: createToolRegistry({ logger: log.logger, parameterMappings }), log };
}

const object = (properties: Record<string, JsonSchema>, required: string[] = []) => ({
  type: "object" as const,
  properties,
  ...(required.length ? { required } : {}),
});

describe("static mappings", () => {
  it("leave a third-party control_zwave_device alone: its own keys reach its server unchanged", async () => {
    const { registry: r } = registry();
    const schema = object({
      device: { type: "string" },
      command: { type: "string" },
      brightness: { type: "number" },
    });
    r.registerMcpTool(echoTool("control_zwave_device", schema), {
      server: "other",
      toolbox: "default",
    });
    const result = await r.execute("control_zwave_device", { device: "Lamp", command: "on", brightness: 40 });
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.content)).toEqual({ device: "Lamp", command: "on", brightness: 40 });
  });

  it("on our Z-Wave server apply only when the schema declares the target and not the source", async () => {
    const { registry: r } = registry();
    const schema = object({ deviceName: { type: "string" }, command: { type: "string" } });
    r.registerMcpTool(echoTool("control_zwave_device", schema), { server: "zwave", toolbox: "home" });
    const result = await r.execute("control_zwave_device", { device_name: "Lamp", command: "on" });
    expect(JSON.parse(result.content)).toEqual({ deviceName: "Lamp", command: "on" });
    // brightness→level has no target here, and no free field takes a number: the model is told.
    const extra = await r.execute("control_zwave_device", {
      device_name: "Lamp",
      command: "on",
      brightness: 4,
    });
    expect(extra.ok).toBe(false);
    expect(extra.error).toMatch(/'brightness' is not a parameter.*deviceName, command/);
  });

  it("a cyclic user mapping (a→b, b→a) keeps the declared key instead of dropping both", async () => {
    const { registry: r } = registry([
      { tool: "t", from: "a", to: "b" },
      { tool: "t", from: "b", to: "a" },
    ]);
    r.registerMcpTool(echoTool("t", object({ b: { type: "number" } })), {
      server: "s",
      toolbox: "default",
    });
    expect(JSON.parse((await r.execute("t", { a: 1 })).content)).toEqual({ b: 1 });
    expect(JSON.parse((await r.execute("t", { a: 1, b: 2 })).content)).toEqual({ b: 2 });
  });
});

describe("a schema that declares no properties", () => {
  it("keeps the seed's snake→camel rule, but never invents a key from a leading underscore, and logs it", async () => {
    const { registry: r, log } = registry();
    r.registerMcpTool(echoTool("free", { type: "object" }), { server: "s", toolbox: "default" });
    const result = await r.execute("free", { _private: 1, brightness_pct: 40 });
    expect(JSON.parse(result.content)).toEqual({ _private: 1, brightnessPct: 40 });
    expect(log.messages("info").join("\n")).toMatch(/'_private' kept as sent/);
  });
});

describe("values", () => {
  const level = object({ level: { type: "number", minimum: 0, maximum: 100 } });

  it('"1e999" is not read as Infinity: the model is told the value is wrong and nothing runs', async () => {
    const { registry: r } = registry();
    let ran = false;
    r.registerMcpTool(
      clientTool("dim", level, () => ((ran = true), { content: [{ type: "text", text: "ran" }] })),
      { server: "s", toolbox: "default" },
    );
    const result = await r.execute("dim", { level: "1e999" });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/'level' must be number/);
    expect(result.normalizedArguments).toEqual({ level: "1e999" });
    expect(ran).toBe(false);
  });

  it("quotes a server kept around every key and a number are one rule: the keys and 75 reach the server", async () => {
    // Ollama keeps Qwen3-Coder's quotes: two keys were read, the third was refused.
    const { registry: r } = registry();
    const schema = object(
      {
        deviceName: { type: "string" },
        action: { type: "string", enum: ["on", "off", "dim"] },
        level: { type: "number", minimum: 0, maximum: 100 },
      },
      ["deviceName", "action"],
    );
    r.registerMcpTool(echoTool("dim_light", schema), { server: "s", toolbox: "default" });
    const result = await r.execute('"dim_light"', {
      '"deviceName"': "Kitchen",
      '"action"': "dim",
      '"level"': '"75"',
    });
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.content)).toEqual({ deviceName: "Kitchen", action: "dim", level: 75 });
  });

  it("numeric enum values are read from strings", async () => {
    const { registry: r } = registry();
    r.registerMcpTool(echoTool("speed", object({ speed: { type: "integer", enum: [1, 2, 3] } })), {
      server: "s",
      toolbox: "default",
    });
    const result = await r.execute("speed", { speed: "2" });
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.content)).toEqual({ speed: 2 });
  });
});

describe("an MCP server's own error text", () => {
  it("passes unchanged even when it says 'timed out'", async () => {
    const { registry: r } = registry();
    const weather = clientTool("weather", object({}), () => ({
      content: [{ type: "text", text: "upstream API timed out after 3 s" }],
      isError: true,
    }));
    r.registerMcpTool(weather, { server: "s", toolbox: "default" });
    const result = await r.execute("weather", {});
    expect(result.error).toBe("upstream API timed out after 3 s");
  });

  it("is reworded only for the SDK's own request timeout and a closed connection", async () => {
    const { registry: r } = registry();
    r.registerMcpTool(
      failingTool("weather", new SdkError(SdkErrorCode.RequestTimeout, "Request timed out")),
      {
        server: "s",
        toolbox: "default",
      },
    );
    r.registerMcpTool(
      failingTool("radio", new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed")),
      {
        server: "s",
        toolbox: "default",
      },
    );
    expect((await r.execute("weather", {})).error).toBe("weather timed out waiting for its MCP server.");
    expect((await r.execute("radio", {})).error).toBe(
      "The MCP server of radio closed the connection; it is being restarted.",
    );
  });
});

describe("an unknown tool", () => {
  it("lists only the closest few of thousands of tools", async () => {
    const { registry: r } = registry();
    for (let i = 0; i < 2000; i++) {
      r.registerTool({ name: `tool_${i}`, description: "", inputSchema: object({}) }, async () => ({
        text: "",
      }));
    }
    // Two edits away: no single tool is close enough to be read as meant.
    const result = await r.execute("tool_1999xy", {});
    expect(result.ok).toBe(false);
    const listed = /The closest tools are: (.*)\.$/.exec(result.error!)?.[1]?.split(", ");
    expect(listed?.[0]).toBe("tool_1999");
    expect(listed!.length).toBeLessThanOrEqual(5);
  });
});
