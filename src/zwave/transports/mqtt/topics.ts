// How Z-Wave JS UI names its MQTT value topics (zwave-js-ui `api/lib/Gateway.ts`, `valueTopic`). Topics are
// built from a ValueID in `valueTopic` only, and parsed back in `parseValueTopic` only.
import type { ValueId } from "../../model.js";

/** ValueID topics use CC numbers and `property`; Named topics use CC names and `propertyName`. */
export type TopicMode = "valueid" | "named";

export interface TopicStyle {
  mode: TopicMode;
  /** ValueID mode only: the node's name (or `nodeID_<id>`) instead of the bare id. */
  nodeNames: boolean;
  /** The node's location is put in front when it has one (gateway `ignoreLoc` off). */
  includeLocation: boolean;
}

/** Every style a gateway can be configured with; the observed topics tell which one is in use. */
export const TOPIC_STYLES: readonly TopicStyle[] = [
  { mode: "valueid", nodeNames: true, includeLocation: true },
  { mode: "valueid", nodeNames: true, includeLocation: false },
  { mode: "valueid", nodeNames: false, includeLocation: true },
  { mode: "valueid", nodeNames: false, includeLocation: false },
  { mode: "named", nodeNames: true, includeLocation: true },
  { mode: "named", nodeNames: true, includeLocation: false },
];

export interface TopicNode {
  id: number;
  name?: string;
  loc?: string;
}

/** A value as the topic needs it: Named mode uses the propertyName. */
export type TopicValue = ValueId & { propertyName?: string };

/** Z-Wave JS UI's Named-mode CC names (legacy OpenZWave snake_case, `Constants.commandClass()`). */
const CC_NAMES: Readonly<Record<number, string>> = {
  32: "basic",
  37: "switch_binary",
  38: "switch_multilevel",
  39: "switch_all",
  43: "scene_activation",
  48: "sensor_binary",
  49: "sensor_multilevel",
  50: "meter",
  51: "color",
  64: "thermostat_mode",
  66: "thermostat_operating_state",
  67: "thermostat_setpoint",
  68: "thermostat_fan_mode",
  69: "thermostat_fan_state",
  91: "central_scene",
  98: "door_lock",
  99: "user_code",
  102: "barrier_operator",
  112: "configuration",
  113: "notification",
  114: "manufacturer_specific",
  117: "protection",
  121: "sound_switch",
  128: "battery",
  132: "wake_up",
  134: "version",
  135: "indicator",
};
const CC_NUMBERS = new Map(Object.entries(CC_NAMES).map(([n, name]) => [name, Number(n)]));

export function commandClassTopicName(commandClass: number): string {
  return CC_NAMES[commandClass] ?? `unknownClass_${commandClass}`;
}

function commandClassFromTopicName(name: string): number | undefined {
  const known = CC_NUMBERS.get(name);
  if (known !== undefined) return known;
  const unknown = /^unknownClass_(\d+)$/.exec(name);
  return unknown ? Number(unknown[1]) : undefined;
}

/** ZUI deletes (not replaces) disallowed characters and keeps `/`, which adds topic levels. */
export function sanitizeTopic(part: string): string {
  return part.replace(/\s/g, "_").replace(/[^A-Za-z0-9\-_À-ÖØ-öø-ÿ/]/g, "");
}

/** Properties and keys may not add levels: ZUI turns their `/` into `-` first. */
function propertyPart(part: string | number): string {
  return sanitizeTopic(String(part).replace(/\//g, "-"));
}

/** The node's part of its topics: `[<loc>/]<name | nodeID_<id> | id>`. */
export function nodeTopic(node: TopicNode, style: TopicStyle): string {
  const named = style.mode === "named" || style.nodeNames;
  const who = named ? sanitizeTopic(node.name ? node.name : `nodeID_${node.id}`) : String(node.id);
  return style.includeLocation && node.loc ? `${sanitizeTopic(node.loc)}/${who}` : who;
}

export function valueTopic(prefix: string, node: TopicNode, value: TopicValue, style: TopicStyle): string {
  const parts =
    style.mode === "named"
      ? [
          commandClassTopicName(value.commandClass),
          `endpoint_${value.endpoint}`,
          propertyPart(value.propertyName ?? value.property),
        ]
      : [String(value.commandClass), String(value.endpoint), propertyPart(value.property)];
  if (value.propertyKey !== undefined) parts.push(propertyPart(value.propertyKey));
  return [prefix, nodeTopic(node, style), ...parts].join("/");
}

export interface ParsedValueTopic {
  /** The node's part of the topic (`[<loc>/]<node>`). */
  node: string;
  /** As the topic spells it: sanitised property, and a numeric key as a number. */
  valueId: ValueId;
}

const INTEGER = /^\d+$/;

function topicKey(part: string): string | number {
  return INTEGER.test(part) ? Number(part) : part;
}

/**
 * The inverse of `valueTopic`. Whether a propertyKey is present can only be told from the shape of
 * the topic, so when both readings fit, `knownNodes` (node parts of known nodes) decides; failing
 * that, a non-numeric property wins (numeric keys are common, numeric properties are rare).
 */
export function parseValueTopic(
  topic: string,
  prefix: string,
  mode: TopicMode,
  knownNodes?: ReadonlySet<string>,
): ParsedValueTopic | undefined {
  if (!topic.startsWith(`${prefix}/`)) return undefined;
  const parts = topic.slice(prefix.length + 1).split("/");
  const readings: ParsedValueTopic[] = [];
  for (const tail of [4, 3]) {
    if (parts.length <= tail) continue;
    const [cc, ep, property, key] = parts.slice(parts.length - tail);
    if (cc === undefined || ep === undefined || property === undefined || property === "") continue;
    const commandClass =
      mode === "named" ? commandClassFromTopicName(cc) : INTEGER.test(cc) ? Number(cc) : undefined;
    const endpointMatch =
      mode === "named" ? /^endpoint_(\d+)$/.exec(ep)?.[1] : INTEGER.test(ep) ? ep : undefined;
    if (commandClass === undefined || endpointMatch === undefined) continue;
    const valueId: ValueId = { commandClass, endpoint: Number(endpointMatch), property: topicKey(property) };
    if (key !== undefined) valueId.propertyKey = topicKey(key);
    readings.push({ node: parts.slice(0, parts.length - tail).join("/"), valueId });
  }
  if (knownNodes) {
    const known = readings.find((r) => knownNodes.has(r.node));
    if (known) return known;
  }
  return readings.find((r) => typeof r.valueId.property === "string") ?? readings[0];
}
