// The one action policy (src/tools/policy/) on the Z-Wave tools for covers, garage doors and groups:
// it judges each call by what its target really is, as the Z-Wave MCP server lists it (the gateway
// simulator behind the real server on a real Mosquitto), never by which tool carries it. Opening a
// garage door waits for a yes, by whatever tool and action; a blind or shutter moves at once; a
// group call is judged member by member.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZWAVE_TOOLS } from "../../src/config/own-servers.js";
import type { DeviceSummary } from "../../src/zwave/contract.js";
import {
  createActionPolicy,
  type ActionPolicy,
  type PolicyCall,
} from "../../src/tools/policy/action-policy.js";
import { GARAGE, SHUTTER, startBackend, type ZwaveBackend } from "../support/zwave-backends.js";
import { startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";

let backend: ZwaveBackend;
let server: ZwaveServerClient;
let policy: ActionPolicy;
let tools: Map<string, PolicyCall["annotations"]>;

beforeAll(async () => {
  backend = await startBackend("mqtt");
  server = await startZwaveServer(backend.env);
  const listed = await server.call("list_zwave_devices", { includeInactive: true });
  const devices = listed.structured?.devices as DeviceSummary[];
  policy = createActionPolicy({ zwave: { devices: () => devices } });
  tools = new Map((await server.client.listTools()).tools.map((t) => [t.name, t.annotations]));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await backend?.stop();
});

function judge(tool: string, args: Record<string, unknown>) {
  return policy.judge({ server: ZWAVE_TOOLS.server, tool, annotations: tools.get(tool), args });
}

describe("covers and garage doors", () => {
  it("holds opening the garage door with control_zwave_barrier, pinned to its node; closing acts at once", async () => {
    expect(await judge("control_zwave_barrier", { deviceName: "garage door", action: "open" })).toEqual({
      hold: true,
      effects: [{ kind: "open", target: "Garage Door", nodeId: GARAGE }],
      args: { deviceName: "garage door", action: "open", nodeId: GARAGE },
    });
    expect(await judge("control_zwave_barrier", { deviceName: "Garage Door", action: "close" })).toEqual({
      hold: false,
    });
  });

  it("holds a garage door sent to a position above closed, whatever tool names it", async () => {
    const judged = await judge("control_zwave_cover", {
      deviceName: "x",
      nodeId: GARAGE,
      action: "set_position",
      position: 40,
    });
    expect(judged).toMatchObject({ hold: true, effects: [{ kind: "open", nodeId: GARAGE }] });
    expect(
      await judge("control_zwave_cover", {
        deviceName: "x",
        nodeId: GARAGE,
        action: "set_position",
        position: 0,
      }),
    ).toEqual({ hold: false });
  });

  it("moves an ordinary shutter or blind at once: opening it is not held", async () => {
    for (const args of [
      { deviceName: "Living Room Shutter", action: "open" },
      { deviceName: "Living Room Shutter", action: "set_position", position: 60 },
      { deviceName: "Study Blind", action: "set_position", position: 100 },
    ])
      expect(await judge("control_zwave_cover", args), JSON.stringify(args)).toEqual({ hold: false });
  });
});

describe("a group call is judged member by member", () => {
  it("holds a group that would open the garage door, with every member pinned for the yes", async () => {
    const judged = await judge("control_zwave_group", {
      devices: [{ deviceName: "Switch One" }, { deviceName: "Garage Door" }],
      action: "on",
    });
    expect(judged).toEqual({
      hold: true,
      effects: [{ kind: "open", target: "Garage Door", nodeId: GARAGE }],
      args: {
        devices: [{ deviceName: "Switch One" }, { deviceName: "Garage Door", nodeId: GARAGE }],
        action: "on",
      },
    });
  });

  it("lets a group of switches and a shutter through: the server itself switches no cover", async () => {
    expect(
      await judge("control_zwave_group", {
        devices: [
          { deviceName: "Switch One" },
          { deviceName: "Dryer Plug" },
          { nodeId: SHUTTER, deviceName: "s" },
        ],
        action: "on",
      }),
    ).toEqual({ hold: false });
  });
});
