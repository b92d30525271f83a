// One physical device, read both ways. A device Home Assistant's Z-Wave integration knows is an
// HA entity and a Z-Wave endpoint at once, and the two may disagree on what it is: a roller-shutter
// module driving a garage door is HA's `cover.garage_door` (device class garage) but a Motor
// Control shutter to Z-Wave; a relay on a door strike may be a switch to one and a lock to the
// other. The action policy judges every reading of the target and the strictest wins, whichever
// side the call came in by (docs/architecture.md, "One action policy").
//
// The join here is looser than the one that merges names (src/ha/zwave-twins.ts): any HA entity
// that names the node (same network and node id) and the endpoint, or the node as a whole, counts.
// A stale HA device on a reused node id can only make a call ask, never let one through.
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { DeviceSummary, EndpointSummary } from "../../zwave/contract.js";
import { haKindOf, type HaKind } from "../../zwave-host/ha-kind.js";
import { heldEffect, type Act } from "./effects.js";
import type { HeldEffect, HeldKind } from "./held.js";

/** What one side says the target is, with its state and the name people know it by. */
export interface Reading {
  kind: HaKind;
  state?: string | undefined;
  name: string;
  entityId?: string;
  nodeId?: number;
}

/** Held kinds, the one that opens the home first: the question names the worst. */
const SEVERITY: readonly HeldKind[] = ["unlock", "open", "disarm"];
/** What a call whose action is not known may do, worst first. */
const WORST: readonly Act[] = ["unlock", "open", "disarm"];

export function entityKind(entity: EntityView): HaKind {
  const deviceClass = entity.attributes.device_class;
  return { domain: entity.domain, ...(typeof deviceClass === "string" ? { deviceClass } : {}) };
}

export function entityReading(entity: EntityView): Reading {
  return { kind: entityKind(entity), state: entity.state, name: entity.name, entityId: entity.entityId };
}

/** A Z-Wave endpoint as the server lists it: its function, and a cover's or switch's own state. */
export function endpointReading(device: DeviceSummary, e: EndpointSummary): Reading {
  const state = e.coverState ?? (e.on === null ? undefined : e.on ? "open" : "closed");
  return { kind: haKindOf(e), state, name: e.name || device.name, nodeId: device.nodeId };
}

/** Whether an HA entity's Z-Wave origin names this endpoint (or the node as a whole). */
function namesEndpoint(entity: EntityView, device: DeviceSummary, endpoint: number): boolean {
  const claimed = entity.zwaveNode?.endpoint;
  return claimed === undefined || claimed === endpoint || device.endpoints.length === 1;
}

/** Home Assistant's readings of one Z-Wave endpoint. */
export function haReadingsOf(
  mirror: HomeMirror | undefined,
  device: DeviceSummary,
  endpoint: number,
): Reading[] {
  if (!mirror) return [];
  // A list made before the network's home id was known joins the node of that id in any network:
  // a wrong join can only make a call ask, never let one through.
  return mirror
    .entitiesOfZwaveNode({ homeId: device.homeId, nodeId: device.nodeId })
    .filter((entity) => namesEndpoint(entity, device, endpoint))
    .map((entity) => ({ ...entityReading(entity), nodeId: device.nodeId }));
}

/** The Z-Wave readings of an HA entity: the endpoint (or every endpoint of the node) it names. */
export function zwaveReadingsOf(entity: EntityView, devices: readonly DeviceSummary[]): Reading[] {
  const origin = entity.zwaveNode;
  if (!origin) return [];
  // A list made before the network's home id was known is joined by node id alone, as
  // haReadingsOf joins: a wrong join can only make a call ask, never let one through.
  return devices
    .filter((d) => d.nodeId === origin.nodeId && (d.homeId === null || d.homeId === origin.homeId))
    .flatMap((device) =>
      device.endpoints
        .filter(
          (e) =>
            origin.endpoint === undefined || e.endpoint === origin.endpoint || device.endpoints.length === 1,
        )
        .map((e) => ({ ...endpointReading(device, e), name: entity.name })),
    );
}

/**
 * The effect that waits for a yes, judged on every reading: the strictest wins. `act` undefined:
 * what the call does is not known, so the worst it could do to such a target is judged.
 */
export function strictestEffect(
  readings: readonly Reading[],
  act: Act | undefined,
): (HeldEffect & { reading: Reading }) | undefined {
  let found: (HeldEffect & { reading: Reading }) | undefined;
  for (const reading of readings) {
    const kind = act
      ? heldEffect(reading.kind, act, reading.state)
      : WORST.map((worst) => heldEffect(reading.kind, worst)).find((k) => k !== undefined);
    if (!kind) continue;
    if (found && SEVERITY.indexOf(found.kind) <= SEVERITY.indexOf(kind)) continue;
    found = {
      kind,
      target: reading.name,
      ...(reading.entityId ? { entityId: reading.entityId } : {}),
      ...(reading.nodeId === undefined ? {} : { nodeId: reading.nodeId }),
      reading,
    };
  }
  return found;
}

/** A held effect without the reading it was judged on. */
export function asEffect({ reading: _reading, ...effect }: HeldEffect & { reading: Reading }): HeldEffect {
  return effect;
}
