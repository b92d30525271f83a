import { HomeAssistantError } from "./errors.js";
import type { HomeMirror, MirrorStatus } from "./home-mirror.js";

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
    // No area or floor is known: one asked for is unknown, as the real resolver says.
    resolve: (_query, options) => ({
      matches: [],
      ambiguous: false,
      candidates: [],
      ...(options?.area ? { unknownArea: options.area } : {}),
    }),
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
    recognize: async () => {
      throw new HomeAssistantError(reason, "not_configured");
    },
    onChange: () => () => undefined,
    close: async () => undefined,
  };
}
