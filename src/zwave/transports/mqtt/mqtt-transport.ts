// Z-Wave JS UI's MQTT gateway as a transport: the node list from `getNodes` kept current from the
// value topics, and writes through a value topic's `/set` or the `writeValue` API.
import { z } from "zod";
import { ZwaveUserError } from "../../errors.js";
import { valueKey, type ZwaveNode, type ZwaveValue } from "../../model.js";
import { displayName } from "../../name-resolver.js";
import type { ValueReport, WriteRoute, ZwaveTransport } from "../../transport.js";
import { createGatewayClient, type GatewayClientOptions } from "./gateway-client.js";
import { createNodeCache, type NodeCache } from "./node-cache.js";

/** After an unknown topic (a rename, a new node) or an interview's end the node list is fetched again, at most this often. */
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

export function createMqttTransport(options: GatewayClientOptions): ZwaveTransport {
  const { logger } = options;
  const gateway = createGatewayClient(options);
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
    if (!cache.handleMessage(topic, payload).refetch) return;
    clearTimeout(debounce);
    debounce = setTimeout(refreshQuietly, REFRESH_DEBOUNCE_MS);
    debounce.unref();
  });
  gateway.onResync((reason) => {
    cache.markStale();
    if (reason === "gateway-restarted") cache.forgetPublished();
    refreshQuietly();
  });

  /** Refetches the node list unless it is in sync (values go stale while the broker is unreachable). */
  async function refreshIfStale(): Promise<void> {
    await gateway.requireGateway();
    if (!cache.synced || inflight) await refresh();
  }

  async function write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<WriteRoute> {
    await gateway.requireGateway();
    const topic = cache.publishedTopic(node.id, value) ?? redirectTopic(node, value);
    if (topic) {
      await gateway.publish(`${topic}/set`, JSON.stringify(payload));
      return "set";
    }
    // `/set` is silently ignored on topics the gateway has not published yet (sheet §1.5).
    const id = {
      nodeId: node.id,
      commandClass: value.commandClass,
      endpoint: value.endpoint,
      property: value.property,
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
    serverName: "Z-Wave JS UI",
    async nodes() {
      await refreshIfStale();
      return cache.nodes();
    },
    async refresh() {
      await refresh();
      return cache.nodes();
    },
    write,
    async ping(node) {
      return (await gateway.callApi("pingNode", [node.id])) === true;
    },
    onReport(listener: (report: ValueReport) => void) {
      return cache.onValue((nodeId, v) => listener({ nodeId, key: v.key, value: v.value }));
    },
    close: () => gateway.close(),
  };
}
