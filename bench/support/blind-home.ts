// The home the blind command set (bench/support/blind-commands/) is said in: the practice home
// (bench/support/practice-home.ts), same devices and states, with the names a household gives its
// rooms, floors and a few devices in each of the six fast-path languages, as aliases (the way HA
// lets one home be named in several languages). Written with the set, before the understanding
// code was read: the aliases are what the sentences' speakers call things, not what a grammar
// happens to accept.
import { areaRow, floorRow, entityRow, type FakeHome } from "../../test/support/ha-home.js";
import { AREAS, ENTITIES, practiceHome } from "./practice-home.js";

export const AREA_ALIASES: Record<string, string[]> = {
  living_room: ["Wohnzimmer", "salon", "salón", "sala", "woonkamer", "soggiorno", "salotto"],
  kitchen: ["Küche", "cuisine", "cocina", "keuken", "cucina"],
  dining_room: ["Esszimmer", "salle à manger", "comedor", "eetkamer", "sala da pranzo"],
  hallway: ["Flur", "couloir", "pasillo", "gang", "corridoio"],
  garage: ["garaje"],
  bedroom: ["Schlafzimmer", "chambre", "dormitorio", "slaapkamer", "camera da letto"],
  bathroom: ["Bad", "Badezimmer", "salle de bain", "baño", "badkamer", "bagno"],
  office: ["Büro", "Arbeitszimmer", "bureau", "despacho", "kantoor", "studio"],
};

export const FLOOR_ALIASES: Record<string, string[]> = {
  ground: ["downstairs", "Erdgeschoss", "unten", "rez-de-chaussée", "planta baja", "beneden", "piano terra"],
  upstairs: ["Obergeschoss", "oben", "étage", "arriba", "planta alta", "boven", "piano di sopra"],
};

export const ENTITY_ALIASES: Record<string, string[]> = {
  "light.floor_lamp": ["Stehlampe", "lampadaire", "lámpara de pie", "staande lamp", "lampada da terra"],
  "light.porch_light": [
    "Außenlicht",
    "lumière du porche",
    "luz del porche",
    "buitenlamp",
    "luce del portico",
  ],
  "light.bedside_lamp": [
    "Nachttischlampe",
    "lampe de chevet",
    "lámpara de la mesita",
    "nachtlampje",
    "abat-jour",
  ],
  "light.desk_lamp": ["Schreibtischlampe", "bureaulamp", "lampada della scrivania"],
  "switch.tv_plug": ["Fernsehsteckdose", "prise télé", "enchufe de la tele", "tv-stekker", "presa della tv"],
  "switch.printer_plug": [
    "Druckersteckdose",
    "prise de l'imprimante",
    "enchufe de la impresora",
    "printerstekker",
    "presa della stampante",
  ],
};

/** The practice home with the six languages' names for its places and a few of its devices. */
export function blindHome(): FakeHome {
  const home = practiceHome();
  home.floors = [
    floorRow("ground", "Ground Floor", 0, FLOOR_ALIASES.ground),
    floorRow("upstairs", "Upstairs", 1, FLOOR_ALIASES.upstairs),
  ];
  home.areas = AREAS.map((a) =>
    areaRow(a.id, a.name, a.floor, [...a.aliases, ...(AREA_ALIASES[a.id] ?? [])]),
  );
  home.entities = ENTITIES.map((e) =>
    entityRow(e.id, {
      original_name: e.name,
      area_id: e.area,
      aliases: [...(e.aliases ?? []), ...(ENTITY_ALIASES[e.id] ?? [])],
      exposed: true,
    }),
  );
  return home;
}
