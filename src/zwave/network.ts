// The Z-Wave network as the tools see it: devices by name, writes that choose `/set` or the API,
// and the node list kept in sync with the gateway.
import { z } from "zod";
import type { Logger } from "../log.js";
import { expectReport, type PendingConfirmation } from "./confirm.js";
import { ZwaveUserError } from "./errors.js";
import type { GatewayClient } from "./gateway-client.js";
import { describeDevice, displayName, resolveDevice } from "./name-resolver.js";
import { createNodeCache, type NodeCache, type ZwaveNode, type ZwaveValue } from "./node-cache.js";
import { valueKey, type ValueId } from "./value-id.js";

/** After an unknown topic (a rename, a new node) the node list is fetched again, at most this often. */
const REFRESH_DEBOUNCE_MS = 300;

const setValueResultSchema = z.looseObject({ status: z.number(), message: z.string().nullish() });

/** zwave-js SetValueStatus values that mean the write went out (sheet §2.2). */
const WRITE_OK = new Set([1, 254, 255]);
const WRITE_STATUS: Record<number, string> = {
  0: "the device does not support it",
  2: "the write failed",
  3: "no such endpoint",
  4: "not implemented",
  5: "invalid value",
};

export interface ZwaveNetwork {
  /** Real devices (no controller, no Broadcast or group nodes), from a node list in sync with the gateway. */
  devices(): Promise<ZwaveNode[]>;
  /** Exactly one device for a name, or a ZwaveUserError that says why not (listing candidates). */
  findDevice(name: string): Promise<ZwaveNode>;
  /** Refuses dead nodes; sends via the value's `/set` when the gateway has published it, else `writeValue`. */
  write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<"set" | "api">;
  /** Call before `write`; see `expectReport`. */
  expect(node: ZwaveNode, valueId: ValueId, matches: (value: unknown) => boolean): PendingConfirmation;
  callApi(api: string, args: unknown[]): Promise<unknown>;
  /** Refetches the node list unless it is in sync (values go stale while the broker is unreachable). */
  refreshIfStale(): Promise<void>;
  readonly confirmTimeoutMs: number;
}

export function createZwaveNetwork(options: {
  gateway: GatewayClient;
  prefix: string;
  confirmTimeoutMs: number;
  logger: Logger;
}): ZwaveNetwork {
  const { gateway, logger } = options;
  const cache: NodeCache = createNodeCache(options.prefix);
  let inflight: Promise<void> | undefined;
  let debounce: NodeJS.Timeout | undefined;

  function refresh(): Promise<void> {
    inflight ??= gateway
      .callApi("getNodes", [])
      .then((result) => {
        cache.replaceAll(result);
        logger.debug({ nodes: cache.nodes().length }, "node list refreshed");
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  }

  function refreshQuietly(): void {
    refresh().catch((err: unknown) => logger.debug({ err: String(err) }, "node list refresh failed"));
  }

  gateway.onMessage((topic, payload) => {
    if (!cache.handleMessage(topic, payload).unknownTopic) return;
    clearTimeout(debounce);
    debounce = setTimeout(refreshQuietly, REFRESH_DEBOUNCE_MS);
    debounce.unref();
  });
  gateway.onResync((reason) => {
    cache.markStale();
    if (reason === "gateway-restarted") cache.forgetPublished();
    refreshQuietly();
  });

  async function refreshIfStale(): Promise<void> {
    await gateway.requireGateway();
    if (!cache.synced || inflight) await refresh();
  }

  function realDevices(): ZwaveNode[] {
    return cache.nodes().filter((n) => !n.virtual && !n.isController);
  }

  async function devices(): Promise<ZwaveNode[]> {
    await refreshIfStale();
    return realDevices();
  }

  async function findDevice(name: string): Promise<ZwaveNode> {
    await refreshIfStale();
    let found = resolveDevice(name, realDevices());
    if (found.kind === "none") {
      // Names change (a rename in Z-Wave JS UI): ask once more before saying it does not exist.
      await refresh();
      found = resolveDevice(name, realDevices());
    }
    if (found.kind === "found") return found.device;
    if (found.kind === "ambiguous") {
      throw new ZwaveUserError(
        `"${name}" matches several devices: ${found.candidates.map(describeDevice).join("; ")}. Say which one.`,
      );
    }
    const known = realDevices().map(describeDevice);
    throw new ZwaveUserError(
      `no Z-Wave device is called "${name}". Known devices: ${known.length ? known.join("; ") : "none"}.`,
    );
  }

  async function write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<"set" | "api"> {
    if (node.status === "Dead" || !node.available) {
      throw new ZwaveUserError(
        `${displayName(node)} is dead (not responding to Z-Wave JS UI); nothing was sent`,
      );
    }
    await gateway.requireGateway();
    const topic = cache.publishedTopic(node.id, value) ?? redirectTopic(node, value);
    if (topic) {
      await gateway.publish(`${topic}/set`, JSON.stringify(payload));
      return "set";
    }
    // `/set` is silently ignored on topics the gateway has not published yet (sheet §1.5).
    const { key: _key, ...rest } = value;
    const id = {
      nodeId: node.id,
      commandClass: rest.commandClass,
      endpoint: rest.endpoint,
      property: rest.property,
    };
    const valueId = value.propertyKey === undefined ? id : { ...id, propertyKey: value.propertyKey };
    const result = setValueResultSchema.safeParse(await gateway.callApi("writeValue", [valueId, payload]));
    if (!result.success) throw new ZwaveUserError(`Z-Wave JS UI gave an unreadable answer to writeValue`);
    // writeValue answers success:true even when the write failed; the status tells (sheet §2.2).
    if (!WRITE_OK.has(result.data.status)) {
      const why = result.data.message ?? WRITE_STATUS[result.data.status] ?? `status ${result.data.status}`;
      throw new ZwaveUserError(`writing to ${displayName(node)} failed: ${why}`);
    }
    return "api";
  }

  /** A published `currentValue` topic takes `/set` too: the gateway redirects it to `targetValue`. */
  function redirectTopic(node: ZwaveNode, value: ZwaveValue): string | undefined {
    if (value.property !== "targetValue") return undefined;
    const current = node.values.get(valueKey({ ...value, property: "currentValue" }));
    return current && cache.publishedTopic(node.id, current);
  }

  return {
    devices,
    findDevice,
    write,
    expect: (node, valueId, matches) => expectReport(cache, node.id, valueKey(valueId), matches),
    callApi: (api, args) => gateway.callApi(api, args),
    refreshIfStale,
    confirmTimeoutMs: options.confirmTimeoutMs,
  };
}
