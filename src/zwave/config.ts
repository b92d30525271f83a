import { z } from "zod";
import { describeIssues } from "../shared/zod-issues.js";

/** Unset and empty environment variables both mean "not set". */
const optional = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().optional(),
);

const envSchema = z.object({
  /** The Z-Wave JS websocket server; when set, it is used instead of the MQTT gateway. */
  ZWAVE_SERVER_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^wss?:\/\//, "ZWAVE_SERVER_URL must start with ws:// or wss://")
      .optional(),
  ),
  MQTT_BROKER_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(
        /^(mqtts?|wss?|tcp|ssl):\/\//,
        "MQTT_BROKER_URL must start with mqtt://, mqtts://, ws:// or wss://",
      )
      .optional(),
  ),
  MQTT_USERNAME: optional,
  MQTT_PASSWORD: optional,
  ZWAVE_TOPIC_PREFIX: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("zwave")),
  ZWAVE_GATEWAY_NAME: optional,
  ZWAVE_CONFIRM_TIMEOUT_MS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(60_000).default(3000),
  ),
  // The add-on's own level names (`notice`, `warning`) are accepted too.
  LOG_LEVEL: z.preprocess(
    (v) => (v === "" ? undefined : v === "notice" ? "info" : v === "warning" ? "warn" : v),
    z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  ),
});

export interface MqttTransportConfig {
  kind: "mqtt";
  brokerUrl: string;
  username?: string;
  password?: string;
  prefix: string;
  /** Z-Wave JS UI's `mqtt.name`; found from the gateway status topic when unset. */
  gatewayName?: string;
}

export interface WebsocketTransportConfig {
  kind: "websocket";
  url: string;
}

export interface ZwaveServerConfig {
  transport: MqttTransportConfig | WebsocketTransportConfig;
  confirmTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
}

export function loadConfig(env: NodeJS.ProcessEnv): ZwaveServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid Z-Wave MCP server environment: ${describeIssues(parsed.error)}`);
  }
  const e = parsed.data;
  const common = { confirmTimeoutMs: e.ZWAVE_CONFIRM_TIMEOUT_MS, logLevel: e.LOG_LEVEL };
  if (e.ZWAVE_SERVER_URL) return { transport: { kind: "websocket", url: e.ZWAVE_SERVER_URL }, ...common };
  if (!e.MQTT_BROKER_URL) {
    throw new Error(
      "invalid Z-Wave MCP server environment: ZWAVE_SERVER_URL (e.g. ws://core-zwave-js:3000) or MQTT_BROKER_URL is required (e.g. mqtt://core-mosquitto:1883)",
    );
  }
  return {
    transport: {
      kind: "mqtt",
      brokerUrl: e.MQTT_BROKER_URL,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      prefix: e.ZWAVE_TOPIC_PREFIX.replace(/\/+$/, ""),
      // Accept the client id as well as the name: `ZWAVE_GATEWAY-Mosquitto` means `Mosquitto`.
      gatewayName: e.ZWAVE_GATEWAY_NAME?.replace(/^ZWAVE_GATEWAY-/, ""),
    },
    ...common,
  };
}
