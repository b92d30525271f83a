// The HA mirror (docs/architecture.md, Data path): areas, devices, entities and states from Home
// Assistant's websocket API, loaded on every (re)connect and kept current by events until closed.
// This file is its life: the connection, the sync, the index and the change listeners; the views
// and the actions are in mirror-views.ts and mirror-actions.ts.
import type { Connection } from "home-assistant-js-websocket";
import type { Logger } from "../log.js";
import type { BackoffPolicy } from "../shared/backoff.js";
import { connectHomeAssistant } from "./connection.js";
import { HomeAssistantError } from "./errors.js";
import { emptyHomeData } from "./home-data.js";
import { buildHomeIndex, type HomeIndex } from "./home-index.js";
import type { HomeMirror, MirrorChange, MirrorStatus } from "./home-mirror.js";
import { createMirrorActions } from "./mirror-actions.js";
import { createMirrorViews } from "./mirror-views.js";
import { summarizeHome } from "./summary.js";
import { startSync, type Sync } from "./sync.js";

export type {
  AreaView,
  EntityView,
  HomeMirror,
  MirrorChange,
  MirrorStatus,
  Place,
  ServiceTarget,
} from "./home-mirror.js";
export type { Resolution, ResolveOptions, ResolvedEntity } from "./resolver.js";
export type { HomeConfig } from "./schemas.js";
export type { ZwaveNodeId, ZwaveOrigin } from "./zwave-node.js";
export type { HaRecognition, SlotValue } from "./recognition.js";
export { createUnconfiguredMirror } from "./unconfigured-mirror.js";

export interface HomeMirrorOptions {
  /** HTTP base of Home Assistant (`http://supervisor/core` under Supervisor). */
  url: string;
  token: string;
  logger: Logger;
  retry?: BackoffPolicy;
}

/** A failed load (not a dropped socket) is retried on the same connection after this long. */
const SYNC_RETRY_MS = 5000;

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
    ...createMirrorViews(data, currentIndex, isStale),
    summary: (summaryOptions) =>
      lastSync
        ? summarizeHome(data, currentIndex(), summaryOptions)
        : `Home Assistant is not connected yet${link.state().error ? ` (${link.state().error})` : ""}: no areas or entities are known.`,
    ...createMirrorActions(link, currentIndex),
    config: () => data.config,
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
