import { z } from "zod";
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { LocalToolDefinition, ToolExecutor } from "../types.js";
import { describeState } from "./get-entity-state.js";
import { failure, parseArgs, unavailable } from "./home-entity.js";
import { inputSchemaOf } from "./input-schema.js";

const MAX_RESULTS = 10;

const argsSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, "say what to look for")
    .describe('Words of the name, alias or area, e.g. "kitchen light"'),
  domain: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Only this domain, e.g. "light", "sensor", "media_player"'),
  area: z.string().trim().min(1).optional().describe("Only this area or floor"),
});

const definition: LocalToolDefinition = {
  name: "search_entities",
  description:
    "Find Home Assistant entities by name, alias or area: their entity id, name, area, state and unit.",
  inputSchema: inputSchemaOf(argsSchema),
  annotations: { title: "Search entities", readOnlyHint: true, idempotentHint: true },
};

/** The Z-Wave node (and the endpoint of one load of several) an entity is one identity with. */
export type ZwaveTargetOf = (view: EntityView) => { nodeId: number; endpoint?: number } | undefined;

/**
 * `search_entities {query, domain?, area?}`: ranked matches among the exposed entities. An entity
 * is marked as a Z-Wave node only where `zwaveTargetOf` (the identity join) says so: HA's claim
 * alone may be a stale device whose node id was reused (src/ha/zwave-twins.ts).
 */
export function searchEntitiesTool(
  mirror: HomeMirror,
  zwaveTargetOf: ZwaveTargetOf = () => undefined,
): {
  definition: LocalToolDefinition;
  executor: ToolExecutor;
} {
  const executor: ToolExecutor = async (args, context) => {
    const parsed = parseArgs(definition.name, argsSchema, args);
    if (!parsed.ok) return parsed.output;
    const down = unavailable(mirror);
    if (down) return down;
    const { query, domain, area } = parsed.value;
    const resolution = mirror.resolve(query, { domain, area, speakerDeviceId: context.deviceId });
    if (resolution.unknownArea)
      return failure("not_found", `There is no area or floor named "${resolution.unknownArea}".`);
    const views = resolution.matches
      .filter((m) => m.exposed)
      .slice(0, MAX_RESULTS)
      .map((m) => mirror.entity(m.entityId))
      .filter((v) => v !== undefined);
    if (views.length === 0) return failure("not_found", `No entity exposed to Assist matches "${query}".`);
    const stale = views[0]!.stale
      ? "\n(Home Assistant is not connected right now; states are the last known.)"
      : "";
    // A Z-Wave node is one device: listed once, by HA's entity, with the node id (and the
    // endpoint of one load of several) the Z-Wave tools take.
    const lines = views.map((v) => {
      const target = zwaveTargetOf(v);
      const node = target
        ? `, Z-Wave node ${target.nodeId}${target.endpoint ? `, endpoint ${target.endpoint}` : ""}`
        : "";
      return `- ${v.name}${v.area ? ` (${v.area.name})` : ""}: ${describeState(v)} [${v.entityId}${node}]`;
    });
    return {
      text: `${lines.join("\n")}${stale}`,
      structuredContent: {
        matches: views.map((v) => ({
          entity_id: v.entityId,
          name: v.name,
          area: v.area?.name ?? null,
          state: v.state,
          unit: v.unit ?? null,
          ...zwaveFields(zwaveTargetOf(v)),
        })),
      },
    };
  };
  return { definition, executor };
}

function zwaveFields(target: ReturnType<ZwaveTargetOf>) {
  if (!target) return {};
  return { zwave_node: target.nodeId, ...(target.endpoint ? { zwave_endpoint: target.endpoint } : {}) };
}
