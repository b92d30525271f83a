// The Z-Wave network as the tools see it: devices by name or node id, writes that refuse dead
// devices, and confirmation by the device's own word — the same on every transport.
import { isDeepStrictEqual } from "node:util";
import { expectReport } from "./confirm.js";
import type { Confirmation, NodeRef } from "./contract.js";
import { ZwaveToolError } from "./errors.js";
import { namedEndpoints, type NamedEndpoint } from "./endpoints.js";
import { valueKey, type ValueId, type ZwaveNode, type ZwaveValue } from "./model.js";
import { describeDevice, displayName, resolveDevice, type NamedDevice } from "./name-resolver.js";
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
   * Whether a match is one a motor also passes on its way (a step short of where it was sent): it
   * confirms only once the device is still there when asked after a quiet moment. Absent: every
   * match confirms at once.
   */
  passedOnTheWay?(value: unknown): boolean;
  /**
   * What `reportedOn` holds after a supervised success, when the payload says it; undefined when
   * only a report can tell (a dimmer's "restore the previous level").
   */
  supervisedValue?: unknown;
  /** How long to wait for the device's report. */
  windowMs: number;
  /**
   * Whether the device is asked for `reportedOn` soon after an acknowledged unsupervised Set. Only
   * where the write says what it must report (a switch, a dimmer sent a level, a cover sent a
   * position, a lock's mode, a setpoint): zwave-js then asks for that value itself, and drops its
   * own Get once it is reported.
   * Not after a dimmer's "restore": zwave-js expects no level then, so any answer, one halfway up
   * too, would cancel its later Get (`cancelScheduledPoll`).
   */
  askWhenSilent?: boolean;
}

export interface WriteOutcome {
  confirmation: Confirmation;
  /** The device's state now: its last report, or what a supervised success set; never an optimistic value. */
  value: unknown;
  /** Whether the device reported after the write. */
  reportedAfterWrite: boolean;
}

/** One value to ask a device for after a write, and what its answer must be to confirm it. */
export interface PollCheck {
  value: ZwaveValue;
  matches(value: unknown): boolean;
}

/** What asking the devices said: each check's last answer, and whether all of them matched. */
export interface PollOutcome {
  confirmed: boolean;
  /** Each check's last answer (undefined where the device gave none). */
  values: unknown[];
  /** Whether the device answered at all. */
  answered: boolean;
}

/** A device found by name or id, and its endpoint when the name or the caller named one. */
export interface FoundDevice {
  node: ZwaveNode;
  endpoint?: number;
}

