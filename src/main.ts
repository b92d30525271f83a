// Entry point: options → bridge → HTTP server; signals stop it cleanly.
import { ConfigError, loadOptions } from "./config/load.js";
import { createLogger, routeConsoleTo } from "./log.js";
import { startBridge } from "./bridge.js";

const bootLogger = createLogger({ level: "info" });
let loaded;
try {
  loaded = loadOptions();
} catch (err) {
  bootLogger.fatal(err instanceof ConfigError ? err.message : `cannot load options: ${String(err)}`);
  process.exit(1);
}
const { options } = loaded;
const logger = createLogger({ level: options.log_level as "info" });
routeConsoleTo(logger);
for (const warning of loaded.warnings) logger.warn(warning);
// Names only: the values may be secrets.
if (loaded.fromEnvironment.length)
  logger.info(`options from the environment: ${loaded.fromEnvironment.join(", ")}`);

try {
  const bridge = await startBridge(options, process.env, logger);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(0), 5000);
    force.unref();
    void bridge.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (err) {
  logger.fatal(`cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
