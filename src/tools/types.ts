import type { ContentBlock } from "@modelcontextprotocol/client";
import type { HeldCall } from "./policy/held.js";
import type { ToolErrorCode } from "./tool-error.js";

/** A JSON Schema as MCP servers and LLM providers exchange it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  [keyword: string]: unknown;
}

/** MCP tool annotations (spec 2025-11-25), passed through from servers and set truthfully on ours. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool registered by hand (docs/architecture.md, Tool names). Its arguments are never normalised. */
export interface LocalToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations;
}

export interface ToolCallContext {
  /** Aborted when the per-tool or whole-turn timeout fires. */
  signal: AbortSignal;
  /** The Home Assistant device (satellite) that heard the sentence, when known. */
  deviceId?: string;
}

/** What a tool implementation returns. */
export interface ToolOutput {
  /** What the agent's model reads: the text, with a short stand-in for every other block. */
  text: string;
  /** An MCP tool's content blocks exactly as its server sent them, for /mcp callers. */
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  /** The tool ran but the action failed (not found, device offline, …). */
  isError?: boolean;
  /** Why, when the call itself failed on the way (a timeout, a thrown error); else read from structuredContent. */
  errorCode?: ToolErrorCode;
}

export type ToolExecutor = (args: Record<string, unknown>, context: ToolCallContext) => Promise<ToolOutput>;

/** A local tool, ready for `registerTool`. */
export interface LocalTool {
  definition: LocalToolDefinition;
  executor: ToolExecutor;
}

export type ToolSource = "local" | "mcp";

/** One result shape for every tool, local or MCP. */
export interface ToolResult {
  ok: boolean;
  /** The tool's text (on failure, the error text meant for the model and the user). */
  content: string;
  /** An MCP tool's content blocks unchanged (images, audio, resources, links); /mcp passes them on. */
  contentBlocks?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  error?: string;
  /** Why it failed, typed (src/tools/tool-error.ts): what people are told, never `error`'s English. */
  errorCode?: ToolErrorCode;
  /** The name the LLM sees. */
  name: string;
  /** The tool's own name on its server. */
  tool: string;
  server: string;
  toolbox: string;
  arguments: Record<string, unknown>;
  normalizedArguments: Record<string, unknown>;
  /** The call exactly as the model (or /mcp client) sent it, when that differs from a plain object. */
  sent?: SentToolCall;
  /** Each repair made before the call ran, named: "name: functions. prefix", "keys: device_name→deviceName". */
  repairs?: string[];
  /**
   * The model family whose text markup the call was recovered from ("hermes", "harmony", "glm", …),
   * when the model wrote the call as text instead of a structured tool call.
   */
  textFamily?: string;
  /**
   * Set when the action policy held the call: it did NOT run (`ok` is false) and waits for the
   * user's yes; what it would do, and the pinned call to run then.
   */
  held?: HeldCall;
  ms: number;
}

/** A tool call as it arrived: `arguments` is the provider's raw string when it sent one. */
export interface SentToolCall {
  name: string;
  arguments: unknown;
}
