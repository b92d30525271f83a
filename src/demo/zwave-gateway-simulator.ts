// A simulated Z-Wave JS UI MQTT gateway, faithful to zwave-js-ui's api/lib/Gateway.ts,
// MqttClient.ts and ZwaveClient.ts and to how the real gateway behaves when run: the demo runs it
// in-process and the tests run it against Mosquitto. Its topic naming is written here on purpose,
// separately from src/zwave/transports/mqtt/topics.ts, so that a mistake there cannot hide itself.
import type { Socket } from "node:net";
import { connectAsync, type MqttClient } from "mqtt";

export type NodeStatus = "Alive" | "Asleep" | "Awake" | "Dead" | "Unknown";

export interface SimValue {
  commandClass: number;
  endpoint?: number;
  property: string | number;
  propertyKey?: string | number;
  propertyName?: string;
  propertyKeyName?: string;
  label: string;
  type: "number" | "boolean" | "string" | "any" | "duration";
  readable?: boolean;
  writeable?: boolean;
  min?: number;
  max?: number;
  unit?: string;
  states?: { text: string; value: number }[];
  /** Left out: the value has none yet, and is published without a `value` key. */
  value?: unknown;
}

/** A device. The simulator keeps a reference: changing its behaviour later changes the device's. */
export interface SimNode {
  id: number;
  name: string;
  loc?: string;
  /** How the device is: "Dead" with no values is a node that died before its interview. */
  status?: NodeStatus;
  values: SimValue[];
  /** How long the device takes to report its new state by itself after a write. */
  echoDelayMs?: number;
  /** false: the device takes writes but never reports anything, not even to zwave-js's verification Get. */
  confirms?: boolean;
  /** The device supports Supervision: a write is answered 255 (done) by the device itself. */
  supervised?: boolean;
  /** The device acknowledges every Set and does nothing (a jammed relay); it still answers Gets. */
  ignoresSets?: boolean;
  /** The device has gone: the next command or ping fails after zwave-js's retries and the node turns Dead. */
  unreachable?: boolean;
  /** false: the gateway has not published this node's values since it started (e.g. just included). */
  published?: boolean;
  productLabel?: string;
  manufacturer?: string;
}

export interface SimulatorOptions {
  brokerUrl: string;
  username?: string;
  password?: string;
  prefix?: string;
  /** `mqtt.name`; the client id is `ZWAVE_GATEWAY-<name>`, sanitised. */
  gatewayName?: string;
  topicMode?: "valueid" | "named";
  /** ValueID mode: node names (default) or bare node ids. */
  nodeNames?: boolean;
  /** JSON time-value (0, default), whole value object (1), raw value (2). */
  payloadType?: 0 | 1 | 2;
  includeLocation?: boolean;
  nodes: SimNode[];
  /** Adds the virtual Broadcast node (255) and a multicast group (4096), as ZUI ≥ 11.20 does. */
  virtualNodes?: boolean;
  /**
   * From connecting to replaying the cached values (~3 s on the real gateway). The driver is ready
   * at two thirds of it, and the interviews end a third after it.
   */
  startupMs?: number;
  /** When the Get that verifies a dimmer's 255 answers (~5 s on the real stack). */
  restoreVerifyMs?: number;
}

export interface SimValueId {
  commandClass: number;
  endpoint?: number;
  property: string | number;
  propertyKey?: string | number;
}

export interface GatewaySimulator {
  clientId: string;
  prefix: string;
  /**
   * The gateway process stops. SIGTERM (an add-on restart or update): `driver/status` turns false
   * and the retained client status stays true. SIGKILL: the broker publishes the will instead.
   */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Starts it again, as at first; resolves once the interviews are over. */
  start(): Promise<void>;
  /** The device reports a value (a sensor reading, a switch flipped by hand), heard when the gateway is up. */
  setValue(nodeId: number, valueId: SimValueId, value: unknown): Promise<void>;
  /** The device's own state of a value. */
  valueOf(nodeId: number, valueId: SimValueId): unknown;
  /** The value topic the gateway currently uses for a value. */
  topicOf(nodeId: number, valueId: SimValueId): string;
}

interface LiveValue extends SimValue {
  endpoint: number;
  lastUpdate: number;
  /** The device's own state, when it differs from what the gateway last published (an optimistic update). */
  actual?: { value: unknown };
}

