import type { ConversationAgent } from "../agent/types.js";
import type { HomeMirror } from "../ha/mirror.js";
import type { McpServerStatus } from "../mcp/client/server-connection.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { McpMode } from "../mcp/server/endpoint-tools.js";
import type { ZwaveClient } from "../zwave-host/zwave-client.js";

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
  /**
   * The bridge's one Z-Wave client: its link (waiting for Z-Wave JS, connected…, never a
   * credential) and its one collection of devices, each with its Home Assistant twin if any.
   */
  zwave: Pick<ZwaveClient, "link" | "devices" | "device" | "targets" | "target" | "homeId" | "onChange">;
  /** The `mcp_mode` option: which tool listing /mcp offers. */
  mcpMode: McpMode;
  /**
   * Settles once the start-up's tools are in the registry (the Z-Wave server's among them), or
   * the bridge's wait for them is over: /mcp holds a listing asked before then. Absent: no wait.
   */
  toolsListed?: Promise<void>;
}
