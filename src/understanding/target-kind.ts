// A target's kind in Home Assistant's vocabulary, whichever side of the identity join it is on:
// an HA entity's domain and device class, or a Z-Wave device's through `haKindOf` (its device
// class and command classes). The action policy's group rule reads it.
import { haKindOf, type HaKind } from "../zwave-host/ha-kind.js";
import type { Target } from "./target-types.js";

export function targetKind(target: Target): HaKind {
  if (target.source === "zwave") return haKindOf(target.device);
  const deviceClass = target.entity.attributes.device_class;
  return { domain: target.entity.domain, ...(typeof deviceClass === "string" ? { deviceClass } : {}) };
}
