// The Z-Wave network as the tools see it: devices by name, writes that refuse dead devices, and
// confirmation by the device's own report — the same on every transport.
import { expectReport, type PendingConfirmation } from "./confirm.js";
import { ZwaveUserError } from "./errors.js";
import { valueKey, type ValueId, type ZwaveNode, type ZwaveValue } from "./model.js";
import { describeDevice, displayName, resolveDevice } from "./name-resolver.js";
import type { WriteRoute, ZwaveTransport } from "./transport.js";

export interface ZwaveNetwork {
  /** Real devices (no controller, no Broadcast or group nodes), from a node list in sync with the network. */
  devices(): Promise<ZwaveNode[]>;
  /** Exactly one device for a name, or a ZwaveUserError that says why not (listing candidates). */
  findDevice(name: string): Promise<ZwaveNode>;
  /**
   * Throws "… is dead; nothing was sent" for a dead node: checked before what the device can do,
   * because a node that died before its interview has no values at all.
   */
  requireAlive(node: ZwaveNode): void;
  /** Refuses dead nodes; otherwise hands the write to the transport. */
  write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<WriteRoute>;
  /** Call before `write`; see `expectReport`. */
  expect(node: ZwaveNode, valueId: ValueId, matches: (value: unknown) => boolean): PendingConfirmation;
  ping(node: ZwaveNode): Promise<boolean>;
  /**
   * The last level (1–99) this dimmer value reported since the server started, so "on" can ask for
   * that level and be confirmed by the report that follows, instead of sending 255 ("restore") that
   * zwave-js only verifies ~5 s later.
   */
  lastOnLevel(node: ZwaveNode, valueId: ValueId): number | undefined;
  readonly confirmTimeoutMs: number;
}

export function createZwaveNetwork(options: {
  transport: ZwaveTransport;
  confirmTimeoutMs: number;
}): ZwaveNetwork {
  const { transport } = options;

  const onLevels = new Map<string, number>();
  transport.onReport((report) => {
    if (isDimLevel(report.value)) onLevels.set(`${report.nodeId}:${report.key}`, report.value);
  });

  const realDevices = (nodes: ZwaveNode[]) => nodes.filter((n) => !n.virtual && !n.isController);

  async function findDevice(name: string): Promise<ZwaveNode> {
    let devices = realDevices(await transport.nodes());
    let found = resolveDevice(name, devices);
    if (found.kind === "none") {
      // Names change (a rename in Z-Wave JS UI): ask once more before saying it does not exist.
      devices = realDevices(await transport.refresh());
      found = resolveDevice(name, devices);
    }
    if (found.kind === "found") return found.device;
    if (found.kind === "ambiguous") {
      throw new ZwaveUserError(
        `"${name}" matches several devices: ${found.candidates.map(describeDevice).join("; ")}. Say which one.`,
      );
    }
    const known = devices.map(describeDevice);
    throw new ZwaveUserError(
      `no Z-Wave device is called "${name}". Known devices: ${known.length ? known.join("; ") : "none"}.`,
    );
  }

  function requireAlive(node: ZwaveNode): void {
    if (node.status === "Dead" || !node.available) {
      throw new ZwaveUserError(
        `${displayName(node)} is dead (not responding to ${transport.serverName}); nothing was sent`,
      );
    }
  }

  async function write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<WriteRoute> {
    requireAlive(node);
    return transport.write(node, value, payload);
  }

  return {
    devices: async () => realDevices(await transport.nodes()),
    findDevice,
    requireAlive,
    write,
    expect: (node, valueId, matches) => {
      const key = valueKey(valueId);
      return expectReport(transport, node.id, key, node.values.get(key)?.value, matches);
    },
    ping: (node) => transport.ping(node),
    lastOnLevel: (node, valueId) => {
      const key = valueKey(valueId);
      const now = node.values.get(key)?.value;
      return isDimLevel(now) ? now : onLevels.get(`${node.id}:${key}`);
    },
    confirmTimeoutMs: options.confirmTimeoutMs,
  };
}

/** A Multilevel Switch level that is on; 255 is the "restore" command, not a level. */
function isDimLevel(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 99;
}
