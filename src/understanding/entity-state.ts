// The state a question can ask about, read from an entity the way a person means it: a door
// sensor that is "on" is open, not on ("is the patio door open" → "yes, it is open").
import type { EntityView } from "../ha/mirror.js";
import type { StateWord } from "./grammar-types.js";
import { stateWordOf } from "./tool-results.js";

/** Binary sensors whose "on" means open (HA's BinarySensorDeviceClass). */
const OPENINGS = new Set(["door", "window", "garage_door", "opening"]);

export function stateOfEntity(
  entity: Pick<EntityView, "domain" | "state" | "attributes">,
  asked?: StateWord,
): StateWord | undefined {
  // A sensor of an opening, or any binary sensor asked whether it is open ("is the skylight open").
  const deviceClass = String(entity.attributes.device_class ?? "");
  const opening = OPENINGS.has(deviceClass) || (!deviceClass && (asked === "open" || asked === "closed"));
  if (entity.domain === "binary_sensor" && opening) {
    return entity.state === "on" ? "open" : entity.state === "off" ? "closed" : undefined;
  }
  const word = stateWordOf(entity.state);
  if (word || (asked !== "on" && asked !== "off") || !SWITCHED_OTHERWISE.has(entity.domain)) return word;
  // A speaker that plays or a radiator that heats is on ("is the thermostat on", "is everything
  // off"), which its own state word ("playing", "heat") does not say.
  if (NO_STATE.has(entity.state)) return undefined;
  return OFF_STATES.has(entity.state) ? "off" : "on";
}

/** Devices whose states are no plain on or off, and the states of theirs that are off. */
const SWITCHED_OTHERWISE = new Set([
  "media_player",
  "climate",
  "fan",
  "humidifier",
  "water_heater",
  "vacuum",
]);
const OFF_STATES = new Set(["off", "standby"]);
const NO_STATE = new Set(["unavailable", "unknown", ""]);

const FAMILY: Record<StateWord, number> = { on: 0, off: 0, open: 1, closed: 1, locked: 2, unlocked: 2 };

/** Whether a yes or no answers the question: "is it open" about something open or closed. */
export function sameFamily(a: StateWord, b: StateWord): boolean {
  return FAMILY[a] === FAMILY[b];
}

/**
 * The question's state in the family of the device's state: a lock asked whether it is closed
 * or open answers about locked or unlocked ("la porta è chiusa?"), as HA's handlers read it.
 */
export function askedAs(asked: StateWord, actual: StateWord): StateWord {
  if (FAMILY[actual] === 2 && FAMILY[asked] === 1) return asked === "closed" ? "locked" : "unlocked";
  return asked;
}
