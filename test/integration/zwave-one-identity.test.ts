// One device, one identity: in a home where every Z-Wave node is also a Home Assistant device
// (HA's fake registers them as `zwave_js` or Z-Wave JS UI's MQTT discovery does), the agent
// sees each device once, under HA's names, and switches it through the Z-Wave server (the
// gateway simulator on a real Mosquitto), which can confirm. The join is per endpoint (a plug's
// two outlets are two HA entities, each its own load), and holds only when HA's device is the
// product the node is now: a stale device left by a reused node id drives nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "../../src/agent/agent.js";
import type { ConversationAgent } from "../../src/agent/types.js";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import type { McpServers } from "../../src/mcp/client/servers.js";
import { startMcpServers } from "../support/mcp/start-servers.js";
import { homeTools } from "../../src/tools/local/index.js";
import { createToolRegistry, type ToolRegistry } from "../../src/tools/registry.js";
import { zwaveServerEnv } from "../../src/zwave-host/launch.js";
import { zwaveServerCommand } from "../support/zwave-server-command.js";
import { createZwaveClient, type ZwaveClient } from "../../src/zwave-host/zwave-client.js";
import { homeTwins, logTwinDisagreements } from "../../src/ha/zwave-twins.js";
import { captureLogger } from "../support/capture-logger.js";
import { entityRow, sampleHome, state } from "../support/ha-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { demoTwins, productOf, zwaveTwinHome, type TwinNode } from "../support/ha-zwave-home.js";
import { startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { createChatModel } from "../../src/agent/chat-model.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { waitFor } from "../support/wait-for.js";
import {
  SERVER_JS,
  demoNodes,
  doorLock,
  doubleRelay,
  startAddonGateway,
  type GatewaySimulator,
} from "../support/zwave-gateway.js";

let broker: TestBroker;
let sim: GatewaySimulator;

const SWITCH_ONE = { commandClass: 37, endpoint: 0, property: "currentValue" };
const PLUG = doubleRelay(10, "Smart Plug", { loc: "Living Room" });
const outlet = (endpoint: 1 | 2) => ({ commandClass: 37, endpoint, property: "currentValue" });
const writesTo = (nodeId: number) =>
  sim.apiCalls.filter((c) => c.api === "writeValue" && (c.args as [{ nodeId: number }])[0]?.nodeId === nodeId)
    .length + sim.publishedSets.filter((s) => s.topic.includes(`/${nodeId}/`)).length;

beforeAll(async () => {
  broker = await startMosquitto();
  sim = await startAddonGateway(broker, [...demoNodes(), PLUG]);
});
afterAll(async () => {
  await sim?.stop();
  await broker?.stop();
});

interface Home {
  ha: FakeHa;
  mirror: HomeMirror;
  registry: ToolRegistry;
  servers: McpServers;
  zwave: ZwaveClient;
  agent: ConversationAgent;
  llm?: FakeLlm;
  /** The warnings logged, the identity join's among them. */
  warnings: () => string[];
  close(): Promise<void>;
}

async function startHome(home: ReturnType<typeof zwaveTwinHome>, withLlm = false): Promise<Home> {
  const { logger, messages } = captureLogger("warn");
  const ha = await startFakeHa({ home });
  const mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  const registry = createToolRegistry({ logger });
  const servers = await startMcpServers({
    registry,
    logger,
    servers: [
      {
        name: "zwave",
        toolbox: "home",
        ...zwaveServerCommand(SERVER_JS),
        env: zwaveServerEnv({
          mqttUrl: broker.url,
          username: broker.username,
          password: broker.password,
          prefix: "zwave",
          gatewayName: "Mosquitto",
          logLevel: "warn",
        }),
      },
    ],
  });
  const zwave = createZwaveClient({ registry, logger });
  // As the bridge wires them: the home's tools name a Z-Wave node only where the join holds.
  for (const { definition, executor } of homeTools(mirror, homeTwins(zwave, mirror).markOf))
    registry.registerTool(definition, executor);
  const stopTwinLog = logTwinDisagreements(zwave, mirror, logger);
  // The server lists the network once it has heard from the gateway.
  for (let tries = 0; zwave.homeId() === null || zwave.devices().length < 3; tries++) {
    if (tries > 100)
      throw new Error(`the Z-Wave client never listed the network: ${JSON.stringify(zwave.link())}`);
    await new Promise((r) => setTimeout(r, 100));
    await zwave.refresh();
  }
  // What a model does with the home it is shown: switches "Switch One" with the Z-Wave tool.
  const llm = withLlm
    ? await startFakeLlm({
        script: (request) =>
          request.toolResults.length
            ? "Done."
            : {
                toolCalls: [
                  { name: "control_zwave_device", args: { deviceName: "Switch One", action: "on" } },
                ],
              },
      })
    : undefined;
  const model = llm
    ? await createChatModel({
        provider: "anthropic",
        model: "claude-test",
        apiKey: "sk-ant-test",
        baseUrl: llm.url,
        timeoutMs: 10_000,
      })
    : undefined;
  const agent = createAgent({
    registry,
    mirror,
    zwave,
    logger,
    provider: llm ? "anthropic" : "local",
    ...(model ? { model, modelName: "claude-test" } : {}),
    language: "en",
    haAgent: false,
  });
  return {
    ha,
    mirror,
    registry,
    servers,
    zwave,
    agent,
    ...(llm ? { llm } : {}),
    warnings: () => messages("warn"),
    async close() {
      stopTwinLog();
      zwave.close();
      await servers.close();
      await mirror.close();
      await ha.close();
      await llm?.close();
    },
  };
}

describe.each(["zwave_js", "mqtt"] as const)("a home whose Z-Wave nodes HA registered through %s", (via) => {
  let home: Home;
  beforeAll(async () => {
    // HA names node 3 "Island Pendant" and keeps it from Assist; its Z-Wave name is "Kitchen Light".
    // The kitchen's other light (the Color Bulb, node 21) is kept from Assist too.
    const nodes = demoTwins().map((n) =>
      n.nodeId === 2
        ? { ...n, aliases: ["desk switch"], area: "office" }
        : n.nodeId === 3
          ? { ...n, name: "Island Pendant", exposed: false }
          : n.nodeId === 21
            ? { ...n, exposed: false }
            : n,
    );
    const base = sampleHome();
    base.entities = base.entities.filter((e) => !e.entity_id.startsWith("light.kitchen"));
    home = await startHome(zwaveTwinHome({ via, nodes, base }));
  }, 30_000);
  afterAll(async () => home?.close());
  beforeEach(() => (home.ha.serviceCalls.length = 0));

  it('"turn on switch one" switches node 2 through Z-Wave, confirmed, without a question', async () => {
    await sim.setValue(2, SWITCH_ONE, false);
    const before = writesTo(2);
    const result = await home.agent.handle({ text: "turn on switch one", language: "en" });
    expect(result.speech).toBe("Turned on Switch One.");
    expect(result.response_type).toBe("action_done");
    expect(writesTo(2)).toBeGreaterThan(before);
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
    // Acted through Z-Wave, not through Home Assistant.
    expect(home.ha.serviceCalls).toEqual([]);
    expect(result.tool_calls.map((c) => c.name)).toEqual(["control_zwave_device"]);
    expect(result.tool_calls[0]?.normalized_arguments).toMatchObject({ nodeId: 2 });
  });

  it("HA's alias and area apply to the Z-Wave device", async () => {
    await sim.setValue(2, SWITCH_ONE, true);
    const byAlias = await home.agent.handle({ text: "turn off the desk switch", language: "en" });
    expect(byAlias.speech).toBe("Turned off Switch One.");
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(false);
    const byArea = await home.agent.handle({ text: "turn on switch one in the office", language: "en" });
    expect(byArea.speech).toBe("Turned on Switch One.");
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
  });

  it("HA's cover of a Z-Wave shutter moves through Z-Wave, confirmed by the shutter's own report", async () => {
    const position = { commandClass: 38, endpoint: 0, property: "currentValue" };
    const lowered = await home.agent.handle({ text: "lower the bedroom shutter to 30 %", language: "en" });
    expect(lowered.tool_calls.map((c) => c.name)).toEqual(["control_zwave_cover"]);
    expect(lowered.tool_calls[0]?.normalized_arguments).toMatchObject({ nodeId: 20, position: 30 });
    expect(home.ha.serviceCalls).toEqual([]);
    expect(sim.valueOf(20, position)).toBe(30);
    expect(lowered.speech).toBe("Bedroom Shutter is 30 percent open now.");
    const raised = await home.agent.handle({ text: "raise the bedroom shutter", language: "en" });
    expect(raised.speech).toBe("Opened Bedroom Shutter.");
    expect(sim.valueOf(20, position)).toBe(99);
    expect(home.ha.serviceCalls).toEqual([]);
  });

  it("a node whose HA entity is not exposed to Assist is not switched by voice through Z-Wave either", async () => {
    const before = [writesTo(3), writesTo(21)];
    for (const text of ["turn on the island pendant", "turn on the kitchen light"]) {
      const result = await home.agent.handle({ text, language: "en" });
      expect(result.speech).not.toMatch(/Turned on/);
      expect(result.tool_calls).toEqual([]);
    }
    expect([writesTo(3), writesTo(21)]).toEqual(before);
  });

  it("the LLM's view of the home lists each device once, as HA names it, with its node id", async () => {
    const prompt = home.mirror.summary();
    expect(prompt.match(/Switch One/g)).toHaveLength(1);
    expect(prompt).toContain("Switch One (aka desk switch) (Z-Wave node 2)");
    expect(home.zwave.devices().map((d) => d.nodeId)).toEqual(expect.arrayContaining([2, 3, 4]));
  });
});

describe("through the LLM, in such a home", () => {
  let home: Home;
  beforeAll(async () => {
    home = await startHome(zwaveTwinHome({ nodes: [...demoTwins(), ...plugTwins()] }), true);
  }, 30_000);
  afterAll(async () => home?.close());

  it('"turn on switch one" reaches node 2, and the model saw the device once', async () => {
    await sim.setValue(2, SWITCH_ONE, false);
    const result = await home.agent.handle({ text: "could you wake switch one up for me?", language: "en" });
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
    expect(result.response_type).toBe("action_done");
    const system = home.llm!.requests[0]!.system ?? "";
    expect(system.match(/Switch One/g)).toHaveLength(1);
    expect(system).toContain("Z-Wave node 2");
    expect(system).not.toContain("Z-Wave devices (use the Z-Wave tools for these)");
  });
});

describe("a real ambiguity still gets a question", () => {
  let home: Home;
  beforeAll(async () => {
    // A second, different device called Switch One: a Home Assistant switch that is no Z-Wave node.
    const base = sampleHome();
    base.entities.push(
      entityRow("switch.garage_switch_one", {
        original_name: "Switch One",
        area_id: "garage",
        exposed: true,
      }),
    );
    base.states.set("switch.garage_switch_one", state("off", { friendly_name: "Switch One" }));
    home = await startHome(zwaveTwinHome({ base }));
  }, 30_000);
  afterAll(async () => home?.close());

  it("asks which Switch One is meant, and switches nothing", async () => {
    const before = writesTo(2);
    const result = await home.agent.handle({ text: "turn on switch one", language: "en" });
    expect(result.speech).toMatch(/^Which one do you mean/);
    expect(writesTo(2)).toBe(before);
    expect(home.ha.serviceCalls).toEqual([]);
  });
});

describe("two Home Assistant views of one node are one device", () => {
  let home: Home;
  beforeAll(async () => {
    // Switch One as HA's switch and, as "Switch as X" shows it, a light of the same node.
    const asLight: TwinNode = { ...demoTwins().find((n) => n.nodeId === 2)!, domain: "light" };
    home = await startHome(zwaveTwinHome({ nodes: [...demoTwins(), asLight] }));
  }, 30_000);
  afterAll(async () => home?.close());

  it('"turn on switch one" switches node 2 without asking which one', async () => {
    await sim.setValue(2, SWITCH_ONE, false);
    const before = writesTo(2);
    const result = await home.agent.handle({ text: "turn on switch one", language: "en" });
    expect(result.speech).not.toMatch(/Which one/);
    expect(writesTo(2)).toBeGreaterThan(before);
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
  });
});

/** The plug as Home Assistant's Z-Wave integrations register it: one device, an entity per outlet. */
const plugTwins = (): TwinNode[] =>
  ([1, 2] as const).map((endpoint) => ({
    nodeId: 10,
    name: "Smart Plug",
    entityName: `Outlet ${endpoint}`,
    device: "zwave_node_10",
    area: "living_room",
    domain: "switch",
    value: { cc: 37, property: "currentValue", endpoint },
    product: productOf(PLUG),
  }));

describe.each(["zwave_js", "mqtt"] as const)(
  "a plug with two outlets, each its own HA entity (%s)",
  (via) => {
    let home: Home;
    beforeAll(async () => {
      home = await startHome(zwaveTwinHome({ via, nodes: [...demoTwins(), ...plugTwins()] }));
    }, 30_000);
    afterAll(async () => home?.close());
    beforeEach(async () => {
      home.ha.serviceCalls.length = 0;
      await sim.setValue(10, outlet(1), false);
      await sim.setValue(10, outlet(2), false);
    });

    it('"turn on outlet 2" switches endpoint 2 only, through Z-Wave', async () => {
      const result = await home.agent.handle({ text: "turn on outlet 2", language: "en" });
      expect(result.speech).toBe("Turned on Outlet 2.");
      expect(sim.valueOf(10, outlet(2))).toBe(true);
      expect(sim.valueOf(10, outlet(1))).toBe(false);
      expect(home.ha.serviceCalls).toEqual([]);
      expect(result.tool_calls[0]?.normalized_arguments).toMatchObject({ nodeId: 10, endpoint: 2 });
    });

    it("search_entities names each outlet's node and endpoint, for the Z-Wave tools", async () => {
      const found = await home.registry.execute("search_entities", { query: "outlet" });
      expect(found.ok).toBe(true);
      const matches = (found.structuredContent as { matches: Array<Record<string, unknown>> }).matches;
      expect(matches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: "Outlet 1", zwave_node: 10, zwave_endpoint: 1 }),
          expect.objectContaining({ name: "Outlet 2", zwave_node: 10, zwave_endpoint: 2 }),
        ]),
      );
      expect(found.content).toMatch(/Outlet 2 .*Z-Wave node 10, endpoint 2\]/);
    });

    it('"turn on outlet 1" switches endpoint 1 only', async () => {
      const result = await home.agent.handle({ text: "turn on outlet 1", language: "en" });
      expect(result.speech).toBe("Turned on Outlet 1.");
      expect(sim.valueOf(10, outlet(1))).toBe(true);
      expect(sim.valueOf(10, outlet(2))).toBe(false);
    });

    it("joins each entity to its own endpoint, and lists the plug under HA's names only", () => {
      const twins = homeTwins(home.zwave, home.mirror);
      const joined = home.mirror
        .entitiesOfZwaveNode({ homeId: home.zwave.homeId()!, nodeId: 10 })
        .map((e) => [e.name, twins.nodeOf(e)?.endpoint]);
      expect(joined).toEqual(
        expect.arrayContaining([
          ["Outlet 1", 1],
          ["Outlet 2", 2],
        ]),
      );
      expect(twins.zwaveOnly().filter((t) => t.nodeId === 10)).toEqual([]);
      expect(twins.disagreements()).toEqual([]);
    });
  },
);

