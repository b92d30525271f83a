// One load of each of several devices in one multicast frame: the second outlet of two plugs, sent
// to endpoint 2 of both and confirmed by each plug's own answer; the first outlets are never touched.
// Behind the websocket transport the real driver with its mock controller (what each mock plug holds
// is read at the device), behind MQTT the Z-Wave JS UI gateway simulator on a real Mosquitto.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulatedGateway } from "../support/zwave-backends.js";
import { doubleRelay, startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";
import { PLUGS_NETWORK_VERSION, twoPlugNodes } from "../support/zwave-js/mock-nodes.js";
import { startRealZwaveStack } from "../support/zwave-js/real-stack.js";
import type { ZwaveServerEnvOptions } from "../../src/zwave-host/launch.js";

const HALL = 2;
const PORCH = 3;

interface PlugHome {
  env: ZwaveServerEnvOptions;
  outlet(nodeId: number, endpoint: number): unknown;
  /** The node ids and endpoint of each multicast frame that went out. */
  frames(): Array<{ nodeIds: number[]; endpoint?: number }>;
  stop(): Promise<void>;
}

async function mqttHome(): Promise<PlugHome> {
  const gateway = await startSimulatedGateway([
    doubleRelay(HALL, "Hall Plug", { loc: "Hall" }),
    doubleRelay(PORCH, "Porch Plug", { loc: "Hall" }),
  ]);
  const { sim } = gateway;
  return {
    env: gateway.env,
    outlet: (nodeId, endpoint) =>
      sim.valueOf(nodeId, { commandClass: 37, endpoint, property: "currentValue" }),
    frames: () => sim.multicastFrames().map((f) => ({ nodeIds: f.nodeIds, endpoint: f.valueId.endpoint })),
    stop: () => gateway.stop(),
  };
}

async function websocketHome(): Promise<PlugHome> {
  const stack = await startRealZwaveStack({ nodes: twoPlugNodes(), version: PLUGS_NETWORK_VERSION });
  return {
    env: { serverUrl: stack.url, prefix: "zwave", confirmTimeoutMs: 3000 },
    outlet: (nodeId, endpoint) => stack.endpointSwitchOf(nodeId, endpoint),
    frames: () => stack.multicasts().map((nodeIds) => ({ nodeIds })),
    stop: () => stack.stop(),
  };
}

describe.each(["mqtt", "websocket"] as const)("a multicast to endpoint 2, over %s", (transport) => {
  let home: PlugHome;
  let server: ZwaveServerClient;

  beforeAll(async () => {
    home = transport === "mqtt" ? await mqttHome() : await websocketHome();
    server = await startZwaveServer(home.env);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await home?.stop();
  });

  it("switches the second outlet of both plugs in one frame, each confirmed by its own answer", async () => {
    const before = home.frames().length;
    const r = await server.call("control_zwave_group", {
      devices: [
        { deviceName: "Hall Plug", endpoint: 2 },
        { deviceName: "Porch Plug", endpoint: 2 },
      ],
      action: "on",
    });
    expect(r.isError, r.text).toBe(false);
    const frames = home.frames().slice(before);
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) {
      expect([...frame.nodeIds].sort((a, b) => a - b)).toEqual([HALL, PORCH]);
      if (frame.endpoint !== undefined) expect(frame.endpoint).toBe(2);
    }
    expect(r.structured).toMatchObject({
      ok: true,
      multicast: true,
      confirmed: true,
      devices: [
        { node: { nodeId: HALL, endpoint: 2 }, via: "multicast", on: true, confirmed: true },
        { node: { nodeId: PORCH, endpoint: 2 }, via: "multicast", on: true, confirmed: true },
      ],
    });
    for (const nodeId of [HALL, PORCH]) {
      expect(home.outlet(nodeId, 2)).toBe(true);
      expect(home.outlet(nodeId, 1)).toBe(false);
    }
  }, 40_000);
});
