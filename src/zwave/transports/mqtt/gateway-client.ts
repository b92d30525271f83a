// The MQTT side of Z-Wave JS UI: the broker connection, the gateway's status topic, and its API
// over MQTT (zwave-js-ui `api/lib/Gateway.ts` and `api/lib/MqttClient.ts`).
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import { connect, type MqttClient } from "mqtt";
import { z } from "zod";
import type { Logger } from "../../../log.js";
import { withoutCredentials } from "../../../shared/redact.js";
import { ZwaveToolError } from "../../errors.js";
import { createGatewayStatus, GATEWAY_PREFIX } from "./gateway-status.js";

/** How long a tool waits for the very first connection before saying the broker is unreachable. */
const FIRST_CONNECT_WAIT_MS = 3000;
const API_TIMEOUT_MS = 5000;
/**
 * How long an answer the caller stopped waiting for is still heard (for `onAnswer` only): the
 * gateway answers once zwave-js's queue reaches the command, however long that takes.
 */
const LATE_ANSWER_MS = 30_000;
const PUBLISH_TIMEOUT_MS = 2000;
/** Fallback if the sync marker after subscribing never comes back. */
const SYNC_TIMEOUT_MS = 2000;

const apiReplySchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  result: z.unknown().optional(),
  origin: z.unknown().optional(),
});

export interface GatewayClientOptions {
  brokerUrl: string;
  username?: string;
  password?: string;
  prefix: string;
  gatewayName?: string;
  logger: Logger;
}

export type MessageListener = (topic: string, payload: Buffer) => void;

/** `gateway-restarted`: Z-Wave JS UI or its driver came back, with a new topic map and replayed values. */
export type ResyncReason = "connected" | "gateway-restarted";

export interface GatewayClient {
  /** Waits for the broker (bounded); throws "cannot reach the MQTT broker" otherwise. */
  requireBroker(): Promise<void>;
  /** The gateway's client id (`ZWAVE_GATEWAY-<name>`), configured or found; throws if offline or ambiguous. */
  requireGateway(): Promise<string>;
  /**
   * Calls a Z-Wave JS UI API and returns its `result`; throws on `success:false` or no answer.
   * `onAnswer` hears the answer synchronously, before any later message is read: its `result`,
   * `refused` for `success:false`, or `unsent` when the request never went out. It also hears an
   * answer that comes after the call gave up waiting (a timeout), for a while.
   */
  callApi(api: string, args: unknown[], onAnswer?: AnswerListener): Promise<unknown>;
  /** Publishes once, now, or throws: nothing is queued for a later reconnect. */
  publish(topic: string, payload: string): Promise<void>;
  onMessage(listener: MessageListener): void;
  /** After every (re)connect once the retained messages have arrived, and when the gateway comes back. */
  onResync(listener: (reason: ResyncReason) => void): void;
  close(): Promise<void>;
}

export type ApiAnswer = { result: unknown } | "refused" | "unsent";
export type AnswerListener = (answer: ApiAnswer) => void;

interface PendingCall {
  api: string;
  reqId: string;
  onAnswer?: AnswerListener;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const { prefix, logger } = options;
  const where = withoutCredentials(options.brokerUrl);
  const ownId = `mcp-zwave-${randomBytes(4).toString("hex")}`;
  const syncTopic = `${prefix}/_CLIENTS/${ownId}/sync`;
  const status = createGatewayStatus({
    prefix,
    ...(options.gatewayName ? { gatewayName: options.gatewayName } : {}),
  });
  const driverTopic = `${prefix}/driver/status`;
  const pending = new Set<PendingCall>();
  /** Calls the caller gave up on whose answer is still listened for: reqId → listener. */
  const late = new Map<string, { api: string; onAnswer: AnswerListener; timer: NodeJS.Timeout }>();
  const messageListeners: MessageListener[] = [];
  const resyncListeners: ((reason: ResyncReason) => void)[] = [];
  let everConnected = false;
  let closing = false;
  let synced: Promise<void> | undefined;
  let reqCounter = 0;

