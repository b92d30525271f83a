// The node list as Z-Wave JS UI's `getNodes` returns it (zwave-js-ui `api/lib/ZwaveClient.ts`, the `ZUINode` type), kept current from the value
// and node status topics — a collection (src/shared/collection.ts; docs/architecture.md, Caches
// kept current): fetched in full, then updated from messages, and a message that arrives while a
// fetch is in flight is applied again to what the fetch returns, which may be older.
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { createCollection } from "../../../shared/collection.js";
import { ZwaveToolError } from "../../errors.js";
import {
  productIds,
  valueKey,
  type DeviceClass,
  type ZwaveEndpoint,
  type ZwaveNode,
  type ZwaveValue,
} from "../../model.js";
import type { NodeListChange } from "../../transport.js";
import { TOPIC_STYLES, nodeTopic, parseValueTopic, valueTopic } from "./topics.js";

const valueSchema = z.looseObject({
  commandClass: z.number(),
  endpoint: z.number().optional(),
  property: z.union([z.string(), z.number()]),
  propertyKey: z.union([z.string(), z.number()]).nullish(),
  propertyName: z.string().nullish(),
  propertyKeyName: z.string().nullish(),
  label: z.string().nullish(),
  type: z.string().nullish(),
  unit: z.string().nullish(),
  min: z.number().nullish(),
  max: z.number().nullish(),
  readable: z.boolean().nullish(),
  writeable: z.boolean().nullish(),
  states: z.array(z.looseObject({ text: z.string(), value: z.unknown() })).nullish(),
  value: z.unknown().optional(),
  lastUpdate: z.number().nullish(),
});

/** `ZUIDeviceClass`: the numbers only. An endpoint whose class zwave-js does not know has none of them. */
const deviceClassSchema = z.looseObject({
  basic: z.number().int().nullish(),
  generic: z.number().int().nullish(),
  specific: z.number().int().nullish(),
});

/** `ZUIEndpoint` (zwave-js-ui api/lib/ZwaveClient.ts `_onNodeInterviewCompleted`). */
const endpointSchema = z.looseObject({
  index: z.number().int(),
  label: z.string().nullish(),
  deviceClass: deviceClassSchema.nullish(),
});

const nodeSchema = z.looseObject({
  id: z.number(),
  name: z.string().nullish(),
  loc: z.string().nullish(),
  status: z.string().nullish(),
  ready: z.boolean().nullish(),
  available: z.boolean().nullish(),
  virtual: z.boolean().nullish(),
  isControllerNode: z.boolean().nullish(),
  lastActive: z.number().nullish(),
  productLabel: z.string().nullish(),
  productDescription: z.string().nullish(),
  manufacturer: z.string().nullish(),
  manufacturerId: z.number().int().nullish(),
  productType: z.number().int().nullish(),
  productId: z.number().int().nullish(),
  deviceClass: deviceClassSchema.nullish(),
  endpoints: z.array(endpointSchema).nullish(),
  values: z.record(z.string(), valueSchema).nullish(),
});

function deviceClassOf(dc: z.infer<typeof deviceClassSchema> | null | undefined): DeviceClass | undefined {
  if (typeof dc?.basic !== "number" || typeof dc.generic !== "number" || typeof dc.specific !== "number")
    return undefined;
  return { basic: dc.basic, generic: dc.generic, specific: dc.specific };
}

/**
 * Z-Wave JS UI labels an endpoint with zwave-js's `endpointLabel` (the device config's), or with
 * "Root Endpoint" / "Endpoint <n>" when there is none: those say nothing, so they are no label.
 */
function endpointOf(e: z.infer<typeof endpointSchema>): ZwaveEndpoint {
  const generic = e.index === 0 ? "Root Endpoint" : `Endpoint ${e.index}`;
  const deviceClass = deviceClassOf(e.deviceClass);
  return {
    index: e.index,
    ...(e.label && e.label !== generic ? { label: e.label } : {}),
    ...(deviceClass ? { deviceClass } : {}),
  };
}

export const nodesSchema = z.array(nodeSchema);

export type ValueListener = (nodeId: number, value: ZwaveValue) => void;

type Indexed = { nodeId: number; key: string } | { nodeId: number; kind: "status" | "lastActive" };

export interface NodeCacheOptions {
  prefix: string;
  /** Calls `getNodes`; its result is validated here. */
  fetchNodes: () => Promise<unknown>;
  /**
   * The node list needs fetching again: a topic belongs to no known node (renamed or new), or a
   * node that was not ready has finished its interview (`ready` is only in `getNodes`).
   */
  onOutdated: () => void;
}

