// What the Z-Wave server tells its host as the network changes, without being asked: the host's
// view of every device is the last full list with each change since applied (the pattern of
// docs/architecture.md, Caches kept current), so the fast path, the action policy, the status page
// and the system prompt read the state the gateway reported a moment ago, not a listing seconds old.
//
// This contract stands apart from MCP on purpose. It crosses on a message port of its own beside
// the MCP connection (src/zwave-host/worker-launch.ts), not as an MCP notification: a host's view of
// the network is not a tool call, the MCP SDK's notification handling changes between its major
// lines while this does not, and a change costs one structured clone and one check here instead of
// a JSON-RPC envelope checked by the SDK too. MCP clients of the stand-alone server
// (`dist/zwave/server.js`) list devices with `list_zwave_devices` as before.
import { z } from "zod";
import { isObject } from "../shared/is-object.js";
import { coverState, deviceSummary, nodeRef } from "./contract.js";

/**
 * Every device, as `list_zwave_devices` would list it with `includeInactive`: sent when the
 * server has fetched the whole network (at start, and again after a reconnect of the broker, the
 * gateway or the websocket server, or a node added or removed). It replaces what the host held.
 */
export const devicesSnapshot = z.object({
  type: z.literal("devices"),
  homeId: z.number().int().nullable(),
  devices: z.array(deviceSummary),
});

/** One device as it is now, after a report of the device or a change of its status. */
export const deviceChanged = z.object({
  type: z.literal("device"),
  device: deviceSummary,
});

/** A device the network no longer has. */
export const deviceRemoved = z.object({
  type: z.literal("removed"),
  nodeId: z.number().int(),
});

/**
 * How a cover that was still on its way when its tool answered (`followId` in its result) ended,
 * by its own word (src/zwave/cover-follow.ts): `reached` the position or state it was sent to;
 * `stopped` elsewhere; `not_moved` from where it was; `unknown` when it never said (the follow
 * was given up).
 */
export const coverSettled = z.object({
  type: z.literal("cover_settled"),
  followId: z.string(),
  node: nodeRef,
  requestedPosition: z.number().nullable(),
  outcome: z.enum(["reached", "stopped", "not_moved", "unknown"]),
  /** Where it reports it is, in percent open (null when it has no position). */
  position: z.number().nullable(),
  state: coverState.nullable(),
  /** When it ended (epoch ms). */
  at: z.number(),
});
export type CoverSettled = z.infer<typeof coverSettled>;

export const zwaveStateEvent = z.discriminatedUnion("type", [
  devicesSnapshot,
  deviceChanged,
  deviceRemoved,
  coverSettled,
]);
export type ZwaveStateEvent = z.infer<typeof zwaveStateEvent>;

/** A device as the host files it: its node id, names and endpoints (src/zwave-host/zwave-target.ts). */
function isFiledDevice(device: unknown): boolean {
  return (
    isObject(device) &&
    Number.isInteger(device.nodeId) &&
    typeof device.name === "string" &&
    typeof device.location === "string" &&
    Array.isArray(device.endpoints) &&
    device.endpoints.every(
      (e) =>
        isObject(e) &&
        Number.isInteger(e.endpoint) &&
        typeof e.name === "string" &&
        typeof e.function === "string",
    )
  );
}

/**
 * The host's check of an event from its worker, undefined for one that does not fit. The worker is
 * this build's own code (src/zwave/state-feed.ts builds each device with `deviceSummary`, typed),
 * and the port carries a structured clone, so what could go wrong is a message that is not an event
 * at all, not a field of the wrong type. A device's report, one per switch on the path of every
 * Z-Wave action, is checked for what the host files it by (its node id, names and endpoints) rather
 * than parsed field by field with zod: Node runs the add-on with code generation from strings off,
 * so zod interprets each schema instead of compiling it. The rare ones (the whole list, a device
 * removed, a cover's end) are parsed in full.
 */
export function readStateEvent(data: unknown): ZwaveStateEvent | undefined {
  if (isObject(data) && data.type === "device")
    return isFiledDevice(data.device) ? (data as ZwaveStateEvent) : undefined;
  const parsed = zwaveStateEvent.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
