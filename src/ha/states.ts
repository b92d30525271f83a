import type { EntityState } from "./home-data.js";
import type { EntitiesEvent } from "./schemas.js";

/** What one `subscribe_entities` event did to the store. */
export interface StatesDelta {
  /** Entities whose state or attributes changed. */
  changed: string[];
  /** An entity appeared, disappeared or was renamed: name indexes must be rebuilt. */
  namesChanged: boolean;
}

/**
 * Applies a compressed `subscribe_entities` event (`a` add, `c` diff, `r` remove) in place.
 * Unlike haws' own collection, which copies the whole map per event, this touches only the
 * entities named in the event, so a large home keeps up with bursts of changes.
 */
export function applyEntitiesEvent(states: Map<string, EntityState>, event: EntitiesEvent): StatesDelta {
  const changed: string[] = [];
  let namesChanged = false;
  if (event.a) {
    for (const [entityId, s] of Object.entries(event.a)) {
      const before = states.get(entityId);
      if (!before || before.attributes.friendly_name !== s.a.friendly_name) namesChanged = true;
      states.set(entityId, { state: s.s, attributes: s.a, lastChanged: s.lc, lastUpdated: s.lu ?? s.lc });
      changed.push(entityId);
    }
  }
  if (event.r) {
    for (const entityId of event.r) {
      if (states.delete(entityId)) {
        namesChanged = true;
        changed.push(entityId);
      }
    }
  }
  if (event.c) {
    for (const [entityId, diff] of Object.entries(event.c)) {
      const current = states.get(entityId);
      // A diff for an entity we never saw cannot be expanded; the next full sync brings it.
      if (!current) continue;
      const add = diff["+"];
      if (add) {
        if (add.s !== undefined) current.state = add.s;
        if (add.lc !== undefined) current.lastChanged = current.lastUpdated = add.lc;
        else if (add.lu !== undefined) current.lastUpdated = add.lu;
        if (add.a) {
          if ("friendly_name" in add.a && add.a.friendly_name !== current.attributes.friendly_name) {
            namesChanged = true;
          }
          current.attributes = { ...current.attributes, ...add.a };
        }
      }
      const removed = diff["-"]?.a;
      if (removed?.length) {
        const attributes = { ...current.attributes };
        for (const key of removed) delete attributes[key];
        if (removed.includes("friendly_name")) namesChanged = true;
        current.attributes = attributes;
      }
      changed.push(entityId);
    }
  }
  return { changed, namesChanged };
}
