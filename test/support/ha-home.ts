// The data behind the fake Home Assistant (ha-server.ts): registries, states and exposure, in the
// shapes Core 2026.9 sends (home-assistant/frontend src/data/*_registry.ts). `sampleHome()` is a small hand-made
// home for behaviour tests; `generateHome()` builds homes of any size for benchmarks.

export interface FloorRow {
  floor_id: string;
  name: string;
  aliases: string[];
  icon: string | null;
  level: number | null;
  created_at: number;
  modified_at: number;
}

export interface AreaRow {
  area_id: string;
  name: string;
  aliases: string[];
  floor_id: string | null;
  icon: string | null;
  labels: string[];
  picture: string | null;
  temperature_entity_id: string | null;
  humidity_entity_id: string | null;
  created_at: number;
  modified_at: number;
}

/** Regular devices carry every field; child devices (`parent_device_id` set) the reduced set. */
export type DeviceRow = Record<string, unknown> & {
  id: string;
  name: string | null;
  name_by_user: string | null;
  area_id: string | null;
  parent_device_id: string | null;
};

/** An entity registry entry with the extended fields (`aliases`), as `get_entries` returns it. */
export interface EntityRow {
  id: string;
  entity_id: string;
  unique_id: string;
  platform: string;
  device_id: string | null;
  area_id: string | null;
  config_entry_id: string | null;
  config_subentry_id: string | null;
  name: string | null;
  original_name: string | null;
  icon: string | null;
  disabled_by: string | null;
  hidden_by: string | null;
  entity_category: string | null;
  has_entity_name: boolean;
  translation_key: string | null;
  labels: string[];
  categories: Record<string, string>;
  options: Record<string, Record<string, unknown>>;
  aliases: string[];
  created_at: number;
  modified_at: number;
}

export interface FakeState {
  state: string;
  attributes: Record<string, unknown>;
  /** Epoch seconds. */
  lastChanged: number;
  lastUpdated: number;
  contextId: string;
}

export interface FakeHome {
  config: Record<string, unknown>;
  floors: FloorRow[];
  areas: AreaRow[];
  devices: DeviceRow[];
  /** Registry entries, including disabled ones. */
  entities: EntityRow[];
  states: Map<string, FakeState>;
  /** Assist exposure of entities with no registry entry (HA keeps those in its own store). */
  legacyExposure: Map<string, boolean>;
}

const T0 = 1_790_000_000;
let contextCounter = 0;
export function newContextId(): string {
  return `01KFAKE${(++contextCounter).toString(36).toUpperCase().padStart(19, "0")}`;
}

export function floorRow(floor_id: string, name: string, level: number, aliases: string[] = []): FloorRow {
  return { floor_id, name, aliases, icon: null, level, created_at: T0, modified_at: T0 };
}

export function areaRow(
  area_id: string,
  name: string,
  floor_id: string | null,
  aliases: string[] = [],
): AreaRow {
  return {
    area_id,
    name,
    aliases,
    floor_id,
    icon: null,
    labels: [],
    picture: null,
    temperature_entity_id: null,
    humidity_entity_id: null,
    created_at: T0,
    modified_at: T0,
  };
}

export function deviceRow(
  id: string,
  name: string,
  area_id: string | null,
  extra: Partial<DeviceRow> = {},
): DeviceRow {
  if (extra.parent_device_id) {
    return {
      id,
      parent_device_id: extra.parent_device_id,
      config_entry_id: "cfg_1",
      config_subentry_id: null,
      area_id,
      name,
      name_by_user: null,
      labels: [],
      identifiers: [["fake", id]],
      disabled_by: null,
      created_at: T0,
      modified_at: T0,
      ...extra,
    };
  }
  return {
    id,
    name,
    name_by_user: null,
    manufacturer: "Fake Co",
    model: "F1",
    model_id: null,
    sw_version: "1.0",
    hw_version: null,
    serial_number: null,
    area_id,
    labels: [],
    identifiers: [["fake", id]],
    connections: [],
    via_device_id: null,
    disabled_by: null,
    entry_type: null,
    configuration_url: null,
    config_entry_id: "cfg_1",
    config_subentry_id: null,
    created_at: T0,
    modified_at: T0,
    parent_device_id: null,
    config_entries: ["cfg_1"],
    config_entries_subentries: { cfg_1: [null] },
    primary_config_entry: "cfg_1",
    ...extra,
  };
}

