// What Home Assistant's agent recognised (src/ha/recognition.ts), read as our own command: the
// intent as one of ours, and the entities its slots mean, found the way HA's intent handlers find
// them (home-assistant/core homeassistant/helpers/intent.py `async_match_targets`, and
// `ServiceIntentHandler`, where the name "all" matches every name): exposed to Assist, by name or
// alias, area, floor, domain and device class, a duplicate name settled by the speaker's area.
// The bridge then acts through its own tools and the action policy, with the satellite's area
// that `conversation/process` cannot carry.
import type { AreaView, EntityView, HomeMirror, SlotValue } from "../ha/mirror.js";
import { normalizeName } from "../spoken-name.js";
import type { FastIntent } from "./grammar-types.js";

export interface RecognizedAction {
  intent: FastIntent;
  level?: number;
  targets: EntityView[];
  /** A place the slots named, for the reply ("Turned off the lights in the Kitchen"). */
  place?: string;
  /** Only a place, no name, domain or class: acts only on what is safe to switch as a group. */
  whole: boolean;
  /** One device by its name (not a group). */
  named: boolean;
  /**
   * What the slots match in the whole home, when the speaker's area was taken because they name
   * no place: HA's templates for "all the lights in the house" give the same slots as "the
   * lights", so the sentence's own words decide (fast-path.ts `actOn`).
   */
  home?: EntityView[];
}

const list = (v: SlotValue | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map(String);

/** Intents that act on one domain whatever the slots say (as their handlers in HA core do). */
const IMPLIED_DOMAIN: Partial<Record<FastIntent, string>> = {
  set_level: "light",
  set_volume: "media_player",
};

/** HA's intents the bridge carries out itself, as its own. */
const INTENTS: Record<string, FastIntent> = {
  HassTurnOn: "turn_on",
  HassTurnOff: "turn_off",
  HassToggle: "toggle",
  HassLightSet: "set_level",
  HassSetVolume: "set_volume",
};

/** The entities exposed to Assist that HA's handler would match for these slots. */
export function entitiesForSlots(
  mirror: HomeMirror,
  slots: Record<string, SlotValue>,
  speakerDeviceId?: string,
): { entities: EntityView[]; ambiguousName: boolean; place?: string; speakersArea?: boolean } {
  const [rawName] = list(slots.name);
  const name = rawName !== undefined && rawName !== "all" ? normalizeName(rawName) : undefined;
  const areas = list(slots.area).map(normalizeName);
  const floors = list(slots.floor).map(normalizeName);
  const domains = list(slots.domain);
  const classes = list(slots.device_class);
  const knownAreas = mirror.areas();
  const inArea = (e: EntityView, wanted: string[], of: (a: AreaView) => string[]) => {
    const area = knownAreas.find((a) => a.id === e.area?.id);
    const names = area ? of(area) : [];
    return wanted.some((w) => names.includes(w));
  };
  const areaNames = (a: AreaView) => [a.id, a.name, ...a.aliases].map(normalizeName);
  const floorNames = (a: AreaView) =>
    a.floor ? [a.floor.id, a.floor.name, ...a.floor.aliases].map(normalizeName) : [];
  let entities = mirror.exposedEntities().filter((e) => {
    if (name !== undefined && ![e.name, ...e.aliases].some((n) => normalizeName(n) === name)) return false;
    if (areas.length && !inArea(e, areas, areaNames)) return false;
    if (floors.length && !inArea(e, floors, floorNames)) return false;
    if (domains.length && !domains.includes(e.domain)) return false;
    if (classes.length && !classes.includes(String(e.attributes.device_class ?? ""))) return false;
    return true;
  });
  let ambiguousName = false;
  // No name and no place ("Lichter", "turn on the lights"): the speaker's area, as HA's handler
  // and our fast path take it, never every fitting entity of the home. "all" is HA's whole home.
  const here =
    rawName === undefined && !areas.length && !floors.length && speakerDeviceId
      ? mirror.areaOfDevice(speakerDeviceId)
      : undefined;
  if (here)
    return {
      entities: entities.filter((e) => e.area?.id === here.id),
      ambiguousName,
      place: here.name,
      speakersArea: true,
    };
  if (name !== undefined && entities.length > 1) {
    // Two devices of one name: the one in the speaker's area, as HA prefers it; else not certain.
    const here = speakerDeviceId ? mirror.areaOfDevice(speakerDeviceId) : undefined;
    const inHere = here ? entities.filter((e) => e.area?.id === here.id) : [];
    if (inHere.length === 1) entities = inHere;
    else ambiguousName = true;
  }
  const [areaSlot] = list(slots.area);
  const place = areaSlot
    ? (knownAreas.find((a) => areaNames(a).includes(normalizeName(areaSlot)))?.name ?? areaSlot)
    : undefined;
  return { entities, ambiguousName, ...(place ? { place } : {}) };
}

/** HA's recognition as a command of ours, when it is one the bridge carries out; else undefined. */
export function recognizedAction(
  mirror: HomeMirror,
  intentName: string,
  slots: Record<string, SlotValue>,
  speakerDeviceId?: string,
): RecognizedAction | undefined {
  const intent = INTENTS[intentName];
  if (!intent) return undefined;
  const [level] = list(intentName === "HassLightSet" ? slots.brightness : slots.volume_level).map(Number);
  // A light set to a colour, or a volume without a level, is not ours to carry out.
  if ((intent === "set_level" || intent === "set_volume") && (level === undefined || Number.isNaN(level)))
    return undefined;
  const found = entitiesForSlots(mirror, slots, speakerDeviceId);
  // None in the speaker's area is said as such: HA's own process, which has no satellite, would
  // act on the whole home.
  if (found.ambiguousName || (!found.entities.length && !found.speakersArea)) return undefined;
  const named = list(slots.name).some((n) => n !== "all");
  const whole =
    !named && !list(slots.domain).length && !list(slots.device_class).length && intent !== "set_volume";
  const ofIntent = (list: EntityView[]) =>
    list.filter((e) => !IMPLIED_DOMAIN[intent] || e.domain === IMPLIED_DOMAIN[intent]);
  const home = found.speakersArea ? ofIntent(entitiesForSlots(mirror, slots).entities) : undefined;
  return {
    intent,
    ...(level !== undefined ? { level } : {}),
    ...(home ? { home } : {}),
    targets: ofIntent(found.entities),
    ...(found.place ? { place: found.place } : {}),
    whole,
    named,
  };
}
