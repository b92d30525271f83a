import { GROUP_SAFE_DOMAINS } from "../tools/policy/effects.js";
import type { FastIntent } from "./grammar-types.js";
import type { ZwaveTarget } from "../zwave-host/zwave-target.js";
import { ZWAVE_ANY, ZWAVE_COVERS, ZWAVE_LIGHTS, ZWAVE_LOCKS, ZWAVE_SWITCHES, type Scope } from "./targets.js";

/** What each intent may act on: Home Assistant domains, and which Z-Wave devices. */
const SWITCHABLE = [
  "light",
  "switch",
  "fan",
  "input_boolean",
  "media_player",
  "cover",
  "valve",
  "scene",
  "script",
  "lock",
  // A thermostat or an air conditioner by its name ("turn off the air conditioning"), as HA's
  // HassTurnOn and HassTurnOff switch it; never part of "everything".
  "climate",
];
/**
 * "Everything", "all" and a bare area switch only what the action policy deems safe to switch as
 * a group (src/tools/policy/effects.ts): never a lock, cover, garage door, gate, valve or alarm.
 */
const EVERYTHING = GROUP_SAFE_DOMAINS;
const NOTHING: ReadonlySet<string> = new Set();
export const COVERS = new Set(["cover", "valve"]);
const set = (...domains: string[]) => new Set(domains);
const none = () => false;

export function scopeFor(intent: FastIntent): Scope {
  switch (intent) {
    case "turn_on":
    case "turn_off":
    case "toggle": {
      const domains = set(...SWITCHABLE);
      // A Z-Wave thermostat turns off by its mode "Off"; on, only to a mode the sentence must say
      // (heat, cool …), so not by "turn on" (src/understanding/turn/turn.ts hands that on).
      const zwave =
        intent === "turn_off" ? (d: ZwaveTarget) => ZWAVE_ANY(d) || d.function === "thermostat" : ZWAVE_ANY;
      return { domain: (d) => domains.has(d), everything: EVERYTHING, zwave };
    }
    case "open":
    case "close":
      // A lock opens by unlocking ("öffne die Haustür"), as HA's handlers take it; unlocking
      // still waits for the user's yes.
      return {
        domain: (d) => COVERS.has(d) || d === "lock",
        everything: NOTHING,
        zwave: (d) => ZWAVE_LOCKS(d) || ZWAVE_COVERS(d),
      };
    case "query_position":
    case "set_position":
      return { domain: (d) => d === "cover", everything: NOTHING, zwave: ZWAVE_COVERS };
    case "set_color":
      return { domain: (d) => d === "light", everything: set("light"), zwave: ZWAVE_LIGHTS };
    case "lock":
    case "unlock":
      return { domain: (d) => d === "lock", everything: NOTHING, zwave: ZWAVE_LOCKS };
    case "set_level":
    case "brighten":
    case "dim":
      return { domain: (d) => d === "light", everything: set("light"), zwave: ZWAVE_SWITCHES };
    case "stop":
      // A fan stops by turning off; a cover halts where it is.
      return {
        domain: (d) => d === "fan" || d === "cover",
        everything: set("fan"),
        zwave: (d) => d.function === "fan" || ZWAVE_COVERS(d),
      };
    case "set_volume":
    case "volume_up":
    case "volume_down":
    case "mute":
    case "unmute":
      return {
        domain: (d) => d === "media_player",
        everything: set("media_player"),
        zwave: none,
        sound: true,
      };
    case "step_up":
    case "step_down":
      // Up or down of what has a level: a light's brightness, a speaker's volume, a cover's position
      // ("raise the shutter", "open it a bit"). Said of everything, only lights.
      return {
        domain: (d) => d === "light" || d === "media_player" || d === "cover",
        everything: set("light"),
        zwave: (d) => ZWAVE_SWITCHES(d) || ZWAVE_COVERS(d),
      };
    default:
      return { domain: () => true, everything: EVERYTHING, zwave: () => true };
  }
}