describe.each(["zwave_js", "mqtt"] as const)(
  "a stale HA device left by a reused node id (%s): a lock for node 2, which is a switch now",
  (via) => {
    let home: Home;
    beforeAll(async () => {
      // Node 2 was a Yale lock when HA registered it; it was excluded and Switch One took its id.
      const staleLock: TwinNode = {
        nodeId: 2,
        name: "Front Door",
        area: null,
        domain: "lock",
        value: { cc: 98, property: "currentMode" },
        product: productOf(doorLock(2, "Front Door")),
      };
      const nodes = [staleLock, ...demoTwins().filter((n) => n.nodeId !== 2)];
      home = await startHome(zwaveTwinHome({ via, nodes }));
    }, 30_000);
    afterAll(async () => home?.close());
    beforeEach(() => (home.ha.serviceCalls.length = 0));

    it('"unlock the front door" never drives the switch that took the id', async () => {
      await sim.setValue(2, SWITCH_ONE, false);
      const before = writesTo(2);
      await home.agent.handle({ text: "unlock the front door", language: "en" });
      expect(writesTo(2)).toBe(before);
      expect(sim.valueOf(2, SWITCH_ONE)).toBe(false);
    });

    it("search_entities does not name node 2 beside the stale lock: a model would drive the switch", async () => {
      const found = await home.registry.execute("search_entities", { query: "front door" });
      expect(found.ok).toBe(true);
      const matches = (found.structuredContent as { matches: Array<Record<string, unknown>> }).matches;
      expect(matches.map((m) => m.entity_id)).toContain("lock.front_door");
      for (const m of matches) expect(m).not.toHaveProperty("zwave_node");
      expect(found.content).not.toMatch(/Z-Wave node/);
    });

    it("the switch is a Z-Wave device of its own, under its own name", async () => {
      await sim.setValue(2, SWITCH_ONE, false);
      const result = await home.agent.handle({ text: "turn on switch one", language: "en" });
      expect(result.speech).toBe("Turned on Switch One.");
      expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
      const twins = homeTwins(home.zwave, home.mirror);
      expect(twins.zwaveOnly().map((t) => t.name)).toContain("Switch One");
    });

    it("the log says why the two are kept apart, once", async () => {
      await home.zwave.refresh();
      await home.zwave.refresh();
      const apart = home.warnings().filter((m) => m.includes("kept apart from Z-Wave node 2"));
      expect(apart).toHaveLength(1);
      expect(apart[0]).toMatch(/lock\.front_door .*node id was reused/);
    });
  },
);
