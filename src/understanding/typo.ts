import { editDistance } from "../shared/edit-distance.js";

/** How many edits a name of this length may carry and still be recognised: none for short words. */
export function allowedEdits(name: string): number {
  return name.length >= 8 ? 2 : name.length >= 5 ? 1 : 0;
}

/**
 * Whether a name (folded) is within the edits `said` (folded) may carry, as a test; undefined for
 * words too short to carry any. Device names and areas are recognised so (device-names.ts, places.ts).
 */
export function typoOf(said: string): ((name: string) => boolean) | undefined {
  const max = allowedEdits(said);
  return max === 0 ? undefined : (name) => editDistance(said, name, max) <= max;
}
