// One thing in the Z-Wave network a sentence or a tool acts on: an endpoint of a node, with what it
// is for. The Z-Wave server lists devices with their endpoints (src/zwave/contract.ts); the host
// flattens them, so a double relay's "Outlet 2" is a target of its own, written to on endpoint 2
// only, and a roller shutter is a cover, never a light. docs/architecture.md, "The Z-Wave device
// as it really is".
import type { z } from "zod";
import type {
  DeviceSummary,
  EndpointReport,
  coverType,
  deviceStatus,
  endpointFunction,
} from "../zwave/contract.js";

export interface ZwaveTarget {
  nodeId: number;
  /** The Multi Channel endpoint (0 the root). */
  endpoint: number;
  homeId: number | null;
  /** What people call it: the node's name when the node has one target. */
  name: string;
  /** The node's own name. */
  nodeName: string;
  location: string;
  state: z.infer<typeof deviceStatus>;
  function: z.infer<typeof endpointFunction>;
  /** For covers and barriers: what it moves. */
  coverType: z.infer<typeof coverType> | null;
  /** The node's only target: a question about it (its readings) is about the whole node. */
  wholeNode: boolean;
  /** The command classes the endpoint has values of (what an HA entity's value id must name). */
  commandClasses: number[];
  on: boolean | null;
  level: number | null;
  value: string | null;
  /**
   * What the endpoint reports beside its switch state, typed as the server lists it (read by
   * src/zwave/readings.ts).
   */
  reports: EndpointReport;
}

/** Each endpoint of a listed device as a target. */
export function targetsOf(device: DeviceSummary): ZwaveTarget[] {
  const { endpoints } = device;
  return endpoints.map((e) => ({
    nodeId: device.nodeId,
    endpoint: e.endpoint,
    homeId: device.homeId,
    name: e.name,
    nodeName: device.name,
    location: device.location,
    state: device.state,
    function: e.function,
    coverType: e.coverType,
    wholeNode: endpoints.length === 1,
    commandClasses: e.commandClasses,
    on: e.on,
    level: e.level,
    value: e.value,
    reports: {
      position: e.position ?? null,
      coverState: e.coverState ?? null,
      open: e.open ?? null,
      color: e.color ?? null,
      power: e.power ?? null,
      energy: e.energy ?? null,
      battery: e.battery ?? null,
      batteryLow: e.batteryLow ?? null,
      binarySensors: e.binarySensors ?? [],
      locked: e.locked ?? null,
      hvacMode: e.hvacMode ?? null,
      setpoint: e.setpoint ?? null,
    },
  }));
}

/** `<nodeId>:<endpoint>`, the key of a target. */
export function targetKey(t: { nodeId: number; endpoint: number }): string {
  return `${t.nodeId}:${t.endpoint}`;
}
