import type { AreaEntry, DeviceEntry, EntityEntry, FloorEntry, HomeConfig } from "./schemas.js";

/** One entity's current state, expanded from HA's compressed form. Times are epoch seconds. */
export interface EntityState {
  state: string;
  attributes: Record<string, unknown>;
  lastChanged: number;
  lastUpdated: number;
}

/** Everything the mirror holds, keyed by HA's ids. Mutated in place by the sync. */
export interface HomeData {
  floors: Map<string, FloorEntry>;
  areas: Map<string, AreaEntry>;
  devices: Map<string, DeviceEntry>;
  /** Enabled entity registry entries. */
  registry: Map<string, EntityEntry>;
  states: Map<string, EntityState>;
  /** Assist ("conversation") exposure for entities that have a setting; a missing entry means not exposed. */
  exposure: Map<string, boolean>;
  config?: HomeConfig;
}

export function emptyHomeData(): HomeData {
  return {
    floors: new Map(),
    areas: new Map(),
    devices: new Map(),
    registry: new Map(),
    states: new Map(),
    exposure: new Map(),
  };
}

/** A device's area; a child device with no area of its own inherits its parent's (Core 2026.9). */
export function deviceAreaId(data: HomeData, deviceId: string): string | undefined {
  let device = data.devices.get(deviceId);
  for (let depth = 0; device && depth < 4; depth++) {
    if (device.area_id) return device.area_id;
    device = device.parent_device_id ? data.devices.get(device.parent_device_id) : undefined;
  }
  return undefined;
}

/** HA's effective area: the entity's own, else its device's. */
export function entityAreaId(data: HomeData, entityId: string): string | undefined {
  const entry = data.registry.get(entityId);
  if (!entry) return undefined;
  if (entry.area_id) return entry.area_id;
  return entry.device_id ? deviceAreaId(data, entry.device_id) : undefined;
}
