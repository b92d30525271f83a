// A device both Home Assistant and the Z-Wave network know is judged by both, and the stricter
// reading wins (src/tools/policy/readings.ts): a roller-shutter module that HA knows as
// `cover.garage_door` (device class garage) opens only on a yes, whichever Z-Wave tool names its
// node; a `door` cover the same; a barrier HA shows as a switch is still a barrier. A node id the
// bridge's list does not hold yet is judged on a list made now, and held when even that does not
// know it. The Z-Wave side is the real Z-Wave MCP server in front of each transport (the gateway
// simulator on a real Mosquitto, and the real zwave-js driver on its mock controller behind the
// real @zwave-js/server); HA's side is the real mirror on the HA fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../src/config/own-servers.js";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { createActionPolicy, type PolicyCall } from "../../src/tools/policy/action-policy.js";
import type { DeviceSummary } from "../../src/zwave/contract.js";
import { captureLogger } from "../support/capture-logger.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { zwaveTwinHome } from "../support/ha-zwave-home.js";
import { sampleHome } from "../support/ha-home.js";
import {
  GARAGE,
  SHUTTER,
  startBackend,
  type TransportName,
  type ZwaveBackend,
} from "../support/zwave-backends.js";
import { startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";
import { waitFor } from "../support/wait-for.js";

/** The Study Blind's node (Window Covering): HA knows it as a patio door's drive here. */
const BLIND = 12;
const SWITCH_ONE = 2;

describe.each<TransportName>(["mqtt", "websocket"])("over %s", (transport) => {
  let backend: ZwaveBackend;
  let server: ZwaveServerClient;
  let ha: FakeHa;
  let mirror: HomeMirror;
  let tools: Map<string, PolicyCall["annotations"]>;

  const list = async () =>
    (await server.call("list_zwave_devices", { includeInactive: true })).structured
      ?.devices as DeviceSummary[];

  beforeAll(async () => {
    backend = await startBackend(transport);
    server = await startZwaveServer(backend.env);
    tools = new Map((await server.client.listTools()).tools.map((t) => [t.name, t.annotations]));
    const home = zwaveTwinHome({
      base: sampleHome(),
      nodes: [
        {
          nodeId: SHUTTER,
          name: "Garage Door",
          area: "garage",
          domain: "cover",
          value: { cc: 38, property: "currentValue" },
          state: "closed",
        },
        {
          nodeId: BLIND,
          name: "Patio Door",
          area: "living_room",
          domain: "cover",
          value: { cc: 106, property: "currentValue" },
          state: "closed",
        },
        // HA's "Show as: switch" on the barrier's entity: a switch to HA, a garage door to Z-Wave.
        {
          nodeId: GARAGE,
          name: "Garage Opener",
          area: "garage",
          domain: "switch",
          value: { cc: 102, property: "targetState" },
        },
        { nodeId: SWITCH_ONE, name: "Porch Light", area: null, domain: "switch" },
      ],
    });
    home.states.get("cover.garage_door")!.attributes.device_class = "garage";
    home.states.get("cover.patio_door")!.attributes.device_class = "door";
    ha = await startFakeHa({ home });
    mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
    await waitFor("the first sync", () => !mirror.status().stale);
  }, 90_000);

  afterAll(async () => {
    await mirror?.close();
    await ha?.close();
    await server?.close();
    await backend?.stop();
  });

  describe("with the device list as listed", () => {
    let devices: DeviceSummary[];
    const judge = (tool: string, args: Record<string, unknown>, server: string = ZWAVE_TOOLS.server) =>
      createActionPolicy({ mirror, zwave: { devices: () => devices } }).judge({
        server,
        tool,
        annotations: tools.get(tool),
        args,
      });
    beforeAll(async () => {
      devices = await list();
    });

    it("holds control_zwave_cover opening the shutter module HA knows as a garage door, by node id", async () => {
      const judged = await judge("control_zwave_cover", { nodeId: SHUTTER, action: "open" });
      expect(judged).toEqual({
        hold: true,
        effects: [{ kind: "open", target: "Garage Door", entityId: "cover.garage_door", nodeId: SHUTTER }],
        args: { nodeId: SHUTTER, action: "open" },
      });
      expect(
        await judge("control_zwave_cover", { nodeId: SHUTTER, action: "set_position", position: 50 }),
      ).toMatchObject({ hold: true, effects: [{ kind: "open", entityId: "cover.garage_door" }] });
      // Through the generic device tool and the group tool too.
      expect(await judge("control_zwave_device", { nodeId: SHUTTER, action: "on" })).toMatchObject({
        hold: true,
      });
      expect(
        await judge("control_zwave_group", {
          devices: [{ nodeId: SWITCH_ONE }, { nodeId: SHUTTER }],
          action: "on",
        }),
      ).toMatchObject({ hold: true, effects: [{ kind: "open", entityId: "cover.garage_door" }] });
      // Closing it acts at once.
      expect(await judge("control_zwave_cover", { nodeId: SHUTTER, action: "close" })).toEqual({
        hold: false,
      });
    });

    it("holds opening a cover HA classes as a door, through a Z-Wave tool", async () => {
      expect(await judge("control_zwave_cover", { nodeId: BLIND, action: "open" })).toMatchObject({
        hold: true,
        effects: [{ kind: "open", target: "Patio Door", entityId: "cover.patio_door" }],
      });
    });

    it("holds control_entity turning on a barrier HA shows as a switch: the Z-Wave side says garage door", async () => {
      expect(
        await judge("control_entity", { name: "Garage Opener", action: "turn_on" }, BUILTIN_TOOLS.server),
      ).toMatchObject({ hold: true, effects: [{ kind: "open", entityId: "switch.garage_opener" }] });
      expect(
        await judge("control_entity", { name: "Garage Opener", action: "turn_off" }, BUILTIN_TOOLS.server),
      ).toEqual({ hold: false });
    });

    it("joins a list made before the network's home id was known: the barrier HA shows as a switch is still held", async () => {
      const listed = devices;
      // As right after start, before the gateway said which network it is.
      devices = listed.map((d) => ({ ...d, homeId: null }));
      try {
        expect(
          await judge("control_entity", { name: "Garage Opener", action: "turn_on" }, BUILTIN_TOOLS.server),
        ).toMatchObject({ hold: true, effects: [{ kind: "open", entityId: "switch.garage_opener" }] });
      } finally {
        devices = listed;
      }
    });

    it("switches what both sides call a switch at once", async () => {
      expect(await judge("control_zwave_device", { nodeId: SWITCH_ONE, action: "on" })).toEqual({
        hold: false,
      });
      expect(
        await judge("control_entity", { name: "Porch Light", action: "turn_on" }, BUILTIN_TOOLS.server),
      ).toEqual({ hold: false });
    });
  });

  describe("a node the list does not hold yet", () => {
    it("is judged on a list made now: the garage door HA knows is held, not let through", async () => {
      // As right after start, or after the server restarted: nothing listed yet.
      let devices: DeviceSummary[] = [];
      let refreshed = 0;
      const policy = createActionPolicy({
        mirror,
        zwave: {
          devices: () => devices,
          refresh: async () => {
            refreshed++;
            return (devices = await list());
          },
        },
      });
      const judged = await policy.judge({
        server: ZWAVE_TOOLS.server,
        tool: "control_zwave_cover",
        annotations: tools.get("control_zwave_cover"),
        args: { nodeId: SHUTTER, action: "open" },
      });
      expect(judged).toMatchObject({
        hold: true,
        effects: [{ kind: "open", entityId: "cover.garage_door" }],
      });
      expect(refreshed).toBeGreaterThan(0);
      devices = [];
      expect(
        await policy.judge({
          server: ZWAVE_TOOLS.server,
          tool: "control_zwave_barrier",
          annotations: tools.get("control_zwave_barrier"),
          args: { nodeId: GARAGE, action: "open" },
        }),
      ).toMatchObject({ hold: true, effects: [{ kind: "open", nodeId: GARAGE }] });
    });

    it("is held when even a list made now does not know it", async () => {
      const policy = createActionPolicy({ zwave: { devices: () => [], refresh: async () => [] } });
      const judge = (tool: string, action: string) =>
        policy.judge({
          server: ZWAVE_TOOLS.server,
          tool,
          annotations: tools.get(tool),
          args: { nodeId: 99, action },
        });
      expect(await judge("control_zwave_barrier", "open")).toEqual({
        hold: true,
        effects: [{ kind: "unknown", target: "Z-Wave node 99" }],
        args: { nodeId: 99, action: "open" },
      });
      expect(await judge("control_zwave_device", "on")).toMatchObject({ hold: true });
      // Closing or locking it acts (the server says whether it knows the node).
      expect(await judge("control_zwave_barrier", "close")).toEqual({ hold: false });
    });
  });
});
