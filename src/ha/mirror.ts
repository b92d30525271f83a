import {
  callService as hawsCallService,
  type Connection,
  type HassServiceTarget,
} from "home-assistant-js-websocket";
import type { Logger } from "../log.js";
import type { BackoffPolicy } from "../shared/backoff.js";
import { connectHomeAssistant } from "./connection.js";
import { processWithHomeAssistantAgent, type HaAgentAnswer } from "./conversation.js";
import { fromCommandRejection, HomeAssistantError } from "./errors.js";
import { emptyHomeData, type HomeData } from "./home-data.js";
import {
  buildHomeIndex,
  speakerAreaId,
  zwaveNodeKey,
  type EntityRecord,
  type HomeIndex,
} from "./home-index.js";
import { resolveEntities, type Resolution, type ResolveOptions } from "./resolver.js";
import type { HomeConfig } from "./schemas.js";
import { summarizeHome, type SummaryOptions } from "./summary.js";
import { startSync, type Sync } from "./sync.js";
import type { ZwaveNodeId } from "./zwave-node.js";

export type { Resolution, ResolveOptions, ResolvedEntity } from "./resolver.js";
export type { HomeConfig } from "./schemas.js";
export type { ZwaveNodeId } from "./zwave-node.js";

export interface MirrorStatus {
  /** Home Assistant is configured (false in the stand-alone demo). */
  configured: boolean;
  connected: boolean;
  /** What the mirror holds was not (yet) confirmed by the current connection. */
  stale: boolean;
  /** When the last full sync finished (ISO time). */
  lastSync?: string;
  entityCount: number;
  exposedCount: number;
  /** Why it is not connected, in words a user understands. Never holds the token. */
  error?: string;
  haVersion?: string;
}

export interface Place {
  id: string;
  name: string;
}

export interface EntityView {
  entityId: string;
  name: string;
  domain: string;
  state: string;
  attributes: Record<string, unknown>;
  unit?: string;
  area?: Place;
  floor?: Place;
  deviceId?: string;
  /** The Z-Wave node this entity is a view of (HA's `zwave_js` or Z-Wave JS UI's MQTT discovery). */
  zwaveNode?: ZwaveNodeId;
  aliases: string[];
  exposed: boolean;
  /** The state may be out of date: Home Assistant is not connected or not yet resynced. */
  stale: boolean;
  /** ISO time of the last state change. */
  lastChanged: string;
}

export interface AreaView extends Place {
  aliases: string[];
  floor?: Place & { aliases: string[] };
  /** The entities in this area that are exposed to Assist. */
  entities: EntityView[];
}

export type MirrorChange =
  { type: "state"; entityIds: string[] } | { type: "registry" } | { type: "status"; status: MirrorStatus };

export interface ServiceTarget {
  entity_id: string | string[];
}

/** Home Assistant as the agent, the fast path and the tools see it. */
export interface HomeMirror {
  status(): MirrorStatus;
  /** Entities a name refers to, best first; see `Resolution`. */
  resolve(query: string, options?: ResolveOptions): Resolution;
  /** The area of a device (a satellite), inherited from its parent device when it has none. */
  areaOfDevice(deviceId: string): Place | undefined;
  entity(entityId: string): EntityView | undefined;
  /** Every entity exposed to Assist, in or out of an area. */
  exposedEntities(): EntityView[];
  /**
   * The entities, exposed or not, that are Home Assistant's view of a Z-Wave node (its device's
   * `zwave_js` identifiers, or Z-Wave JS UI's discovery ids): the same physical device.
   */
  entitiesOfZwaveNode(node: ZwaveNodeId): EntityView[];
  /** Every area that has entities exposed to Assist, with those entities. */
  areas(): AreaView[];
  /** Areas and exposed entities for the LLM's system prompt, within `maxTokens` (default 800). */
  summary(options?: SummaryOptions): string;
  /**
   * Calls a service on entities exposed to Assist (others are refused, as HA's own agents do).
   * Resolves to HA's result; rejects with a HomeAssistantError carrying HA's message.
   */
  callService(
    domain: string,
    service: string,
    data?: Record<string, unknown>,
    target?: ServiceTarget,
  ): Promise<unknown>;
  config(): HomeConfig | undefined;
  /** Asks Home Assistant's built-in conversation agent; rejects when HA is not connected. */
  converse(text: string, language: string): Promise<HaAgentAnswer>;
  /** Called after each applied change; returns the function that stops it. */
  onChange(listener: (change: MirrorChange) => void): () => void;
  close(): Promise<void>;
}

export interface HomeMirrorOptions {
  /** HTTP base of Home Assistant (`http://supervisor/core` under Supervisor). */
  url: string;
  token: string;
  logger: Logger;
  retry?: BackoffPolicy;
}

/** A failed load (not a dropped socket) is retried on the same connection after this long. */
const SYNC_RETRY_MS = 5000;

function isoTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}