export function entityRow(
  entity_id: string,
  fields: Partial<EntityRow> & { exposed?: boolean } = {},
): EntityRow {
  const { exposed, ...rest } = fields;
  return {
    id: `reg_${entity_id.replace(".", "_")}`,
    entity_id,
    unique_id: `uid_${entity_id}`,
    platform: "fake",
    device_id: null,
    area_id: null,
    config_entry_id: "cfg_1",
    config_subentry_id: null,
    name: null,
    original_name: null,
    icon: null,
    disabled_by: null,
    hidden_by: null,
    entity_category: null,
    has_entity_name: false,
    translation_key: null,
    labels: [],
    categories: {},
    options: exposed === undefined ? {} : { conversation: { should_expose: exposed } },
    aliases: [],
    created_at: T0,
    modified_at: T0,
    ...rest,
  };
}

/** The friendly name HA puts in a state's attributes. */
export function friendlyName(home: FakeHome, row: EntityRow): string {
  const own = row.name ?? row.original_name;
  if (row.has_entity_name && row.device_id) {
    const device = home.devices.find((d) => d.id === row.device_id);
    const deviceName = device?.name_by_user ?? device?.name;
    if (deviceName && !row.name) return own ? `${deviceName} ${own}` : deviceName;
  }
  return own ?? row.entity_id;
}

export function state(value: string, attributes: Record<string, unknown> = {}, at = T0): FakeState {
  return { state: value, attributes, lastChanged: at, lastUpdated: at, contextId: newContextId() };
}

function withFriendlyNames(home: FakeHome): FakeHome {
  for (const row of home.entities) {
    const s = home.states.get(row.entity_id);
    if (s) s.attributes = { ...s.attributes, friendly_name: friendlyName(home, row) };
  }
  return home;
}

const baseConfig = (): Record<string, unknown> => ({
  latitude: 52.37,
  longitude: 4.89,
  elevation: 5,
  radius: 100,
  unit_system: {
    length: "km",
    accumulated_precipitation: "mm",
    mass: "g",
    pressure: "Pa",
    temperature: "°C",
    volume: "L",
    wind_speed: "m/s",
  },
  location_name: "Test Home",
  time_zone: "Europe/Amsterdam",
  components: ["conversation", "light", "switch", "media_player", "sensor"],
  config_dir: "/config",
  allowlist_external_dirs: [],
  allowlist_external_urls: [],
  version: "2026.9.1",
  config_source: "storage",
  recovery_mode: false,
  safe_mode: false,
  state: "RUNNING",
  external_url: null,
  internal_url: null,
  currency: "EUR",
  country: "NL",
  language: "en",
});

/** MediaPlayerEntityFeature: VOLUME_SET | TURN_ON | TURN_OFF. */
export const MEDIA_VOLUME_SET = 4;
/** MediaPlayerEntityFeature.VOLUME_MUTE. */
export const MEDIA_VOLUME_MUTE = 8;
const MEDIA_FEATURES_WITH_VOLUME = 4 | 8 | 128 | 256;
const MEDIA_FEATURES_NO_VOLUME = 128 | 256;

/**
 * A small home with the awkward cases: two "Ceiling Light"s in different areas, an alias, a
 * has_entity_name entity, a child device inheriting its parent's area, a media player without
 * volume control, an entity hidden from Assist, one with no registry entry, a disabled one, and
 * two voice satellites (`device.kitchen_satellite`, `device.bedroom_satellite`).
 */