export interface NodeCache {
  /**
   * Fetches the node list in full. Resolves true once it has landed, false when `markStale` or a
   * newer fetch overtook it.
   */
  refresh(): Promise<boolean>;
  /**
   * Applies one MQTT message (while a fetch is in flight, also to what the fetch returns);
   * `decoded` is its value payload when the caller has decoded it already.
   */
  handleMessage(topic: string, payload: Buffer, decoded?: DecodedValue): void;
  nodes(): ZwaveNode[];
  node(id: number): ZwaveNode | undefined;
  /** The known value a topic carries, if it is a value topic of a known node. */
  valueAt(topic: string): { nodeId: number; value: ZwaveValue } | undefined;
  onValue(listener: ValueListener): () => void;
  /** After a message changed a node, or a full fetch landed. */
  onChange(listener: (change: NodeListChange) => void): () => void;
  /** False until the first `getNodes`, and after a reconnect or gateway restart until the next. */
  readonly synced: boolean;
  /** The gateway or the broker went away: a fetch in flight is dropped, and messages wait for the next. */
  markStale(): void;
  /** Forgets which topics the gateway has published (it restarted and starts a new topic map). */
  forgetPublished(): void;
}

/** The fetched list: the nodes, and every topic that names one of them or one of their values. */
interface NodeList {
  byId: Map<number, ZwaveNode>;
  index: Map<string, Indexed>;
}

/** One message as received; applied once, and once more to a fetch that was in flight. */
interface Message {
  topic: string;
  payload: Buffer;
  /** The first message on this topic since the gateway started (a replay of its cache, maybe). */
  firstTime: boolean;
  /** The value listeners have heard it: applying it again restores it silently. */
  told: boolean;
  /** Its payload as a value (decodeValuePayload), decoded once. */
  decoded?: DecodedValue;
}

export interface DecodedValue {
  value: unknown;
  time?: number;
}

/** Payload types 0 (`{time,value}`), 1 (the value object) and 2 (raw JSON) — zwave-js-ui `api/lib/Gateway.ts`, `PAYLOAD_TYPE`. */
export function decodeValuePayload(payload: Buffer): DecodedValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString());
  } catch {
    return { value: payload.toString() };
  }
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
    const o = parsed as Record<string, unknown>;
    if ("time" in o || ("commandClass" in o && "value" in o)) {
      const time =
        typeof o.lastUpdate === "number" ? o.lastUpdate : typeof o.time === "number" ? o.time : undefined;
      return { value: o.value, time };
    }
  }
  return { value: parsed };
}

/**
 * Whether a value message is older than what we hold, or repeats it: after a restart the gateway
 * republishes every cached value with its old `time`, once per topic (seen running Z-Wave JS UI
 * 11.22.2). Later messages are the device's: `time` stays old on some values (a setpoint, a target)
 * even when a write sets them. Raw payloads carry no `time` and cannot be told apart.
 */
function isReplay(
  held: ZwaveValue,
  value: unknown,
  time: number | undefined,
  firstSinceRestart: boolean,
): boolean {
  if (time === undefined || held.lastUpdate === undefined) return false;
  if (time < held.lastUpdate) return true;
  return firstSinceRestart && time === held.lastUpdate && isDeepStrictEqual(value, held.value);
}

