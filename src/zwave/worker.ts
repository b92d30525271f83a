// The Z-Wave MCP server in a worker thread of the add-on: the same server as `node dist/zwave/server.js`
// (src/zwave/mcp-server.ts), speaking MCP over the thread's message port instead of stdio, so the
// add-on runs one Node runtime instead of two. Configured by the environment the host gives it.
import { MessagePort, parentPort, workerData } from "node:worker_threads";
import { createLogger, routeConsoleTo } from "../log.js";
import { MessagePortTransport } from "../shared/message-port-transport.js";
import { loadConfig } from "./config.js";
import { createZwaveMcpServer } from "./mcp-server.js";

/** How long the server waits for the network before it answers the bridge anyway. */
const NETWORK_WAIT_MS = 1000;

if (!parentPort) throw new Error("src/zwave/worker.ts runs as a worker thread; use server.js on its own");
const port = parentPort;
// A bad environment throws here and ends the thread: the host reports it as a failed start.
const config = loadConfig(process.env);
// Straight to the add-on log's file descriptor, as the stand-alone server logs (src/log-line.ts).
const logger = createLogger({ level: config.logLevel, stream: "stderr", name: "zwave" });
routeConsoleTo(logger);
// The port the host gave for the state events (src/zwave-host/worker-launch.ts), beside MCP's.
const statePort = (workerData as { statePort?: unknown } | null)?.statePort;
const zwave = await createZwaveMcpServer(
  config,
  logger,
  statePort instanceof MessagePort ? (event) => statePort.postMessage(event) : undefined,
);
// The bridge lists the tools, reports the server up and lists the devices as soon as the server
// answers. It answers once it knows the network, so that "up" means the devices are known and the
// start-up's sync with the gateway (its retained values, the node list) is over before the first
// sentences rather than beside them; a broker or server that is not there holds it back at most
// NETWORK_WAIT_MS, and the tools then say what is wrong.
await zwave.networkKnown(NETWORK_WAIT_MS);
const transport = new MessagePortTransport(port, () => port.close());
// The host ends the thread with terminate(); this is for a port that closes first.
port.once("close", () => void zwave.close());
await zwave.serveHost(transport);
logger.info(zwave.upstream, "Z-Wave MCP server ready (worker thread)");
