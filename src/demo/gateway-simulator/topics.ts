// The gateway's topic names, written here on purpose separately from
// src/zwave/transports/mqtt/topics.ts, so that a mistake there cannot hide itself
// (zwave-js-ui api/lib/Gateway.ts, `nodeTopic` and `valueTopic`).
import { CC_LABELS } from "./command-classes.js";
import { sanitize, type Gateway } from "./gateway.js";
import type { LiveNode, LiveValue } from "./live-node.js";

export function nodeTopic(gateway: Gateway, node: LiveNode): string {
  const who =
    gateway.mode === "named" || gateway.nodeNames
      ? sanitize(node.name || `nodeID_${node.id}`)
      : String(node.id);
  return gateway.includeLocation && node.loc ? `${sanitize(node.loc)}/${who}` : who;
}

export function topicOfValue(gateway: Gateway, node: LiveNode, v: LiveValue): string {
  const noSlash = (p: string | number) => sanitize(String(p).replace(/\//g, "-"));
  const named = gateway.mode === "named";
  const parts = named
    ? [CC_LABELS[v.commandClass]?.[1] ?? `unknownClass_${v.commandClass}`, `endpoint_${v.endpoint}`]
    : [String(v.commandClass), String(v.endpoint)];
  parts.push(noSlash(named ? (v.propertyName ?? v.property) : v.property));
  if (v.propertyKey !== undefined) parts.push(noSlash(v.propertyKey));
  return [gateway.prefix, nodeTopic(gateway, node), ...parts].join("/");
}
