// A simulated Z-Wave JS UI MQTT gateway, faithful to reference/zwave-mqtt.md §1–2: the demo runs it
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
  value?: unknown;
}

export interface SimNode {
  id: number;
  name: string;
  loc?: string;
  status?: NodeStatus;
  ready?: boolean;
  values: SimValue[];
  /** How long the device takes to report its new state after a write. */
  echoDelayMs?: number;
  /** false: the device takes writes but never reports back. */
  confirms?: boolean;
  /** The write fails at the radio; `writeValue` still answers success:true with status 2 (sheet §2.2). */
  failsWrites?: boolean;
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
}

export interface RecordedSet {
  topic: string;
  payload: string;
  /** Whether the gateway knew the topic; unknown topics are ignored as "No writeable valueId found". */
  accepted: boolean;
}

export interface RecordedApiCall {
  api: string;
  args: unknown;
}

export interface GatewaySimulator {
  clientId: string;
  prefix: string;
  /** The `/set`s the gateway received on value topics, oldest first (the latest 5,000–10,000). */
  publishedSets: RecordedSet[];
  /** The API requests it received, likewise bounded. */
  apiCalls: RecordedApiCall[];
  /** Gateway up (status true, answers) or down (status false, ignores everything). Up again republishes. */
  setOnline(online: boolean): Promise<void>;
  setNodeStatus(nodeId: number, status: NodeStatus): Promise<void>;
  /** Like `setNodeName`/`setNodeLocation`: later publishes use the new topics, old `/set` topics keep working. */
  renameNode(nodeId: number, name: string, loc?: string): Promise<void>;
  /** The device reports a value (a sensor reading, a switch flipped by hand). */
  setValue(nodeId: number, valueId: SimValueId, value: unknown): Promise<void>;
  valueOf(nodeId: number, valueId: SimValueId): unknown;
  /** The value topic the gateway currently uses for a value. */
  topicOf(nodeId: number, valueId: SimValueId): string;
  setNodeBehaviour(
    nodeId: number,
    behaviour: Pick<SimNode, "echoDelayMs" | "confirms" | "failsWrites">,
  ): void;
  stop(): Promise<void>;
}

export interface SimValueId {
  commandClass: number;
  endpoint?: number;
  property: string | number;
  propertyKey?: string | number;
}

interface LiveValue extends SimValue {
  endpoint: number;
  lastUpdate: number;
}

