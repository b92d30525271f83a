// The bridge's one client of its Z-Wave MCP server. It keeps one collection of the network's
// devices (listed by one poll) and their endpoints as targets (zwave-target.ts), learns the home
// id, and calls the per-device tools by node id and endpoint.
// Every fact comes from the tools' `structuredContent`, parsed with the schemas the server
// declares as its `outputSchema` (src/zwave/contract.ts); the text is for people only.
import type { z } from "zod";
import { ZWAVE_TOOLS } from "../config/own-servers.js";
import type { Logger } from "../log.js";
import type { ColorName, WhiteTemperature } from "../zwave/colors.js";
import {
  colorOutput,
  controlOutput,
  coverOutput,
  doorLockOutput,
  groupControlOutput,
  listDevicesOutput,
  sensorDataOutput,
  type ColorOutput,
  type ControlOutput,
  type CoverAction,
  type CoverOutput,
  type DeviceSummary,
  type DoorLockOutput,
  type GroupControlOutput,
  type SensorDataOutput,
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

/** The network changes rarely; a write updates its own device at once. */
const POLL_MS = 10_000;
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
  /** When the collection was last listed (ms since epoch). */
  listedAt?: number;
}

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
  /** Called after the collection or the link changed; returns the function that stops it. */
  onChange(listener: () => void): () => void;
  close(): void;
}

export function createZwaveClient<R extends ToolCallResult>(options: {
  registry: ZwaveToolCaller<R>;
  logger: Logger;
}): ZwaveClient<R> {
  const { registry, logger } = options;
  let devices: DeviceSummary[] = [];
  let byNode = new Map<number, DeviceSummary>();
  let targets: ZwaveTarget[] = [];
  let byTarget = new Map<string, ZwaveTarget>();
  let homeId: number | null = null;
  /** Undefined until the bridge's search says something: then the server's tools alone tell. */
  let upstream: UpstreamState | undefined;
  let lastList: { ok: true; at: number } | { ok: false; error: ZwaveError } | undefined;
  let inflight: Promise<readonly DeviceSummary[]> | undefined;
  let closed = false;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) {
      try {
        listener();
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

  function replace(next: DeviceSummary[]) {
    devices = next;
    byNode = new Map(next.map((d) => [d.nodeId, d]));
    targets = next.flatMap(targetsOf);
    byTarget = new Map(targets.map((t) => [targetKey(t), t]));
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

  async function list(): Promise<readonly DeviceSummary[]> {
    const { result, output } = await call(
      "list_zwave_devices",
      listDevicesOutput,
      { includeInactive: true },
      { timeoutMs: LIST_TIMEOUT_MS },
    );
    if (closed) return devices;
    if (output?.ok && output.devices) {
      replace(output.devices);
      if (output.homeId !== undefined && output.homeId !== null) homeId = output.homeId;
      lastList = { ok: true, at: Date.now() };
    } else {
      // Keep the devices we knew: a command then hears "unavailable", which is true, rather than
      // "no such device", which is not.
      lastList = {
        ok: false,
        error:
          output?.error ??
          (result.ok
            ? { code: "failed", message: "the Z-Wave server's listing carried no typed devices" }
            : { code: "offline", message: result.error ?? "the Z-Wave server did not answer" }),
      };
    }
    emit();
    return devices;
  }

  function refresh(): Promise<readonly DeviceSummary[]> {
    if (!hasTools()) return Promise.resolve(devices);
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
      (endpoint === undefined ? undefined : byTarget.get(targetKey({ nodeId, endpoint }))?.name) ??
      byNode.get(nodeId)?.name ??
      `node ${nodeId}`;
    return { deviceName: name, nodeId, ...(endpoint === undefined ? {} : { endpoint }) };
  }

  /** A write's own report updates its endpoint at once: the next sentence sees it without a listing. */
  function learn(output: ControlOutput | undefined) {
    const node = output?.node;
    const known = node ? byNode.get(node.nodeId) : undefined;
    if (!node || !known || output.confirmation === "none") return;
    const state = {
      ...(output.on !== undefined ? { on: output.on } : {}),
      ...(output.level !== undefined ? { level: output.level } : {}),
    };
    const endpoints = known.endpoints.map((e) => (e.endpoint === node.endpoint ? { ...e, ...state } : e));
    // The device's own on/level are its main endpoint's: the first that acts.
    const main = known.endpoints.find((e) => isActuator(e.function));
    const updated: DeviceSummary = {
      ...known,
      endpoints,
      ...(main && main.endpoint === node.endpoint ? state : {}),
    };
    replace(devices.map((d) => (d.nodeId === node.nodeId ? updated : d)));
    emit();
  }

  const timer = setInterval(() => void refresh(), POLL_MS);
  timer.unref();
  // The first listing as soon as the server's tools appear (and again after it restarts).
  let wasUp = hasTools();
  if (wasUp) void refresh();
  const stopWatching = registry.onChange(() => {
    const up = hasTools();
    if (up && !wasUp) void refresh();
    wasUp = up;
    emit();
  });

  return {
    devices: () => devices,
    device: (nodeId) => byNode.get(nodeId),
    targets: () => targets,
    target: (nodeId, endpoint) => byTarget.get(targetKey({ nodeId, endpoint })),
    homeId: () => homeId,
    link() {
      if (upstream?.state === "off") return { state: "off", reason: upstream.reason };
      if (upstream?.state === "waiting") return { state: "waiting", reason: `waiting for ${upstream.for}` };
      const shown = upstream ? { upstream: describeUpstream(upstream.upstream) } : {};
      if (!upstream && !hasTools()) return { state: "off", reason: "no Z-Wave server is set up" };
      if (!hasTools() || !lastList) return { state: "starting", ...shown };
      if (lastList.ok) return { state: "connected", ...shown, listedAt: lastList.at };
      return { state: "unavailable", ...shown, error: lastList.error };
    },
    refresh,
    async freshen() {
      // An empty network is no answer worth keeping: it is what a listing made too early says.
      if (lastList?.ok && devices.length && Date.now() - lastList.at < FRESHEN_MS) return false;
      const before = devices;
      await refresh();
      return devices !== before && JSON.stringify(devices) !== JSON.stringify(before);
    },
    async listed() {
      if (lastList || !hasTools()) return;
      await refresh();
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
    setUpstream(next) {
      upstream = next;
      lastList = undefined;
      emit();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearInterval(timer);
      stopWatching();
      listeners.clear();
    },
  };
}
