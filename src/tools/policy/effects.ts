// What an action does to its target, in Home Assistant's vocabulary of domains and device
// classes, and which effects wait for the user's yes. This is the whole rule of the action
// policy (docs/architecture.md, "One action policy"): every path asks it, whatever tool or words
// carried the action.
//   - A lock: unlocking (and HA's `lock.open`, which unlatches) opens the home; locking secures it
//     and acts at once.
//   - A cover of device class garage, gate or door (home-assistant/core
//     homeassistant/components/cover/__init__.py `CoverDeviceClass`): opening it, or toggling it
//     while it is not open (a closed garage door toggles open).
//   - An alarm panel: disarming it.
// Whole-home and area commands ("everything", a bare area) act only on what is safe to switch as
// a group: lights, switches, fans, media players and input booleans.
import type { HaKind } from "../../zwave-host/ha-kind.js";
import type { HeldKind } from "./held.js";

/** What a call asks of its target, whatever the tool calls it. */
export type Act = "on" | "off" | "toggle" | "open" | "close" | "lock" | "unlock" | "disarm";

/** Cover device classes whose opening lets someone into the home. */
export const ENTRANCE_COVER_CLASSES: ReadonlySet<string> = new Set(["garage", "gate", "door"]);

/** States in which a cover (or a lock) is open: toggling it then closes (locks) it. */
const OPEN_STATES = new Set(["open", "opening"]);
const UNLOCKED_STATES = new Set(["unlocked", "unlocking", "open", "opening"]);

/** What the action does to the target, when it waits for a yes; undefined when it may act at once. */
export function heldEffect(kind: HaKind, act: Act, state?: string): HeldKind | undefined {
  switch (kind.domain) {
    case "lock":
      if (act === "unlock" || act === "open" || act === "off") return "unlock";
      // A toggle unlocks a lock that is not known to be unlocked already.
      if (act === "toggle") return state !== undefined && UNLOCKED_STATES.has(state) ? undefined : "unlock";
      return undefined;
    case "cover":
      if (!ENTRANCE_COVER_CLASSES.has(kind.deviceClass ?? "")) return undefined;
      if (act === "open" || act === "on") return "open";
      // Toggling a closed (or unknown) garage door opens it.
      if (act === "toggle") return state !== undefined && OPEN_STATES.has(state) ? undefined : "open";
      return undefined;
    case "alarm_control_panel":
      return act === "disarm" || act === "off" ? "disarm" : undefined;
    default:
      return undefined;
  }
}

/** Domains that "everything", "all" and a bare area may switch together. */
export const GROUP_SAFE_DOMAINS: ReadonlySet<string> = new Set([
  "light",
  "switch",
  "fan",
  "media_player",
  "input_boolean",
]);

/** Whether a target of this kind may be switched as part of a whole-home or area command. */
export function isGroupSafe(kind: HaKind): boolean {
  return GROUP_SAFE_DOMAINS.has(kind.domain);
}