function viewOf(data: HomeData, record: EntityRecord, stale: boolean): EntityView | undefined {
  const state = data.states.get(record.entityId);
  if (!state) return undefined;
  const area = record.areaId ? data.areas.get(record.areaId) : undefined;
  const floor = record.floorId ? data.floors.get(record.floorId) : undefined;
  const unit = state.attributes.unit_of_measurement;
  return {
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
}

function targetEntityIds(
  data: Record<string, unknown> | undefined,
  target: ServiceTarget | undefined,
): string[] {
  const ids: unknown[] = [];
  for (const value of [target?.entity_id, data?.entity_id]) {
    if (Array.isArray(value)) ids.push(...(value as unknown[]));
    else if (value !== undefined) ids.push(value);
  }
  return ids.map(String);
}

/** Mirrors Home Assistant over its websocket API and keeps it current until closed. */
export function createHomeMirror(options: HomeMirrorOptions): HomeMirror {
  const { logger } = options;
  const data = emptyHomeData();
  const listeners = new Set<(change: MirrorChange) => void>();
  let index: HomeIndex = buildHomeIndex(data);
  let exposedCount = 0;
  let indexDirty = false;
  let sync: Sync | undefined;
  let syncedThisConnection = false;
  let lastSync: string | undefined;
  let syncError: string | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const currentIndex = () => {
    if (indexDirty) {
      index = buildHomeIndex(data);
      indexDirty = false;
      exposedCount = 0;
      for (const r of index.records.values()) if (r.exposed) exposedCount++;
    }
    return index;
  };

  const emit = (change: MirrorChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        logger.error(`a mirror change listener failed: ${(err as Error).message}`);
      }
    }
  };

  const isStale = () => !(link.state().connected && syncedThisConnection);

  const status = (): MirrorStatus => {
    const state = link.state();
    const entityCount = currentIndex().records.size;
    return {
      configured: true,
      connected: state.connected,
      stale: isStale(),
      lastSync,
      entityCount,
      exposedCount,
      error: state.error ?? syncError,
      haVersion: state.haVersion,
    };
  };

  const beginSync = (conn: Connection) => {
    sync?.stop();
    clearTimeout(retryTimer);
    syncedThisConnection = false;
    const current = startSync(conn, data, logger, {
      onSynced: () => {
        syncedThisConnection = true;
        syncError = undefined;
        lastSync = new Date().toISOString();
        indexDirty = true;
        const s = status();
        logger.info(
          `mirrored Home Assistant: ${s.entityCount} entities, ${s.exposedCount} exposed to Assist`,
        );
        emit({ type: "status", status: s });
      },
      onStates: (delta) => {
        if (delta.namesChanged) indexDirty = true;
        if (delta.changed.length) emit({ type: "state", entityIds: delta.changed });
      },
      onRegistry: () => {
        indexDirty = true;
        emit({ type: "registry" });
      },
    });
    sync = current;
    current.done.catch((err: unknown) => {
      // A dropped socket is not a failure: the reconnect starts a new sync.
      if (sync !== current || !link.connection()) return;
      if (err instanceof HomeAssistantError && err.code === "not_connected") return;
      syncError = `could not load Home Assistant's state: ${err instanceof Error ? err.message : String(err)}`;
      logger.error(`${syncError}; retrying in ${SYNC_RETRY_MS / 1000} s`);
      retryTimer = setTimeout(() => {
        const conn = link.connection();
        if (sync === current && conn) beginSync(conn);
      }, SYNC_RETRY_MS);
    });
  };

  const link = connectHomeAssistant({
    url: options.url,
    token: options.token,
    logger,
    retry: options.retry,
    onReady: (conn) => beginSync(conn),
    onDisconnected: () => {
      syncedThisConnection = false;
      emit({ type: "status", status: status() });
    },
  });

  return {
    status,
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
      const ids = idx.byZwaveNode.get(zwaveNodeKey(node));
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
    summary: (summaryOptions) =>
      lastSync
        ? summarizeHome(data, currentIndex(), summaryOptions)
        : `Home Assistant is not connected yet${link.state().error ? ` (${link.state().error})` : ""}: no areas or entities are known.`,
    callService: async (domain, service, serviceData, target) => {
      const what = `${domain}.${service}`;
      const conn = link.connection();
      if (!conn) {
        throw new HomeAssistantError(
          `${what}: ${link.state().error ?? "Home Assistant is not connected"}`,
          "not_connected",
        );
      }
      const entityIds = targetEntityIds(serviceData, target);
      if (entityIds.length === 0) {
        throw new HomeAssistantError(
          `${what}: name the entities to act on by entity_id`,
          "unsupported_target",
        );
      }
      const idx = currentIndex();
      for (const entityId of entityIds) {
        if (!idx.records.get(entityId)?.exposed) {
          throw new HomeAssistantError(`${entityId} is not exposed to Assist`, "not_exposed");
        }
      }
      try {
        return await hawsCallService(
          conn,
          domain,
          service,
          serviceData,
          target as HassServiceTarget | undefined,
        );
      } catch (err) {
        throw fromCommandRejection(err, what);
      }
    },
    config: () => data.config,
    converse: async (text, language) => {
      const conn = link.connection();
      if (!conn) {
        throw new HomeAssistantError(
          link.state().error ?? "Home Assistant is not connected",
          "not_connected",
        );
      }
      return processWithHomeAssistantAgent(conn, text, language);
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      clearTimeout(retryTimer);
      sync?.stop();
      link.close();
      listeners.clear();
    },
  };
}

/** The same interface with no Home Assistant behind it (the stand-alone demo): knows nothing, acts on nothing. */
export function createUnconfiguredMirror(reason = "Home Assistant is not configured"): HomeMirror {
  const status: MirrorStatus = {
    configured: false,
    connected: false,
    stale: false,
    entityCount: 0,
    exposedCount: 0,
    error: reason,
  };
  return {
    status: () => ({ ...status }),
    resolve: () => ({ matches: [], ambiguous: false, candidates: [] }),
    areaOfDevice: () => undefined,
    entity: () => undefined,
    exposedEntities: () => [],
    entitiesOfZwaveNode: () => [],
    areas: () => [],
    summary: () => `${reason}: no Home Assistant areas or entities are known.`,
    callService: async (domain, service) => {
      throw new HomeAssistantError(`${domain}.${service}: ${reason}`, "not_configured");
    },
    config: () => undefined,
    converse: async () => {
      throw new HomeAssistantError(reason, "not_configured");
    },
    onChange: () => () => undefined,
    close: async () => undefined,
  };
}
