// The home the practice corpora are said in (bench/practice-corpora.bench.ts): rooms with several
// lights each, plugs as switches of device class outlet, speakers as media players, thermostats
// and radiators, covers, a lock and sensors, and a voice satellite in the living room that every
// sentence is heard by. Room names and aliases are the ones the corpora's speakers use ("washroom",
// "lounge"), so that a command naming a room has devices to act on.
import {
  areaRow,
  deviceRow,
  entityRow,
  floorRow,
  sampleHome,
  state,
  type FakeHome,
} from "../../test/support/ha-home.js";

/** The satellite every corpus sentence is heard by (HA's device id), and its area. */
export const SATELLITE = "living_room_satellite";
export const SATELLITE_AREA = "living_room";

/**
 * MediaPlayerEntityFeature (homeassistant/components/media_player/const.py): PAUSE | VOLUME_SET
 * | VOLUME_MUTE | TURN_ON | TURN_OFF | VOLUME_STEP | STOP | PLAY.
 */
const SPEAKER_FEATURES = 1 | 4 | 8 | 128 | 256 | 1024 | 4096 | 16384;
/** ClimateEntityFeature.TARGET_TEMPERATURE | TURN_OFF | TURN_ON. */
const CLIMATE_FEATURES = 1 | 128 | 256;

export interface PracticeEntity {
  id: string;
  name: string;
  area: string;
  state: string;
  attributes?: Record<string, unknown>;
  aliases?: string[];
}

/** Areas: id, name, floor, the other names people give them. */
export const AREAS: Array<{ id: string; name: string; floor: string; aliases: string[] }> = [
  { id: "living_room", name: "Living Room", floor: "ground", aliases: ["lounge", "sitting room"] },
  { id: "kitchen", name: "Kitchen", floor: "ground", aliases: [] },
  { id: "dining_room", name: "Dining Room", floor: "ground", aliases: [] },
  { id: "hallway", name: "Hallway", floor: "ground", aliases: ["hall", "entrance"] },
  { id: "garage", name: "Garage", floor: "ground", aliases: [] },
  { id: "bedroom", name: "Bedroom", floor: "upstairs", aliases: ["master bedroom"] },
  { id: "bathroom", name: "Bathroom", floor: "upstairs", aliases: ["washroom"] },
  { id: "office", name: "Office", floor: "upstairs", aliases: ["study"] },
];

const light = (on: boolean, percent = 0) => ({
  state: on ? "on" : "off",
  attributes: {
    supported_color_modes: ["brightness"],
    color_mode: on ? "brightness" : null,
    brightness: on ? Math.round((percent * 255) / 100) : null,
  },
});
const outlet = (on: boolean) => ({ state: on ? "on" : "off", attributes: { device_class: "outlet" } });
const speaker = (playing: boolean, volume: number) => ({
  state: playing ? "playing" : "idle",
  attributes: {
    volume_level: volume,
    is_volume_muted: false,
    supported_features: SPEAKER_FEATURES,
    device_class: "speaker",
  },
});
const heating = (target: number, current: number) => ({
  state: "heat",
  attributes: {
    hvac_modes: ["off", "heat"],
    temperature: target,
    current_temperature: current,
    min_temp: 7,
    max_temp: 30,
    target_temp_step: 0.5,
    supported_features: CLIMATE_FEATURES,
  },
});
const reading = (value: string, unit: string, device_class: string) => ({
  state: value,
  attributes: { unit_of_measurement: unit, device_class, state_class: "measurement" },
});

