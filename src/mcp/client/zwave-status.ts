import { withoutCredentials } from "../../shared/redact.js";
import { ZWAVE_TOOLS } from "../../tools/own-servers.js";
import type { ToolRegistry } from "../../tools/registry.js";

const PROBE_INTERVAL_MS = 15_000;

export interface ZwaveStatus {
  broker(): { url: string; connected: boolean } | undefined;
  zwaveGateway(): { name?: string; online: boolean } | undefined;
  stop(): void;
}

/**
 * The broker and the Z-Wave JS UI gateway as the Z-Wave MCP server sees them: the bridge itself
 * holds no MQTT connection, so it asks the server's cheapest tool now and then and reads the
 * answer (its errors name the broker or the gateway).
 */
export function createZwaveStatus(
  registry: ToolRegistry,
  broker: { url: string; gatewayName?: string } | undefined,
): ZwaveStatus {
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
  if (broker) void probe();
  const shownUrl = broker ? withoutCredentials(broker.url) : undefined;
  return {
    broker: () =>
      shownUrl === undefined
        ? undefined
        : { url: shownUrl, connected: last !== undefined && (last.ok || !/MQTT broker/i.test(last.error)) },
    zwaveGateway: () =>
      broker && last
        ? {
            ...(broker.gatewayName ? { name: broker.gatewayName } : {}),
            online: last.ok || !/offline|MQTT broker|unavailable/i.test(last.error),
          }
        : undefined,
    stop: () => clearInterval(timer),
  };
}
