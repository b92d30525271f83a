// Which Z-Wave targets (a node's endpoints) a spoken name means, among those the bridge's Z-Wave
// client lists under their own Z-Wave names (those Home Assistant does not know; see
// src/ha/zwave-twins.ts).
import type { ZwaveTarget as DeviceSummary } from "../zwave-host/zwave-target.js";
import { normalizeName } from "../spoken-name.js";

/** A device that can take a command now or soon: dead nodes can't, and not-ready ones not yet. */
export function isReachable(device: DeviceSummary): boolean {
  return device.state === "online" || device.state === "asleep";
}

export interface NameMatch {
  exact: DeviceSummary[];
  partial: DeviceSummary[];
}

/**
 * Exact: the name, or location + name. Partial: every spoken word is in the name or location,
 * at least one in the name.
 * `places` (normalised names) keeps devices whose location is one of them.
 */
export function matchDevices(
  devices: readonly DeviceSummary[],
  name: string,
  places?: ReadonlySet<string>,
): NameMatch {
  const query = normalizeName(name);
  const exact: DeviceSummary[] = [];
  const partial: DeviceSummary[] = [];
  for (const device of devices) {
    const own = normalizeName(device.name);
    const location = normalizeName(device.location);
    if (places && !places.has(location)) continue;
    if (own === query || (location && `${location} ${own}` === query)) {
      exact.push(device);
      continue;
    }
    const words = new Set(`${location} ${own}`.split(" "));
    const spoken = query.split(" ");
    // Every word fits, and one of them is the device's own: "kitchen" alone is a place, not a name.
    const ownWords = own.split(" ");
    if (spoken.every((w) => words.has(w)) && spoken.some((w) => ownWords.includes(w))) partial.push(device);
  }
  return { exact, partial };
}
