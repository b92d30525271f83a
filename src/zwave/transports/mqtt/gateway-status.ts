// What Z-Wave JS UI says of itself over MQTT: each gateway's client status
// (`<prefix>/_CLIENTS/ZWAVE_GATEWAY-<name>/status`) and its driver's (`<prefix>/driver/status`),
// which gateway a call goes to, and a short wait for a status not heard yet (zwave-js-ui
// `api/lib/Gateway.ts` `_onDriverStatus`, `api/lib/MqttClient.ts`).
import { z } from "zod";
import { ZwaveToolError } from "../../errors.js";
import { sanitizeTopic } from "./topics.js";

export const GATEWAY_PREFIX = "ZWAVE_GATEWAY-";

/**
 * How long after connecting (or after the gateway came online) a call waits for the gateway's and
 * its driver's status when they have not been heard yet. aedes (the demo's broker) streams retained
 * messages after the SUBACK, so they may come after the sync marker (aedes
 * `lib/handlers/subscribe.js`, `completeSubscribe`); and a starting Z-Wave JS UI publishes its
 * driver status a few seconds after its own.
 */
const STATUS_WAIT_MS = 3000;

const statusSchema = z.union([z.boolean(), z.object({ value: z.boolean() })]);

export interface GatewayStatus {
  /** A gateway's client status arrived: what it was and is now, or undefined when unreadable. */
  clientStatus(clientId: string, payload: Buffer): { was: boolean | undefined; online: boolean } | undefined;
  /** The driver's status arrived: what it was and is now, or undefined when unreadable. */
  driverStatus(payload: Buffer): { was: boolean | undefined; up: boolean } | undefined;
  /** The broker connection is new: a status not heard yet is waited for again, a little. */
  connected(): void;
  /**
   * Waits, a little, for the gateway's and its driver's status when they have not been heard yet:
   * a call right after start-up finds Z-Wave JS UI as it is, not as it looked in the first
   * milliseconds. Later calls do not wait: a status that never came is an answer.
   */
  untilHeard(): Promise<void>;
  /** The gateway's client id (configured or the one found) when it and its driver are up; else throws. */
  requireUp(): string;
  driverOffline(): ZwaveToolError;
}

export function createGatewayStatus(options: { prefix: string; gatewayName?: string }): GatewayStatus {
  const { prefix } = options;
  const configuredId = options.gatewayName ? sanitizeTopic(GATEWAY_PREFIX + options.gatewayName) : undefined;
  const driverTopic = `${prefix}/driver/status`;
  const gateways = new Map<string, boolean>();
  /** `<prefix>/driver/status`: when Z-Wave JS UI stops normally, only this turns false. */
  let driverUp: boolean | undefined;
  let waitFrom = 0;
  const waiters = new Set<() => void>();
  const heard = () => waiters.forEach((waiter) => waiter());

  function known(): boolean {
    const gateway = configuredId
      ? gateways.get(configuredId)
      : gateways.size
        ? [...gateways.values()].some(Boolean)
        : undefined;
    // An offline gateway is an answer already; an online one is up only with its driver.
    return gateway === false || (gateway !== undefined && driverUp !== undefined);
  }

  function driverOffline(): ZwaveToolError {
    const why = driverUp === false ? "is false" : "has not been published";
    return new ZwaveToolError(
      "offline",
      `Z-Wave JS UI is offline: its Z-Wave driver is not running (${driverTopic} ${why})`,
    );
  }

  function detectGateway(): string {
    const all = [...gateways.keys()];
    const online = all.filter((id) => gateways.get(id));
    const [only] = online.length === 1 ? online : all.length === 1 ? all : [];
    if (only) return only;
    if (all.length === 0) {
      throw new ZwaveToolError(
        "offline",
        `no Z-Wave JS UI gateway found on ${prefix}/_CLIENTS/${GATEWAY_PREFIX}+/status: is its MQTT gateway enabled, with prefix "${prefix}"?`,
      );
    }
    const names = (online.length > 1 ? online : all).map((id) => id.slice(GATEWAY_PREFIX.length));
    throw new ZwaveToolError(
      "offline",
      `several Z-Wave JS UI gateways share the prefix "${prefix}": ${names.join(", ")}; set ZWAVE_GATEWAY_NAME to one of them`,
    );
  }

  return {
    clientStatus(clientId, payload) {
      const status = parseStatus(payload);
      if (status === undefined) return undefined;
      const was = gateways.get(clientId);
      gateways.set(clientId, status);
      if (status && !was) waitFrom = Date.now();
      heard();
      return { was, online: status };
    },
    driverStatus(payload) {
      const status = parseStatus(payload);
      if (status === undefined) return undefined;
      const was = driverUp;
      driverUp = status;
      heard();
      return { was, up: status };
    },
    connected() {
      waitFrom = Date.now();
    },
    async untilHeard() {
      const left = waitFrom + STATUS_WAIT_MS - Date.now();
      if (left <= 0 || known()) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const check = () => {
          if (known()) done();
        };
        const timer = setTimeout(done, left);
        waiters.add(check);
      });
    },
    requireUp() {
      const id = configuredId ?? detectGateway();
      if (gateways.get(id) === false) {
        throw new ZwaveToolError(
          "offline",
          `Z-Wave JS UI is offline (${prefix}/_CLIENTS/${id}/status says so)`,
        );
      }
      // The gateway is up only while its client status and its driver status both say so.
      if (driverUp !== true) throw driverOffline();
      return id;
    },
    driverOffline,
  };
}

function parseStatus(payload: Buffer): boolean | undefined {
  try {
    const parsed = statusSchema.safeParse(JSON.parse(payload.toString()));
    if (!parsed.success) return undefined;
    return typeof parsed.data === "boolean" ? parsed.data : parsed.data.value;
  } catch {
    return undefined;
  }
}
