// How far a cover is open, as the device last reported it: a Z-Wave cover's position (src/zwave/
// contract.ts `position`, percent open) or a Home Assistant cover's or valve's `current_position`
// attribute (HA's cover and valve entities report 0 closed to 100 open). Said as a state: "closed",
// "40 percent open", "all the way open".
import type { FastPathGrammar } from "./grammar-types.js";
import { fill } from "./grammar.js";
import { quantity } from "./speech.js";
import type { Target } from "./target-types.js";
import { targetKind } from "./target-kind.js";

/** HA domains whose entities report a position in `current_position`. */
const POSITIONED = new Set(["cover", "valve"]);

/** The position in percent open the target reports, or undefined when it reports none. */
export function positionOf(target: Target): number | undefined {
  if (target.source === "zwave") {
    if (targetKind(target).domain !== "cover") return undefined;
    const { position } = target.device.reports;
    return typeof position === "number" ? clamp(position) : undefined;
  }
  if (!POSITIONED.has(target.entity.domain)) return undefined;
  const position = target.entity.attributes.current_position;
  return typeof position === "number" && Number.isFinite(position) ? clamp(position) : undefined;
}

/** Whether a position is neither closed nor all the way open. */
export function isPartlyOpen(position: number): boolean {
  return position > 0 && position < 100;
}

/** A position as the state a reply says: closed, "40 percent open", all the way open. */
export function positionSaid(grammar: FastPathGrammar, position: number): string {
  if (position <= 0) return grammar.states.closed;
  if (position >= 100) return grammar.replies.fullyOpen;
  return fill(grammar.replies.partlyOpen, { level: quantity(grammar, position, "%") });
}

function clamp(position: number): number {
  return Math.min(100, Math.max(0, Math.round(position)));
}
