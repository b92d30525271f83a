// The Z-Wave network as the tools see it: devices by name or node id, writes that refuse dead
// devices, and confirmation by the device's own word — the same on every transport.
import { expectReport } from "./confirm.js";
import type { Confirmation, NodeRef } from "./contract.js";
import { ZwaveToolError } from "./errors.js";
import { valueKey, type ZwaveNode, type ZwaveValue } from "./model.js";
import { describeDevice, displayName, resolveDevice } from "./name-resolver.js";
import { SetValueStatus } from "./set-value-status.js";
import type { ZwaveTransport } from "./transport.js";

/** One write and how to know it happened. */
export interface WritePlan {
  /** The value written (`targetValue`, `targetMode`, a setpoint). */
  target: ZwaveValue;
  /** The value the device reports the result on (`currentValue`, `currentMode`, or the target itself). */
  reportedOn: ZwaveValue;
  payload: unknown;
  /** Whether a reported value shows the write took effect. */
  matches(value: unknown): boolean;
  /**
   * What `reportedOn` holds after a supervised success, when the payload says it; undefined when
   * only a report can tell (a dimmer's "restore the previous level").
   */
  supervisedValue?: unknown;
  /** How long to wait for the device's report. */
  windowMs: number;
}

export interface WriteOutcome {
  confirmation: Confirmation;
  /** The device's state now: its last report, or what a supervised success set; never an optimistic value. */
  value: unknown;
  /** Whether the device reported after the write. */
  reportedAfterWrite: boolean;
}

export interface ZwaveNetwork {
  readonly serverName: string;
  /** Real devices (no controller, no Broadcast or group nodes), from a node list in sync with the network. */
  devices(): Promise<ZwaveNode[]>;
  /** Exactly one device by node id (when given) or name, or a ZwaveToolError that says why not. */
  findDevice(name: string, nodeId?: number): Promise<ZwaveNode>;
  /**
   * Throws "… is dead; nothing was sent" for a dead node: checked before what the device can do,
   * because a node that died before its interview has no values at all.
   */
  requireAlive(node: ZwaveNode): void;
  /** Refuses dead nodes, writes, and waits for the device's word (see `WritePlan`). */
  writeAndConfirm(node: ZwaveNode, plan: WritePlan): Promise<WriteOutcome>;
  /** Several writes to one device, all sent before waiting (each is verified on its own). */
  writeAllAndConfirm(node: ZwaveNode, plans: WritePlan[]): Promise<WriteOutcome[]>;
  ping(node: ZwaveNode): Promise<boolean>;
  /** The node as typed results name it. */
  ref(node: ZwaveNode): NodeRef;
  readonly homeId: number | null;
  /**
   * The last level (1–99) this dimmer value reported since the server started, so "on" can ask for
   * that level and be confirmed by the report that follows, instead of sending 255 ("restore") that
   * zwave-js only verifies ~5 s later.
   */
  lastOnLevel(node: ZwaveNode, value: ZwaveValue): number | undefined;
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

  function ref(node: ZwaveNode): NodeRef {
    return { nodeId: node.id, homeId: transport.homeId, name: displayName(node), location: node.loc };
  }

  async function findDevice(name: string, nodeId?: number): Promise<ZwaveNode> {
    let devices = realDevices(await transport.nodes());
    if (nodeId !== undefined) {
      let byId = devices.find((d) => d.id === nodeId);
      if (!byId) byId = realDevices(await transport.refresh()).find((d) => d.id === nodeId);
      if (byId) return byId;
      throw new ZwaveToolError("not_found", `no Z-Wave device has node id ${nodeId}`);
    }
    let found = resolveDevice(name, devices);
    if (found.kind === "none") {
      // Names change (a rename in Z-Wave JS UI): ask once more before saying it does not exist.
      devices = realDevices(await transport.refresh());
      found = resolveDevice(name, devices);
    }
    if (found.kind === "found") return found.device;
    if (found.kind === "ambiguous") {
      throw new ZwaveToolError(
        "ambiguous",
        `"${name}" matches several devices: ${found.candidates.map(describeDevice).join("; ")}. Say which one.`,
        found.candidates.map(ref),
      );
    }
    const known = devices.map(describeDevice);
    throw new ZwaveToolError(
      "not_found",
      `no Z-Wave device is called "${name}". Known devices: ${known.length ? known.join("; ") : "none"}.`,
    );
  }

  function requireAlive(node: ZwaveNode): void {
    if (node.status === "Dead" || !node.available) {
      throw new ZwaveToolError(
        "dead",
        `${displayName(node)} is dead (not responding to ${transport.serverName}); nothing was sent`,
      );
    }
  }

  interface Sent {
    wait(): Promise<WriteOutcome>;
    cancel(): void;
  }

  async function send(node: ZwaveNode, plan: WritePlan): Promise<Sent> {
    const key = valueKey(plan.reportedOn);
    const before = node.values.get(key)?.value;
    const pending = expectReport(transport, node.id, key, before, plan.matches);
    let status: number;
    try {
      ({ status } = await transport.write(node, plan.target, plan.payload));
    } catch (err) {
      pending.cancel();
      throw err;
    }
    // A supervised success is the device's own word; only a restore needs the report for its level.
    if (status === SetValueStatus.Success && plan.supervisedValue !== undefined) {
      pending.cancel();
      const outcome: WriteOutcome = {
        confirmation: "supervised",
        value: plan.supervisedValue,
        reportedAfterWrite: false,
      };
      return { wait: () => Promise.resolve(outcome), cancel: () => {} };
    }
    return {
      async wait() {
        const r = await pending.wait(plan.windowMs);
        const confirmation: Confirmation = r.confirmed
          ? "device"
          : status === SetValueStatus.Success
            ? "supervised"
            : "none";
        return { confirmation, value: r.value, reportedAfterWrite: r.reported };
      },
      cancel: () => pending.cancel(),
    };
  }

  async function writeAllAndConfirm(node: ZwaveNode, plans: WritePlan[]): Promise<WriteOutcome[]> {
    requireAlive(node);
    const sent: Sent[] = [];
    try {
      for (const plan of plans) sent.push(await send(node, plan));
    } catch (err) {
      for (const s of sent) s.cancel();
      throw err;
    }
    return Promise.all(sent.map((s) => s.wait()));
  }

  return {
    serverName: transport.serverName,
    devices: async () => realDevices(await transport.nodes()),
    findDevice,
    requireAlive,
    async writeAndConfirm(node, plan) {
      const [outcome] = await writeAllAndConfirm(node, [plan]);
      if (!outcome) throw new ZwaveToolError("failed", "nothing was written");
      return outcome;
    },
    writeAllAndConfirm,
    ping: (node) => transport.ping(node),
    ref,
    get homeId() {
      return transport.homeId;
    },
    lastOnLevel: (node, value) => {
      const key = valueKey(value);
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
