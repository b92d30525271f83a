// Z-Wave JS UI's MQTT gateway as a transport: the node list from `getNodes` kept current from the
// value topics, the home id from `getInfo`, and writes through the `writeValue` API, whose answer
// carries zwave-js's status and marks where the driver's optimistic update ends and the device's
// word begins (echo-before-answer.ts).
import { z } from "zod";
import { ZwaveToolError } from "../../errors.js";
import type { ValueId, ZwaveNode, ZwaveValue } from "../../model.js";
import { displayName } from "../../name-resolver.js";
import { isSlowActuator } from "../../optimistic-echo.js";
import { SetValueStatus, wentOut, writeFailure } from "../../set-value-status.js";
import type { ValueReport, WriteResult, ZwaveTransport } from "../../transport.js";
import { createEchoBeforeAnswerFilter } from "./echo-before-answer.js";
import { createGatewayClient, type GatewayClientOptions } from "./gateway-client.js";
import { createNodeCache, decodeValuePayload, type NodeCache } from "./node-cache.js";

/** After an unknown topic (a rename, a new node) or an interview's end the node list is fetched again, at most this often. */
const REFRESH_DEBOUNCE_MS = 300;

const setValueResultSchema = z.looseObject({ status: z.number(), message: z.string().nullish() });
/** Z-Wave JS UI's `getInfo` (api/lib/ZwaveClient.ts upstream): `homeid` is the controller's home id. */
const infoSchema = z.looseObject({ homeid: z.number().int().nullish() });

export function createMqttTransport(options: GatewayClientOptions): ZwaveTransport {
  const { logger } = options;
  const gateway = createGatewayClient(options);
  let debounce: NodeJS.Timeout | undefined;
  const cache: NodeCache = createNodeCache({
    prefix: options.prefix,
    fetchNodes: () => gateway.callApi("getNodes", []),
    onOutdated: () => {
      clearTimeout(debounce);
      debounce = setTimeout(refreshQuietly, REFRESH_DEBOUNCE_MS);
      debounce.unref();
    },
  });
  const echoes = createEchoBeforeAnswerFilter();
  let inflight: Promise<boolean> | undefined;
  let homeId: number | null = null;

  /** One fetch at a time. A caller whose fetch a resync overtook waits for the one that replaced it. */
  function refresh(): Promise<void> {
    const mine = (inflight ??= fetchNodeList().finally(() => {
      if (inflight === mine) inflight = undefined;
    }));
    return mine.then((landed) => (landed ? undefined : refresh()));
  }

  async function fetchNodeList(): Promise<boolean> {
    // The home id first: a list told to the host (src/zwave/state-feed.ts) carries it, and the
    // action policy joins a node to its Home Assistant device by it.
    if (homeId === null) await learnHomeId();
    if (!(await cache.refresh())) return false;
    logger.debug({ nodes: cache.nodes().length }, "node list refreshed");
    return true;
  }

  async function learnHomeId(): Promise<void> {
    try {
      homeId = infoSchema.parse(await gateway.callApi("getInfo", [])).homeid ?? null;
    } catch (err) {
      logger.debug({ err: String(err) }, "getInfo failed; the home id stays unknown");
    }
  }

  function refreshQuietly(): void {
    refresh().catch((err: unknown) => logger.debug({ err: String(err) }, "node list refresh failed"));
  }

  gateway.onMessage((topic, payload) => {
    const at = cache.valueAt(topic);
    if (at) {
      const decoded = decodeValuePayload(payload);
      return echoes.offer(
        at.nodeId,
        at.value,
        decoded.value,
        () => cache.handleMessage(topic, payload, decoded),
        decoded.time,
      );
    }
    cache.handleMessage(topic, payload);
  });
  gateway.onResync((reason) => {
    // A fetch in flight may hold the list from before: drop it and fetch again. Answers still due
    // were lost with the connection or the gateway.
    echoes.reset();
    cache.markStale();
    inflight = undefined;
    if (reason === "gateway-restarted") {
      cache.forgetPublished();
      homeId = null;
    }
    refreshQuietly();
  });

  /** Refetches the node list unless it is in sync (values go stale while the broker is unreachable). */
  async function refreshIfStale(): Promise<void> {
    await gateway.requireGateway();
    if (!cache.synced || inflight) await refresh();
  }

  /**
   * Always through `writeValue`, never a value topic's `/set`: only the API answers, with the
   * status that says whether the device acknowledged or confirmed, and so which of the values it
   * published meanwhile were zwave-js's optimistic echo.
   */
  async function write(node: ZwaveNode, value: ZwaveValue, payload: unknown): Promise<WriteResult> {
    await gateway.requireGateway();
    const valueId = { nodeId: node.id, ...apiValueId(value) };
    const echo = echoes.begin(node.id, value, payload, isSlowActuator(node, value));
    // The answer is read once, as it arrives: the echo filter needs its status before any later
    // message is applied, and the call resolves with the same answer.
    let result: z.infer<typeof setValueResultSchema> | undefined;
    try {
      await gateway.callApi("writeValue", [valueId, payload], (a) => {
        // Refused or never sent: nothing was done, so zwave-js updated nothing.
        result = typeof a === "string" ? undefined : setValueResultSchema.safeParse(a.result).data;
        echo.answered(typeof a === "string" ? SetValueStatus.Fail : result?.status);
      });
    } catch (err) {
      echo.abandoned();
      throw err;
    }
    if (!result) throw new ZwaveToolError("failed", "Z-Wave JS UI gave an unreadable answer to writeValue");
    // writeValue answers success:true even when the write failed; the status tells.
    if (!wentOut(result.status)) throw writeFailure(result.status, result.message, displayName(node));
    return { status: result.status };
  }

  /** A value id as Z-Wave JS UI's API takes it (`ZUIValueId`): no `propertyKey` key when there is none. */
  function apiValueId(value: ValueId): Record<string, unknown> {
    const id = { commandClass: value.commandClass, endpoint: value.endpoint, property: value.property };
    return value.propertyKey === undefined ? id : { ...id, propertyKey: value.propertyKey };
  }

  return {
    serverName: "Z-Wave JS UI",
    get homeId() {
      return homeId;
    },
    async nodes() {
      await refreshIfStale();
      return cache.nodes();
    },
    async refresh() {
      await refresh();
      return cache.nodes();
    },
    write,
    async writeMulticast(nodes, value, payload) {
      await gateway.requireGateway();
      // `writeMulticast(nodes, valueId, value)` answers with nothing, and falls back to one write
      // per node when zwave-js cannot multicast that command class (api/lib/ZwaveClient.ts).
      await gateway.callApi("writeMulticast", [nodes.map((n) => n.id), apiValueId(value), payload]);
      return { status: undefined };
    },
    async poll(node, value) {
      // `pollValue` answers with what the device reported to zwave-js's Get (Node.pollValue).
      return gateway.callApi("pollValue", [{ nodeId: node.id, ...apiValueId(value) }]);
    },
    async ping(node) {
      return (await gateway.callApi("pingNode", [node.id])) === true;
    },
    onReport(listener: (report: ValueReport) => void) {
      return cache.onValue((nodeId, v) =>
        listener({ nodeId, key: v.key, value: v.value, at: v.lastUpdate ?? Date.now() }),
      );
    },
    held: () => (cache.synced || cache.nodes().length ? cache.nodes() : undefined),
    onNodesChanged: (listener) => cache.onChange(listener),
    close: () => gateway.close(),
  };
}
