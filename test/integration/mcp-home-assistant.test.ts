// /mcp as Home Assistant's MCP integration uses it: on the secret discovery path without a token,
// a new session per listing and per call, every schema through probatio's from_openapi (HA
// 2026.9 and later) and voluptuous-openapi 0.4.1's conversion (before), arguments through the
// converted schema. Behind it: a real registry fed by the real
// third-party servers server-everything and server-filesystem over stdio, fixture servers with
// awkward schemas, and the bridge's own local tools.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { startHttpServer, type HttpServer } from "../../src/http/server.js";
import { loadDiscoveryPath, type DiscoveryPath } from "../../src/mcp/server/discovery-secret.js";
import { homeTools } from "../../src/tools/local/index.js";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import type { McpServerConfig } from "../../src/mcp/client/server-config.js";
import { fixtureServer, objectSchema } from "../support/mcp/fixtures.js";
import { rawRequest, startTestBridge, type TestBridge } from "../support/http-bridge.js";
import { haCallTool, haListTools, type HaTool } from "../support/ha-mcp-client.js";
import { convertToVoluptuous } from "../support/voluptuous-openapi-check.js";
import { fromOpenapi } from "../support/probatio-check.js";
import { findRealProbatio } from "../support/probatio-python.js";

const TOKEN = "tok-ha-mcp-7d1e";
const EVERYTHING_JS = fileURLToPath(
  new URL("../../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
);
const FILESYSTEM_JS = fileURLToPath(
  new URL("../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", import.meta.url),
);
const files = mkdtempSync(join(tmpdir(), "ha-mcp-files-"));
writeFileSync(join(files, "notes.txt"), "milk, eggs\n");

const everything: McpServerConfig = {
  name: "everything",
  toolbox: "lab",
  command: process.execPath,
  args: [EVERYTHING_JS, "stdio"],
};
const filesystem: McpServerConfig = {
  name: "files",
  toolbox: "lab",
  command: process.execPath,
  args: [FILESYSTEM_JS, files],
};

/** Schemas that voluptuous-openapi 0.4.1 refuses or misreads as servers write them. */
const awkward = fixtureServer(
  {
    name: "awkward",
    tools: [
      {
        name: "set_scene",
        description: "Sets a scene.",
        inputSchema: {
          type: "object",
          $defs: {
            colour: { type: "string", enum: ["red", "green"], description: "A colour." },
            node: {
              type: "object",
              properties: {
                name: { type: "string" },
                children: { type: "array", items: { $ref: "#/$defs/node" } },
              },
            },
          },
          properties: {
            colour: { $ref: "#/$defs/colour" },
            tree: { $ref: "#/$defs/node", description: "A tree of rooms." },
            brightness: { type: ["number", "null"], description: "0 to 100.", minimum: 0, maximum: 100 },
            label: { type: ["string", "integer"], description: "A name or a number." },
            anything: { description: "Any value at all." },
            tags: { type: "array", uniqueItems: true, minItems: 1, description: "Tags." },
            step: { type: "integer", multipleOf: 5 },
            code: { type: "string", pattern: "^\\p{Lu}+$", description: "Capital letters." },
            at: { type: "string", format: "date-time", description: "When." },
            mode: { const: "fast" },
            extra: { type: "object", additionalProperties: {} },
          },
          required: ["colour"],
        },
      },
      {
        name: "merge_settings",
        description: "Merged settings.",
        inputSchema: {
          type: "object",
          allOf: [
            { properties: { room: { type: "string", description: "Which room." } }, required: ["room"] },
            { properties: { level: { type: "integer", enum: [1, 2, 3] } }, required: ["level"] },
          ],
        },
      },
      {
        name: "either_key",
        description: "Needs a or b.",
        inputSchema: {
          type: "object",
          properties: { a: { type: "string" }, b: { type: "string" } },
          anyOf: [{ required: ["a"] }, { required: ["b"] }],
        },
      },
      // Keywords and values probatio refuses, as JSON Schema 2019-09/2020-12 servers write them.
      {
        name: "pay_invoice",
        title: "Pay an invoice",
        description: "Pays an invoice; a card needs a billing address.",
        inputSchema: {
          type: "object",
          properties: {
            amount: { type: "number", minimum: 0, exclusiveMinimum: true },
            card: { type: "string", minLength: -1, maxLength: 19 },
            billing_address: { type: "string" },
            note: { type: "string", maxLength: 2.5 },
          },
          required: ["amount"],
          dependentRequired: { card: ["billing_address"] },
          unevaluatedProperties: false,
        },
      },
      {
        name: "book_table",
        description: "Books a table.",
        inputSchema: {
          type: "object",
          properties: {
            guests: { type: "integer", minimum: "1" },
            time: { type: "string", format: "date-time" },
            allergies: { type: "array", items: { type: "string" } },
          },
          dependentSchemas: { allergies: { required: ["guests"] } },
          dependencies: { time: ["guests"] },
          if: { required: ["allergies"] },
          then: { properties: { guests: { maximum: 8 } } },
        },
      },
      {
        name: "plan_rooms",
        annotations: { title: "Plan rooms" },
        description: "A tree of rooms.",
        inputSchema: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          $dynamicAnchor: "room",
          type: "object",
          properties: {
            name: { type: "string" },
            rooms: { type: "array", items: { $dynamicRef: "#room" }, unevaluatedItems: false },
            tags: { type: "array", unevaluatedItems: { type: "string" }, minItems: -1 },
          },
          required: ["name"],
          propertyNames: { maxLength: 20 },
        },
      },
    ],
  },
  { toolbox: "lab" },
);

