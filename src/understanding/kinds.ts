// What a kind of device named in a sentence covers, as Home Assistant's intent handlers match
// it: by domain and, for covers, by device class ("open the curtains" opens curtains, not the
// garage door). See `async_match_targets` in homeassistant/helpers/intent.py (home-assistant/core).
import type { EntityView } from "../ha/mirror.js";
import type { DeviceKind, FastIntent, StateWord } from "./grammar-types.js";

interface KindSpec {
  domains: readonly string[];
  /** When set, only entities with one of these device classes. */
  deviceClasses?: readonly string[];
  /** Domains that count, whatever their class, in questions ("are the doors locked": the locks). */
  alsoDomains?: readonly string[];
  /**
   * Device classes that count too in questions of being open or closed ("are the doors closed":
   * the garage door too; "are the doors locked": the locks only).
   */
  alsoClasses?: readonly string[];
  /** Also an entity of these domains whose name says it is of the kind, whatever its class. */
  namedBy?: RegExp;
}

const coverClass = (...deviceClasses: string[]): KindSpec => ({ domains: ["cover"], deviceClasses });
/** Windows, doors and garage doors are covers, or (for questions) sensors of their opening. */
const opening = (...deviceClasses: string[]): KindSpec => ({
  domains: ["cover", "binary_sensor"],
  deviceClasses,
});

export const KINDS: Record<DeviceKind, KindSpec> = {
  light: { domains: ["light"] },
  switch: { domains: ["switch", "input_boolean"] },
  // A plug, socket or outlet: what Home Assistant's switch device class `outlet` is. Asked about
  // ("are any plugs on"), every switch counts, as in HA's own question sentences.
  outlet: { domains: ["switch"], deviceClasses: ["outlet"], alsoDomains: ["switch"] },
  fan: { domains: ["fan"] },
  cover: { domains: ["cover", "valve"] },
  lock: { domains: ["lock"] },
  media_player: { domains: ["media_player"] },
  // HA's media player device classes are tv, speaker and receiver: "turn off the tv" must not turn
  // off a speaker, so a TV is a player of class tv, or one whose name says TV in a language we speak.
  tv: {
    domains: ["media_player"],
    deviceClasses: ["tv"],
    namedBy: /(?<!\p{L})(tv|telly|t[eé]l[eé])(?!\p{L})|fernseh|t[eé]l[eé]vis/iu,
  },
  scene: { domains: ["scene", "script"] },
  climate: { domains: ["climate"] },
  curtain: coverClass("curtain"),
  blind: coverClass("blind"),
  shade: coverClass("shade"),
  shutter: coverClass("shutter"),
  awning: coverClass("awning"),
  gate: coverClass("gate"),
  window: opening("window"),
  // A command for the door never opens the garage; "are all the doors closed" is not yes while it is open.
  door: { ...opening("door"), alsoDomains: ["lock"], alsoClasses: ["garage", "garage_door"] },
  garage: opening("garage", "garage_door"),
};

/** A garage door or a gate is no room's: said from a room that has none, it is the home's. */
export const OUTDOOR_KINDS: ReadonlySet<DeviceKind> = new Set(["garage", "gate"]);

/** The questions about a device's state, or a group's (answered again once "which one?" is). */
export const STATE_QUESTIONS: ReadonlySet<FastIntent> = new Set([
  "query_state",
  "query_any",
  "query_all",
  "query_which",
  "query_count",
  "query_position",
]);

/** A change up or down from where a level is: of a light's brightness, or of a speaker's volume. */
export const RELATIVE_INTENTS: ReadonlySet<FastIntent> = new Set([
  "brighten",
  "dim",
  "step_up",
  "step_down",
  "volume_up",
  "volume_down",
]);

/** The intents that change a speaker's sound: a volume, a song or the assistant's own voice is said with one. */
export const SOUND_INTENTS: ReadonlySet<FastIntent> = new Set([
  "volume_up",
  "volume_down",
  "set_volume",
  "mute",
  "unmute",
]);

/**
 * Which entry of a grammar's `allMeans` says what "all" of a kind is for an intent: switching on
 * and off their own; the sound ("mute all the speakers", "turn all the speakers up") its own.
 */
export function allMeansKey(intent: FastIntent): "turn_on" | "turn_off" | "sound" | undefined {
  if (intent === "turn_on" || intent === "turn_off") return intent;
  if (SOUND_INTENTS.has(intent) || intent === "step_up" || intent === "step_down" || intent === "set_level")
    return "sound";
  return undefined;
}

/** Kinds that are covers: what opens, closes, stops and takes a position (those of the cover domain). */
export const COVER_KINDS: ReadonlySet<DeviceKind> = new Set(
  (Object.keys(KINDS) as DeviceKind[]).filter((kind) => KINDS[kind].domains.includes("cover")),
);

/** Whether an entity is of the kind a sentence named; `asked`, the state a question names. */
export function isOfKind(entity: EntityView, kind: DeviceKind, question = false, asked?: StateWord): boolean {
  const spec = KINDS[kind];
  if (question && spec.alsoDomains?.includes(entity.domain)) return true;
  if (!spec.domains.includes(entity.domain)) return false;
  if (spec.namedBy?.test(entity.name)) return true;
  const deviceClass = String(entity.attributes.device_class ?? "");
  if (question && asked !== "locked" && asked !== "unlocked" && spec.alsoClasses?.includes(deviceClass))
    return true;
  return !spec.deviceClasses || spec.deviceClasses.includes(deviceClass);
}