export const ENTITIES: PracticeEntity[] = [
  { id: "light.living_room_ceiling", name: "Living Room Ceiling", area: "living_room", ...light(true, 60) },
  { id: "light.floor_lamp", name: "Floor Lamp", area: "living_room", ...light(true, 40) },
  { id: "light.reading_lamp", name: "Reading Lamp", area: "living_room", ...light(false) },
  { id: "switch.tv_plug", name: "TV Plug", area: "living_room", ...outlet(true) },
  {
    id: "media_player.living_room_speaker",
    name: "Living Room Speaker",
    area: "living_room",
    ...speaker(true, 0.4),
  },
  {
    id: "climate.living_room_thermostat",
    name: "Living Room Thermostat",
    area: "living_room",
    ...heating(20, 19.5),
  },
  {
    id: "cover.living_room_blinds",
    name: "Living Room Blinds",
    area: "living_room",
    state: "open",
    attributes: { device_class: "blind", current_position: 100, supported_features: 15 },
  },
  {
    id: "sensor.living_room_temperature",
    name: "Living Room Temperature",
    area: "living_room",
    ...reading("19.5", "°C", "temperature"),
  },
  { id: "light.kitchen_ceiling", name: "Kitchen Ceiling", area: "kitchen", ...light(true, 80) },
  { id: "light.counter_lights", name: "Counter Lights", area: "kitchen", ...light(false) },
  { id: "switch.kitchen_plug", name: "Kitchen Plug", area: "kitchen", ...outlet(false) },
  { id: "climate.kitchen_radiator", name: "Kitchen Radiator", area: "kitchen", ...heating(19, 19) },
  {
    id: "sensor.kitchen_temperature",
    name: "Kitchen Temperature",
    area: "kitchen",
    ...reading("19", "°C", "temperature"),
  },
  { id: "light.dining_pendant", name: "Dining Pendant", area: "dining_room", ...light(false) },
  { id: "light.sideboard_lamp", name: "Sideboard Lamp", area: "dining_room", ...light(true, 50) },
  { id: "light.hallway_light", name: "Hallway Light", area: "hallway", ...light(true, 50) },
  { id: "light.porch_light", name: "Porch Light", area: "hallway", ...light(false) },
  {
    id: "lock.front_door",
    name: "Front Door",
    area: "hallway",
    state: "locked",
    attributes: { supported_features: 0 },
  },
  { id: "light.garage_light", name: "Garage Light", area: "garage", ...light(false) },
  { id: "switch.workbench_plug", name: "Workbench Plug", area: "garage", ...outlet(false) },
  {
    id: "cover.garage_door",
    name: "Garage Door",
    area: "garage",
    state: "closed",
    attributes: { device_class: "garage", supported_features: 3 },
  },
  { id: "light.bedroom_ceiling", name: "Bedroom Ceiling", area: "bedroom", ...light(false) },
  { id: "light.bedside_lamp", name: "Bedside Lamp", area: "bedroom", ...light(true, 30) },
  { id: "media_player.bedroom_speaker", name: "Bedroom Speaker", area: "bedroom", ...speaker(false, 0.25) },
  { id: "climate.bedroom_radiator", name: "Bedroom Radiator", area: "bedroom", ...heating(18, 18.5) },
  {
    id: "cover.bedroom_curtains",
    name: "Bedroom Curtains",
    area: "bedroom",
    state: "closed",
    attributes: { device_class: "curtain", current_position: 0, supported_features: 15 },
  },
  {
    id: "sensor.bedroom_humidity",
    name: "Bedroom Humidity",
    area: "bedroom",
    ...reading("52", "%", "humidity"),
  },
  { id: "light.bathroom_light", name: "Bathroom Light", area: "bathroom", ...light(false) },
  { id: "light.mirror_light", name: "Mirror Light", area: "bathroom", ...light(true, 45) },
  { id: "climate.bathroom_radiator", name: "Bathroom Radiator", area: "bathroom", ...heating(21, 20) },
  { id: "light.desk_lamp", name: "Desk Lamp", area: "office", ...light(true, 70) },
  { id: "light.office_ceiling", name: "Office Ceiling", area: "office", ...light(false) },
  { id: "switch.printer_plug", name: "Printer Plug", area: "office", ...outlet(false) },
  {
    id: "sensor.office_temperature",
    name: "Office Temperature",
    area: "office",
    ...reading("21", "°C", "temperature"),
  },
];

/** The home as the HA websocket fake serves it. */
export function practiceHome(): FakeHome {
  const home = sampleHome();
  home.floors = [floorRow("ground", "Ground Floor", 0, ["downstairs"]), floorRow("upstairs", "Upstairs", 1)];
  home.areas = AREAS.map((a) => areaRow(a.id, a.name, a.floor, a.aliases));
  home.devices = [deviceRow(SATELLITE, "Living Room Satellite", SATELLITE_AREA)];
  home.entities = ENTITIES.map((e) =>
    entityRow(e.id, { original_name: e.name, area_id: e.area, aliases: e.aliases ?? [], exposed: true }),
  );
  home.states = new Map(
    ENTITIES.map((e) => [e.id, state(e.state, { ...e.attributes, friendly_name: e.name })]),
  );
  home.legacyExposure = new Map();
  return home;
}

export const domainOf = (id: string) => id.slice(0, id.indexOf("."));

/** Entities of a domain (and device class) in the given areas; every area when none is given. */
export function entitiesOf(domain: string, areas?: string[], deviceClass?: string): PracticeEntity[] {
  return ENTITIES.filter(
    (e) =>
      domainOf(e.id) === domain &&
      (!areas || areas.includes(e.area)) &&
      (!deviceClass || e.attributes?.device_class === deviceClass),
  );
}

/** The area a spoken place names (name or alias, case-folded), if the home has it. */
export function areaNamed(spoken: string): string | undefined {
  const key = spoken
    .trim()
    .toLowerCase()
    .replace(/^the\s+/, "");
  return AREAS.find((a) => a.name.toLowerCase() === key || a.aliases.includes(key))?.id;
}
