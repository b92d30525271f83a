import type { McpServerOption } from "../../config/options.js";
import { DEFAULT_TOOLBOX } from "../../tools/registry.js";

/** One MCP server the bridge connects to: a stdio child or a Streamable HTTP endpoint. */
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
