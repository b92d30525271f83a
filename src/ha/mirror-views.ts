// What the mirror answers from what it holds: entities, areas and names as views, and the
// summary for the LLM's system prompt. Nothing here talks to Home Assistant.
import type { HomeData, EntityState } from "./home-data.js";
import { speakerAreaId, zwaveNodeKey, type EntityRecord, type HomeIndex } from "./home-index.js";
import type { AreaView, EntityView, HomeMirror } from "./home-mirror.js";
import { resolveEntities } from "./resolver.js";

/** The part of the mirror that reads: `data` as loaded, its index, and whether it may be out of date. */
export type MirrorViews = Pick<
  HomeMirror,
  "resolve" | "areaOfDevice" | "entity" | "exposedEntities" | "entitiesOfZwaveNode" | "areas"
>;

function isoTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}

/** A view with what it was made from: it stands while none of that has changed. */
interface MadeView {
  view: EntityView;
  state: EntityState;
  value: string;
  attributes: EntityState["attributes"];
  changedAt: number;
  area: unknown;
  floor: unknown;
  stale: boolean;
}

/**
 * The fast path reads a view of every exposed entity on each turn, and most have not changed since
 * the last: each record keeps its view until its state (changed in place, attributes replaced
 * whole: states.ts), its area or floor (replaced on a registry update: sync.ts) or staleness
 * change. A record replaced by a new index takes its views with it.
 */
const made = new WeakMap<EntityRecord, MadeView>();

function viewOf(data: HomeData, record: EntityRecord, stale: boolean): EntityView | undefined {
  const state = data.states.get(record.entityId);
  if (!state) return undefined;
  const area = record.areaId ? data.areas.get(record.areaId) : undefined;
  const floor = record.floorId ? data.floors.get(record.floorId) : undefined;
  const kept = made.get(record);
  if (
    kept &&
    kept.state === state &&
    kept.value === state.state &&
    kept.attributes === state.attributes &&
    kept.changedAt === state.lastChanged &&
    kept.area === area &&
    kept.floor === floor &&
    kept.stale === stale
  )
    return kept.view;
  const unit = state.attributes.unit_of_measurement;
  const view: EntityView = {
    entityId: record.entityId,
    name: record.name,
    domain: record.domain,
    state: state.state,
    attributes: state.attributes,
    unit: typeof unit === "string" ? unit : undefined,
    area: area ? { id: area.area_id, name: area.name } : undefined,
    floor: floor ? { id: floor.floor_id, name: floor.name } : undefined,
    deviceId: record.deviceId,
    ...(record.zwaveNode ? { zwaveNode: record.zwaveNode } : {}),
    aliases: record.aliases,
    exposed: record.exposed,
    stale,
    lastChanged: isoTime(state.lastChanged),
  };
  made.set(record, {
    view,
    state,
    value: state.state,
    attributes: state.attributes,
    changedAt: state.lastChanged,
    area,
    floor,
    stale,
  });
  return view;
}

export function createMirrorViews(
  data: HomeData,
  currentIndex: () => HomeIndex,
  isStale: () => boolean,
): MirrorViews {
  return {
    resolve: (query, resolveOptions = {}) =>
      resolveEntities(currentIndex(), query, {
        ...resolveOptions,
        speakerAreaId: speakerAreaId(data, resolveOptions.speakerDeviceId),
      }),
    areaOfDevice: (deviceId) => {
      const areaId = speakerAreaId(data, deviceId);
      const area = areaId ? data.areas.get(areaId) : undefined;
      return area ? { id: area.area_id, name: area.name } : undefined;
    },
    entity: (entityId) => {
      const record = currentIndex().records.get(entityId);
      return record ? viewOf(data, record, isStale()) : undefined;
    },
    exposedEntities: () => {
      const stale = isStale();
      const views: EntityView[] = [];
      for (const record of currentIndex().records.values()) {
        const view = record.exposed ? viewOf(data, record, stale) : undefined;
        if (view) views.push(view);
      }
      return views;
    },
    entitiesOfZwaveNode: (node) => {
      const idx = currentIndex();
      const ids =
        node.homeId === null
          ? [...idx.byZwaveNode]
              .filter(([key]) => key.endsWith(`-${node.nodeId}`))
              .flatMap(([, found]) => found)
          : idx.byZwaveNode.get(zwaveNodeKey({ homeId: node.homeId, nodeId: node.nodeId }));
      if (!ids) return [];
      const stale = isStale();
      return ids.map((id) => viewOf(data, idx.records.get(id)!, stale)).filter((v) => v !== undefined);
    },
    areas: () => {
      const idx = currentIndex();
      const stale = isStale();
      const views: AreaView[] = [];
      for (const area of data.areas.values()) {
        const entities = (idx.byArea.get(area.area_id) ?? [])
          .map((id) => idx.records.get(id)!)
          .filter((r) => r.exposed)
          .map((r) => viewOf(data, r, stale))
          .filter((v): v is EntityView => v !== undefined);
        if (entities.length === 0) continue;
        const floor = area.floor_id ? data.floors.get(area.floor_id) : undefined;
        views.push({
          id: area.area_id,
          name: area.name,
          aliases: area.aliases ?? [],
          floor: floor ? { id: floor.floor_id, name: floor.name, aliases: floor.aliases ?? [] } : undefined,
          entities,
        });
      }
      return views.sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
