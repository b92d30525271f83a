import { withoutCredentials } from "../../shared/redact.js";
import { ZWAVE_TOOLS } from "../../config/own-servers.js";
import type { ToolRegistry } from "../../tools/registry.js";

const PROBE_INTERVAL_MS = 15_000;

export interface ZwaveStatus {
  broker(): { url: string; connected: boolean } | undefined;
  zwaveGateway(): { name?: string; online: boolean } | undefined;
  stop(): void;
}

/** Where the Z-Wave MCP server gets Z-Wave from: Z-Wave JS UI over a broker, or Z-Wave JS's websocket server. */
export type ZwaveUpstream =
  | { transport: "mqtt"; broker: { url: string; gatewayName?: string } }
  | { transport: "websocket"; serverUrl: string };

/**
 * The broker and the Z-Wave server (Z-Wave JS UI's gateway or Z-Wave JS) as the Z-Wave MCP server
 * sees them: the bridge itself holds no connection to either, so it asks the server's cheapest tool
 * now and then and reads the answer (its errors name the broker, the gateway or the server).
 */
export function createZwaveStatus(registry: ToolRegistry, upstream: ZwaveUpstream | undefined): ZwaveStatus {
  let last: { ok: boolean; error: string } | undefined;
  async function probe() {
    const result = await registry.executeIdentifier(
      { ...ZWAVE_TOOLS, name: "list_zwave_devices" },
      {},
      { timeoutMs: 5000 },
    );
    last = { ok: result.ok, error: result.error ?? "" };
  }
  const timer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
  timer.unref();
  if (upstream) void probe();
  const broker = upstream?.transport === "mqtt" ? upstream.broker : undefined;
  const shownBroker = broker ? withoutCredentials(broker.url) : undefined;
  const serverName =
    upstream?.transport === "websocket"
      ? `Z-Wave JS ${withoutCredentials(upstream.serverUrl)}`
      : broker?.gatewayName;
  return {
    broker: () =>
      shownBroker === undefined
        ? undefined
        : {
            url: shownBroker,
            connected: last !== undefined && (last.ok || !/MQTT broker/i.test(last.error)),
          },
    zwaveGateway: () =>
      upstream && last
        ? {
            ...(serverName ? { name: serverName } : {}),
            online: last.ok || !/offline|MQTT broker|unavailable/i.test(last.error),
          }
        : undefined,
    stop: () => clearInterval(timer),
  };
}