interface LiveNode {
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
  virtual: boolean;
  kind: "physical" | "broadcast" | "multicast";
  isControllerNode: boolean;
  lastActive: number;
  members?: number[];
}

const DEFAULT_STARTUP_MS = 3000;
/**
 * zwave-js verifies an unsupervised Set with a Get (`verifyChanges` → `schedulePoll`): about 1 s
 * later for "fast" transitions (Binary Switch), about 5 s for "slow" ones (Multilevel Switch, Door
 * Lock, thermostats), and a dimmer's 255 ("restore the previous level") likewise ~5 s later.
 */
const RESTORE_VERIFY_MS = 5000;
const FAST_VERIFY_MS = 1000;
/** zwave-js tries a command 3 times, about 1 s each, before giving up on the node. */
const RETRIES_MS = 3000;
const RESTORE_PREVIOUS = 0xff;

const CC_LABELS: Record<number, [string, string]> = {
  37: ["Binary Switch", "switch_binary"],
  38: ["Multilevel Switch", "switch_multilevel"],
  49: ["Multilevel Sensor", "sensor_multilevel"],
  50: ["Meter", "meter"],
  64: ["Thermostat Mode", "thermostat_mode"],
  67: ["Thermostat Setpoint", "thermostat_setpoint"],
  98: ["Door Lock", "door_lock"],
  113: ["Notification", "notification"],
  128: ["Battery", "battery"],
};

function sanitize(part: string): string {
  return part.replace(/\s/g, "_").replace(/[^A-Za-z0-9\-_À-ÖØ-öø-ÿ/]/g, "");
}

function keyOf(v: SimValueId): string {
  const base = `${v.commandClass}-${v.endpoint ?? 0}-${v.property}`;
  return v.propertyKey === undefined ? base : `${base}-${v.propertyKey}`;
}