/** Enough tools that token clients get the workbench under `auto`. */
const catalog = fixtureServer({
  name: "catalog",
  tools: [
    ...Array.from({ length: 10 }, (_, i) => ({ name: `catalog_item_${i + 1}` })),
    { name: "slow_scan", behaviour: "hang" as const },
    {
      name: "control_zwave_device",
      inputSchema: objectSchema(
        { deviceName: { type: "string" }, action: { type: "string", enum: ["on", "off"] } },
        ["deviceName", "action"],
      ),
    },
  ],
});

let bridge: TestBridge;
let http: HttpServer;
let discovery: DiscoveryPath;
let haUrl: URL;
const sources: Client[] = [];

beforeAll(async () => {
  bridge = await startTestBridge({
    servers: [everything, filesystem, awkward, catalog],
    mcpMode: "auto",
    register: (registry) => {
      for (const { definition, executor } of homeTools(createUnconfiguredMirror())) {
        if (definition.name !== "get_datetime") registry.registerTool(definition, executor);
      }
    },
  });
  discovery = await loadDiscoveryPath(mkdtempSync(join(tmpdir(), "ha-mcp-data-")), false);
  http = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    deps: bridge.deps,
    auth: { apiToken: TOKEN, underSupervisor: true },
    logger: bridge.logger,
    mcpDiscovery: discovery,
  });
  haUrl = new URL(`http://127.0.0.1:${http.port}${discovery.path}`);
}, 60_000);

afterAll(async () => {
  for (const client of sources) await client.close().catch(() => undefined);
  await http?.close();
  await bridge?.close();
});

/** The third-party server itself, for comparing what /mcp passes on with what it sent. */
async function source(config: McpServerConfig): Promise<Client> {
  const client = new Client({ name: "source", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: config.command ?? "", args: config.args ?? [] }));
  sources.push(client);
  return client;
}