export function sampleHome(): FakeHome {
  const home: FakeHome = {
    config: baseConfig(),
    floors: [floorRow("ground", "Ground Floor", 0, ["downstairs"]), floorRow("upstairs", "Upstairs", 1)],
    areas: [
      areaRow("kitchen", "Kitchen", "ground", ["cookhouse"]),
      areaRow("living_room", "Living Room", "ground"),
      areaRow("bedroom", "Bedroom", "upstairs"),
      areaRow("office", "Office", "upstairs"),
      areaRow("garage", "Garage", null),
    ],
    devices: [
      deviceRow("kitchen_satellite", "Kitchen Satellite", "kitchen"),
      deviceRow("bedroom_satellite", "Bedroom Satellite", "bedroom"),
      deviceRow("kitchen_lamp", "Kitchen Lamp", "kitchen"),
      deviceRow("office_sensor", "Office Sensor", "office"),
      deviceRow("office_probe", "Office Probe", null, { parent_device_id: "office_sensor" }),
    ],
    entities: [
      entityRow("light.kitchen_light", {
        original_name: "Kitchen Light",
        area_id: "kitchen",
        aliases: ["counter lights"],
        exposed: true,
      }),
      entityRow("light.kitchen_ceiling", {
        original_name: "Ceiling Light",
        area_id: "kitchen",
        exposed: true,
      }),
      entityRow("light.bedroom_ceiling", {
        original_name: "Ceiling Light",
        area_id: "bedroom",
        exposed: true,
      }),
      entityRow("light.bedroom_light", { original_name: "Bedroom Light", area_id: "bedroom", exposed: true }),
      entityRow("light.kitchen_lamp", {
        device_id: "kitchen_lamp",
        has_entity_name: true,
        original_name: null,
        exposed: true,
      }),
      entityRow("switch.kettle", { original_name: "Kettle", area_id: "kitchen", exposed: true }),
      entityRow("switch.garage_door_opener", {
        original_name: "Garage Door Opener",
        area_id: "garage",
        exposed: false,
      }),
      entityRow("fan.bedroom_fan", { original_name: "Bedroom Fan", area_id: "bedroom", exposed: true }),
      entityRow("media_player.living_room_speaker", {
        original_name: "Living Room Speaker",
        area_id: "living_room",
        exposed: true,
      }),
      entityRow("media_player.kitchen_radio", {
        original_name: "Kitchen Radio",
        area_id: "kitchen",
        exposed: true,
      }),
      entityRow("sensor.office_temperature", {
        device_id: "office_sensor",
        has_entity_name: true,
        original_name: "Temperature",
        exposed: true,
      }),
      entityRow("sensor.office_probe_humidity", {
        device_id: "office_probe",
        has_entity_name: true,
        original_name: "Humidity",
        exposed: true,
      }),
      entityRow("sensor.kitchen_power", { original_name: "Kitchen Power", area_id: "kitchen" }),
      entityRow("sensor.old_sensor", { original_name: "Old Sensor", disabled_by: "user", exposed: true }),
    ],
    states: new Map([
      ["light.kitchen_light", state("off", { supported_color_modes: ["brightness"], brightness: null })],
      ["light.kitchen_ceiling", state("off", { supported_color_modes: ["brightness"], brightness: null })],
      ["light.bedroom_ceiling", state("on", { supported_color_modes: ["brightness"], brightness: 128 })],
      ["light.bedroom_light", state("off", { supported_color_modes: ["brightness"], brightness: null })],
      ["light.kitchen_lamp", state("off", { supported_color_modes: ["onoff"] })],
      ["switch.kettle", state("off")],
      ["switch.garage_door_opener", state("off")],
      ["fan.bedroom_fan", state("off")],
      [
        "media_player.living_room_speaker",
        state("idle", {
          volume_level: 0.2,
          is_volume_muted: false,
          supported_features: MEDIA_FEATURES_WITH_VOLUME,
        }),
      ],
      ["media_player.kitchen_radio", state("idle", { supported_features: MEDIA_FEATURES_NO_VOLUME })],
      [
        "sensor.office_temperature",
        state("21.5", { unit_of_measurement: "°C", device_class: "temperature", state_class: "measurement" }),
      ],
      ["sensor.office_probe_humidity", state("48", { unit_of_measurement: "%", device_class: "humidity" })],
      ["sensor.kitchen_power", state("120", { unit_of_measurement: "W", device_class: "power" })],
      ["light.porch", state("off", { friendly_name: "Porch Light", supported_color_modes: ["onoff"] })],
    ]),
    legacyExposure: new Map([["light.porch", true]]),
  };
  return withFriendlyNames(home);
}

