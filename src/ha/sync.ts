import type { Connection } from "home-assistant-js-websocket";
import { z } from "zod";
import type { Logger } from "../log.js";
import { fromCommandRejection } from "./errors.js";
import type { HomeData } from "./home-data.js";
import {
  areaEntrySchema,
  configSchema,
  deviceEntrySchema,
  entitiesEventSchema,
  entityEntriesSchema,
  entityEntrySchema,
  exposedEntitiesSchema,
  floorEntrySchema,
  registryUpdatedEventSchema,
  type EntityEntry,
} from "./schemas.js";
import { applyEntitiesEvent, type StatesDelta } from "./states.js";
import { createCollection } from "../shared/collection.js";
import { describeIssues } from "../shared/zod-issues.js";

export interface SyncHooks {
  /** The full state is loaded; everything in `data` now comes from this connection. */
  onSynced(): void;
  /** A state event was applied after the sync. */
  onStates(delta: StatesDelta): void;
  /** A registry or the exposure changed after the sync. */
  onRegistry(): void;
}

export interface Sync {
  /** Resolves when the full state is loaded; rejects if loading failed. */
  done: Promise<void>;
  stop(): void;
}

const REGISTRY_EVENTS = [
  "entity_registry_updated",
  "device_registry_updated",
  "area_registry_updated",
  "floor_registry_updated",
] as const;

/** Registry events come in bursts (an integration reloading); one refetch serves a burst. */
const REFETCH_DEBOUNCE_MS = 30;

function replace<V>(target: Map<string, V>, rows: V[], key: (row: V) => string): void {
  target.clear();
  for (const row of rows) target.set(key(row), row);
}

function exposureSetting(entry: EntityEntry): boolean | undefined {
  return entry.options?.conversation?.should_expose;
}

type RegistryEvent = z.infer<typeof registryUpdatedEventSchema>;

/**
 * One connection's worth of mirroring, as a collection (src/shared/collection.ts): subscribe to
 * the registries' change events, fetch everything, then apply events to the store, including
 * those that arrived during the fetch. A reconnect starts a new Sync, which fetches everything
 * again, so changes made during an outage are picked up.
 */
