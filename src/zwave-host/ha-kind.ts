// A Z-Wave endpoint in Home Assistant's terms: the entity domain and device class HA's `zwave_js`
// discovery would give it (home-assistant/core homeassistant/components/zwave_js/discovery.py,
// cover.py). Whatever reads a target's kind (the action policy, "all the lights", "everything")
// reads it here, so an HA entity and a Z-Wave-only endpoint are judged by one vocabulary: a roller
// shutter is `cover`/`shutter`, a Barrier Operator `cover`/`garage` (or `gate`), never a light.
import type { DeviceSummary, EndpointSummary } from "../zwave/contract.js";

export interface HaKind {
  domain: string;
  deviceClass?: string;
}

/** What an endpoint is: a target (zwave-target.ts) or an endpoint as the server lists it. */
type Endpoint = Pick<EndpointSummary, "function" | "coverType">;

/**
 * The domain and device class of one endpoint. Given a whole device (`kind`, the server's one word
 * per node), that of its main endpoint; prefer the endpoint: a node may hold a light and a fan.
 */
export function haKindOf(target: Endpoint | Pick<DeviceSummary, "kind">): HaKind {
  if (!("function" in target)) {
    return target.kind === "dimmer"
      ? { domain: "light" }
      : haKindOf({ function: target.kind, coverType: target.kind === "barrier" ? "garage" : null });
  }
  switch (target.function) {
    case "light":
      return { domain: "light" };
    case "switch":
      return { domain: "switch" };
    case "fan":
      return { domain: "fan" };
    case "cover":
      return { domain: "cover", deviceClass: target.coverType ?? "shutter" };
    case "barrier":
      return { domain: "cover", deviceClass: target.coverType ?? "garage" };
    case "lock":
      return { domain: "lock" };
    case "thermostat":
      return { domain: "climate" };
    case "sensor":
      return { domain: "sensor" };
    case "other":
      return { domain: "unknown" };
  }
}
