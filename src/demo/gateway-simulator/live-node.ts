// The gateway's own view of its nodes: each device's values as zwave-js holds them, what the
// device really is when that differs, and the virtual nodes Z-Wave JS UI adds.
import { DIMMER_TARGET, SWITCH_TARGET } from "./devices.js";
import type { NodeStatus, SimNode, SimValue, SimValueId, SimulatorOptions } from "./types.js";

export interface LiveValue extends SimValue {
  endpoint: number;
  lastUpdate: number;
  /** The device's own state, when it differs from what the gateway last published (an optimistic update). */
  actual?: { value: unknown };
}

export interface LiveNode {
  id: number;
  name: string;
  loc?: string;
  published?: boolean;
  productLabel?: string;
  manufacturer?: string;
  /** What the gateway says; "Unknown" from start-up until the interview. */
  status: NodeStatus;
  device: SimNode;
  interviewed: boolean;
  values: Map<string, LiveValue>;
  /** What the device reported while the gateway could not hear it, told at the next interview. */
  missed: Map<string, unknown>;
  /** What a metered load draws when on, by meter value: it reports zero while switched off. */
  loads: Map<string, number>;
  virtual: boolean;
  kind: "physical" | "broadcast" | "multicast";
  isControllerNode: boolean;
  lastActive: number;
  members?: number[];
}

export function keyOf(v: SimValueId): string {
  const base = `${v.commandClass}-${v.endpoint ?? 0}-${v.property}`;
  return v.propertyKey === undefined ? base : `${base}-${v.propertyKey}`;
}

function liveNode(n: SimNode, extra: Partial<LiveNode> = {}): LiveNode {
  const values = new Map<string, LiveValue>();
  for (const v of n.values) {
    values.set(keyOf(v), {
      readable: true,
      writeable: false,
      ...v,
      endpoint: v.endpoint ?? 0,
      lastUpdate: Date.now(),
    });
  }
  return {
    id: n.id,
    name: n.name,
    loc: n.loc,
    published: n.published,
    productLabel: n.productLabel,
    manufacturer: n.manufacturer,
    status: "Unknown",
    device: n,
    interviewed: false,
    values,
    missed: new Map(),
    loads: new Map(),
    virtual: false,
    kind: "physical",
    isControllerNode: false,
    lastActive: Date.now(),
    ...extra,
  };
}

/** What a Broadcast or multicast node can be told: the switches' and dimmers' targets, which it does not publish. */
const broadcastTargets: SimValue[] = [{ ...SWITCH_TARGET, readable: false }, DIMMER_TARGET];

/** Every node the gateway knows, in `getNodes` order: Broadcast first, then the controller, then the rest. */
export function liveNodes(options: Pick<SimulatorOptions, "nodes" | "virtualNodes">): Map<number, LiveNode> {
  const nodes = new Map<number, LiveNode>();
  const virtualNodes = options.virtualNodes ?? true;
  if (virtualNodes) {
    nodes.set(
      255,
      liveNode(
        { id: 255, name: "Broadcast", values: broadcastTargets },
        { virtual: true, kind: "broadcast" },
      ),
    );
  }
  nodes.set(1, liveNode({ id: 1, name: "", values: [] }, { isControllerNode: true }));
  for (const n of options.nodes) nodes.set(n.id, liveNode(n));
  if (virtualNodes) {
    const members = options.nodes.filter((n) => n.values.some((v) => v.commandClass === 38)).map((n) => n.id);
    nodes.set(
      4096,
      liveNode(
        { id: 4096, name: "All Dimmers", values: broadcastTargets },
        { virtual: true, kind: "multicast", members },
      ),
    );
  }
  return nodes;
}

/** The device's own state of a value: what it would answer to a Get. */
export function actualOf(v: LiveValue): unknown {
  return v.actual ? v.actual.value : v.value;
}

/** Where the device reports a write: targetValue → currentValue, targetMode → currentMode, else itself. */
export function reportedValue(node: LiveNode, target: LiveValue): LiveValue {
  const prop = String(target.property);
  if (!prop.startsWith("target")) return target;
  const current = `current${prop.slice("target".length)}`;
  return node.values.get(keyOf({ ...target, property: current })) ?? target;
}

/**
 * zwave-js's "slow actuators" (DeviceClasses.ts `isSlowActuator`: the Window Covering generic class,
 * and the Multilevel Switch's motor controls): it updates no related value optimistically after a
 * Set to one of their actuator command classes (`Node.setValue`), since they take a while to get there.
 */
export function isSlowActuator(node: LiveNode, commandClass: number): boolean {
  const dc = node.device.deviceClass;
  if (!dc || !ACTUATOR_CCS.has(commandClass)) return false;
  return dc.generic === 0x09 || (dc.generic === 0x11 && [0x03, 0x05, 0x06, 0x07].includes(dc.specific));
}

/** zwave-js `actuatorCCs` (core definitions/CommandClasses.ts). */
const ACTUATOR_CCS = new Set([0x66, 0x25, 0x33, 0x62, 0x26, 0x94, 0x79, 0x43, 0x40, 0x6a]);
