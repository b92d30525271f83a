// A Z-Wave device in Home Assistant's terms: the entity domain and device class HA's `zwave_js`
// discovery would give it (home-assistant/core homeassistant/components/zwave_js/discovery.py).
// Whatever reads a target's kind (the action policy, "all the lights", "everything") reads it here,
// so an HA entity and a Z-Wave-only device are judged by one vocabulary.
import type { DeviceSummary } from "../zwave/contract.js";

export interface HaKind {
  domain: string;
  deviceClass?: string;
}

/** The domain and device class of a device as listed (by its main function, for now per node). */
export function haKindOf(device: Pick<DeviceSummary, "kind">): HaKind {
  switch (device.kind) {
    case "dimmer":
      return { domain: "light" };
    case "switch":
      return { domain: "switch" };
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
