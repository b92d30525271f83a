// The Z-Wave MCP server's environment: everything it is configured by, whether it runs in the
// bridge's worker thread or as the stand-alone stdio server.

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

/** The server reads only this environment (its worker thread or stdio child gets nothing else), so every setting is explicit here. */
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
