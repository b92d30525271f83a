import type { ConversationAgent } from "../agent/types.js";
import type { HomeMirror } from "../ha/mirror.js";
import type { McpServerStatus } from "../mcp/client/server-connection.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { McpMode } from "../mcp/server/endpoint-tools.js";

/** The running bridge as the HTTP server sees it; `src/main.ts` fills it in. Holds no secret. */
export interface BridgeView {
  /** The add-on's version (package.json), shown on the status page and /healthz. */
  version: string;
  /** When the process started (ms since epoch), for the uptime. */
  startedAt: number;
  /** Answers /api/conversation and feeds the page's recent conversations. */
  agent: ConversationAgent;
  /** Every tool, local and MCP: /api/tools, /mcp and the page's tool list. */
  registry: ToolRegistry;
  /** Home Assistant's areas and exposed entities, and whether it is connected. */
  mirror: HomeMirror;
  /** The configured MCP servers and their health. */
  mcpServers(): McpServerStatus[];
  /** The MQTT broker, or undefined when none is configured. `url` never carries credentials. */
  broker(): { url: string; connected: boolean } | undefined;
  /** The Z-Wave JS UI gateway, or undefined before it was found. */
  zwaveGateway(): { name?: string; online: boolean } | undefined;
  /** The `mcp_mode` option: which tool listing /mcp offers. */
  mcpMode: McpMode;
}
