import type { Transport } from "@modelcontextprotocol/client";
import type { McpServerOption } from "../../config/options.js";
import { DEFAULT_TOOLBOX } from "../../tools/registry.js";

/**
 * One MCP server the bridge connects to: a stdio child, a Streamable HTTP endpoint, or a server the
 * bridge runs in a worker thread of its own (the Z-Wave server), reached through `openWorker`.
 */
export interface McpServerConfig {
  name: string;
  toolbox: string;
  command?: string;
  args?: string[];
  /** Stdio children inherit almost nothing, so what they need is passed here explicitly. */
  env?: Record<string, string>;
  url?: string;
  /** Sent with every request to a `url` server (e.g. Authorization). Secrets: never logged or shown. */
  headers?: Record<string, string>;
  /** Starts the server's worker thread and returns the transport to it; called again for each restart. */
  openWorker?: () => Transport;
}

export function fromOption(option: McpServerOption): McpServerConfig {
  return {
    name: option.name,
    toolbox: option.toolbox ?? DEFAULT_TOOLBOX,
    ...(option.command ? { command: option.command, args: option.args } : {}),
    ...(option.command && option.env && Object.keys(option.env).length ? { env: option.env } : {}),
    ...(option.url ? { url: option.url } : {}),
    ...(option.url && option.headers && Object.keys(option.headers).length
      ? { headers: option.headers }
      : {}),
  };
}
