// The bridge's one client of its Z-Wave MCP server. It keeps one collection of the network's
// devices and their endpoints as targets (zwave-target.ts): listed once the server's tools appear,
// then kept current by the server's state events (src/zwave/state-events.ts), which carry every
// report of a device as it arrives and the whole list again after any reconnect
// (docs/architecture.md, Caches kept current). It learns the home id, and calls the per-device
// tools by node id and endpoint.
// Every fact comes from the tools' `structuredContent`, parsed with the schemas the server
// declares as its `outputSchema` (src/zwave/contract.ts); the text is for people only.
import type { z } from "zod";
import { ZWAVE_TOOLS } from "../config/own-servers.js";
import type { Logger } from "../log.js";
import { createCollection } from "../shared/collection.js";
import type { ColorName, WhiteTemperature } from "../zwave/colors.js";
import type { CoverSettled, ZwaveStateEvent } from "../zwave/state-events.js";
import {
  colorOutput,
  controlOutput,
  coverOutput,
  doorLockOutput,
  groupControlOutput,
  listDevicesOutput,
  sensorDataOutput,
  thermostatOutput,
  type ColorOutput,
  type ControlOutput,
  type CoverAction,
  type CoverOutput,
  type DeviceSummary,
  type DoorLockOutput,
  type GroupControlOutput,
  type SensorDataOutput,
  type ThermostatOutput,
  type ZwaveError,
} from "../zwave/contract.js";

import { isActuator } from "../zwave/functions.js";
import { describeUpstream, type UpstreamState } from "./upstream.js";
import { targetKey, targetsOf, type ZwaveTarget } from "./zwave-target.js";

/** How a call runs: its time limit, the turn's signal, the speaking satellite. */
export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  deviceId?: string;
}

/** A tool call's outcome as the bridge's tool registry reports it (the fields read here). */
export interface ToolCallResult {
  ok: boolean;
  content: string;
  error?: string;
  structuredContent?: Record<string, unknown>;
}

/**
 * What the client needs of the bridge's tool registry (src/tools/registry.ts), which sits above
 * Z-Wave: it calls the Z-Wave server's tools through it, so they are logged, timed and repaired
 * as every call is, and it watches the server's tools come and go.
 */
export interface ZwaveToolCaller<R extends ToolCallResult = ToolCallResult> {
  executeIdentifier(identifier: unknown, args: unknown, options?: CallOptions): Promise<R>;
  list(): ReadonlyArray<{ server: string; tool: string; available: boolean }>;
  onChange(listener: () => void): () => void;
}

const LIST_TIMEOUT_MS = 5_000;
/** A name not found lists again, at most this often. */
const FRESHEN_MS = 1_000;

/**
 * Where the client stands. `waiting`: no Z-Wave JS server or broker has been found yet (the
 * bridge keeps looking); `starting`: found, the MCP server not up yet; `connected`: the last
 * listing worked; `unavailable`: it failed (`error` says why, typed); `off`: Z-Wave is not set up.
 */
export type ZwaveLinkState = "off" | "waiting" | "starting" | "connected" | "unavailable";

export interface ZwaveLink {
  state: ZwaveLinkState;
  /** The transport in use, once found; never holds credentials. */
  upstream?: string;
  /** What the bridge is waiting for, or why Z-Wave is off, for people. */
  reason?: string;
  error?: ZwaveError;
  /** When the collection was last listed in full (ms since epoch). */
  listedAt?: number;
  /** When the server last told of a change (ms since epoch). */
  changedAt?: number;
}

/**
 * What changed, for listeners that care about some of it: `devices`, the network itself (a device
 * added, removed or renamed, a full listing); `state`, only what devices report (on, level, a
 * reading, online or dead); `link`, where the client stands.
 */
export type ZwaveChange = "devices" | "state" | "link";

/** A tool call's result for the turn's record, and its typed output when the server sent one. */
export interface ZwaveCall<T, R extends ToolCallResult = ToolCallResult> {
  result: R;
  output: T | undefined;
}

