// The Z-Wave MCP server over stdio: `node dist/zwave/server.js`, configured by its environment.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createLogger } from "../log.js";
import { withoutCredentials } from "../shared/redact.js";
import { VERSION } from "../version.js";
import { loadConfig } from "./config.js";
import { createZwaveNetwork } from "./network.js";
import { registerControlDevice } from "./tools/control-device.js";
import { registerDoorLock } from "./tools/door-lock.js";
import { registerListDevices } from "./tools/list-devices.js";
import { registerNodeHealth } from "./tools/node-health.js";
import { registerSensorData } from "./tools/sensor-data.js";
import { registerThermostat } from "./tools/thermostat.js";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  // stdout carries the MCP protocol; logs go to stderr only.
  const logger = createLogger({ level: config.logLevel, stream: "stderr", name: "zwave" });
  const t = config.transport;
  // Only the transport in use is loaded: the other one's client library would just take memory.
  const transport =
    t.kind === "websocket"
      ? (await import("./transports/websocket/websocket-transport.js")).createWebsocketTransport({
          url: t.url,
          logger,
        })
      : (await import("./transports/mqtt/mqtt-transport.js")).createMqttTransport({ ...t, logger });
  const network = createZwaveNetwork({ transport, confirmTimeoutMs: config.confirmTimeoutMs });

  const server = new McpServer({ name: "zwave", version: VERSION });
  registerListDevices(server, network);
  registerControlDevice(server, network);
  registerSensorData(server, network);
  registerThermostat(server, network);
  registerDoorLock(server, network);
  registerNodeHealth(server, network);

  let stopping = false;
  async function shutdown(reason: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "Z-Wave MCP server stopping");
    const forced = setTimeout(() => process.exit(0), 1000);
    forced.unref();
    await Promise.allSettled([transport.close(), server.close()]);
    process.exit(0);
  }
  // StdioServerTransport ignores EOF; without this a client's close() waits 2 s and then kills us.
  process.stdin.on("end", () => void shutdown("stdin closed"));
  process.stdin.on("close", () => void shutdown("stdin closed"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await server.connect(new StdioServerTransport());
  logger.info(
    t.kind === "websocket"
      ? { transport: "websocket", server: withoutCredentials(t.url) }
      : {
          transport: "mqtt",
          broker: withoutCredentials(t.brokerUrl),
          prefix: t.prefix,
          gateway: t.gatewayName ?? "(auto)",
        },
    "Z-Wave MCP server ready",
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Z-Wave MCP server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