  const client: MqttClient = connect(options.brokerUrl, {
    clientId: ownId,
    username: options.username,
    password: options.password,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: FIRST_CONNECT_WAIT_MS,
    // A command that arrives during an outage must fail, never be replayed after reconnecting.
    queueQoSZero: false,
    resubscribe: false,
    // mqtt-packet would pre-build a Buffer for each of the 65,536 packet ids: ~6 MiB kept for good.
    writeCache: false,
  });

  client.on("connect", () => {
    everConnected = true;
    status.connected();
    // mqtt.js leaves Nagle on; that alone adds ~40 ms stalls to round trips (mqtt.js `lib/connect/tcp.ts` sets no TCP_NODELAY).
    (client.stream as Socket).setNoDelay?.(true);
    logger.info({ broker: where }, "connected to the MQTT broker");
    synced = subscribeAndSync();
    synced.then(
      () => resyncListeners.forEach((l) => l("connected")),
      (err: unknown) => logger.warn({ err }, "subscribing to the Z-Wave topics failed"),
    );
  });
  client.on("close", () => {
    if (everConnected && !closing) logger.warn({ broker: where }, "lost the MQTT broker; reconnecting");
    // A session that ended takes its answers with it.
    for (const { timer } of late.values()) clearTimeout(timer);
    late.clear();
    for (const call of pending)
      call.reject(new ZwaveToolError("offline", `lost the connection to the MQTT broker at ${where}`));
  });
  client.on("error", (err) => logger.warn({ broker: where, err: err.message }, "MQTT error"));
  client.on("message", (topic, payload) => {
    if (topic.startsWith(`${prefix}/_CLIENTS/`)) onClientsTopic(topic, payload);
    else if (topic === driverTopic) onDriverStatus(payload);
    for (const listener of messageListeners) listener(topic, payload);
  });

  let syncWaiter: { nonce: string; resolve(): void } | undefined;

