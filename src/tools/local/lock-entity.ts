import { z } from "zod";
import type { HomeMirror } from "../../ha/mirror.js";
import type { LocalToolDefinition, ToolExecutor } from "../types.js";
import {
  callAndConfirm,
  type ConfirmOptions,
  DEFAULT_CONFIRM_TIMEOUT_MS,
  findEntity,
  parseArgs,
} from "./home-entity.js";
import { inputSchemaOf } from "./input-schema.js";

const argsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "name the lock")
    .describe('Name, alias or entity id of the lock, e.g. "Front Door"'),
  action: z.enum(["lock", "unlock"]),
});

const definition: LocalToolDefinition = {
  name: "lock_entity",
  description:
    "Locks or unlocks a Home Assistant lock. Unlocking opens the home to anyone: only do it when the user " +
    "clearly asked for it. The answer says whether the lock confirmed its new state.",
  inputSchema: inputSchemaOf(argsSchema),
  annotations: { title: "Lock or unlock", readOnlyHint: false, destructiveHint: true, idempotentHint: true },
};

/** `lock_entity {name, action}`: `lock.lock|unlock`, confirmed by the lock's reported state. */
export function lockEntityTool(
  mirror: HomeMirror,
  options: ConfirmOptions = {},
): { definition: LocalToolDefinition; executor: ToolExecutor } {
  const timeoutMs = options.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS;
  const executor: ToolExecutor = async (args, context) => {
    const parsed = parseArgs(definition.name, argsSchema, args);
    if (!parsed.ok) return parsed.output;
    const { name, action } = parsed.value;
    const found = findEntity(mirror, name, {
      domain: "lock",
      speakerDeviceId: context.deviceId,
      kind: "lock",
    });
    if (!found.ok) return found.output;
    const lock = found.entity;
    const wanted = action === "lock" ? "locked" : "unlocked";
    const done = await callAndConfirm(
      mirror,
      lock,
      { domain: "lock", service: action },
      (v) => v.state === wanted,
      timeoutMs,
      context.signal,
    );
    if (!done.ok) return done.output;
    const { after } = done;
    const structuredContent = { entity_id: lock.entityId, name: lock.name, confirmed: !!after };
    if (after) return { text: `confirmed: ${lock.name} is ${wanted}`, structuredContent };
    const now = mirror.entity(lock.entityId);
    return {
      text: `sent, but ${lock.name} has not confirmed${now ? ` (it still reports ${now.state})` : ""}`,
      structuredContent,
    };
  };
  return { definition, executor };
}