export interface ZwaveClient<R extends ToolCallResult = ToolCallResult> {
  /** The network's devices as last listed; dead and not-ready ones included. */
  devices(): readonly DeviceSummary[];
  device(nodeId: number): DeviceSummary | undefined;
  /** Every endpoint of every listed device that has a function (or the root of one that has none). */
  targets(): readonly ZwaveTarget[];
  target(nodeId: number, endpoint: number): ZwaveTarget | undefined;
  /** The controller's home id, once the transport has said it. */
  homeId(): number | null;
  link(): ZwaveLink;
  /**
   * Settles once the collection has been listed since the server's tools appeared (at once when
   * it has, or when there is no server): a sentence right after start-up still finds its device.
   */
  listed(): Promise<void>;
  /**
   * Lists again unless the last listing is under a second old; true when the devices changed. For
   * a name not found: a device just added (or a listing made before the gateway was heard from).
   */
  freshen(): Promise<boolean>;
  /** Lists the devices now (one listing in flight at a time). */
  refresh(): Promise<readonly DeviceSummary[]>;
  /** Switches one endpoint: the write goes to that endpoint only. */
  control(
    target: Pick<ZwaveTarget, "nodeId" | "endpoint">,
    action: "on" | "off" | "dim",
    level: number | undefined,
    options?: CallOptions,
  ): Promise<ZwaveCall<ControlOutput, R>>;
  /**
   * Switches or dims several endpoints at once (`control_zwave_group`): those that take the same
   * write go out as one multicast frame, and each is confirmed by its own report.
   */
  group(
    targets: ReadonlyArray<Pick<ZwaveTarget, "nodeId" | "endpoint">>,
    action: "on" | "off" | "dim",
    level: number | undefined,
    options?: CallOptions,
  ): Promise<ZwaveCall<GroupControlOutput, R>>;
  /** The readings of a target: its endpoint's, or the whole node's when it is the node's only target. */
  sensorData(
    target: Pick<ZwaveTarget, "nodeId" | "endpoint" | "wholeNode">,
    options?: CallOptions,
  ): Promise<ZwaveCall<SensorDataOutput, R>>;
  lock(
    target: Pick<ZwaveTarget, "nodeId" | "endpoint">,
    action: "lock" | "unlock",
    options?: CallOptions,
  ): Promise<ZwaveCall<DoorLockOutput, R>>;
  /** Sets a thermostat's mode (`set_zwave_thermostat`), by the name the device lists it under ("Off"). */
  thermostatMode(
    target: Pick<ZwaveTarget, "nodeId" | "endpoint">,
    mode: string,
    options?: CallOptions,
  ): Promise<ZwaveCall<ThermostatOutput, R>>;
  /**
   * Moves a cover (`control_zwave_cover`) or, for a barrier (garage door, gate),
   * `control_zwave_barrier`, which has no position: the action policy holds an opening.
   */
  cover(
    target: Pick<ZwaveTarget, "nodeId" | "endpoint" | "function">,
    action: CoverAction,
    position: number | undefined,
    options?: CallOptions,
  ): Promise<ZwaveCall<CoverOutput, R>>;
  /** Sets a light's colour or white (`set_zwave_light_color`); its brightness is kept. */
  color(
    target: Pick<ZwaveTarget, "nodeId" | "endpoint">,
    color: { color?: ColorName; white?: WhiteTemperature; kelvin?: number },
    options?: CallOptions,
  ): Promise<ZwaveCall<ColorOutput, R>>;
  /** The bridge's search for a transport: waiting, found (and which), or off. */
  setUpstream(upstream: UpstreamState): void;
  /**
   * Applies one of the server's state events (src/zwave/state-events.ts): the device as it is
   * now, or every device after the server fetched them all.
   */
  apply(event: ZwaveStateEvent): void;
  /**
   * Hears how a cover that was on its way when its tool answered (its result's `followId`) ended,
   * by its own word; returns the function that stops it.
   */
  onCoverSettled(listener: (end: CoverSettled) => void): () => void;
  /** Called after the collection or the link changed; returns the function that stops it. */
  onChange(listener: (change: ZwaveChange) => void): () => void;
  close(): void;
}