/** MqttClient._onMessageReceived: numbers first, then JSON, else the plain string. */
function decodeIncoming(raw: string): unknown {
  if (!Number.isNaN(parseInt(raw))) return Number(raw);
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Gateway.parsePayload, the parts that matter for switches, dimmers, locks, thermostats. */
function interpret(payload: unknown, value: LiveValue): unknown {
  let v = payload;
  if (v !== null && typeof v === "object" && "value" in v) v = (v as { value: unknown }).value;
  if (typeof v === "string") {
    if (/\b(true|on|lock)\b/i.test(v)) v = true;
    else if (/\b(false|off|unlock)\b/i.test(v)) v = false;
  }
  if (value.type === "number" && typeof v === "boolean") return v ? RESTORE_PREVIOUS : (value.min ?? 0);
  if (value.type === "boolean" && typeof v === "number") return v > 0;
  if (value.type === "number" && typeof v === "string") return Number(v);
  return v;
}

export async function startGatewaySimulator(options: SimulatorOptions): Promise<GatewaySimulator> {
  const prefix = options.prefix ?? "zwave";
  const clientId = sanitize(`ZWAVE_GATEWAY-${options.gatewayName ?? "zwave-js-ui"}`);
  const mode = options.topicMode ?? "valueid";
  const nodeNames = options.nodeNames ?? true;
  const payloadType = options.payloadType ?? 0;
  const includeLocation = options.includeLocation ?? true;
  const startupMs = options.startupMs ?? DEFAULT_STARTUP_MS;
  const restoreVerifyMs = options.restoreVerifyMs ?? RESTORE_VERIFY_MS;
  const statusTopic = `${prefix}/_CLIENTS/${clientId}/status`;
  const apiPrefix = `${prefix}/_CLIENTS/${clientId}/api/`;

  const nodes = new Map<number, LiveNode>();
  const live = (n: SimNode, extra: Partial<LiveNode> = {}): LiveNode => {
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
      virtual: false,
      kind: "physical",
      isControllerNode: false,
      lastActive: Date.now(),
      ...extra,
    };
  };
  const broadcastTargets: SimValue[] = [
    {
      commandClass: 37,
      property: "targetValue",
      label: "Target value",
      type: "boolean",
      writeable: true,
      readable: false,
    },
    {
      commandClass: 38,
      property: "targetValue",
      label: "Target value",
      type: "number",
      writeable: true,
      min: 0,
      max: 99,
    },
  ];
  const virtualNodes = options.virtualNodes ?? true;
  // getNodes order on the real gateway: Broadcast first, then the controller, then the rest.
  if (virtualNodes) {
    nodes.set(
      255,
      live({ id: 255, name: "Broadcast", values: broadcastTargets }, { virtual: true, kind: "broadcast" }),
    );
  }
  nodes.set(1, live({ id: 1, name: "", values: [] }, { isControllerNode: true }));
  for (const n of options.nodes) nodes.set(n.id, live(n));
  if (virtualNodes) {
    const members = options.nodes.filter((n) => n.values.some((v) => v.commandClass === 38)).map((n) => n.id);
    nodes.set(
      4096,
      live(
        { id: 4096, name: "All Dimmers", values: broadcastTargets },
        { virtual: true, kind: "multicast", members },
      ),
    );
  }

  // topic → value the gateway has published since it started; only these accept `/set`
  // (zwave-js-ui api/lib/Gateway.ts: a topic it has not published maps to no writeable valueId).
  let writable = new Map<string, { nodeId: number; key: string }>();
  let client: MqttClient | undefined;
  let driverReady = false;
  const pauses = new Set<() => void>();

  /** Resolves true after `ms`, or false at once when the gateway stops meanwhile. */
  function pause(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pauses.delete(cancel);
        resolve(true);
      }, ms);
      const cancel = () => {
        clearTimeout(timer);
        resolve(false);
      };
      pauses.add(cancel);
    });
  }

  function nodeTopic(node: LiveNode): string {
    const who = mode === "named" || nodeNames ? sanitize(node.name || `nodeID_${node.id}`) : String(node.id);
    return includeLocation && node.loc ? `${sanitize(node.loc)}/${who}` : who;
  }

  function topicOfValue(node: LiveNode, v: LiveValue): string {
    const noSlash = (p: string | number) => sanitize(String(p).replace(/\//g, "-"));
    const parts =
      mode === "named"
        ? [CC_LABELS[v.commandClass]?.[1] ?? `unknownClass_${v.commandClass}`, `endpoint_${v.endpoint}`]
        : [String(v.commandClass), String(v.endpoint)];
    parts.push(noSlash(mode === "named" ? (v.propertyName ?? v.property) : v.property));
    if (v.propertyKey !== undefined) parts.push(noSlash(v.propertyKey));
    return [prefix, nodeTopic(node), ...parts].join("/");
  }

  function valueObject(node: LiveNode, v: LiveValue) {
    const key = keyOf(v);
    return {
      id: `${node.id}-${key}`,
      nodeId: node.id,
      commandClass: v.commandClass,
      commandClassName: CC_LABELS[v.commandClass]?.[0] ?? `CC ${v.commandClass}`,
      commandClassVersion: 1,
      endpoint: v.endpoint,
      property: v.property,
      propertyName: v.propertyName ?? String(v.property),
      propertyKey: v.propertyKey,
      propertyKeyName: v.propertyKeyName,
      type: v.type,
      readable: v.readable,
      writeable: v.writeable,
      label: v.label,
      min: v.min,
      max: v.max,
      unit: v.unit,
      states: v.states,
      list: v.states !== undefined,
      stateless: false,
      value: v.value,
      lastUpdate: v.lastUpdate,
      isCurrentValue: String(v.property).startsWith("current"),
    };
  }

  /** JSON.stringify leaves out an undefined `value`, as the real gateway's payloads do. */
  function payloadFor(node: LiveNode, v: LiveValue): string {
    if (payloadType === 2) return JSON.stringify(v.value ?? null);
    if (payloadType === 1) return JSON.stringify(valueObject(node, v));
    return JSON.stringify({ time: v.lastUpdate, value: v.value });
  }

  function publish(topic: string, payload: string, retain = true): Promise<unknown> {
    if (!client?.connected) return Promise.resolve();
    return client.publishAsync(topic, payload, { qos: 1, retain }).catch(() => undefined);
  }

  async function publishValue(node: LiveNode, v: LiveValue): Promise<void> {
    if (!v.readable && !v.writeable) return;
    const topic = topicOfValue(node, v);
    writable.set(topic, { nodeId: node.id, key: keyOf(v) });
    if (!v.readable) return;
    await publish(topic, payloadFor(node, v));
  }

  async function publishStatus(node: LiveNode): Promise<void> {
    const available = node.status !== "Dead";
    const base = `${prefix}/${nodeTopic(node)}`;
    await publish(
      `${base}/status`,
      payloadType === 2
        ? JSON.stringify(available)
        : JSON.stringify({ time: Date.now(), value: available, status: node.status, nodeId: node.id }),
    );
    await publish(
      `${base}/lastActive`,
      payloadType === 2
        ? JSON.stringify(node.lastActive)
        : JSON.stringify({ time: Date.now(), value: node.lastActive }),
    );
  }

  /** A value changed at the gateway. `fresh`: a report from the device, which sets the value's `time`. */
  async function report(node: LiveNode, v: LiveValue, value: unknown, fresh = true): Promise<void> {
    v.value = value;
    node.missed.delete(keyOf(v));
    if (fresh) {
      // zwave-js stamps each update with the time it arrived: a later report never shares an earlier one's stamp.
      v.lastUpdate = Math.max(Date.now(), v.lastUpdate + 1);
      node.lastActive = v.lastUpdate;
    }
    await publishValue(node, v);
  }

  /** Where the device reports a write: targetValue → currentValue, targetMode → currentMode, else itself. */
  function reportedValue(node: LiveNode, target: LiveValue): LiveValue {
    const prop = String(target.property);
    if (!prop.startsWith("target")) return target;
    const current = `current${prop.slice("target".length)}`;
    return node.values.get(keyOf({ ...target, property: current })) ?? target;
  }

  /** zwave-js retries a node that does not answer, then marks it dead (sheet, "Found by running" 9). */
  async function giveUp(node: LiveNode): Promise<void> {
    if (node.status === "Dead" || !(await pause(RETRIES_MS))) return;
    node.status = "Dead";
    await publishStatus(node);
  }

  /** The device's own state of a value: what it would answer to a Get. */
  function actualOf(v: LiveValue): unknown {
    return v.actual ? v.actual.value : v.value;
  }

  /**
   * What zwave-js (inside Z-Wave JS UI) does with a write: its SetValueStatus (255 supervised
   * success, 254 acknowledged, 2 fail), and what follows the answer (the device's report, or the
   * verification Get). Before it answers, an acknowledged Set updates the reported value
   * optimistically, published like a report (`Node.setValue`: `optimisticallyUpdateRelatedValues`).
   */
  async function applyWrite(
    node: LiveNode,
    target: LiveValue,
    value: unknown,
  ): Promise<{ status: number; afterwards?: () => Promise<void> }> {
    if (node.virtual) {
      const ids = node.kind === "broadcast" ? [...nodes.keys()] : (node.members ?? []);
      for (const id of ids) {
        const member = nodes.get(id);
        const v = member?.values.get(keyOf(target));
        if (member && !member.virtual && v) void applyWrite(member, v, value).then((w) => w.afterwards?.());
      }
      return { status: 255 };
    }
    if (node.status === "Dead") return { status: 2 };
    if (node.device.unreachable) {
      await giveUp(node);
      return { status: 2 };
    }
    let written = value;
    if (target.property === "restorePrevious") {
      target = node.values.get(keyOf({ ...target, property: "targetValue" })) ?? target;
      written = RESTORE_PREVIOUS;
    }
    // A sleeping device gets the command when it wakes up: acknowledged by nobody yet.
    if (node.status === "Asleep") return { status: 254 };
    const reported = reportedValue(node, target);
    // The zwave-js mock keeps 255 as the level rather than restoring one (sheet, "Found by running" 8).
    const level =
      target.commandClass === 38 && typeof written === "number" && written !== RESTORE_PREVIOUS
        ? Math.max(0, Math.min(99, written))
        : written;
    // A jammed device keeps its state whatever the gateway publishes.
    reported.actual = { value: node.device.ignoresSets ? actualOf(reported) : level };
    // zwave-js takes the target at once, but its `time` stays old (sheet, "Found by running" 3).
    await report(node, target, written, false);
    if (node.device.supervised && !node.device.ignoresSets) {
      if (reported !== target) await report(node, reported, level);
      reported.actual = undefined;
      return { status: 255 };
    }
    const restore = written === RESTORE_PREVIOUS && target.commandClass === 38;
    // The optimistic update: the gateway publishes the asked state as if the device had reported it.
    if (reported !== target && !restore) await report(node, reported, level);
    const reportsItself = !node.device.ignoresSets && !restore;
    const delay = reportsItself
      ? (node.device.echoDelayMs ?? 0)
      : restore || target.commandClass !== 37
        ? restoreVerifyMs
        : FAST_VERIFY_MS;
    return {
      status: 254,
      afterwards: async () => {
        if (node.device.confirms === false || !(await pause(delay))) return;
        // The device's report, or its answer to the verification Get: its own state.
        const actual = actualOf(reported);
        reported.actual = undefined;
        await report(node, reported, actual);
      },
    };
  }

  function onSet(topic: string, raw: string): void {
    const entry = writable.get(topic.slice(0, -"/set".length));
    const node = entry && nodes.get(entry.nodeId);
    let target = node?.values.get(entry?.key ?? "");
    // Writes to currentValue are redirected to targetValue (zwave-js-ui api/lib/Gateway.ts).
    if (node && target && target.property === "currentValue") {
      const paired = node.values.get(keyOf({ ...target, property: "targetValue" }));
      if (paired) target = paired;
    }
    if (!node || !target?.writeable) return; // "No writeable valueId found"
    void applyWrite(node, target, interpret(decodeIncoming(raw), target)).then((w) => w.afterwards?.());
  }

  type ApiResult = { result: unknown; afterwards?: () => Promise<void> } | { error: string };

  async function callApi(api: string, args: unknown[]): Promise<ApiResult> {
    switch (api) {
      case "getNodes":
        return { result: [...nodes.values()].map(nodeObject) };
      case "getInfo":
        return {
          result: {
            homeid: 0x7e570001,
            name: "7e570001",
            controllerId: 1,
            appVersion: "11.22.2",
            status: "ready",
          },
        };
      case "writeValue": {
        const [id, value] = args as [SimValueId & { nodeId: number }, unknown];
        const node = nodes.get(id?.nodeId);
        const target = node?.values.get(keyOf(id));
        if (!node || !target || !target.writeable) {
          return { result: { status: 3, message: `Value ${JSON.stringify(id)} not found` } };
        }
        // Unlike `/set`, the API hands the value to zwave-js unparsed; and it catches its own
        // errors, so a failed write is still success:true (zwave-js-ui api/lib/ZwaveClient.ts).
        const { status, afterwards } = await applyWrite(node, target, value);
        return {
          result: status === 2 ? { status, message: "The node did not acknowledge the command" } : { status },
          afterwards,
        };
      }
      case "pingNode": {
        const node = nodes.get(Number(args[0]));
        if (node?.device.unreachable) await giveUp(node);
        return { result: !!node && node.status !== "Dead" };
      }
      case "setNodeName":
        await rename(Number(args[0]), { name: String(args[1]) });
        return { result: true };
      case "setNodeLocation":
        await rename(Number(args[0]), { loc: String(args[1]) });
        return { result: true };
      default:
        return { error: "Unknown API" };
    }
  }

  function nodeObject(node: LiveNode) {
    const values: Record<string, unknown> = {};
    for (const [key, v] of node.values) values[key] = valueObject(node, v);
    return {
      id: node.id,
      name: node.name,
      loc: node.loc ?? "",
      manufacturer: node.manufacturer ?? "Simulated",
      productLabel: node.productLabel ?? "",
      status: node.status,
      // A node that died before its interview stays not ready, with no values (sheet, "Found by running" 4).
      ready: node.interviewed && (node.status !== "Dead" || node.values.size > 0),
      available: node.status !== "Dead",
      failed: node.status === "Dead",
      inited: true,
      lastActive: node.lastActive,
      isControllerNode: node.isControllerNode,
      virtual: node.virtual,
      kind: node.kind,
      values,
    };
  }

  /** Like `setNodeName`/`setNodeLocation`: later publishes use the new topics, old `/set` topics keep working. */
  async function rename(nodeId: number, to: { name?: string; loc?: string }): Promise<void> {
    const node = nodes.get(nodeId);
    if (!node) throw new Error(`Node ${nodeId} not found`);
    Object.assign(node, to);
    // ZUI republishes node status on the new topic; values move to it as they next change.
    await publishStatus(node);
  }

  async function onApi(topic: string, raw: string): Promise<void> {
    const api = topic.slice(apiPrefix.length, -"/set".length);
    const replyTopic = topic.slice(0, -"/set".length);
    let request: unknown;
    try {
      request = JSON.parse(raw);
    } catch {
      request = raw;
    }
    const args = (request as { args?: unknown } | null)?.args;
    if (!Array.isArray(args)) {
      // The malformed-request reply has no `args` key (sheet, "Additions").
      await publish(
        replyTopic,
        JSON.stringify({ success: false, message: "Args must be an array", origin: request }),
        false,
      );
      return;
    }
    let outcome: ApiResult;
    try {
      outcome = await callApi(api, args);
    } catch (err) {
      outcome = { error: err instanceof Error ? err.message : String(err) };
    }
    const reply =
      "error" in outcome
        ? { success: false, message: outcome.error, args, origin: request }
        : { success: true, message: "Success zwave api call", result: outcome.result, args, origin: request };
    await publish(replyTopic, JSON.stringify(reply), false);
    // What follows the write (the device's report) comes after the answer, as on the real stack.
    if ("afterwards" in outcome) await outcome.afterwards?.();
  }

  function onMessage(topic: string, payload: Buffer): void {
    // Until the driver is ready API calls get no answer at all, and no topic takes `/set` yet.
    if (!driverReady || !topic.endsWith("/set")) return;
    const raw = payload.toString();
    if (topic.startsWith(apiPrefix)) void onApi(topic, raw);
    else if (!topic.startsWith(`${prefix}/_CLIENTS/`)) onSet(topic, raw);
  }

  /** Start-up as the real gateway does it (sheet, "Found by running" 2, 5–7). */
  async function start(): Promise<void> {
    if (client) return;
    writable = new Map();
    for (const node of nodes.values()) {
      node.status = "Unknown";
      node.interviewed = false;
    }
    const c = await connectAsync(
      options.brokerUrl,
      {
        clientId,
        username: options.username,
        password: options.password,
        reconnectPeriod: 200,
        connectTimeout: 5000,
        will: {
          topic: statusTopic,
          payload: Buffer.from(JSON.stringify({ value: false })),
          qos: 1,
          retain: true,
        },
      },
      false,
    );
    client = c;
    const noDelay = () => (c.stream as Socket).setNoDelay?.(true);
    noDelay();
    c.on("message", onMessage);
    // After a broker restart ZUI says it is back; retained values died with a non-persistent broker.
    c.on("connect", () => {
      noDelay();
      void announce();
    });
    await c.subscribeAsync(`${prefix}/#`, { qos: 1 });
    await announce();

    if (!(await pause((startupMs * 2) / 3))) return;
    driverReady = true;
    await publish(`${prefix}/driver/status`, "true");

    // The cached values come back with their old `time`, before the driver has heard the devices.
    if (!(await pause(startupMs / 3))) return;
    for (const node of nodes.values()) {
      if (node.published === false) continue;
      if (!node.virtual) await publishStatus(node);
      for (const v of node.values.values()) await publishValue(node, v);
    }

    if (!(await pause(startupMs / 3))) return;
    for (const node of nodes.values()) {
      if (node.virtual) continue;
      node.interviewed = true;
      node.status = node.isControllerNode ? "Alive" : (node.device.status ?? "Alive");
      if (node.published !== false) await publishStatus(node);
      for (const [key, value] of node.missed) {
        const v = node.values.get(key);
        if (v) await report(node, v, value);
      }
    }
  }

  async function announce(): Promise<void> {
    await publish(statusTopic, JSON.stringify({ value: true, time: Date.now() }));
    await publish(
      `${prefix}/_CLIENTS/${clientId}/version`,
      JSON.stringify({ value: "11.22.2", time: Date.now() }),
    );
    if (driverReady) await publish(`${prefix}/driver/status`, "true");
  }

  function requireValue(nodeId: number, valueId: SimValueId): [LiveNode, LiveValue] {
    const node = nodes.get(nodeId);
    const v = node?.values.get(keyOf(valueId));
    if (!node || !v) throw new Error(`simulator node ${nodeId} has no value ${keyOf(valueId)}`);
    return [node, v];
  }

  await start();

  return {
    clientId,
    prefix,
    async stop(signal = "SIGTERM") {
      const c = client;
      if (!c) return;
      for (const cancel of pauses) cancel();
      pauses.clear();
      if (signal === "SIGTERM") {
        driverReady = false;
        await publish(`${prefix}/driver/status`, "false");
      }
      client = undefined;
      driverReady = false;
      // SIGTERM says goodbye (DISCONNECT), so the broker keeps the retained status true; SIGKILL does not.
      await c.endAsync(signal === "SIGKILL");
    },
    start,
    async setValue(nodeId, valueId, value) {
      const [node, v] = requireValue(nodeId, valueId);
      if (driverReady) await report(node, v, value);
      else node.missed.set(keyOf(v), value);
    },
    valueOf(nodeId, valueId) {
      const [node, v] = requireValue(nodeId, valueId);
      return node.missed.has(keyOf(v)) ? node.missed.get(keyOf(v)) : actualOf(v);
    },
    topicOf(nodeId, valueId) {
      const [node, v] = requireValue(nodeId, valueId);
      return topicOfValue(node, v);
    },
  };
}
// Device builders for the demo and the tests.

export function binarySwitch(id: number, name: string, extra: Partial<SimNode> = {}, on = false): SimNode {
  return {
    id,
    name,
    productLabel: "Smart Switch",
    values: [
      { commandClass: 37, property: "currentValue", label: "Current value", type: "boolean", value: on },
      // Never set since inclusion: no value yet, as on the real gateway.
      { commandClass: 37, property: "targetValue", label: "Target value", type: "boolean", writeable: true },
      {
        commandClass: 37,
        property: "duration",
        label: "Remaining duration",
        type: "duration",
        value: { unit: "seconds" },
      },
    ],
    ...extra,
  };
}

export function dimmer(id: number, name: string, extra: Partial<SimNode> = {}, level = 0): SimNode {
  return {
    id,
    name,
    productLabel: "Dimmer",
    values: [
      {
        commandClass: 38,
        property: "currentValue",
        label: "Current value",
        type: "number",
        min: 0,
        max: 99,
        value: level,
      },
      {
        commandClass: 38,
        property: "targetValue",
        label: "Target value",
        type: "number",
        writeable: true,
        min: 0,
        max: 99,
        value: level,
      },
      {
        commandClass: 38,
        property: "restorePrevious",
        label: "Restore previous value",
        type: "boolean",
        readable: false,
        writeable: true,
      },
    ],
    ...extra,
  };
}

export function multisensor(
  id: number,
  name: string,
  extra: Partial<SimNode> = {},
  reading: { temperature?: number; humidity?: number; battery?: number } = {},
): SimNode {
  return {
    id,
    name,
    productLabel: "Multisensor",
    values: [
      {
        commandClass: 49,
        property: "Air temperature",
        propertyName: "Air temperature",
        label: "Air temperature",
        type: "number",
        unit: "°C",
        value: reading.temperature ?? 21.5,
      },
      {
        commandClass: 49,
        property: "Humidity",
        label: "Humidity",
        type: "number",
        unit: "%",
        value: reading.humidity ?? 45,
      },
      {
        commandClass: 128,
        property: "level",
        label: "Battery level",
        type: "number",
        unit: "%",
        value: reading.battery ?? 87,
      },
      { commandClass: 128, property: "isLow", label: "Low battery level", type: "boolean", value: false },
      {
        commandClass: 113,
        property: "Home Security",
        propertyKey: "Motion sensor status",
        propertyName: "Home Security",
        propertyKeyName: "Motion sensor status",
        label: "Motion sensor status",
        type: "number",
        states: [
          { text: "idle", value: 0 },
          { text: "Motion detection", value: 8 },
        ],
        value: 0,
      },
    ],
    ...extra,
  };
}

/** The devices `npm start` shows. */
export function demoNodes(): SimNode[] {
  return [
    binarySwitch(2, "Switch One"),
    dimmer(3, "Kitchen Light", { loc: "Kitchen" }),
    multisensor(4, "Office Sensor", { loc: "Office" }),
  ];
}