describe("the discovery path", () => {
  it("lists every tool to Home Assistant's client without a token, flat even where token clients get the workbench", async () => {
    const registryNames = bridge.registry.list().map((t) => t.name);
    expect(registryNames.length).toBeGreaterThan(40);
    const tools = await haListTools(haUrl);
    expect(tools.map((t) => t.name).sort()).toEqual([...registryNames, "use_tool"].sort());
    // Home Assistant before 2026.9 lists them all too.
    const older = await haListTools(haUrl, { client: "voluptuous-openapi" });
    expect(older.map((t) => t.name).sort()).toEqual([...registryNames, "use_tool"].sort());

    const desktop = new Client({ name: "desktop", version: "1.0.0" });
    await desktop.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.port}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      }),
    );
    const workbench = (await desktop.listTools()).tools;
    expect(workbench.map((t) => t.name)).toEqual(["list_toolboxes", "list_tools", "use_tool"]);
    // A user who picks workbench gives these to Home Assistant too.
    for (const tool of workbench) {
      expect(() => convertToVoluptuous(tool.inputSchema), tool.name).not.toThrow();
      expect(() => fromOpenapi(tool.inputSchema), tool.name).not.toThrow();
    }
    await desktop.close();
  });

  it("refuses /mcp without a token, a wrong secret, and a token client's use of a discovery session", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const secret = discovery.path.slice("/mcp/".length);
    for (const path of ["/mcp", `/${secret}`]) {
      const res = await rawRequest(http.port, { method: "POST", path, headers, body });
      expect(res.status, path).toBe(401);
      expect(res.text).not.toContain("get-tiny-image");
    }
    // A wrong (or old) secret path is not there: a 401 would make HA start a re-authentication
    // that a discovered entry cannot finish; a 404 it retries until discovery gives it the URL.
    for (const path of [`/mcp/${secret}x`, `/mcp/${secret.slice(0, -1)}`, `${discovery.path}/`]) {
      const res = await rawRequest(http.port, { method: "POST", path, headers, body });
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain("get-tiny-image");
    }
    // A web page that somehow learnt the path still may not act: browsers mark its requests.
    const fromPage = await rawRequest(http.port, {
      method: "POST",
      path: discovery.path,
      headers: { ...headers, "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      body,
    });
    expect(fromPage.status).toBe(403);
    const notJson = await rawRequest(http.port, {
      method: "POST",
      path: discovery.path,
      headers: { ...headers, "Content-Type": "text/plain" },
      body,
    });
    expect(notJson.status).toBe(415);
    const ok = await rawRequest(http.port, { method: "POST", path: discovery.path, headers, body });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("get-tiny-image");

    const init = await rawRequest(http.port, {
      method: "POST",
      path: discovery.path,
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ha", version: "1" } },
      }),
    });
    const session = init.headers["mcp-session-id"] as string;
    expect(session).toBeTruthy();
    const crossed = await rawRequest(http.port, {
      method: "POST",
      path: "/mcp",
      headers: { ...headers, Authorization: `Bearer ${TOKEN}`, "Mcp-Session-Id": session },
      body,
    });
    expect(crossed.status).toBe(404);
  });

  it("a tool slower than Home Assistant's 10 s gets an error naming it, in time for HA to read it", async () => {
    const ha = await haListTools(haUrl);
    const result = await haCallTool(haUrl, ha, "slow_scan", {});
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain("slow_scan did not answer within 9 s");
  });
});

