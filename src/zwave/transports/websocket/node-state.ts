// zwave-js-server's node and value dumps turned into the tool layer's nodes and values.
import {
  productIds,
  valueKey,
  type DeviceClass,
  type ValueId,
  type ZwaveEndpoint,
  type ZwaveNode,
  type ZwaveValue,
} from "../../model.js";
import type { z } from "zod";
import type { metadataSchema, NodeState, nodeValueSchema } from "./messages.js";

const NODE_STATUS = ["Unknown", "Asleep", "Awake", "Dead", "Alive"] as const;

function nodeStatusName(status: number): string {
  return NODE_STATUS[status] ?? "Unknown";
}

type Metadata = z.infer<typeof metadataSchema>;

function valueIdOf(v: {
  commandClass: number;
  endpoint?: number | null;
  property: string | number;
  propertyKey?: string | number | null;
}): ValueId {
  const id: ValueId = { commandClass: v.commandClass, endpoint: v.endpoint ?? 0, property: v.property };
  if (v.propertyKey !== undefined && v.propertyKey !== null) id.propertyKey = v.propertyKey;
  return id;
}

/** A value from its id and metadata; `value` starts unknown until the driver reports one. */
export function toValue(
  r: z.infer<typeof nodeValueSchema>,
  metadata: Metadata | null | undefined,
): ZwaveValue {
  const id = valueIdOf(r);
  const value: ZwaveValue = {
    ...id,
    key: valueKey(id),
    propertyName: r.propertyName ?? undefined,
    propertyKeyName: r.propertyKeyName ?? undefined,
    readable: true,
    writeable: false,
    value: r.value,
  };
  applyMetadata(value, metadata);
  return value;
}

export function applyMetadata(value: ZwaveValue, metadata: Metadata | null | undefined): void {
  if (!metadata) return;
  value.label = metadata.label ?? undefined;
  value.type = metadata.type ?? undefined;
  value.unit = metadata.unit ?? undefined;
  value.min = metadata.min ?? undefined;
  value.max = metadata.max ?? undefined;
  value.readable = metadata.readable ?? true;
  value.writeable = metadata.writeable ?? false;
  value.states = metadata.states
    ? Object.entries(metadata.states).map(([k, text]) => ({
        text,
        value: /^-?\d+$/.test(k) ? Number(k) : k,
      }))
    : undefined;
}

function deviceClassOf(
  dc: { basic: { key: number }; generic: { key: number }; specific: { key: number } } | null | undefined,
): DeviceClass | undefined {
  return dc ? { basic: dc.basic.key, generic: dc.generic.key, specific: dc.specific.key } : undefined;
}

function endpointsOf(state: NodeState): ZwaveEndpoint[] {
  return (state.endpoints ?? []).map((e) => {
    const deviceClass = deviceClassOf(e.deviceClass);
    return {
      index: e.index,
      ...(e.endpointLabel ? { label: e.endpointLabel } : {}),
      ...(deviceClass ? { deviceClass } : {}),
    };
  });
}

export function toNode(state: NodeState): ZwaveNode {
  const status = nodeStatusName(state.status);
  const lastSeen =
    typeof state.lastSeen === "string" ? Date.parse(state.lastSeen) : (state.lastSeen ?? undefined);
  const values = new Map<string, ZwaveValue>();
  for (const raw of state.values ?? []) {
    const v = toValue(raw, raw.metadata);
    values.set(v.key, v);
  }
  return {
    id: state.nodeId,
    name: state.name ?? "",
    loc: state.location ?? "",
    status,
    ready: state.ready ?? false,
    available: status !== "Dead",
    virtual: false,
    isController: state.isControllerNode ?? false,
    lastActive: lastSeen !== undefined && Number.isFinite(lastSeen) ? lastSeen : undefined,
    productLabel: state.deviceConfig?.label ?? state.label ?? undefined,
    productDescription: state.deviceConfig?.description ?? undefined,
    manufacturer: state.deviceConfig?.manufacturer ?? undefined,
    product: productIds(state.manufacturerId, state.productType, state.productId),
    deviceClass: deviceClassOf(state.deviceClass),
    endpoints: endpointsOf(state),
    values,
  };
}
