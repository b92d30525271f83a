import { deviceAreaId, entityAreaId, type HomeData } from "./home-data.js";
import { normalizeName } from "../spoken-name.js";
import { nameTokens } from "./names.js";
import {
  zwaveNodeOfDevice,
  zwaveNodeOfEntity,
  zwaveOrigin,
  type ZwaveNodeId,
  type ZwaveOrigin,
} from "./zwave-node.js";

/** An entity as the resolver and summary see it: its names, place and exposure. */
export interface EntityRecord {
  entityId: string;
  domain: string;
  /** What HA shows: the state's friendly name, else the registry's, else the object id. */
  name: string;
  aliases: string[];
  /** Normalised forms of every name the entity answers to (name, original name, full name, aliases). */
  normalizedNames: string[];
  /** The meaningful words of each normalised name, in the same order. */
  nameWords: string[][];
  /** Words of every name plus its area's, floor's and domain's, for partial matches. */
  words: Set<string>;
  areaId?: string;
  floorId?: string;
  deviceId?: string;
  /**
   * The Z-Wave node this entity is a view of, from its device's identifiers or its unique id: the
   * endpoint of its value, and what the device was when HA registered it.
   */
  zwaveNode?: ZwaveOrigin;
  exposed: boolean;
}

export interface HomeIndex {
  records: Map<string, EntityRecord>;
  /** Normalised name or alias → entities answering to it exactly. */
  byName: Map<string, string[]>;
  /** Word → entities with that word in a name, area, floor or domain. */
  byWord: Map<string, string[]>;
  byArea: Map<string, string[]>;
  byFloor: Map<string, string[]>;
  byDevice: Map<string, string[]>;
  /** `<homeId>-<nodeId>` → the entities (exposed or not) that are views of that Z-Wave node. */
  byZwaveNode: Map<string, string[]>;
  /** Normalised area name, alias or id → area id. */
  areaByName: Map<string, string>;
  floorByName: Map<string, string>;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

function entityNames(data: HomeData, entityId: string): { name: string; names: string[]; aliases: string[] } {
  const state = data.states.get(entityId);
  const entry = data.registry.get(entityId);
  const friendly =
    typeof state?.attributes.friendly_name === "string" ? state.attributes.friendly_name : undefined;
  const device = entry?.device_id ? data.devices.get(entry.device_id) : undefined;
  const deviceName = device?.name_by_user ?? device?.name ?? undefined;
  const own = entry?.name ?? entry?.original_name ?? undefined;
  // has_entity_name entities are named relative to their device ("Light" of "Kitchen Lamp").
  const full = entry?.has_entity_name && deviceName ? (own ? `${deviceName} ${own}` : deviceName) : own;
  const aliases = entry?.aliases ?? [];
  const names: string[] = [];
  const add = (n: string | null | undefined) => {
    if (n && n.trim() !== "" && !names.includes(n)) names.push(n);
  };
  add(friendly);
  add(entry?.name);
  if (!entry?.has_entity_name) add(entry?.original_name);
  add(full);
  for (const alias of aliases) add(alias);
  const name = friendly ?? full ?? entityId.slice(entityId.indexOf(".") + 1).replace(/_/g, " ");
  if (names.length === 0) names.push(name);
  return { name, names, aliases };
}

/** Builds every lookup table from the mirrored data; O(entities), done only when names or places change. */
export function buildHomeIndex(data: HomeData): HomeIndex {
  const index: HomeIndex = {
    records: new Map(),
    byName: new Map(),
    byWord: new Map(),
    byArea: new Map(),
    byFloor: new Map(),
    byDevice: new Map(),
    byZwaveNode: new Map(),
    areaByName: new Map(),
    floorByName: new Map(),
  };
  const floorWords = new Map<string, string[]>();
  const areaWords = new Map<string, string[]>();
  for (const floor of data.floors.values()) {
    const names = [floor.name, ...(floor.aliases ?? [])].map(normalizeName);
    for (const n of [...names, floor.floor_id]) index.floorByName.set(n, floor.floor_id);
    floorWords.set(floor.floor_id, names.flatMap(nameTokens));
  }
  for (const area of data.areas.values()) {
    const names = [area.name, ...(area.aliases ?? [])].map(normalizeName);
    for (const n of [...names, area.area_id]) index.areaByName.set(n, area.area_id);
    const own = names.flatMap(nameTokens);
    areaWords.set(area.area_id, area.floor_id ? [...own, ...(floorWords.get(area.floor_id) ?? [])] : own);
  }
  const domainWords = new Map<string, string[]>();

  for (const entityId of data.states.keys()) {
    const entry = data.registry.get(entityId);
    // Disabled entities have no state; registry-only rows are skipped by iterating states.
    if (entry?.disabled_by) continue;
    const domain = entityId.slice(0, entityId.indexOf("."));
    const { name, names, aliases } = entityNames(data, entityId);
    const normalizedNames: string[] = [];
    const nameWords: string[][] = [];
    const words = new Set<string>();
    for (const n of names) {
      const normalized = normalizeName(n);
      if (normalized === "" || normalizedNames.includes(normalized)) continue;
      normalizedNames.push(normalized);
      const tokens = nameTokens(normalized);
      nameWords.push(tokens);
      for (const t of tokens) words.add(t);
      // "Prise de l'imprimante": folded, the elided article stays on its word ("limprimante"), so
      // the word is known apart as well ("éteins l'imprimante" says "imprimante").
      if (/['\u2019`]/.test(n)) {
        const apart = nameTokens(normalizeName(n.replace(/['\u2019`]/g, " ")));
        nameWords.push(apart);
        for (const t of apart) words.add(t);
      }
    }
    let ofDomain = domainWords.get(domain);
    if (!ofDomain) domainWords.set(domain, (ofDomain = nameTokens(domain.replace(/_/g, " "))));
    for (const t of ofDomain) words.add(t);
    const areaId = entityAreaId(data, entityId);
    for (const t of (areaId && areaWords.get(areaId)) || []) words.add(t);
    const floorId = areaId ? (data.areas.get(areaId)?.floor_id ?? undefined) : undefined;
    const device = entry?.device_id ? data.devices.get(entry.device_id) : undefined;
    const zwaveNode = zwaveOrigin(
      zwaveNodeOfDevice(device?.identifiers ?? undefined, device?.model),
      zwaveNodeOfEntity(entry?.platform, entry?.unique_id),
    );
    const record: EntityRecord = {
      entityId,
      domain,
      name,
      aliases,
      normalizedNames,
      nameWords,
      words,
      areaId,
      floorId,
      deviceId: entry?.device_id ?? undefined,
      ...(zwaveNode ? { zwaveNode } : {}),
      exposed: data.exposure.get(entityId) === true,
    };
    index.records.set(entityId, record);
    for (const n of normalizedNames) push(index.byName, n, entityId);
    for (const w of words) push(index.byWord, w, entityId);
    if (areaId) push(index.byArea, areaId, entityId);
    if (floorId) push(index.byFloor, floorId, entityId);
    if (record.deviceId) push(index.byDevice, record.deviceId, entityId);
    if (zwaveNode) push(index.byZwaveNode, zwaveNodeKey(zwaveNode), entityId);
  }
  return index;
}

/** Where a satellite stands, for tie-breaking: its device's area (inherited from a parent device). */
export function speakerAreaId(data: HomeData, deviceId: string | undefined): string | undefined {
  return deviceId ? deviceAreaId(data, deviceId) : undefined;
}

export function zwaveNodeKey(node: ZwaveNodeId): string {
  return `${node.homeId}-${node.nodeId}`;
}