describe("schemas Home Assistant can take", () => {
  let served: Tool[];
  let ha: HaTool[];
  beforeAll(async () => {
    ha = await haListTools(haUrl);
    served = ha.map((t) => ({ name: t.name, inputSchema: t.inputSchema }) as Tool);
  });

  it("every served schema converts, and keeps each property, description, enum and required key of the source", () => {
    for (const tool of served) {
      expect(() => convertToVoluptuous(tool.inputSchema), tool.name).not.toThrow();
      expect(() => fromOpenapi(tool.inputSchema), tool.name).not.toThrow();
      const info = bridge.registry.find(tool.name);
      if (!info) continue; // use_tool
      const source = info.inputSchema;
      // Tools the action policy may hold also take /mcp's confirmation arguments.
      const confirm = bridge.registry.policy().mayHold(info) ? ["confirm", "confirmation_id"] : [];
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), tool.name).toEqual(
        [...Object.keys(source.properties ?? {}), ...confirm].sort(),
      );
      expect([...(tool.inputSchema.required ?? [])].sort(), tool.name).toEqual(
        [...(source.required ?? [])].sort(),
      );
      for (const [key, property] of Object.entries(source.properties ?? {})) {
        const shaped = (tool.inputSchema.properties ?? {})[key] as Record<string, unknown>;
        if (typeof property.description === "string")
          expect(shaped.description, `${tool.name}.${key}`).toBe(property.description);
        if (Array.isArray(property.enum)) expect(shaped.enum, `${tool.name}.${key}`).toEqual(property.enum);
      }
    }
  });

  it("the real servers' tools take the arguments a model sends, whole numbers included", async () => {
    // server-everything's get-sum declares `number`; HA checks float, and json 2 is an int.
    const raw = bridge.registry.find("get-sum")?.inputSchema;
    expect(() => convertToVoluptuous(raw)({ a: 2, b: 3 })).toThrow(/expected float/);
    const sum = await haCallTool(haUrl, ha, "get-sum", { a: 2, b: 3 });
    expect(sum.isError).toBeFalsy();
    expect(JSON.stringify(sum.content)).toContain("5");

    const read = await haCallTool(haUrl, ha, "read_text_file", { path: join(files, "notes.txt") });
    expect(JSON.stringify(read.content)).toContain("milk, eggs");
  });

  it("awkward schemas are served converted, with what the model needs kept", async () => {
    const scene = served.find((t) => t.name === "set_scene")?.inputSchema;
    expect(scene?.required).toEqual(["colour"]);
    expect(scene?.properties?.colour).toMatchObject({ enum: ["red", "green"], description: "A colour." });
    expect(scene?.properties?.tree).toMatchObject({ type: "object", description: "A tree of rooms." });
    expect(scene?.properties?.mode).toMatchObject({ enum: ["fast"] });
    // merge_settings' allOf does not reach /mcp: the registry's provider schema
    // (src/tools/json-schema.ts) drops allOf, so it is served as an open object; served-schema's
    // own allOf merge is covered in test/unit/mcp-served-schema.test.ts.
    expect(served.find((t) => t.name === "merge_settings")?.inputSchema).toMatchObject({ type: "object" });

    const call = await haCallTool(haUrl, ha, "set_scene", {
      colour: "red",
      tree: { name: "house", children: [{ name: "hall" }] },
      brightness: 40,
      label: 7,
      anything: { nested: [1, "two"] },
      tags: ["a"],
      step: 10,
      code: "ABC",
      at: "2026-11-22T20:00:00+01:00",
      mode: "fast",
      extra: { whatever: true },
    });
    expect(call.isError).toBeFalsy();
    expect(call.structuredContent).toMatchObject({ args: { colour: "red", brightness: 40, label: 7 } });
    expect((await haCallTool(haUrl, ha, "either_key", { b: "x" })).isError).toBeFalsy();
    expect((await haCallTool(haUrl, ha, "merge_settings", { room: "hall", level: 2 })).isError).toBeFalsy();
  });

  it("keywords probatio refuses are served as what they mean where they can be, and the calls go through", async () => {
    const pay = served.find((t) => t.name === "pay_invoice")?.inputSchema;
    // unevaluatedProperties: false, with nothing else looking at the keys, closes the object.
    expect(pay).toMatchObject({ additionalProperties: false, required: ["amount"] });
    expect(pay?.properties?.card).toEqual({ type: "string", maxLength: 19 });
    expect(pay?.properties?.note).toEqual({ type: "string" });
    const paid = await haCallTool(haUrl, ha, "pay_invoice", {
      amount: 12.5,
      card: "4111",
      billing_address: "Main St",
    });
    expect(paid.structuredContent).toMatchObject({ args: { amount: 12.5, card: "4111" } });
    expect(() => ha.find((t) => t.name === "pay_invoice")?.parameters({ amount: 1, tip: 2 })).toThrow();

    const rooms = served.find((t) => t.name === "plan_rooms")?.inputSchema;
    // The $dynamicRef tree keeps its nodes' shape one level down, then any room is taken.
    expect(rooms?.properties?.rooms).toMatchObject({
      type: "array",
      items: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
    });
    expect(rooms?.properties?.tags).toMatchObject({ type: "array", items: { type: "string" } });
    const planned = await haCallTool(haUrl, ha, "plan_rooms", {
      name: "house",
      rooms: [{ name: "hall", rooms: [{ name: "cupboard" }] }],
      tags: ["ground floor"],
    });
    expect(planned.isError).toBeFalsy();
  });

  const real = findRealProbatio();
  it.runIf("run" in real)(
    `the real probatio takes every listed schema and a call's arguments (${"describe" in real ? real.describe : real.missing})`,
    () => {
      if (!("run" in real)) return;
      const results = real.run(
        served.map((tool) => ({
          schema: tool.inputSchema,
          args: tool.name === "pay_invoice" ? [{ amount: 3, card: "4111" }] : [],
        })),
      );
      results.forEach((result, i) => expect(result, served[i]!.name).toHaveProperty("calls"));
      const pay = results[served.findIndex((t) => t.name === "pay_invoice")];
      expect(pay).toEqual({ calls: [{ output: { amount: 3, card: "4111" } }] });
    },
  );
});

