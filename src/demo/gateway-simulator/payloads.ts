// The gateway's MQTT payloads: the value and node objects it sends (the `ZUINode` type of zwave-js-ui
// api/lib/ZwaveClient.ts), the three payload types of its value topics, and how it reads a `/set`.
import { RESTORE_PREVIOUS } from "../../zwave/multilevel-switch.js";
import { CC_LABELS } from "./command-classes.js";
import type { Gateway } from "./gateway.js";
import { keyOf, type LiveNode, type LiveValue } from "./live-node.js";

export function valueObject(node: LiveNode, v: LiveValue) {
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

const hex = (n: number) => `0x${n.toString(16).padStart(4, "0")}`;

/**
 * Its identity and endpoints as Z-Wave JS UI fills them in after the interview (zwave-js-ui
 * api/lib/ZwaveClient.ts `_onNodeInterviewCompleted`): the ids, `deviceId` "<mfr>-<productId>-
 * <productType>", every endpoint with zwave-js's label or "Root Endpoint" / "Endpoint <n>", and
 * device classes as numbers. JSON leaves out what zwave-js did not know.
 */
function identity(node: LiveNode) {
  const d = node.device;
  const known = d.manufacturerId !== undefined && d.productType !== undefined && d.productId !== undefined;
  const deviceClass = d.deviceClass ?? { basic: undefined, generic: undefined, specific: undefined };
  return {
    manufacturerId: d.manufacturerId,
    productType: d.productType,
    productId: d.productId,
    productDescription: d.productDescription,
    ...(known
      ? {
          deviceId: `${d.manufacturerId}-${d.productId}-${d.productType}`,
          hexId: `${hex(d.manufacturerId!)} ${hex(d.productType!)}-${hex(d.productId!)}`,
        }
      : {}),
    deviceClass,
    endpointsCount: d.endpoints?.length ?? 0,
    endpoints: [
      { index: 0, label: "Root Endpoint", deviceClass },
      ...(d.endpoints ?? []).map((e) => ({
        index: e.index,
        label: e.label ?? `Endpoint ${e.index}`,
        deviceClass: e.deviceClass ?? { basic: undefined, generic: undefined, specific: undefined },
      })),
    ],
  };
}

/** One node as `getNodes` returns it. */
export function nodeObject(node: LiveNode) {
  const values: Record<string, unknown> = {};
  for (const [key, v] of node.values) values[key] = valueObject(node, v);
  return {
    id: node.id,
    name: node.name,
    loc: node.loc ?? "",
    manufacturer: node.manufacturer ?? "Simulated",
    productLabel: node.productLabel ?? "",
    ...identity(node),
    status: node.status,
    // A node that died before its interview stays not ready, with no values (seen on Z-Wave JS UI 11.22.2).
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

/** JSON.stringify leaves out an undefined `value`, as the real gateway's payloads do. */
export function payloadFor(gateway: Gateway, node: LiveNode, v: LiveValue): string {
  if (gateway.payloadType === 2) return JSON.stringify(v.value ?? null);
  if (gateway.payloadType === 1) return JSON.stringify(valueObject(node, v));
  return JSON.stringify({ time: v.lastUpdate, value: v.value });
}

/** MqttClient._onMessageReceived: numbers first, then JSON, else the plain string. */
export function decodeIncoming(raw: string): unknown {
  if (!Number.isNaN(parseInt(raw))) return Number(raw);
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Gateway.parsePayload, the parts that matter for switches, dimmers, locks, thermostats. */
export function interpret(payload: unknown, value: LiveValue): unknown {
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
