// The shape control_entity, lock_entity and set_volume share: check the arguments, find the one
// exposed entity the name means, act on it, and say whether the device confirmed.
import type { z } from "zod";
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { LocalTool, LocalToolDefinition, ToolCallContext, ToolOutput } from "../types.js";
import { type ConfirmOptions, DEFAULT_CONFIRM_TIMEOUT_MS, findEntity, parseArgs } from "./home-entity.js";
import { inputSchemaOf } from "./input-schema.js";

export interface EntityAction<A extends { name: string }> {
  definition: Omit<LocalToolDefinition, "inputSchema">;
  /** The arguments, checked before anything runs; the model's schema is generated from it. */
  args: z.ZodObject & z.ZodType<A>;
  /** Which entities the name may mean: a domain, and what to call them in a refusal ("lock"). */
  target?: { domain: string; kind: string };
  act(
    entity: EntityView,
    args: A,
    run: { mirror: HomeMirror; timeoutMs: number; context: ToolCallContext },
  ): Promise<ToolOutput>;
}

export function entityActionTool<A extends { name: string }>(
  action: EntityAction<A>,
): (mirror: HomeMirror, options?: ConfirmOptions) => LocalTool {
  const definition: LocalToolDefinition = { ...action.definition, inputSchema: inputSchemaOf(action.args) };
  return (mirror, options = {}) => {
    const timeoutMs = options.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS;
    return {
      definition,
      executor: async (args, context) => {
        const parsed = parseArgs(definition.name, action.args, args);
        if (!parsed.ok) return parsed.output;
        const found = findEntity(mirror, parsed.value.name, {
          speakerDeviceId: context.deviceId,
          ...(action.target ?? {}),
        });
        if (!found.ok) return found.output;
        return action.act(found.entity, parsed.value, { mirror, timeoutMs, context });
      },
    };
  };
}

/**
 * "confirmed: X is on" with the state the device reported, or "sent, but X has not confirmed"
 * with what it still reports: never a success the device did not state.
 */
export function confirmationOutput(
  mirror: HomeMirror,
  entity: EntityView,
  after: EntityView | undefined,
  describe: (view: EntityView) => string = (view) => view.state,
): ToolOutput {
  const structuredContent = { entity_id: entity.entityId, name: entity.name, confirmed: after !== undefined };
  if (after) {
    return {
      text: `confirmed: ${entity.name} is ${describe(after)}`,
      structuredContent: { ...structuredContent, state: after.state },
    };
  }
  const now = mirror.entity(entity.entityId);
  return {
    text: `sent, but ${entity.name} has not confirmed${now ? ` (it still reports ${describe(now)})` : ""}`,
    structuredContent: { ...structuredContent, state: now?.state },
  };
}