/** The devices as the client holds them, by node id, and the controller's home id. */
interface NetworkView {
  byNode: Map<number, DeviceSummary>;
  homeId: number | null;
}

/** The state events that change the network's view (a cover's end is news, not state). */
type NetworkChange = Exclude<ZwaveStateEvent, CoverSettled>;

/** Applies one state event to a view, in place; applying it twice does no harm (collection.ts). */
function applyEvent(view: NetworkView, event: NetworkChange): void {
  if (event.type === "devices") {
    view.byNode = new Map(event.devices.map((d) => [d.nodeId, d]));
    if (event.homeId !== null) view.homeId = event.homeId;
  } else if (event.type === "device") view.byNode.set(event.device.nodeId, event.device);
  else view.byNode.delete(event.nodeId);
}

/** Whether a device is the same thing under the same names: only what it reports may differ. */
function sameIdentity(a: DeviceSummary | undefined, b: DeviceSummary | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.name === b.name &&
    a.location === b.location &&
    a.endpoints.length === b.endpoints.length &&
    a.endpoints.every((e, i) => {
      const o = b.endpoints[i];
      return o !== undefined && e.endpoint === o.endpoint && e.name === o.name && e.function === o.function;
    })
  );
}

export function createZwaveClient<R extends ToolCallResult>(options: {
  registry: ZwaveToolCaller<R>;
  logger: Logger;
}): ZwaveClient<R> {
  const { registry, logger } = options;
  /** Undefined until the bridge's search says something: then the server's tools alone tell. */
  let upstream: UpstreamState | undefined;
  let lastList: { ok: true; at: number } | { ok: false; error: ZwaveError } | undefined;
  let changedAt: number | undefined;
  let inflight: Promise<readonly DeviceSummary[]> | undefined;
  let closed = false;
  const listeners = new Set<(change: ZwaveChange) => void>();
  const settledListeners = new Set<(end: CoverSettled) => void>();

  const view = createCollection<NetworkView, NetworkChange>({
    fetch: fetchView,
    apply: applyEvent,
  });
  // The lists every reader shares, made again only after a change.
  let built:
    { devices: DeviceSummary[]; targets: ZwaveTarget[]; byTarget: Map<string, ZwaveTarget> } | undefined;
  function lists() {
    if (built) return built;
    const devices = [...(view.state?.byNode.values() ?? [])].sort((a, b) => a.nodeId - b.nodeId);
    const targets = devices.flatMap(targetsOf);
    return (built = { devices, targets, byTarget: new Map(targets.map((t) => [targetKey(t), t])) });
  }

  const emit = (change: ZwaveChange) => {
    if (change !== "link") built = undefined;
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        logger.error(`a Z-Wave collection listener failed: ${(err as Error).message}`);
      }
    }
  };

  function hasTools(): boolean {
    return registry
      .list()
      .some((t) => t.server === ZWAVE_TOOLS.server && t.tool === "list_zwave_devices" && t.available);
  }

  async function call<T>(
    tool: string,
    schema: z.ZodType<T>,
    args: Record<string, unknown>,
    callOptions: CallOptions = {},
  ): Promise<ZwaveCall<T, R>> {
    const result = await registry.executeIdentifier({ ...ZWAVE_TOOLS, name: tool }, args, callOptions);
    const parsed =
      result.structuredContent === undefined ? undefined : schema.safeParse(result.structuredContent);
    if (parsed && !parsed.success)
      logger.warn(`Z-Wave ${tool}: a result that does not fit its schema was ignored`);
    return { result, output: parsed?.success ? parsed.data : undefined };
  }

  /** The collection's fetch: every device, through `list_zwave_devices`. */
  async function fetchView(): Promise<NetworkView> {
    const { result, output } = await call(
      "list_zwave_devices",
      listDevicesOutput,
      { includeInactive: true },
      { timeoutMs: LIST_TIMEOUT_MS },
    );
    if (output?.ok && output.devices) {
      return {
        byNode: new Map(output.devices.map((d) => [d.nodeId, d])),
        homeId: output.homeId ?? view.state?.homeId ?? null,
      };
    }
    throw (
      output?.error ??
      (result.ok
        ? { code: "failed", message: "the Z-Wave server's listing carried no typed devices" }
        : { code: "offline", message: result.error ?? "the Z-Wave server did not answer" })
    );
  }

  async function list(): Promise<readonly DeviceSummary[]> {
    try {
      const fresh = await view.refresh();
      if (closed) return lists().devices;
      if (fresh) lastList = { ok: true, at: Date.now() };
    } catch (err) {
      if (closed) return lists().devices;
      // Keep the devices we knew: a command then hears "unavailable", which is true, rather than
      // "no such device", which is not.
      lastList = { ok: false, error: err as ZwaveError };
    }
    emit("devices");
    return lists().devices;
  }

  function refresh(): Promise<readonly DeviceSummary[]> {
    if (!hasTools()) return Promise.resolve(lists().devices);
    return (inflight ??= list().finally(() => (inflight = undefined)));
  }

  /**
   * The node id and endpoint decide which device and load; `deviceName` stays because the tools
   * require it (an LLM must always name the device), and the record of the turn shows it.
   */
  function byId(
    nodeId: number,
    endpoint?: number,
  ): { deviceName: string; nodeId: number; endpoint?: number } {
    const name =
      (endpoint === undefined ? undefined : lists().byTarget.get(targetKey({ nodeId, endpoint }))?.name) ??
      view.state?.byNode.get(nodeId)?.name ??
      `node ${nodeId}`;
    return { deviceName: name, nodeId, ...(endpoint === undefined ? {} : { endpoint }) };
  }

  /**
   * A write's own report updates its endpoint at once: the next sentence sees it even if the
   * server's event for the same report comes a moment after the tool's answer (two ports, no order
   * between them). Both say what the device reported, so whichever lands last is as true.
   */
  function learn(output: ControlOutput | undefined) {
    const node = output?.node;
    const known = node ? view.state?.byNode.get(node.nodeId) : undefined;
    if (!node || !known || output.confirmation === "none") return;
    const state = {
      ...(output.on !== undefined ? { on: output.on } : {}),
      ...(output.level !== undefined ? { level: output.level } : {}),
    };
    const endpoints = known.endpoints.map((e) => (e.endpoint === node.endpoint ? { ...e, ...state } : e));
    // The device's own on/level are its main endpoint's: the first that acts.
    const main = known.endpoints.find((e) => isActuator(e.function));
    const device: DeviceSummary = {
      ...known,
      endpoints,
      ...(main && main.endpoint === node.endpoint ? state : {}),
    };
    view.update({ type: "device", device });
    emit("state");
  }

  // The first listing as soon as the server's tools appear (and again after it restarts).
  let wasUp = hasTools();
  if (wasUp) void refresh();
  const stopWatching = registry.onChange(() => {
    const up = hasTools();
    if (up && !wasUp) void refresh();
    if (!up && wasUp) view.stale();
    wasUp = up;
    emit("link");
  });

  return {
    devices: () => lists().devices,
    device: (nodeId) => view.state?.byNode.get(nodeId),
    targets: () => lists().targets,
    target: (nodeId, endpoint) => lists().byTarget.get(targetKey({ nodeId, endpoint })),
    homeId: () => view.state?.homeId ?? null,
    link() {
      if (upstream?.state === "off") return { state: "off", reason: upstream.reason };
      if (upstream?.state === "waiting") return { state: "waiting", reason: `waiting for ${upstream.for}` };
      const shown = upstream ? { upstream: describeUpstream(upstream.upstream) } : {};
      if (!upstream && !hasTools()) return { state: "off", reason: "no Z-Wave server is set up" };
      if (!hasTools() || !lastList) return { state: "starting", ...shown };
      if (lastList.ok)
        return {
          state: "connected",
          ...shown,
          listedAt: lastList.at,
          ...(changedAt !== undefined ? { changedAt } : {}),
        };
      return { state: "unavailable", ...shown, error: lastList.error };
    },
    refresh,
    async freshen() {
      // An empty network is no answer worth keeping: it is what a listing made too early says.
      const devices = lists().devices;
      if (lastList?.ok && devices.length && Date.now() - lastList.at < FRESHEN_MS) return false;
      const before = JSON.stringify(devices);
      await refresh();
      return JSON.stringify(lists().devices) !== before;
    },
    async listed() {
      if (lastList || !hasTools()) return;
      await refresh();
    },
    apply(event) {
      if (closed) return;
      if (event.type === "cover_settled") {
        for (const listener of settledListeners) {
          try {
            listener(event);
          } catch (err) {
            logger.error(`a Z-Wave cover listener failed: ${(err as Error).message}`);
          }
        }
        return;
      }
      const before = event.type === "device" ? view.state?.byNode.get(event.device.nodeId) : undefined;
      view.update(event);
      changedAt = Date.now();
      // A full list from the server is a listing as good as our own: the link is up.
      if (event.type === "devices" && view.state) lastList = { ok: true, at: changedAt };
      emit(event.type === "device" && sameIdentity(before, event.device) ? "state" : "devices");
    },
    async control(target, action, level, callOptions) {
      const args = {
        ...byId(target.nodeId, target.endpoint),
        action,
        ...(action === "dim" && level !== undefined ? { level } : {}),
      };
      const outcome = await call("control_zwave_device", controlOutput, args, callOptions);
      learn(outcome.output);
      return outcome;
    },
    async group(members, action, level, callOptions) {
      const args = {
        devices: members.map((t) => byId(t.nodeId, t.endpoint)),
        action,
        ...(action === "dim" && level !== undefined ? { level } : {}),
      };
      const outcome = await call("control_zwave_group", groupControlOutput, args, callOptions);
      for (const member of outcome.output?.devices ?? [])
        if (member.node) learn({ ...member, node: member.node });
      return outcome;
    },
    sensorData: (target, callOptions) =>
      call(
        "get_device_sensor_data",
        sensorDataOutput,
        byId(target.nodeId, target.wholeNode ? undefined : target.endpoint),
        callOptions,
      ),
    cover: (target, action, position, callOptions) =>
      call(
        target.function === "barrier" ? "control_zwave_barrier" : "control_zwave_cover",
        coverOutput,
        {
          ...byId(target.nodeId, target.endpoint),
          action,
          ...(action === "set_position" && position !== undefined ? { position } : {}),
        },
        callOptions,
      ),
    color: (target, color, callOptions) =>
      call(
        "set_zwave_light_color",
        colorOutput,
        { ...byId(target.nodeId, target.endpoint), ...color },
        callOptions,
      ),
    lock: (target, action, callOptions) =>
      call(
        "lock_zwave_door",
        doorLockOutput,
        { ...byId(target.nodeId, target.endpoint), action },
        callOptions,
      ),
    thermostatMode: (target, mode, callOptions) =>
      call(
        "set_zwave_thermostat",
        thermostatOutput,
        { ...byId(target.nodeId, target.endpoint), mode },
        callOptions,
      ),
    setUpstream(next) {
      upstream = next;
      lastList = undefined;
      emit("link");
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onCoverSettled(listener) {
      settledListeners.add(listener);
      return () => settledListeners.delete(listener);
    },
    close() {
      closed = true;
      stopWatching();
      listeners.clear();
      settledListeners.clear();
    },
  };
}
