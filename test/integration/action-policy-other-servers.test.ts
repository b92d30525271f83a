// Another MCP server's tool is judged by what its arguments name, whatever its annotations say
// (src/tools/policy/argument-effects.ts): real MCP SDK servers over stdio, an HA-administration
// server's `ha_call_service` with no annotations and HA `mcp_server`'s intent tools marked only
// `readOnlyHint: false`, behind the real registry and /mcp, with the real mirror on the HA fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { createEndpointTools } from "../../src/mcp/server/endpoint-tools.js";
import { createActionPolicy } from "../../src/tools/policy/action-policy.js";
import { createToolRegistry, type ToolRegistry } from "../../src/tools/registry.js";
import { captureLogger } from "../support/capture-logger.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { fixtureServer, objectSchema } from "../support/mcp/fixtures.js";
import { startMcpServers, type McpServers } from "../support/mcp/start-servers.js";
import { waitFor } from "../support/wait-for.js";

const intent = (name: string) => ({
  name,
  inputSchema: objectSchema({
    name: { type: "string" },
    domain: { type: "array", items: { type: "string" } },
  }),
  annotations: { readOnlyHint: false },
});

let ha: FakeHa;
let mirror: HomeMirror;
let registry: ToolRegistry;
let servers: McpServers;

beforeAll(async () => {
  ha = await startFakeHa({ home: corpusHome() });
  const { logger } = captureLogger("warn");
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  registry = createToolRegistry({ logger, policy: createActionPolicy({ mirror }) });
  servers = await startMcpServers({
    registry,
    logger,
    servers: [
      fixtureServer({
        name: "ha_admin",
        tools: [
          {
            name: "ha_call_service",
            inputSchema: objectSchema({
              domain: { type: "string" },
              service: { type: "string" },
              entity_id: { type: "string" },
            }),
          },
        ],
      }),
      fixtureServer({ name: "assist", tools: [intent("HassTurnOn"), intent("HassTurnOff")] }),
    ],
    startupWaitMs: 50_000,
  });
}, 60_000);

afterAll(async () => {
  await servers?.close();
  await mirror?.close();
  await ha?.close();
});

const call = (name: string, args: Record<string, unknown>) => registry.execute(name, args, {});

describe("held by what the arguments name", () => {
  it("ha_call_service lock.unlock with no annotations is held; lock.lock runs", async () => {
    const held = await call("ha_call_service", {
      domain: "lock",
      service: "unlock",
      entity_id: "lock.front_door",
    });
    expect(held.ok).toBe(false);
    expect(held.held?.effects).toEqual([
      { kind: "unlock", target: "Front Door", entityId: "lock.front_door" },
    ]);
    const locked = await call("ha_call_service", {
      domain: "lock",
      service: "lock",
      entity_id: "lock.front_door",
    });
    expect(locked.ok).toBe(true);
    expect(locked.held).toBeUndefined();
  });

  it("ha_call_service cover.open_cover on the garage door is held; on no target at all too", async () => {
    const held = await call("ha_call_service", {
      domain: "cover",
      service: "open_cover",
      entity_id: "cover.garage_door",
    });
    expect(held.held?.effects).toMatchObject([{ kind: "open", entityId: "cover.garage_door" }]);
    expect((await call("ha_call_service", { domain: "lock", service: "unlock" })).held).toBeDefined();
  });

  it("HA's intent tools marked only readOnlyHint: false: HassTurnOff on a lock and HassTurnOn on the garage door are held", async () => {
    expect((await call("HassTurnOff", { name: "Front Door", domain: ["lock"] })).held?.effects).toMatchObject(
      [{ kind: "unlock" }],
    );
    expect((await call("HassTurnOn", { name: "Garage Door" })).held?.effects).toMatchObject([
      { kind: "open" },
    ]);
    // Closing the garage door and switching a light run at once.
    expect((await call("HassTurnOff", { name: "Garage Door" })).held).toBeUndefined();
    expect((await call("HassTurnOn", { name: "Kitchen Light" })).held).toBeUndefined();
  });

  it("on /mcp the same call is held, and its one-time id runs it", async () => {
    const endpoint = createEndpointTools(registry, "flat", captureLogger("warn").logger);
    const args = { domain: "lock", service: "unlock", entity_id: "lock.front_door" };
    const held = await endpoint.call("ha_call_service", args, { caller: "token", era: "legacy" });
    expect(held.structuredContent).toMatchObject({ error: { code: "confirmation_required" } });
    const id = (held.structuredContent as { confirmation: { id: string } }).confirmation.id;
    const ran = await endpoint.call(
      "ha_call_service",
      { ...args, confirmation_id: id },
      {
        caller: "token",
        era: "legacy",
      },
    );
    expect(ran.isError).toBeFalsy();
    // The fixture server echoes what it ran with.
    expect(JSON.stringify(ran.structuredContent)).toContain('"service":"unlock"');
  });
});
