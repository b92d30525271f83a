// The endpoints of a node that people name and act on, each with what it is for
// (src/zwave/functions.ts) and a name they can say; and the values of one endpoint.
//
// A node with one useful endpoint goes by the node's name, as before. A node with several (a double
// relay, a fan-and-light controller) names each: the node's name and the label its device config
// gives the endpoint ("Smart Plug Outlet 2", zwave-js `Endpoint.endpointLabel`, which both Z-Wave
// JS UI and @zwave-js/server pass on), else the node's name and the endpoint's number ("Double
// Relay 2", how Home Assistant names such entities: "Double Relay (2)", zwave_js/entity.py).
import { endpointRoles, type EndpointRole } from "./functions.js";
import type { ZwaveNode, ZwaveValue } from "./model.js";
import { displayName } from "./name-resolver.js";

export interface NamedEndpoint extends EndpointRole {
  /** What people call it. */
  name: string;
}

/**
 * The endpoints worth naming: those with a function, lowest first. A node with none (it died before
 * its interview, or it is nothing this server knows) has its root, as `other`, so it can still be
 * named and told about.
 */
export function namedEndpoints(node: ZwaveNode): readonly NamedEndpoint[] {
  const held = named.get(node);
  if (held && sameShape(held, node)) return held.endpoints;
  const endpoints = nameEndpoints(node);
  named.set(node, {
    name: node.name,
    endpointList: node.endpoints,
    deviceClass: node.deviceClass,
    product: node.product,
    valueKeys: [...node.values.keys()],
    endpoints,
  });
  return endpoints;
}

/**
 * What `namedEndpoints` found for a node, with what it read it from. Every tool call looks names up
 * among all devices and every state event describes a device, while what decides an endpoint's
 * role changes only when the node is fetched again (a rename, an interview's end: a new node
 * object) or a value comes or goes; a report of a new value changes none of it.
 */
interface Named {
  name: string;
  endpointList: ZwaveNode["endpoints"];
  deviceClass: ZwaveNode["deviceClass"];
  product: ZwaveNode["product"];
  /** The node's value keys in their order: a value added or removed changes the sequence. */
  valueKeys: string[];
  endpoints: readonly NamedEndpoint[];
}
const named = new WeakMap<ZwaveNode, Named>();

function sameShape(held: Named, node: ZwaveNode): boolean {
  if (
    held.name !== node.name ||
    held.endpointList !== node.endpoints ||
    held.deviceClass !== node.deviceClass ||
    held.product !== node.product ||
    held.valueKeys.length !== node.values.size
  )
    return false;
  let i = 0;
  for (const key of node.values.keys()) if (key !== held.valueKeys[i++]) return false;
  return true;
}

function nameEndpoints(node: ZwaveNode): readonly NamedEndpoint[] {
  const roles = endpointRoles(node);
  const useful = roles.filter((r) => r.function !== "other");
  const nodeName = displayName(node);
  if (useful.length === 0) {
    const root = roles.find((r) => r.index === 0) ?? { index: 0, function: "other", commandClasses: [] };
    return [{ ...root, function: "other", name: nodeName }];
  }
  if (useful.length === 1) return [{ ...useful[0]!, name: nodeName }];
  return useful.map((r) => ({
    ...r,
    name: r.label ? `${nodeName} ${r.label}` : r.index === 0 ? nodeName : `${nodeName} ${r.index}`,
  }));
}

/** A value of one endpoint by command class and property (no property key). */
export function valueOn(
  node: ZwaveNode,
  endpoint: number,
  commandClass: number,
  property: string,
): ZwaveValue | undefined {
  for (const v of node.values.values()) {
    if (
      v.endpoint === endpoint &&
      v.commandClass === commandClass &&
      v.property === property &&
      v.propertyKey === undefined
    )
      return v;
  }
  return undefined;
}

/** Every value of one endpoint. */
export function valuesOn(node: ZwaveNode, endpoint: number): ZwaveValue[] {
  return [...node.values.values()].filter((v) => v.endpoint === endpoint);
}
