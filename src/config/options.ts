import { z } from "zod";
import { parse as parseShellWords } from "shell-quote";
import { RESERVED_SERVER_NAMES } from "./own-servers.js";

/** Supervisor cannot express an empty URL, so an empty string always means "not set". */
const optionalString = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().optional(),
);

/** `args` is a list, or one string split as a shell splits words (the options UI may only offer a string). */
const argsSchema = z.preprocess((value, ctx) => {
  if (typeof value !== "string") return value;
  const words = parseShellWords(value);
  if (!words.every((w) => typeof w === "string")) {
    // An issue, not a throw: zod lets an exception escape safeParse.
    ctx.addIssue({ code: "custom", message: "args may not contain shell operators such as | ; > or globs" });
    return z.NEVER;
  }
  return words;
}, z.array(z.string()).default([]));

const serverNameSchema = z
  .string()
  .trim()
  .min(1, "MCP server name cannot be empty")
  .regex(/^[A-Za-z0-9_-]+$/, "MCP server names may use letters, digits, _ and - only");

export const mcpServerSchema = z
  .object({
    name: serverNameSchema,
    toolbox: optionalString,
    command: optionalString,
    args: argsSchema,
    url: optionalString,
    env: z.record(z.string(), z.string()).optional(),
  })
  .refine((s) => (s.command === undefined) !== (s.url === undefined), {
    message: "each MCP server needs exactly one of command or url",
  });

/** Server names are the registry's keys: one per server, and never one of the bridge's own. */
const mcpServersSchema = z.array(mcpServerSchema).superRefine((servers, ctx) => {
  const seen = new Set<string>();
  servers.forEach((server, index) => {
    const key = server.name.toLowerCase();
    const problem = RESERVED_SERVER_NAMES.includes(key)
      ? `'${server.name}' is reserved for the bridge's own tools; choose another name`
      : seen.has(key)
        ? `'${server.name}' is already the name of another MCP server (names are compared ignoring case)`
        : undefined;
    seen.add(key);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: [index, "name"] });
  });
});

export const parameterMappingSchema = z.object({
  tool: z.string().trim().min(1),
  from: z.string().trim().min(1),
  to: z.string().trim().min(1),
});

export const LLM_PROVIDERS = ["anthropic", "openai", "ollama", "local"] as const;
export const LOG_LEVELS = ["trace", "debug", "info", "notice", "warning", "warn", "error", "fatal"] as const;
export const MCP_MODES = ["auto", "flat", "workbench"] as const;
export const ZWAVE_TRANSPORTS = ["auto", "mqtt", "websocket"] as const;

const port = z.coerce.number().int().min(1).max(65535);

/** The add-on options (docs/architecture.md, Options). Keys are the contract: never rename them. */
export const optionsSchema = z.object({
  llm_provider: z.enum(LLM_PROVIDERS).default("local"),
  llm_model: optionalString,
  llm_api_key: optionalString,
  llm_base_url: optionalString,
  language: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("en")),
  mqtt_url: optionalString,
  mqtt_username: optionalString,
  mqtt_password: optionalString,
  zwave_topic_prefix: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("zwave")),
  zwave_gateway_name: optionalString,
  zwave_transport: z.preprocess((v) => (v === "" ? undefined : v), z.enum(ZWAVE_TRANSPORTS).default("auto")),
  zwave_server_url: optionalString.refine((v) => v === undefined || /^wss?:\/\//.test(v), {
    message: "zwave_server_url must start with ws:// or wss:// (e.g. ws://core-zwave-js:3000)",
  }),
  ha_url: optionalString,
  ha_token: optionalString,
  mcp_servers: mcpServersSchema.default([]),
  parameter_mappings: z.array(parameterMappingSchema).default([]),
  // Stand-alone only: the add-on's Ingress, watchdog and `ports:` are fixed in config.yaml.
  wyoming_port: port.default(10600),
  api_port: port.default(8099),
  api_token: optionalString,
  mcp_mode: z.enum(MCP_MODES).default("auto"),
  rotate_mcp_secret: z.boolean().default(false),
  confirm_destructive: z.boolean().default(true),
  llm_one_round: z.boolean().default(true),
  ha_conversation_agent: z.boolean().default(true),
  log_level: z
    .enum(LOG_LEVELS)
    .default("info")
    // Supervisor's conventional names map onto pino's.
    .transform((l) => (l === "notice" ? "info" : l === "warning" ? "warn" : l)),
});

export type Options = z.infer<typeof optionsSchema>;
export type McpServerOption = z.infer<typeof mcpServerSchema>;
export type ParameterMapping = z.infer<typeof parameterMappingSchema>;
