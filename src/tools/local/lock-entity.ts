import { z } from "zod";
import { callAndConfirm } from "./home-entity.js";
import { confirmationOutput, entityActionTool } from "./entity-action.js";

/** `lock_entity {name, action}`: `lock.lock|unlock`, confirmed by the lock's reported state. */
export const lockEntityTool = entityActionTool({
  definition: {
    name: "lock_entity",
    description: "Locks or unlocks a Home Assistant lock. Unlock only when the user clearly asked.",
    annotations: {
      title: "Lock or unlock",
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    },
  },
  args: z.object({
    name: z
      .string()
      .trim()
      .min(1, "name the lock")
      .describe('Name, alias or entity id of the lock, e.g. "Front Door"'),
    action: z.enum(["lock", "unlock"]),
  }),
  target: { domain: "lock", kind: "lock" },
  async act(lock, { action }, { mirror, timeoutMs, context }) {
    const wanted = action === "lock" ? "locked" : "unlocked";
    const done = await callAndConfirm(
      mirror,
      lock,
      { domain: "lock", service: action },
      (v) => v.state === wanted,
      timeoutMs,
      context.signal,
    );
    return done.ok ? confirmationOutput(mirror, lock, done.after) : done.output;
  },
});