export function createNodeCache(options: NodeCacheOptions): NodeCache {
  const { prefix } = options;
  let seenTopics = new Set<string>();
  const listeners = new Set<ValueListener>();
  const changeListeners = new Set<(change: NodeListChange) => void>();
  const changed = (change: NodeListChange) => changeListeners.forEach((listener) => listener(change));

  function toNode(raw: z.infer<typeof nodeSchema>): ZwaveNode {
    const values = new Map<string, ZwaveValue>();
    for (const v of Object.values(raw.values ?? {})) {
      const value: ZwaveValue = {
        key: "",
        commandClass: v.commandClass,
        endpoint: v.endpoint ?? 0,
        property: v.property,
        propertyKey: v.propertyKey ?? undefined,
        propertyName: v.propertyName ?? undefined,
        propertyKeyName: v.propertyKeyName ?? undefined,
        label: v.label ?? undefined,
        type: v.type ?? undefined,
        unit: v.unit ?? undefined,
        min: v.min ?? undefined,
        max: v.max ?? undefined,
        readable: v.readable ?? true,
        writeable: v.writeable ?? false,
        states: v.states ?? undefined,
        value: v.value,
        lastUpdate: v.lastUpdate ?? undefined,
      };
      value.key = valueKey(value);
      values.set(value.key, value);
    }
    const status = raw.status ?? "Unknown";
    return {
      id: raw.id,
      name: raw.name ?? "",
      loc: raw.loc ?? "",
      status,
      ready: raw.ready ?? true,
      available: raw.available ?? status !== "Dead",
      virtual: raw.virtual ?? false,
      isController: raw.isControllerNode ?? false,
      lastActive: raw.lastActive ?? undefined,
      productLabel: raw.productLabel ?? undefined,
      productDescription: raw.productDescription ?? undefined,
      manufacturer: raw.manufacturer ?? undefined,
      product: productIds(raw.manufacturerId, raw.productType, raw.productId),
      deviceClass: deviceClassOf(raw.deviceClass),
      endpoints: (raw.endpoints ?? []).map(endpointOf),
      values,
    };
  }

  /** Every topic any gateway style would use for these nodes, so the style need not be configured. */
  function indexOf(byId: Map<number, ZwaveNode>): Map<string, Indexed> {
    const index = new Map<string, Indexed>();
    for (const node of byId.values()) {
      for (const style of TOPIC_STYLES) {
        const base = `${prefix}/${nodeTopic(node, style)}`;
        index.set(`${base}/status`, { nodeId: node.id, kind: "status" });
        index.set(`${base}/lastActive`, { nodeId: node.id, kind: "lastActive" });
        for (const v of node.values.values())
          index.set(valueTopic(prefix, node, v, style), { nodeId: node.id, key: v.key });
      }
    }
    return index;
  }

  async function fetchList(): Promise<NodeList> {
    const parsed = nodesSchema.safeParse(await options.fetchNodes());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ZwaveToolError(
        "failed",
        `Z-Wave JS UI sent a node list this server cannot read (${issue?.path.join(".")}: ${issue?.message})`,
      );
    }
    const byId = new Map(parsed.data.map((raw) => [raw.id, toNode(raw)]));
    return { byId, index: indexOf(byId) };
  }

  /** Returns whether a node that was not ready has a new status (its interview ended: `ready` is only in getNodes). */
  function applyStatus(node: ZwaveNode, payload: Buffer): boolean {
    const before = node.status;
    const { value } = decodeValuePayload(payload);
    let status: unknown;
    try {
      status = (JSON.parse(payload.toString()) as { status?: unknown }).status;
    } catch {
      status = undefined;
    }
    if (typeof value === "boolean") node.available = value;
    if (typeof status === "string") node.status = status;
    else if (value === false) node.status = "Dead";
    else if (value === true && node.status === "Dead") node.status = "Alive";
    return !node.ready && node.status !== before;
  }

  function isNodeTopic(topic: string): boolean {
    if (!topic.startsWith(`${prefix}/`) || topic.endsWith("/set")) return false;
    const first = topic.slice(prefix.length + 1).split("/")[0];
    return first !== "_CLIENTS" && first !== "_EVENTS" && first !== "driver";
  }

  /** Only a value or node status topic hints at a rename or a new node; other traffic does not. */
  function looksLikeNodeTopic(topic: string): boolean {
    return (
      /\/(status|lastActive)$/.test(topic) ||
      parseValueTopic(topic, prefix, "valueid") !== undefined ||
      parseValueTopic(topic, prefix, "named") !== undefined
    );
  }

  /** Applies a message to a list; the second time (to a fetch that was in flight) without telling the listeners again. */
  function apply(list: NodeList, message: Message): void {
    const { topic, payload } = message;
    const hit = list.index.get(topic);
    const node = hit && list.byId.get(hit.nodeId);
    if (!hit || !node) {
      if (message.firstTime && looksLikeNodeTopic(topic)) options.onOutdated();
      return;
    }
    if ("kind" in hit) {
      if (hit.kind === "status") {
        if (applyStatus(node, payload)) options.onOutdated();
        changed({ nodeId: node.id });
        return;
      }
      const { value } = decodeValuePayload(payload);
      if (typeof value === "number") node.lastActive = value;
      return;
    }
    const v = node.values.get(hit.key);
    if (!v) return;
    const { value, time } = (message.decoded ??= decodeValuePayload(payload));
    if (isReplay(v, value, time, message.firstTime)) return;
    v.value = value;
    v.lastUpdate = time ?? Date.now();
    if (message.told) return;
    changed({ nodeId: node.id });
    message.told = true;
    for (const listener of listeners) listener(node.id, v);
  }

  const list = createCollection<NodeList, Message>({ fetch: fetchList, apply });

  return {
    async refresh() {
      if ((await list.refresh()) === undefined) return false;
      changed({ all: true });
      return true;
    },
    handleMessage(topic, payload, decoded) {
      if (!isNodeTopic(topic)) return;
      const firstTime = !seenTopics.has(topic);
      seenTopics.add(topic);
      list.update({ topic, payload, firstTime, told: false, ...(decoded ? { decoded } : {}) });
    },
    nodes: () => [...(list.state?.byId.values() ?? [])],
    node: (id) => list.state?.byId.get(id),
    valueAt(topic) {
      const hit = list.state?.index.get(topic);
      if (!hit || "kind" in hit) return undefined;
      const value = list.state?.byId.get(hit.nodeId)?.values.get(hit.key);
      return value && { nodeId: hit.nodeId, value };
    },
    onValue(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    get synced() {
      return list.synced;
    },
    markStale: () => list.stale(),
    forgetPublished() {
      seenTopics = new Set();
    },
  };
}