interface LiveNode extends Omit<SimNode, "values"> {
  status: NodeStatus;
  values: Map<string, LiveValue>;
  virtual: boolean;
  kind: "physical" | "broadcast" | "multicast";
  isControllerNode: boolean;
  lastActive: number;
  lastLevel: number;
  members?: number[];
}

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
  if (value.type === "number" && typeof v === "boolean") return v ? 0xff : (value.min ?? 0);
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
    const level = values.get("38-0-currentValue")?.value;
    return {
      ...n,
      status: n.status ?? "Alive",
      values,
      virtual: false,
      kind: "physical",
      isControllerNode: false,
      lastActive: Date.now(),
      lastLevel: typeof level === "number" && level > 0 ? level : 99,
      ...extra,
    };
  };
  nodes.set(1, live({ id: 1, name: "", values: [] }, { isControllerNode: true }));
  for (const n of options.nodes) nodes.set(n.id, live(n));
  if (options.virtualNodes ?? true) {
    const targets: SimValue[] = [
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
    nodes.set(
      255,
      live({ id: 255, name: "Broadcast", values: targets }, { virtual: true, kind: "broadcast" }),
    );
    const members = options.nodes.filter((n) => n.values.some((v) => v.commandClass === 38)).map((n) => n.id);
    nodes.set(
      4096,
      live({ id: 4096, name: "All Dimmers", values: targets }, { virtual: true, kind: "multicast", members }),
    );
  }

  // topic → value the gateway has published since it started; only these accept `/set` (sheet §1.5).
  let writable = new Map<string, { nodeId: number; key: string }>();
  let online = true;
  const publishedSets: RecordedSet[] = [];
  const apiCalls: RecordedApiCall[] = [];
  const timers = new Set<NodeJS.Timeout>();

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

  function payloadFor(node: LiveNode, v: LiveValue): string {
    if (payloadType === 2) return JSON.stringify(v.value);
    if (payloadType === 1) return JSON.stringify(valueObject(node, v));
    return JSON.stringify({ time: v.lastUpdate, value: v.value });
  }

  const client: MqttClient = await connectAsync(
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
  const noDelay = () => (client.stream as Socket).setNoDelay?.(true);
  noDelay();

  function publish(topic: string, payload: string, retain = true): Promise<unknown> {
    if (!client.connected) return Promise.resolve();
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

  async function publishAll(): Promise<void> {
    for (const node of nodes.values()) {
      if (node.isControllerNode || node.published === false) continue;
      if (!node.virtual) await publishStatus(node);
      for (const v of node.values.values()) await publishValue(node, v);
    }
  }

  async function announce(): Promise<void> {
    await publish(statusTopic, JSON.stringify({ value: online, time: Date.now() }));
    await publish(
      `${prefix}/_CLIENTS/${clientId}/version`,
      JSON.stringify({ value: "11.22.2", time: Date.now() }),
    );
    await publish(`${prefix}/driver/status`, "true");
  }

  async function report(node: LiveNode, v: LiveValue, value: unknown): Promise<void> {
    v.value = value;
    v.lastUpdate = Date.now();
    node.lastActive = v.lastUpdate;
    await publishValue(node, v);
  }

  /** Where the device reports a write: targetValue → currentValue, targetMode → currentMode, else itself. */
  function reportedValue(node: LiveNode, target: LiveValue): LiveValue {
    const prop = String(target.property);
    if (!prop.startsWith("target")) return target;
    const current = `current${prop.slice("target".length)}`;
    return node.values.get(keyOf({ ...target, property: current })) ?? target;
  }

  /** What zwave-js does with the value; returns false when the write fails. */
  function applyWrite(node: LiveNode, target: LiveValue, value: unknown): boolean {
    if (node.virtual) {
      const ids = node.kind === "broadcast" ? [...nodes.keys()] : (node.members ?? []);
      for (const id of ids) {
        const member = nodes.get(id);
        const v = member?.values.get(keyOf(target));
        if (member && !member.virtual && v) applyWrite(member, v, value);
      }
      return true;
    }
    if (node.status === "Dead" || node.failsWrites) return false;
    let written = value;
    if (target.property === "restorePrevious") {
      target = node.values.get("38-0-targetValue") ?? target;
      written = 0xff;
    }
    void report(node, target, written);
    if (node.confirms === false || node.status === "Asleep") return true;
    const reported = reportedValue(node, target);
    let level = written;
    if (target.commandClass === 38 && typeof written === "number") {
      level = written === 0xff ? node.lastLevel : Math.max(0, Math.min(99, written));
      if ((level as number) > 0) node.lastLevel = level as number;
    }
    const echo = () => void report(node, reported, level);
    if (!node.echoDelayMs) echo();
    else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        echo();
      }, node.echoDelayMs);
      timers.add(timer);
    }
    return true;
  }

  function onSet(topic: string, raw: string): void {
    const entry = writable.get(topic.slice(0, -"/set".length));
    const node = entry && nodes.get(entry.nodeId);
    let target = node?.values.get(entry?.key ?? "");
    // Writes to currentValue are redirected to targetValue (sheet §1.5).
    if (node && target && target.property === "currentValue") {
      const paired = node.values.get(keyOf({ ...target, property: "targetValue" }));
      if (paired) target = paired;
    }
    const accepted = !!(node && target && target.writeable);
    record(publishedSets, { topic, payload: raw, accepted });
    if (!node || !target || !accepted) return; // "No writeable valueId found"
    applyWrite(node, target, interpret(decodeIncoming(raw), target));
  }

  type ApiResult = { result: unknown } | { error: string };

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
        // Unlike `/set`, the API hands the value to zwave-js unparsed.
        const ok = applyWrite(node, target, value);
        // writeValue catches its own errors: a failed write is still success:true (sheet §2.2).
        return {
          result: ok ? { status: 255 } : { status: 2, message: "The node did not acknowledge the command" },
        };
      }
      case "pingNode": {
        const node = nodes.get(Number(args[0]));
        return { result: !!node && node.status !== "Dead" };
      }
      case "setNodeName":
        await renameNode(Number(args[0]), String(args[1]));
        return { result: true };
      case "setNodeLocation": {
        const node = nodes.get(Number(args[0]));
        if (node) await renameNode(node.id, node.name, String(args[1]));
        return { result: true };
      }
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
      ready: node.ready ?? true,
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
    record(apiCalls, { api, args });
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
  }

  client.on("message", (topic, payload) => {
    if (!online || !topic.endsWith("/set")) return;
    const raw = payload.toString();
    if (topic.startsWith(apiPrefix)) void onApi(topic, raw);
    else if (!topic.startsWith(`${prefix}/_CLIENTS/`)) onSet(topic, raw);
  });
  client.on("connect", () => {
    noDelay();
    // After a broker restart ZUI says it is back; retained values died with a non-persistent broker.
    void announce();
  });

  await client.subscribeAsync(`${prefix}/#`, { qos: 1 });
  await announce();
  await publishAll();

  function requireNode(nodeId: number): LiveNode {
    const node = nodes.get(nodeId);
    if (!node) throw new Error(`simulator has no node ${nodeId}`);
    return node;
  }

  function requireValue(nodeId: number, valueId: SimValueId): [LiveNode, LiveValue] {
    const node = requireNode(nodeId);
    const v = node.values.get(keyOf(valueId));
    if (!v) throw new Error(`simulator node ${nodeId} has no value ${keyOf(valueId)}`);
    return [node, v];
  }

  async function renameNode(nodeId: number, name: string, loc?: string): Promise<void> {
    const node = requireNode(nodeId);
    node.name = name;
    if (loc !== undefined) node.loc = loc;
    // ZUI republishes node status on the new topic; values move to it as they next change.
    await publishStatus(node);
  }

  return {
    clientId,
    prefix,
    publishedSets,
    apiCalls,
    async setOnline(up) {
      online = up;
      if (!up) {
        await publish(statusTopic, JSON.stringify({ value: false }));
        return;
      }
      writable = new Map();
      await announce();
      await publishAll();
    },
    async setNodeStatus(nodeId, status) {
      const node = requireNode(nodeId);
      node.status = status;
      if (status !== "Dead") node.lastActive = Date.now();
      await publishStatus(node);
    },
    renameNode,
    async setValue(nodeId, valueId, value) {
      const [node, v] = requireValue(nodeId, valueId);
      await report(node, v, value);
    },
    valueOf(nodeId, valueId) {
      return requireValue(nodeId, valueId)[1].value;
    },
    topicOf(nodeId, valueId) {
      const [node, v] = requireValue(nodeId, valueId);
      return topicOfValue(node, v);
    },
    setNodeBehaviour(nodeId, behaviour) {
      Object.assign(requireNode(nodeId), behaviour);
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await client.endAsync(true);
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
      {
        commandClass: 37,
        property: "targetValue",
        label: "Target value",
        type: "boolean",
        writeable: true,
        value: on,
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

export function thermostat(id: number, name: string, extra: Partial<SimNode> = {}, setpoint = 20): SimNode {
  return {
    id,
    name,
    productLabel: "Thermostat",
    values: [
      {
        commandClass: 64,
        property: "mode",
        label: "Thermostat mode",
        type: "number",
        writeable: true,
        states: [
          { text: "Off", value: 0 },
          { text: "Heat", value: 1 },
          { text: "Cool", value: 2 },
          { text: "Auto", value: 3 },
        ],
        value: 1,
      },
      {
        commandClass: 67,
        property: "setpoint",
        propertyKey: 1,
        propertyKeyName: "Heating",
        label: "Setpoint (Heating)",
        type: "number",
        unit: "°C",
        writeable: true,
        value: setpoint,
      },
      {
        commandClass: 49,
        property: "Air temperature",
        label: "Air temperature",
        type: "number",
        unit: "°C",
        value: 19.5,
      },
    ],
    ...extra,
  };
}

export function doorLock(id: number, name: string, extra: Partial<SimNode> = {}, locked = true): SimNode {
  const modes = [
    { text: "Unsecured", value: 0 },
    { text: "Secured", value: 255 },
  ];
  return {
    id,
    name,
    productLabel: "Door Lock",
    values: [
      {
        commandClass: 98,
        property: "currentMode",
        label: "Current lock mode",
        type: "number",
        states: modes,
        value: locked ? 255 : 0,
      },
      {
        commandClass: 98,
        property: "targetMode",
        label: "Target lock mode",
        type: "number",
        writeable: true,
        states: modes,
        value: locked ? 255 : 0,
      },
      { commandClass: 128, property: "level", label: "Battery level", type: "number", unit: "%", value: 64 },
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

/** Tests read the recent writes; the demo runs for days, so only the latest are kept. */
const RECORD_LIMIT = 10_000;

function record<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > RECORD_LIMIT) list.splice(0, list.length - RECORD_LIMIT / 2);
}
