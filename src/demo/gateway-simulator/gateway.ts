// One running simulated gateway: its settings, its nodes, its MQTT connection and what it has
// published since it started. The other files of the simulator act on this.
import { liveNodes, type LiveNode } from "./live-node.js";
import type { GatewayConnection, SimValueId, SimulatorOptions } from "./types.js";

const DEFAULT_STARTUP_MS = 3000;
/**
 * zwave-js verifies an unsupervised Set with a Get (`verifyChanges` → `schedulePoll`): about 1 s
 * later for "fast" transitions (Binary Switch), about 5 s for "slow" ones (Multilevel Switch, Door
 * Lock, thermostats), and a dimmer's 255 ("restore the previous level") likewise ~5 s later.
 */
const RESTORE_VERIFY_MS = 5000;

export interface Gateway {
  options: SimulatorOptions;
  prefix: string;
  clientId: string;
  mode: "valueid" | "named";
  nodeNames: boolean;
  payloadType: 0 | 1 | 2;
  includeLocation: boolean;
  startupMs: number;
  restoreVerifyMs: number;
  statusTopic: string;
  apiPrefix: string;
  nodes: Map<number, LiveNode>;
  /**
   * topic → value the gateway has published since it started; only these accept `/set`
   * (zwave-js-ui api/lib/Gateway.ts: a topic it has not published maps to no writeable valueId).
   */
  writable: Map<string, { nodeId: number; key: string }>;
  /** The value topic depths (below the prefix) whose `/set` the gateway has subscribed to since it started. */
  setDepths: Set<number>;
  client: GatewayConnection | undefined;
  driverReady: boolean;
  /** Cancels every `pause` in progress (the gateway stops). */
  pauses: Set<() => void>;
  /** The multicast frames zwave-js sent, oldest first: which nodes, which value, what. */
  multicastFrames: { nodeIds: number[]; valueId: SimValueId; value: unknown }[];
  /** zwave-js's driver option `disableOptimisticValueUpdate` (see SimulatorOptions). */
  optimisticUpdates: boolean;
  /** The driver's command queue: one write at a time, each answered before the next goes out. */
  driverQueue: Promise<unknown>;
}

/** How Z-Wave JS UI cleans a topic part: spaces become `_`, other disallowed characters go, `/` stays. */
export function sanitize(part: string): string {
  return part.replace(/\s/g, "_").replace(/[^A-Za-z0-9\-_À-ÖØ-öø-ÿ/]/g, "");
}

export function createGateway(options: SimulatorOptions): Gateway {
  const prefix = options.prefix ?? "zwave";
  const clientId = sanitize(`ZWAVE_GATEWAY-${options.gatewayName ?? "zwave-js-ui"}`);
  return {
    options,
    prefix,
    clientId,
    mode: options.topicMode ?? "valueid",
    nodeNames: options.nodeNames ?? true,
    payloadType: options.payloadType ?? 0,
    includeLocation: options.includeLocation ?? true,
    startupMs: options.startupMs ?? DEFAULT_STARTUP_MS,
    restoreVerifyMs: options.restoreVerifyMs ?? RESTORE_VERIFY_MS,
    statusTopic: `${prefix}/_CLIENTS/${clientId}/status`,
    apiPrefix: `${prefix}/_CLIENTS/${clientId}/api/`,
    nodes: liveNodes(options),
    writable: new Map(),
    setDepths: new Set(),
    client: undefined,
    driverReady: false,
    pauses: new Set(),
    multicastFrames: [],
    optimisticUpdates: !options.disableOptimisticValueUpdate,
    driverQueue: Promise.resolve(),
  };
}

/**
 * Runs `work` when the driver's queue reaches it. zwave-js sends one command at a time, and what
 * `Node.setValue` does after the device's acknowledgement (its optimistic update, Z-Wave JS UI's
 * answer) runs before the next command's acknowledgement can arrive.
 */
export function inDriverQueue<T>(gateway: Gateway, work: () => Promise<T>): Promise<T> {
  const turn = gateway.driverQueue.then(work);
  gateway.driverQueue = turn.catch(() => undefined);
  return turn;
}

/** Resolves true after `ms`, or false at once when the gateway stops meanwhile. */
export function pause(gateway: Gateway, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      gateway.pauses.delete(cancel);
      resolve(true);
    }, ms);
    const cancel = () => {
      clearTimeout(timer);
      resolve(false);
    };
    gateway.pauses.add(cancel);
  });
}

/**
 * Subscribes to the `/set` of every value topic as deep as `topic`, once: Z-Wave JS UI subscribes
 * with one wildcard filter per topic depth (`<prefix>/+/+/+/+/+/set` for a value five levels below
 * the prefix) the first time it publishes a value there that takes writes (api/lib/Gateway.ts
 * `_onValueChanged`, its `topicLevels`; api/lib/MqttClient.ts `subscribe`). So it is never sent its
 * own state publications back.
 */
export async function subscribeSets(gateway: Gateway, topic: string): Promise<void> {
  const { client, prefix, setDepths } = gateway;
  const depth = topic.split("/").length - prefix.split("/").length;
  // A gateway that is down subscribes when it next publishes there.
  if (setDepths.has(depth) || !client?.connected) return;
  setDepths.add(depth);
  await client.subscribe(`${prefix}/${"+/".repeat(depth)}set`).catch(() => setDepths.delete(depth));
}

/** Publishes while connected; a gateway that is down publishes nothing. */
export function publish(gateway: Gateway, topic: string, payload: string, retain = true): Promise<unknown> {
  const { client } = gateway;
  if (!client?.connected) return Promise.resolve();
  return client.publish(topic, payload, { qos: 1, retain }).catch(() => undefined);
}