export interface ZwaveNetwork {
  readonly serverName: string;
  /** Real devices (no controller, no Broadcast or group nodes), from a node list in sync with the network. */
  devices(): Promise<ZwaveNode[]>;
  /** Exactly one device by node id (when given) or name, or a ZwaveToolError that says why not. */
  findDevice(name: string, nodeId?: number): Promise<ZwaveNode>;
  /**
   * Exactly one device, and the endpoint its name names ("Outlet 2") or the caller gave; a node id
   * wins over the name, and an endpoint the node does not have is an error.
   */
  findTarget(name: string, nodeId?: number, endpoint?: number): Promise<FoundDevice>;
  /**
   * The endpoint of `found` that a tool acts on: the one named, else the device's only endpoint
   * that `can` do it. Several that can: `ambiguous`, naming each; none, or a named one that can't:
   * `not_supported`, with `refusal`'s reason.
   */
  chooseEndpoint(
    found: FoundDevice,
    can: (endpoint: NamedEndpoint) => boolean,
    refusal: (endpoint: NamedEndpoint) => string,
  ): NamedEndpoint;
  /**
   * Throws "… is dead; nothing was sent" for a dead node: checked before what the device can do,
   * because a node that died before its interview has no values at all.
   */
  requireAlive(node: ZwaveNode): void;
  /** Refuses dead nodes, writes, and waits for the device's word (see `WritePlan`). */
  writeAndConfirm(node: ZwaveNode, plan: WritePlan): Promise<WriteOutcome>;
  /** Several writes to one device, all sent before waiting (each is verified on its own). */
  writeAllAndConfirm(node: ZwaveNode, plans: WritePlan[]): Promise<WriteOutcome[]>;
  /**
   * Asks the device for `checks` (a Get each, the device's own word) until every answer matches or
   * `windowMs` has passed: at once, then about every second. For writes whose events cannot tell
   * the device's report from zwave-js's own update (Color Switch updates its channels itself), and
   * for multicasts, which zwave-js neither verifies nor reports per device.
   */
  confirmByPolling(node: ZwaveNode, checks: PollCheck[], windowMs: number): Promise<PollOutcome>;
  /**
   * One write to several devices' same value as one multicast frame; false when it could not go
   * out as one (then nothing was written). Each device confirms by its own word after it
   * (`confirmByPolling`).
   */
  multicast(nodes: ZwaveNode[], value: ValueId, payload: unknown): Promise<boolean>;
  /** Sends one write and resolves with zwave-js's status (the caller confirms it its own way). */
  writeOnly(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<number>;
  ping(node: ZwaveNode): Promise<boolean>;
  /**
   * Fills in when the device reported each value that has no report time yet, where the server can
   * say it (`ZwaveTransport.reportedAt`); one that cannot be learnt stays without, and no age is
   * said of it.
   */
  learnReportTimes(node: ZwaveNode, values: ZwaveValue[]): Promise<void>;
  /** Hears each report of one value of a node as it arrives (never an optimistic update); returns the function that stops it. */
  onReport(node: ZwaveNode, value: ValueId, listener: (value: unknown) => void): () => void;
  /** The node, and the endpoint when the result is about one, as typed results name them. */
  ref(node: ZwaveNode, endpoint?: NamedEndpoint): NodeRef;
  readonly homeId: number | null;
  /**
   * The last level (1–99) this dimmer value reported since the server started, so "on" can ask for
   * that level and be confirmed by the report that follows, instead of sending 255 ("restore") that
   * zwave-js only verifies ~5 s later.
   */
  lastOnLevel(node: ZwaveNode, value: ZwaveValue): number | undefined;
  /**
   * When this value last changed, as reported since the server started (a report that repeats it
   * does not count); else its last report's time.
   */
  changedAt(node: ZwaveNode, value: ZwaveValue): number | undefined;
  readonly confirmTimeoutMs: number;
}

export function createZwaveNetwork(options: {
  transport: ZwaveTransport;
  confirmTimeoutMs: number;
}): ZwaveNetwork {
  const { transport } = options;

  const onLevels = new Map<string, number>();
  const changes = new Map<string, { value: unknown; at: number }>();
  transport.onReport((report) => {
    const key = `${report.nodeId}:${report.key}`;
    if (isDimLevel(report.value)) onLevels.set(key, report.value);
    const last = changes.get(key);
    if (!last || !isDeepStrictEqual(last.value, report.value))
      changes.set(key, { value: report.value, at: report.at });
  });

  const realDevices = (nodes: ZwaveNode[]) => nodes.filter((n) => !n.virtual && !n.isController);

  function ref(node: ZwaveNode, endpoint?: NamedEndpoint): NodeRef {
    const base = { nodeId: node.id, homeId: transport.homeId, name: displayName(node), location: node.loc };
    return endpoint ? { ...base, endpoint: endpoint.index, endpointName: endpoint.name } : base;
  }

  /** What a name may mean: each device, and each of its endpoints that has a name of its own. */
  interface Candidate extends NamedDevice {
    node: ZwaveNode;
    endpoint?: NamedEndpoint;
  }

  function candidates(devices: ZwaveNode[]): Candidate[] {
    const nodes: Candidate[] = devices.map((node) => ({ id: node.id, name: node.name, loc: node.loc, node }));
    const endpoints = devices.flatMap((node) =>
      namedEndpoints(node)
        .filter((e) => e.name !== displayName(node))
        .map((endpoint): Candidate => ({ id: node.id, name: endpoint.name, loc: node.loc, node, endpoint })),
    );
    return [...nodes, ...endpoints];
  }

  function refOf(c: Candidate): NodeRef {
    return ref(c.node, c.endpoint);
  }

  async function findTarget(name: string, nodeId?: number, endpoint?: number): Promise<FoundDevice> {
    const named = await findNode(name, nodeId);
    const found = endpoint === undefined ? named : { node: named.node, endpoint };
    if (found.endpoint !== undefined && !namedEndpoints(found.node).some((e) => e.index === found.endpoint)) {
      const known = namedEndpoints(found.node)
        .map((e) => `${e.name} (endpoint ${e.index})`)
        .join("; ");
      throw new ZwaveToolError(
        "not_found",
        `${displayName(found.node)} has no endpoint ${found.endpoint} this server can use; it has: ${known}`,
      );
    }
    return found;
  }

  async function findNode(name: string, nodeId?: number): Promise<FoundDevice> {
    let devices = realDevices(await transport.nodes());
    if (nodeId !== undefined) {
      let byId = devices.find((d) => d.id === nodeId);
      if (!byId) byId = realDevices(await transport.refresh()).find((d) => d.id === nodeId);
      if (byId) return { node: byId };
      throw new ZwaveToolError("not_found", `no Z-Wave device has node id ${nodeId}`);
    }
    let found = resolveDevice(name, candidates(devices));
    if (found.kind === "none") {
      // Names change (a rename in Z-Wave JS UI): ask once more before saying it does not exist.
      devices = realDevices(await transport.refresh());
      found = resolveDevice(name, candidates(devices));
    }
    if (found.kind === "found") {
      const { node, endpoint } = found.device;
      return endpoint ? { node, endpoint: endpoint.index } : { node };
    }
    if (found.kind === "ambiguous") {
      // "Smart Plug" names the device and, partly, each of its outlets: it is the device.
      const [first] = found.candidates;
      const oneNode = found.candidates.every((c) => c.node === first?.node);
      const whole = found.candidates.find((c) => !c.endpoint);
      if (oneNode && whole) return { node: whole.node };
      throw new ZwaveToolError(
        "ambiguous",
        `"${name}" matches several devices: ${found.candidates.map(describeDevice).join("; ")}. Say which one.`,
        found.candidates.map(refOf),
      );
    }
    const known = devices.map(describeDevice);
    throw new ZwaveToolError(
      "not_found",
      `no Z-Wave device is called "${name}". Known devices: ${known.length ? known.join("; ") : "none"}.`,
    );
  }

  function chooseEndpoint(
    found: FoundDevice,
    can: (endpoint: NamedEndpoint) => boolean,
    refusal: (endpoint: NamedEndpoint) => string,
  ): NamedEndpoint {
    const endpoints = namedEndpoints(found.node);
    if (found.endpoint !== undefined) {
      const named = endpoints.find((e) => e.index === found.endpoint);
      if (named && can(named)) return named;
      const what = named ?? {
        index: found.endpoint,
        function: "other",
        commandClasses: [],
        name: displayName(found.node),
      };
      throw new ZwaveToolError("not_supported", refusal(what));
    }
    const able = endpoints.filter(can);
    const [only] = able;
    if (able.length === 1 && only) return only;
    if (able.length > 1) {
      throw new ZwaveToolError(
        "ambiguous",
        `${displayName(found.node)} is ${able.length} devices in one: ${able.map((e) => `${e.name} (endpoint ${e.index})`).join("; ")}. Say which one.`,
        able.map((e) => ref(found.node, e)),
      );
    }
    throw new ZwaveToolError("not_supported", refusal(endpoints[0]!));
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
    const passed = plan.passedOnTheWay?.bind(plan);
    const pending = expectReport(
      transport,
      node.id,
      key,
      before,
      plan.matches,
      passed && { passed, ask: () => ask(node, plan.reportedOn) },
    );
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
    // An acknowledged Set tells nothing of what the device did, and zwave-js asks it only later
    // (`schedulePoll` in the CC APIs: ~1 s after a Binary Switch Set, ~5 s after a Multilevel
    // Switch one, `timeouts.refreshValue`), so a device that does not report by itself kept the
    // user waiting that long. One that has not reported shortly after is asked now: its answer
    // comes as a report like any other and confirms when it shows the write done, and zwave-js then
    // drops its own Get (a value update equal to the one it expects cancels the scheduled poll:
    // Node `cancelScheduledPoll`). An answer that does not (a motor or a dimmer still on its way, a
    // device slow to act) leaves that Get to come as it did.
    // Cleared once the report is in: a timer that fires for nothing still wakes the thread.
    const askLater =
      status === SetValueStatus.SuccessUnsupervised && plan.askWhenSilent && node.status !== "Asleep"
        ? setTimeout(() => {
            if (!pending.settled()) void ask(node, plan.reportedOn);
          }, OWN_REPORT_MS).unref()
        : undefined;
    return {
      async wait() {
        const r = await pending.wait(plan.windowMs);
        clearTimeout(askLater);
        const confirmation: Confirmation = r.confirmed
          ? "device"
          : status === SetValueStatus.Success
            ? "supervised"
            : "none";
        return { confirmation, value: r.value, reportedAfterWrite: r.reported };
      },
      cancel() {
        clearTimeout(askLater);
        pending.cancel();
      },
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

  /** The device's answer, or undefined when it gave none or could not be asked. */
  async function ask(node: ZwaveNode, value: ValueId): Promise<{ answered: boolean; value: unknown }> {
    try {
      const answer = await transport.poll(node, value);
      return { answered: answer !== undefined, value: answer };
    } catch {
      return { answered: false, value: undefined };
    }
  }

  async function confirmByPolling(
    node: ZwaveNode,
    checks: PollCheck[],
    windowMs: number,
  ): Promise<PollOutcome> {
    const deadline = Date.now() + windowMs;
    const values: unknown[] = checks.map(() => undefined);
    const done = checks.map(() => false);
    let answered = false;
    for (;;) {
      // One at a time: zwave-js queues them anyway, and a device answers one Get after another.
      for (const [i, check] of checks.entries()) {
        if (done[i]) continue;
        const answer = await ask(node, check.value);
        if (!answer.answered) continue;
        answered = true;
        values[i] = answer.value;
        done[i] = check.matches(answer.value);
      }
      if (done.every(Boolean)) return { confirmed: true, values, answered };
      const wait = Math.min(POLL_INTERVAL_MS, deadline - Date.now());
      if (wait <= 0) return { confirmed: false, values, answered };
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  async function multicast(nodes: ZwaveNode[], value: ValueId, payload: unknown): Promise<boolean> {
    try {
      await transport.writeMulticast(nodes, value, payload);
      return true;
    } catch {
      // zwave-js refuses groups it cannot address as one (mixed security classes, a command class
      // some lack): the caller writes to each device instead.
      return false;
    }
  }

  return {
    serverName: transport.serverName,
    devices: async () => realDevices(await transport.nodes()),
    findDevice: async (name, nodeId) => (await findNode(name, nodeId)).node,
    findTarget,
    chooseEndpoint,
    requireAlive,
    async writeAndConfirm(node, plan) {
      const [outcome] = await writeAllAndConfirm(node, [plan]);
      if (!outcome) throw new ZwaveToolError("failed", "nothing was written");
      return outcome;
    },
    writeAllAndConfirm,
    confirmByPolling,
    multicast,
    async writeOnly(node, value, payload) {
      requireAlive(node);
      return (await transport.write(node, value, payload)).status;
    },
    ping: (node) => transport.ping(node),
    async learnReportTimes(node, values) {
      const ask = transport.reportedAt?.bind(transport);
      if (!ask) return;
      await Promise.all(
        values
          .filter((v) => v.lastUpdate === undefined)
          .map(async (v) => {
            const at = await ask(node, v).catch(() => undefined);
            // Another report may have come meanwhile: its own time wins.
            if (at !== undefined && v.lastUpdate === undefined) v.lastUpdate = at;
          }),
      );
    },
    onReport(node, value, listener) {
      const key = valueKey(value);
      return transport.onReport((report) => {
        if (report.nodeId === node.id && report.key === key) listener(report.value);
      });
    },
    ref,
    get homeId() {
      return transport.homeId;
    },
    lastOnLevel: (node, value) => {
      const key = valueKey(value);
      const now = node.values.get(key)?.value;
      return isDimLevel(now) ? now : onLevels.get(`${node.id}:${key}`);
    },
    changedAt: (node, value) => changes.get(`${node.id}:${valueKey(value)}`)?.at ?? value.lastUpdate,
    confirmTimeoutMs: options.confirmTimeoutMs,
  };
}

/**
 * How long after its acknowledgement a device that reports by itself has done so (a radio round
 * trip or two): it is asked only after that, since asking it too would only add traffic.
 */
const OWN_REPORT_MS = 300;

/** How long between two questions to a device that has not shown a write's effect yet. */
const POLL_INTERVAL_MS = 1000;

/** A Multilevel Switch level that is on; 255 is the "restore" command, not a level. */
function isDimLevel(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 99;
}
