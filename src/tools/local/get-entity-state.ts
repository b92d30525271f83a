import { z } from "zod";
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { LocalToolDefinition, ToolExecutor } from "../types.js";
import { findEntity, parseArgs } from "./home-entity.js";
import { inputSchemaOf } from "./input-schema.js";

const argsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "name the device or entity")
    .describe('Name, alias or entity id, e.g. "Office Temperature"'),
});

const definition: LocalToolDefinition = {
  name: "get_entity_state",
  description:
    "Read the current state of a Home Assistant entity (a light, sensor, switch, media player …) by name.",
  inputSchema: inputSchemaOf(argsSchema),
  annotations: { title: "Get entity state", readOnlyHint: true, idempotentHint: true },
};

/** The state in words: "21.5 °C", "on at 50 % brightness", "idle, volume 20 %". */
export function describeState(view: EntityView): string {
  const details: string[] = [];
  const { brightness, volume_level: volume } = view.attributes;
  if (view.domain === "light" && view.state === "on" && typeof brightness === "number") {
    details.push(`${Math.round((brightness / 255) * 100)} % brightness`);
  }
  if (typeof volume === "number") details.push(`volume ${Math.round(volume * 100)} %`);
  const value = view.unit ? `${view.state} ${view.unit}` : view.state;
  return details.length ? `${value} (${details.join(", ")})` : value;
}

/** `get_entity_state {name}`: one exposed entity's state, marked when it may be out of date. */
export function getEntityStateTool(mirror: HomeMirror): {
  definition: LocalToolDefinition;
  executor: ToolExecutor;
} {
  const executor: ToolExecutor = async (args, context) => {
    const parsed = parseArgs(definition.name, argsSchema, args);
    if (!parsed.ok) return parsed.output;
    const found = findEntity(mirror, parsed.value.name, { speakerDeviceId: context.deviceId });
    if (!found.ok) return found.output;
    const view = found.entity;
    const stale = view.stale
      ? " (Home Assistant is not connected right now, so this was the last known state)"
      : "";
    return {
      text: `${view.name} is ${describeState(view)}${stale}`,
      structuredContent: {
        entity_id: view.entityId,
        name: view.name,
        state: view.state,
        unit: view.unit,
        area: view.area?.name,
        attributes: view.attributes,
        last_changed: view.lastChanged,
        stale: view.stale,
      },
    };
  };
  return { definition, executor };
}
