// A held effect in words for a model, a log or an /mcp client (English, as tool texts are); what
// a person hears is worded by the path that asks, in the user's language.
import type { HeldEffect } from "./held.js";

const VERB: Record<HeldEffect["kind"], string> = {
  unlock: "unlocking",
  open: "opening",
  disarm: "disarming",
  destructive: "running",
  unknown: "acting on",
};

/** "unlocking Front Door and opening Garage Door" */
export function describeHeld(effects: readonly HeldEffect[]): string {
  const parts = effects.map((e) =>
    e.kind === "destructive"
      ? `running ${e.target} (it declares itself destructive)`
      : e.kind === "unknown"
        ? `acting on ${e.target} (the bridge does not know what it is)`
        : `${VERB[e.kind]} ${e.target}`,
  );
  return parts.length <= 1
    ? (parts[0] ?? "this action")
    : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
