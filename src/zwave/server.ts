// The Z-Wave MCP server over stdio: `node dist/zwave/server.js`, configured by its environment.
import { createLogger, routeConsoleTo } from "../log.js";
import { sourceStack } from "../shared/source-stack.js";
import { loadConfig } from "./config.js";
import { createZwaveMcpServer } from "./mcp-server.js";

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
  routeConsoleTo(logger);
  const zwave = await createZwaveMcpServer(config, logger);

  let stopping = false;
  async function shutdown(reason: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "Z-Wave MCP server stopping");
    const forced = setTimeout(() => process.exit(0), 1000);
    forced.unref();
    await zwave.close();
    process.exit(0);
  }
  // The client closed stdin: the connection to Z-Wave would otherwise keep the process alive.
  process.stdin.on("end", () => void shutdown("stdin closed"));
  process.stdin.on("close", () => void shutdown("stdin closed"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  zwave.serve();
  logger.info(zwave.upstream, "Z-Wave MCP server ready");
}

main().catch((err: unknown) => {
  const stack = err instanceof Error && err.stack ? sourceStack(err.stack) : String(err);
  process.stderr.write(`Z-Wave MCP server failed: ${stack}\n`);
  process.exit(1);
});
