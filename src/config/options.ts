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

/**
 * Named secrets for an MCP server: an object, or a list of "KEY<sep>value" lines (the options UI
 * offers lists of strings, not objects). Errors name the entry and the key, never the value.
 */
function namedValues(what: string, separator: "=" | ":", keyPattern: RegExp) {
  return z.preprocess(
    (value, ctx) => {
      if (!Array.isArray(value)) return value;
      const out: Record<string, string> = {};
      value.forEach((line, index) => {
        const text = typeof line === "string" ? line : "";
        const at = text.indexOf(separator);
        const key = at > 0 ? text.slice(0, at).trim() : "";
        if (!key) {
          ctx.addIssue({
            code: "custom",
            message: `${what} entry ${index + 1} needs the form NAME${separator}value`,
          });
          return;
        }
        out[key] = text.slice(at + 1).trim();
      });
      return out;
    },
    z
      .record(z.string(), z.string())
      .superRefine((record, ctx) => {
        for (const key of Object.keys(record))
          if (!keyPattern.test(key))
            ctx.addIssue({ code: "custom", message: `'${key}' is not a valid ${what} name` });
      })
      .optional(),
  );
}

/** Environment variables for a `command` server (API keys, settings). */
const envSchema = namedValues("environment variable", "=", /^[A-Za-z_][A-Za-z0-9_]*$/);
/** HTTP headers for a `url` server (Authorization, API keys); names are RFC 9110 tokens. */
const headersSchema = namedValues("header", ":", /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);

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
    env: envSchema,
    headers: headersSchema,
  })
  .refine((s) => (s.command === undefined) !== (s.url === undefined), {
    message: "each MCP server needs exactly one of command or url",
  })
  .refine((s) => s.env === undefined || Object.keys(s.env).length === 0 || s.command !== undefined, {
    message: "env is for a command server; a url server takes headers",
    path: ["env"],
  })
  .refine((s) => s.headers === undefined || Object.keys(s.headers).length === 0 || s.url !== undefined, {
    message: "headers are for a url server; a command server takes env",
    path: ["headers"],
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

/** `llm_context`'s default: what Home Assistant's own Ollama integration asks for. */
export const DEFAULT_LLM_CONTEXT = 8192;

const port = z.coerce.number().int().min(1).max(65535);

/** The add-on options (docs/architecture.md, Options). Keys are the contract: never rename them. */
export const optionsSchema = z.object({
  llm_provider: z.enum(LLM_PROVIDERS).default("local"),
  llm_model: optionalString,
  llm_api_key: optionalString,
  llm_base_url: optionalString,
  // Tokens of context the model is asked to use: Ollama's num_ctx, capped at the model's own; the
  // budget for a server that does not say its own (src/agent/context-budget/model-context.ts).
  llm_context: z.coerce.number().int().min(2048).max(1_048_576).default(DEFAULT_LLM_CONTEXT),
  // How long Ollama keeps the model loaded after a request ("5m", "1h", "-1"); empty: the server's own.
  llm_keep_alive: optionalString,
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
  // How far "brighter", "dimmer", "louder" and "quieter" go, in percent (a step; "a lot" is two).
  brightness_step: z.coerce.number().int().min(1).max(100).default(25),
  volume_step: z.coerce.number().int().min(1).max(100).default(10),
  log_level: z
    .enum(LOG_LEVELS)
    .default("info")
    // Supervisor's conventional names map onto pino's.
    .transform((l) => (l === "notice" ? "info" : l === "warning" ? "warn" : l)),
});

export type Options = z.infer<typeof optionsSchema>;
export type McpServerOption = z.infer<typeof mcpServerSchema>;
export type ParameterMapping = z.infer<typeof parameterMappingSchema>;
