// A home as a multilingual household names it: areas, floors and devices with aliases in
// English, German, French, Spanish, Dutch and Italian, and one of each kind the fast path
// handles (lights, switches, a fan, covers, a lock, a scene, a speaker, sensors, a thermostat).
// Used by the fast-path tests and the corpus benchmark (bench/fast-path-corpus.bench.ts).
import {
  areaRow,
  deviceRow,
  entityRow,
  floorRow,
  MEDIA_VOLUME_MUTE,
  MEDIA_VOLUME_SET,
  sampleHome,
  state,
  type FakeHome,
} from "./ha-home.js";

const A = (...names: string[]) => names;

export function corpusHome(): FakeHome {
  const home = sampleHome();
  home.floors = [
    floorRow(
      "ground",
      "Ground Floor",
      0,
      A("downstairs", "Erdgeschoss", "rez-de-chaussée", "planta baja", "begane grond", "piano terra"),
    ),
    floorRow(
      "upstairs",
      "Upstairs",
      1,
      A("first floor", "Obergeschoss", "étage", "planta de arriba", "bovenverdieping", "piano di sopra"),
    ),
  ];
  home.areas = [
    areaRow("kitchen", "Kitchen", "ground", A("Küche", "cuisine", "cocina", "keuken", "cucina")),
    areaRow(
      "living_room",
      "Living Room",
      "ground",
      A("Wohnzimmer", "salon", "salón", "woonkamer", "soggiorno"),
    ),
    areaRow("office", "Office", "upstairs", A("Büro", "bureau", "oficina", "kantoor", "ufficio")),
    areaRow(
      "bedroom",
      "Bedroom",
      "upstairs",
      A(
        "Schlafzimmer",
        "chambre",
        "dormitorio",
        "slaapkamer",
        "camera da letto",
        "camera",
        "stanza da letto",
      ),
    ),
    areaRow("garage", "Garage", null, A("garaje", "autorimessa")),
    areaRow("hallway", "Hallway", "ground", A("Flur", "entrée", "pasillo", "gang", "ingresso")),
  ];
  home.devices = [
    deviceRow("kitchen_satellite", "Kitchen Satellite", "kitchen"),
    deviceRow("office_satellite", "Office Satellite", "office"),
    deviceRow("bedroom_satellite", "Bedroom Satellite", "bedroom"),
  ];
  const e = (id: string, name: string, area: string, aliases: string[] = [], exposed = true) =>
    entityRow(id, { original_name: name, area_id: area, aliases, exposed });
  home.entities = [
    e(
      "light.kitchen_ceiling",
      "Ceiling Light",
      "kitchen",
      A("Deckenlicht", "plafonnier", "luz del techo", "plafondlamp", "plafoniera"),
    ),
    e(
      "light.counter_lights",
      "Counter Lights",
      "kitchen",
      A(
        "Arbeitsplattenlicht",
        "lumière du plan de travail",
        "luz de la encimera",
        "aanrechtverlichting",
        "luce del piano di lavoro",
      ),
    ),
    e(
      "light.living_room_lamp",
      "Living Room Lamp",
      "living_room",
      A("Wohnzimmerlampe", "lampe du salon", "lámpara del salón", "woonkamerlamp", "lampada del soggiorno"),
    ),
    e(
      "light.bedroom_light",
      "Bedroom Light",
      "bedroom",
      A(
        "Schlafzimmerlicht",
        "lumière de la chambre",
        "luz del dormitorio",
        "slaapkamerlamp",
        "luce della camera",
      ),
    ),
    e(
      "light.desk_lamp",
      "Desk Lamp",
      "office",
      A(
        "Schreibtischlampe",
        "lampe de bureau",
        "lámpara del escritorio",
        "bureaulamp",
        "lampada della scrivania",
      ),
    ),
    e("light.attic_light", "Attic Light", "hallway", [], false),
    e(
      "switch.kettle",
      "Kettle",
      "kitchen",
      A("Wasserkocher", "bouilloire", "hervidor", "waterkoker", "bollitore"),
    ),
    e(
      "switch.office_heater",
      "Office Heater",
      "office",
      A("Heizlüfter", "radiateur", "calefactor", "kacheltje", "stufetta"),
    ),
    e(
      "fan.bedroom_fan",
      "Bedroom Fan",
      "bedroom",
      A("Ventilator", "ventilateur", "ventilador", "ventilatore"),
    ),
    e(
      "cover.bedroom_blinds",
      "Bedroom Blinds",
      "bedroom",
      A("Rollladen", "volets", "persianas", "rolluiken", "tapparelle"),
    ),
    e(
      "cover.garage_door",
      "Garage Door",
      "garage",
      A("Garagentor", "porte du garage", "puerta del garaje", "garagedeur", "porta del garage"),
    ),
    e(
      "lock.front_door",
      "Front Door",
      "hallway",
      A("Haustür", "porte d'entrée", "puerta principal", "voordeur", "porta d'ingresso"),
    ),
    e(
      "scene.movie_night",
      "Movie Night",
      "living_room",
      A("Filmabend", "soirée cinéma", "noche de cine", "filmavond", "serata cinema"),
    ),
    e(
      "media_player.living_room_speaker",
      "Living Room Speaker",
      "living_room",
      A(
        "Wohnzimmerlautsprecher",
        "enceinte du salon",
        "altavoz del salón",
        "woonkamerspeaker",
        "cassa del soggiorno",
      ),
    ),
    e("sensor.office_temperature", "Office Temperature", "office"),
    e("sensor.office_humidity", "Office Humidity", "office"),
    e("sensor.bedroom_temperature", "Bedroom Temperature", "bedroom"),
    e(
      "climate.thermostat",
      "Thermostat",
      "living_room",
      A("Thermostat", "thermostat", "termostato", "thermostaat"),
    ),
  ];
  const light = (on = false) =>
    state(on ? "on" : "off", { supported_color_modes: ["brightness"], brightness: on ? 128 : null });
  home.states = new Map([
    ["light.kitchen_ceiling", light()],
    ["light.counter_lights", light()],
    ["light.living_room_lamp", light(true)],
    ["light.bedroom_light", light()],
    ["light.desk_lamp", light(true)],
    ["light.attic_light", light()],
    // A smart plug: the kettle is plugged into it ("turn on the plug in the kitchen").
    ["switch.kettle", state("off", { device_class: "outlet" })],
    ["switch.office_heater", state("on")],
    ["fan.bedroom_fan", state("off")],
    ["cover.bedroom_blinds", state("open", { device_class: "blind" })],
    ["cover.garage_door", state("closed", { device_class: "garage" })],
    ["lock.front_door", state("locked")],
    ["scene.movie_night", state("2026-11-01T20:00:00+00:00")],
    [
      "media_player.living_room_speaker",
      state("idle", {
        volume_level: 0.2,
        is_volume_muted: false,
        supported_features: MEDIA_VOLUME_SET | MEDIA_VOLUME_MUTE | 128 | 256,
      }),
    ],
    ["sensor.office_temperature", state("21.5", { unit_of_measurement: "°C", device_class: "temperature" })],
    ["sensor.office_humidity", state("48", { unit_of_measurement: "%", device_class: "humidity" })],
    ["sensor.bedroom_temperature", state("19", { unit_of_measurement: "°C", device_class: "temperature" })],
    [
      "climate.thermostat",
      state("heat", { current_temperature: 20.5, current_humidity: 45, temperature: 21 }),
    ],
  ]);
  home.legacyExposure = new Map();
  for (const row of home.entities) {
    const s = home.states.get(row.entity_id);
    if (s) s.attributes = { ...s.attributes, friendly_name: row.original_name };
  }
  return home;
}