export function startSync(conn: Connection, data: HomeData, logger: Logger, hooks: SyncHooks): Sync {
  let stopped = false;
  const socket = conn.socket;
  const unsubscribers: Array<() => Promise<void>> = [];
  const pending = { entities: new Set<string>(), devices: false, areas: false, floors: false };
  let flushTimer: NodeJS.Timeout | undefined;

  const command = async <T>(
    message: { type: string; [key: string]: unknown },
    schema: z.ZodType<T>,
  ): Promise<T> => {
    let result: unknown;
    try {
      result = await conn.sendMessagePromise(message);
    } catch (err) {
      throw fromCommandRejection(err, message.type);
    }
    return schema.parse(result);
  };

  const subscribe = async (
    message: { type: string; [key: string]: unknown },
    callback: (event: unknown) => void,
  ) => {
    const unsubscribe = await conn.subscribeMessage(callback, message, { resubscribe: false });
    unsubscribers.push(unsubscribe);
  };

  const fetchEntries = async (entityIds: string[]) => {
    if (entityIds.length === 0) return {};
    return command(
      { type: "config/entity_registry/get_entries", entity_ids: entityIds },
      entityEntriesSchema,
    );
  };

  const applyEntry = (entityId: string, entry: EntityEntry | null) => {
    if (!entry || entry.disabled_by) {
      data.registry.delete(entityId);
      return;
    }
    data.registry.set(entityId, entry);
    const setting = exposureSetting(entry);
    if (setting !== undefined) data.exposure.set(entityId, setting);
  };

  const flush = async () => {
    flushTimer = undefined;
    if (stopped || !registries.synced) return;
    const entityIds = [...pending.entities];
    const { devices, areas, floors } = pending;
    pending.entities.clear();
    pending.devices = pending.areas = pending.floors = false;
    try {
      const [entries, deviceRows, areaRows, floorRows] = await Promise.all([
        fetchEntries(entityIds),
        devices ? command({ type: "config/device_registry/list" }, z.array(deviceEntrySchema)) : undefined,
        areas ? command({ type: "config/area_registry/list" }, z.array(areaEntrySchema)) : undefined,
        floors ? command({ type: "config/floor_registry/list" }, z.array(floorEntrySchema)) : undefined,
      ]);
      if (stopped) return;
      for (const [entityId, entry] of Object.entries(entries)) applyEntry(entityId, entry);
      if (deviceRows) replace(data.devices, deviceRows, (d) => d.id);
      if (areaRows) replace(data.areas, areaRows, (a) => a.area_id);
      if (floorRows) replace(data.floors, floorRows, (f) => f.floor_id);
      hooks.onRegistry();
    } catch (err) {
      // A dropped socket ends this Sync; the next one refetches everything anyway.
      if (!stopped) logger.warn(`could not refresh the Home Assistant registries: ${(err as Error).message}`);
    }
  };

  const scheduleFlush = () => {
    if (!flushTimer && registries.synced && !stopped)
      flushTimer = setTimeout(() => void flush(), REFETCH_DEBOUNCE_MS);
  };

  const applyRegistryEvent = ({ event_type, data: event }: RegistryEvent) => {
    if (stopped) return;
    if (event_type === "entity_registry_updated" && event.entity_id) {
      if (event.old_entity_id) {
        data.registry.delete(event.old_entity_id);
        data.exposure.delete(event.old_entity_id);
      }
      if (event.action === "remove") {
        data.registry.delete(event.entity_id);
        data.exposure.delete(event.entity_id);
        pending.entities.delete(event.entity_id);
        if (registries.synced) hooks.onRegistry();
      } else {
        pending.entities.add(event.entity_id);
      }
    } else if (event_type === "device_registry_updated") pending.devices = true;
    else if (event_type === "area_registry_updated") pending.areas = true;
    else if (event_type === "floor_registry_updated") pending.floors = true;
    scheduleFlush();
  };

  let firstStates: (() => void) | undefined;
  const statesLoaded = new Promise<void>((resolve) => (firstStates = resolve));
  const onStatesEvent = (raw: unknown) => {
    if (stopped) return;
    const parsed = entitiesEventSchema.safeParse(raw);
    if (!parsed.success) {
      logger.warn(`ignored a malformed subscribe_entities event: ${describeIssues(parsed.error)}`);
      return;
    }
    if (firstStates) {
      // The first event after subscribing holds every state: it replaces what an earlier connection left.
      data.states.clear();
      applyEntitiesEvent(data.states, parsed.data);
      firstStates();
      firstStates = undefined;
      return;
    }
    const delta = applyEntitiesEvent(data.states, parsed.data);
    if (registries.synced) hooks.onStates(delta);
  };

  /** Everything, written into `data`; registry events that arrive meanwhile are applied after. */
  const fetchEverything = async (): Promise<HomeData> => {
    const [config, floors, areas, devices, entities, exposed] = await Promise.all([
      command({ type: "get_config" }, configSchema),
      command({ type: "config/floor_registry/list" }, z.array(floorEntrySchema)),
      command({ type: "config/area_registry/list" }, z.array(areaEntrySchema)),
      command({ type: "config/device_registry/list" }, z.array(deviceEntrySchema)),
      command({ type: "config/entity_registry/list" }, z.array(entityEntrySchema)),
      command({ type: "homeassistant/expose_entity/list" }, exposedEntitiesSchema).catch((err: Error) => {
        throw new Error(
          `could not read which entities are exposed to Assist (the token's user must be an administrator): ${err.message}`,
        );
      }),
      subscribe({ type: "subscribe_entities" }, onStatesEvent),
    ]);
    const exposure = new Map<string, boolean>();
    for (const [entityId, assistants] of Object.entries(exposed.exposed_entities)) {
      const setting = assistants.conversation;
      if (setting !== undefined) exposure.set(entityId, setting);
    }
    const enabled = entities.filter((e) => !e.disabled_by);
    // Aliases come only with get_entries; only exposed entities are ever matched by alias.
    const withAliases = await fetchEntries(
      enabled.filter((e) => exposure.get(e.entity_id)).map((e) => e.entity_id),
    );
    await statesLoaded;
    if (stopped) return data;
    data.config = config;
    replace(data.floors, floors, (f) => f.floor_id);
    replace(data.areas, areas, (a) => a.area_id);
    replace(data.devices, devices, (d) => d.id);
    replace(data.registry, enabled, (e) => e.entity_id);
    data.exposure = exposure;
    for (const [entityId, entry] of Object.entries(withAliases)) applyEntry(entityId, entry);
    return data;
  };

  const registries = createCollection<HomeData, RegistryEvent>({
    fetch: fetchEverything,
    apply: (_data, event) => applyRegistryEvent(event),
  });

  const onRegistryEvent = (raw: unknown) => {
    const parsed = registryUpdatedEventSchema.safeParse(raw);
    if (!stopped && parsed.success) registries.update(parsed.data);
  };

  const load = async () => {
    // Subscribe first, so that nothing changed while the lists are fetched is missed.
    await Promise.all(
      REGISTRY_EVENTS.map((type) =>
        subscribe({ type: "subscribe_events", event_type: type }, onRegistryEvent),
      ),
    );
    await registries.refresh();
    if (stopped) return;
    hooks.onSynced();
    // Registry events that arrived during the fetch may be newer than what was fetched.
    if (pending.entities.size || pending.devices || pending.areas || pending.floors) scheduleFlush();
  };

  return {
    done: load(),
    stop: () => {
      stopped = true;
      registries.stale();
      clearTimeout(flushTimer);
      firstStates?.();
      // After a reconnect the old subscription ids may name new subscriptions: leave them alone.
      if (conn.socket !== socket) return;
      for (const unsubscribe of unsubscribers.splice(0)) void unsubscribe().catch(() => undefined);
    },
  };
}
