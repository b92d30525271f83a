// The Z-Wave MCP server itself, whatever carries its messages: stdio in `node dist/zwave/server.js`,
// a message port in the add-on's worker thread (src/zwave/worker.ts). The SDK's `serveStdio` serves
// either carrier in both protocol eras: it picks the era from the connection's first message
// (`server/discover` or `initialize`) and asks `createServer` for the instance that serves it.
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { McpServer, type Transport } from "@modelcontextprotocol/server";
import type { Logger } from "../log.js";
import { mcpSchemaValidator } from "../shared/mcp-schema-validator.js";
import { withoutCredentials } from "../shared/redact.js";
import { VERSION } from "../version.js";
import type { ZwaveServerConfig } from "./config.js";
import { createCoverFollower } from "./cover-follow.js";
import { createZwaveNetwork } from "./network.js";
import { feedState, type StateFeed } from "./state-feed.js";
import type { ZwaveStateEvent } from "./state-events.js";
import { registerBatteries } from "./tools/batteries.js";
import { registerControlDevice } from "./tools/control-device.js";
import { registerCover } from "./tools/cover.js";
import { registerDoorLock } from "./tools/door-lock.js";
import { registerGroupControl } from "./tools/group-control.js";
import { registerLightColor } from "./tools/light-color.js";
import { registerListDevices } from "./tools/list-devices.js";
import { registerNodeHealth } from "./tools/node-health.js";
import { registerSensorData } from "./tools/sensor-data.js";
import { registerThermostat } from "./tools/thermostat.js";

export interface ZwaveMcpServer {
  /** Serves MCP over `transport` (default: this process's stdio) until close(), in either era. */
  serve(transport?: Transport): void;
  /**
   * Serves the bridge that started this worker over its port (src/zwave/worker.ts) until close().
   * Only the bridge speaks there, and always in the 2025 era (it connects with `initialize`,
   * src/mcp/client/sdk-client.ts), so one instance is connected to the port directly: serveStdio's
   * entry, which picks the era, would check each message again with the SDK's zod schemas, and
   * each result in full as it goes out, on the path of every Z-Wave action.
   */
  serveHost(transport: Transport): Promise<void>;
  /**
   * Resolves once the connection to Z-Wave holds the network's node list, or after `ms` (a broker
   * or server that is not there yet: the tools say so when called), whichever comes first.
   */
  networkKnown(ms: number): Promise<void>;
  /** What it is connected to, for the "ready" log line (no credentials). */
  upstream: Record<string, string>;
  /** Closes the MCP connection and the connection to Z-Wave. */
  close(): Promise<void>;
}

/**
 * Every change the server has heard goes to the host before any MCP message that follows it: the
 * state events and MCP cross on two ports with no order between them
 * (src/zwave-host/worker-launch.ts), and a tool's answer must not overtake the report it confirms.
 * Otherwise a client that acts through the bridge's /mcp and then speaks to it at once (a test, or
 * Home Assistant's MCP integration beside Assist) could find the device where it was before.
 */
function stateFirst(carrier: Transport, feed: StateFeed): Transport {
  const send = carrier.send.bind(carrier);
  carrier.send = (message, options) => {
    feed.flush();
    return send(message, options);
  };
  return carrier;
}

export async function createZwaveMcpServer(
  config: ZwaveServerConfig,
  logger: Logger,
  /** Where the state events go (src/zwave/state-events.ts), when a host listens for them. */
  onState?: (event: ZwaveStateEvent) => void,
): Promise<ZwaveMcpServer> {
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
  const feed = onState ? feedState(transport, network, onState) : undefined;
  // Only a host that hears state events learns how a cover on its way ended.
  const follower = onState ? createCoverFollower(network, onState) : undefined;

  /** One instance per connection (and one for a `server/discover` probe); all share the network. */
  function createServer(): McpServer {
    const server = new McpServer(
      { name: "zwave", version: VERSION },
      { jsonSchemaValidator: mcpSchemaValidator },
    );
    registerListDevices(server, network);
    registerControlDevice(server, network);
    registerSensorData(server, network);
    registerThermostat(server, network);
    registerDoorLock(server, network);
    registerNodeHealth(server, network);
    registerGroupControl(server, network);
    registerCover(server, network, follower);
    registerLightColor(server, network);
    registerBatteries(server, network);
    return server;
  }

  let connection: { close(): Promise<void> } | undefined;
  return {
    serve(carrier) {
      connection = serveStdio(createServer, {
        ...(carrier ? { transport: carrier } : {}),
        onerror: (err) => logger.debug({ err }, "Z-Wave MCP connection error"),
      });
    },
    async serveHost(carrier) {
      const server = createServer();
      server.server.onerror = (err) => logger.debug({ err }, "Z-Wave MCP connection error");
      connection = server;
      await server.connect(feed ? stateFirst(carrier, feed) : carrier);
    },
    async networkKnown(ms) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        network.devices().then(
          () => undefined,
          () => undefined,
        ),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
      ]);
      clearTimeout(timer);
    },
    upstream:
      t.kind === "websocket"
        ? { transport: "websocket", server: withoutCredentials(t.url) }
        : {
            transport: "mqtt",
            broker: withoutCredentials(t.brokerUrl),
            prefix: t.prefix,
            gateway: t.gatewayName ?? "(auto)",
          },
    async close() {
      feed?.stop();
      follower?.close();
      await Promise.allSettled([transport.close(), connection?.close()]);
    },
  };
}
