// What the bridge needs to start this server as a stdio MCP child.
import { fileURLToPath } from "node:url";

/**
 * V8 without its optimising compilers: the child waits on MQTT and stdio, and the compiled code and
 * feedback it would keep cost ~20 MiB of its idle memory (bench/zwave-footprint.bench.ts). Lite mode
 * turns WebAssembly off anyway; saying so keeps V8's warning about it out of the add-on log.
 */
const NODE_FLAGS = ["--lite-mode", "--no-expose-wasm"];

/** `script`: the built server; by default dist/zwave/server.js, one folder above this module. */
export function zwaveServerCommand(script = fileURLToPath(new URL("../server.js", import.meta.url))): {
  command: string;
  args: string[];
} {
  // This module sits in dist/zwave/host/, so the path holds wherever dist/ is installed.
  return { command: process.execPath, args: [...NODE_FLAGS, script] };
}

export interface ZwaveServerEnvOptions {
  /** The Z-Wave JS websocket server; when set, the MQTT settings are not used. */
  serverUrl?: string;
  mqttUrl?: string;
  username?: string;
  password?: string;
  prefix: string;
  gatewayName?: string;
  confirmTimeoutMs?: number;
  logLevel?: string;
}

/** The MCP adapter passes almost no environment to stdio children, so everything is explicit here. */
export function zwaveServerEnv(options: ZwaveServerEnvOptions): Record<string, string> {
  const env: Record<string, string> = { ZWAVE_TOPIC_PREFIX: options.prefix };
  if (options.serverUrl) env.ZWAVE_SERVER_URL = options.serverUrl;
  if (options.mqttUrl) env.MQTT_BROKER_URL = options.mqttUrl;
  if (options.username) env.MQTT_USERNAME = options.username;
  if (options.password) env.MQTT_PASSWORD = options.password;
  if (options.gatewayName) env.ZWAVE_GATEWAY_NAME = options.gatewayName;
  if (options.confirmTimeoutMs !== undefined) env.ZWAVE_CONFIRM_TIMEOUT_MS = String(options.confirmTimeoutMs);
  if (options.logLevel) env.LOG_LEVEL = options.logLevel;
  return env;
}