export interface GenerateOptions {
  entities: number;
  devices?: number;
  areas?: number;
  floors?: number;
  /** How many entities are exposed to Assist (default: half). */
  exposed?: number;
}

const ROOMS = [
  "Kitchen",
  "Living Room",
  "Bedroom",
  "Office",
  "Bathroom",
  "Hallway",
  "Garage",
  "Dining Room",
  "Guest Room",
  "Laundry",
  "Basement",
  "Attic",
  "Nursery",
  "Study",
  "Porch",
  "Patio",
  "Pantry",
  "Gym",
  "Library",
  "Workshop",
];
const FLOORS = ["Ground Floor", "First Floor", "Second Floor", "Basement Level", "Attic Level"];
const KINDS: Array<{ domain: string; names: string[]; state: () => FakeState }> = [
  {
    domain: "light",
    names: ["Ceiling", "Lamp", "Spots", "Strip", "Pendant"],
    state: () => state("off", { brightness: null, supported_color_modes: ["brightness"] }),
  },
  { domain: "switch", names: ["Plug", "Heater", "Kettle", "Pump"], state: () => state("off") },
  {
    domain: "sensor",
    names: ["Temperature", "Humidity", "Power"],
    state: () => state("20.5", { unit_of_measurement: "°C", device_class: "temperature" }),
  },
  {
    domain: "binary_sensor",
    names: ["Motion", "Door", "Window"],
    state: () => state("off", { device_class: "motion" }),
  },
  {
    domain: "media_player",
    names: ["Speaker", "TV"],
    state: () => state("idle", { volume_level: 0.3, supported_features: MEDIA_FEATURES_WITH_VOLUME }),
  },
  { domain: "cover", names: ["Blinds"], state: () => state("closed") },
];

/**
 * A deterministic home of the given size: entities spread over devices, devices over areas,
 * areas over floors, names like "Kitchen Lamp 2". Entity ids are `<domain>.<area>_<kind>_<n>`.
 */
export function generateHome(options: GenerateOptions): FakeHome {
  const deviceCount = Math.max(1, options.devices ?? Math.ceil(options.entities / 5));
  const areaCount = options.areas ?? Math.min(40, Math.max(1, Math.ceil(options.entities / 12)));
  const floorCount = options.floors ?? Math.min(FLOORS.length, Math.max(1, Math.ceil(areaCount / 8)));
  const exposedCount = options.exposed ?? Math.floor(options.entities / 2);
  const home: FakeHome = {
    config: baseConfig(),
    floors: [],
    areas: [],
    devices: [],
    entities: [],
    states: new Map(),
    legacyExposure: new Map(),
  };
  for (let f = 0; f < floorCount; f++) home.floors.push(floorRow(`floor_${f}`, FLOORS[f]!, f));
  for (let a = 0; a < areaCount; a++) {
    const base = ROOMS[a % ROOMS.length]!;
    const round = Math.floor(a / ROOMS.length);
    const name = round === 0 ? base : `${base} ${round + 1}`;
    home.areas.push(areaRow(`area_${a}`, name, `floor_${a % floorCount}`));
  }
  for (let d = 0; d < deviceCount; d++) {
    const area = home.areas[d % areaCount]!;
    home.devices.push(deviceRow(`device_${d}`, `${area.name} Device ${d}`, area.area_id));
  }
  const used = new Map<string, number>();
  for (let e = 0; e < options.entities; e++) {
    const device = home.devices[e % deviceCount]!;
    const area = home.areas.find((a) => a.area_id === device.area_id)!;
    const kind = KINDS[e % KINDS.length]!;
    const base = `${area.name} ${kind.names[Math.floor(e / KINDS.length) % kind.names.length]}`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const name = n === 1 ? base : `${base} ${n}`;
    const entityId = `${kind.domain}.${name.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
    home.entities.push(
      entityRow(entityId, { original_name: name, device_id: device.id, exposed: e < exposedCount }),
    );
    home.states.set(entityId, kind.state());
  }
  return withFriendlyNames(home);
}