  async function subscribeAndSync(): Promise<void> {
    await client.subscribeAsync(`${prefix}/#`, { qos: 0 });
    // Mosquitto sends retained messages before anything we publish after subscribing, so our own
    // marker coming back means the retained state (gateway status, values) has all arrived. aedes
    // may send some after it: the gateway's status is also waited for on its own (gateway-status.ts).
    const nonce = randomBytes(4).toString("hex");
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
      syncWaiter = {
        nonce,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      client.publish(syncTopic, nonce, { qos: 0 });
    });
  }

  function onClientsTopic(topic: string, payload: Buffer): void {
    if (topic === syncTopic) {
      if (syncWaiter?.nonce === payload.toString()) syncWaiter.resolve();
      return;
    }
    const parts = topic.slice(prefix.length + "/_CLIENTS/".length).split("/");
    const [clientId, kind, api] = parts;
    if (!clientId?.startsWith(GATEWAY_PREFIX)) return;
    if (kind === "status" && parts.length === 2) {
      const heard = status.clientStatus(clientId, payload);
      if (!heard) return;
      const { was, online } = heard;
      if (was !== online) logger.info({ gateway: clientId, online }, "Z-Wave JS UI gateway status");
      if (was === false && online) resyncListeners.forEach((l) => l("gateway-restarted"));
    } else if (kind === "api" && api && parts.length === 3) {
      onApiReply(api, payload);
    }
  }

  function onDriverStatus(payload: Buffer): void {
    const heard = status.driverStatus(payload);
    if (!heard || heard.was === heard.up) return;
    const { was, up } = heard;
    logger.info({ up }, "Z-Wave JS UI driver status");
    if (!up) {
      // It will not answer; fail the calls waiting on it now rather than at their timeout.
      for (const call of pending) call.reject(status.driverOffline());
    } else if (was === false) resyncListeners.forEach((l) => l("gateway-restarted"));
  }

  function onApiReply(api: string, payload: Buffer): void {
    const reply = parseJson(payload, apiReplySchema);
    if (!reply) return;
    const reqId = (reply.origin as { reqId?: unknown } | undefined)?.reqId;
    // Replies carry no request id; ours rides in `origin`, which Z-Wave JS UI echoes whole. A reply
    // without ours answers another client's call, never one of ours.
    const answer = reply.success ? { result: reply.result } : ("refused" as const);
    const gaveUp = typeof reqId === "string" ? late.get(reqId) : undefined;
    if (gaveUp?.api === api) {
      clearTimeout(gaveUp.timer);
      late.delete(reqId as string);
      gaveUp.onAnswer(answer);
      return;
    }
    const call = [...pending].find((c) => c.api === api && c.reqId === reqId);
    if (!call) return;
    call.onAnswer?.(answer);
    if (reply.success) call.resolve(reply.result);
    else
      call.reject(
        new ZwaveToolError("failed", `Z-Wave JS UI refused ${api}: ${reply.message ?? "no reason given"}`),
      );
  }

  async function requireBroker(): Promise<void> {
    if (!client.connected) {
      if (everConnected)
        throw new ZwaveToolError("offline", `cannot reach the MQTT broker at ${where} (reconnecting)`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          client.off("connect", onConnect);
          reject(new ZwaveToolError("offline", `cannot reach the MQTT broker at ${where}`));
        }, FIRST_CONNECT_WAIT_MS);
        const onConnect = () => {
          clearTimeout(timer);
          resolve();
        };
        client.once("connect", onConnect);
      });
    }
    await synced;
  }

  async function requireGateway(): Promise<string> {
    await requireBroker();
    await status.untilHeard();
    return status.requireUp();
  }

  async function publish(topic: string, payload: string): Promise<void> {
    const unreachable = (why: string) =>
      new ZwaveToolError("offline", `cannot reach the MQTT broker at ${where} (${why})`);
    if (!client.connected) throw unreachable("reconnecting");
    await new Promise<void>((resolve, reject) => {
      // On a socket that died a moment ago mqtt.js waits for a `drain` that never comes.
      const timer = setTimeout(() => reject(unreachable("the publish did not go out")), PUBLISH_TIMEOUT_MS);
      // QoS 0: either it goes out now or it fails; the outgoing store never replays it later.
      client.publish(topic, payload, { qos: 0 }, (err) => {
        clearTimeout(timer);
        if (err) reject(unreachable(err.message));
        else resolve();
      });
    });
  }

  /** Hears a late answer to a call that timed out (the connection still stands, so one may come). */
  function listenLate(call: PendingCall): void {
    if (!call.onAnswer) return;
    const timer = setTimeout(() => late.delete(call.reqId), LATE_ANSWER_MS);
    timer.unref();
    late.set(call.reqId, { api: call.api, onAnswer: call.onAnswer, timer });
  }

  async function callApi(api: string, args: unknown[], onAnswer?: AnswerListener): Promise<unknown> {
    let gateway: string;
    try {
      gateway = await requireGateway();
    } catch (err) {
      onAnswer?.("unsent");
      throw err;
    }
    const reqId = `${ownId}-${++reqCounter}`;
    const result = new Promise<unknown>((resolve, reject) => {
      const call: PendingCall = {
        api,
        reqId,
        onAnswer,
        resolve: (r) => {
          clearTimeout(call.timer);
          pending.delete(call);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(call.timer);
          pending.delete(call);
          reject(e);
        },
        timer: setTimeout(() => {
          call.reject(
            new ZwaveToolError(
              "offline",
              `Z-Wave JS UI did not answer ${api} within ${API_TIMEOUT_MS / 1000} s`,
            ),
          );
          listenLate(call);
        }, API_TIMEOUT_MS),
      };
      pending.add(call);
    });
    // The call may fail (the broker drops) while the request is still being published, before the
    // caller awaits `result`: that is handled below, not an unhandled rejection that ends the process.
    result.catch(() => undefined);
    try {
      await publish(`${prefix}/_CLIENTS/${gateway}/api/${api}/set`, JSON.stringify({ args, reqId }));
    } catch (err) {
      const call = [...pending].find((c) => c.reqId === reqId);
      if (call) {
        call.onAnswer?.("unsent");
        call.reject(err as Error);
      }
    }
    return result;
  }

  return {
    requireBroker,
    requireGateway,
    callApi,
    publish,
    onMessage: (listener) => void messageListeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    async close() {
      closing = true;
      for (const { timer } of late.values()) clearTimeout(timer);
      late.clear();
      for (const call of pending)
        call.reject(new ZwaveToolError("offline", "the Z-Wave MCP server is shutting down"));
      await client.endAsync(true);
    },
  };
}

function parseJson<T>(payload: Buffer, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(payload.toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