describe("titles", () => {
  it("every tool of the bridge carries a top-level title, and a third-party tool its own where it has one", async () => {
    const ha = await haListTools(haUrl);
    const byName = new Map(ha.map((t) => [t.name, t]));
    for (const own of [
      "use_tool",
      "search_entities",
      "set_volume",
      "control_entity",
      "lock_entity",
      "get_entity_state",
    ]) {
      expect(byName.get(own)?.title, own).toEqual(expect.stringMatching(/\S/));
    }
    expect(byName.get("pay_invoice")?.title).toBe("Pay an invoice");
    expect(byName.get("plan_rooms")?.title).toBe("Plan rooms");
    // server-everything titles some of its tools; those arrive as it sent them.
    const direct = await source(everything);
    for (const tool of (await direct.listTools()).tools) {
      const title = tool.title ?? tool.annotations?.title;
      expect(byName.get(tool.name)?.title, tool.name).toBe(title);
    }
  });
});

/** server-everything stamps each resource with the time of day; two calls may straddle a second. */
function withoutTimestamps(result: unknown): unknown {
  const stamp = /created at [^"]*$/;
  return JSON.parse(JSON.stringify(result), (key, value: unknown) => {
    if (typeof value !== "string") return value;
    if (key === "blob")
      return Buffer.from(value, "base64").toString("utf8").replace(stamp, "created at <time>");
    return value.replace(stamp, "created at <time>");
  });
}

describe("results passed through", () => {
  it("server-everything's image, embedded resource, resource links and structured content arrive on /mcp exactly as the server sent them", async () => {
    const ha = await haListTools(haUrl);
    const direct = await source(everything);
    const cases: Array<[string, Record<string, unknown>]> = [
      ["get-tiny-image", {}],
      ["get-resource-reference", { resourceType: "Text", resourceId: 2 }],
      ["get-resource-reference", { resourceType: "Blob", resourceId: 3 }],
      ["get-structured-content", { location: "Chicago" }],
      ["get-resource-links", { count: 2 }],
      ["get-annotated-message", { messageType: "error", includeImage: true }],
    ];
    for (const [name, args] of cases) {
      const expected = await direct.callTool({ name, arguments: args });
      const got = await haCallTool(haUrl, ha, name, args);
      expect(withoutTimestamps(got), name).toEqual(withoutTimestamps(expected));
    }
  });

  it("the agent's model gets the text, with a short stand-in for the image and the resource's text", async () => {
    const image = await bridge.registry.execute("get-tiny-image", {});
    expect(image.content).toContain("Here's the image you requested:");
    expect(image.content).toMatch(/\[image image\/png, \d+(\.\d)? (bytes|kB)\]/);
    expect(image.content).not.toContain("iVBORw0KGgo");
    const resource = await bridge.registry.execute("get-resource-reference", {
      resourceType: "Text",
      resourceId: 2,
    });
    expect(resource.content).toMatch(/\[resource demo:\/\/resource\/static\/document\/\S*|\[resource \S+2/);
    const structured = await bridge.registry.execute("get-structured-content", { location: "Chicago" });
    expect(structured.structuredContent).toMatchObject({ conditions: expect.any(String) });
  });
});

describe("the status page", () => {
  it("lists /mcp calls with their caller, the arguments as received and as executed, and the result", async () => {
    const ha = await haListTools(haUrl);
    await haCallTool(haUrl, ha, "get-sum", { a: 20, b: 22 });
    const desktop = new Client({ name: "desktop", version: "1.0.0" });
    await desktop.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.port}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      }),
    );
    await desktop.callTool({
      name: "control_zwave_device",
      arguments: { device_name: "Hall", action: "on" },
    });
    await desktop.close();

    const status = await fetch(`http://127.0.0.1:${http.port}/status.json`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const { mcpCalls } = (await status.json()) as { mcpCalls: Array<Record<string, unknown>> };
    expect(mcpCalls.findLast((c) => c.tool === "get-sum")).toMatchObject({
      caller: "home-assistant",
      called: "get-sum",
      server: "everything",
      arguments: { a: 20, b: 22 },
      ok: true,
      result: expect.stringContaining("42"),
    });
    expect(mcpCalls.find((c) => c.tool === "control_zwave_device")).toMatchObject({
      caller: "token",
      arguments: { device_name: "Hall", action: "on" },
      normalized_arguments: { deviceName: "Hall", action: "on" },
      ok: true,
    });
    expect(JSON.stringify(mcpCalls)).not.toContain(discovery.path);
  });
});
