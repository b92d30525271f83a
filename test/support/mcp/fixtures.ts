import { fileURLToPath } from "node:url";
import type { McpServerConfig } from "../../../src/mcp/client/server-config.js";

export interface FixtureTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /**
   * echo (default): returns its arguments; error: an isError result; hang: never answers;
   * validate: rejects missing required keys; slow: acts after `actAfterMs` (writing `actsOn`, a
   * file standing for the device) unless the caller cancels the call first.
   */
  behaviour?: "echo" | "error" | "hang" | "validate" | "slow";
  actAfterMs?: number;
  actsOn?: string;
}

export interface FixtureSpec {
  name: string;
  tools: FixtureTool[];
  /** Exit right after answering this many calls (a server that crashes later). */
  crashAfterCalls?: number;
  /** Exit before the MCP handshake (a server that fails to start). */
  failStart?: boolean;
  /** Exit before the MCP handshake once this file exists (a server that crashes, then cannot start again). */
  failStartOnceExists?: string;
  /** Behave like servers that keep running after stdin closes. */
  ignoreStdinEnd?: boolean;
  /** Environment variables to report back in structuredContent.env. */
  echoEnv?: string[];
}

const serverScript = fileURLToPath(new URL("./fixture-server.ts", import.meta.url));

/** A bridge MCP server entry that starts the fixture server as a stdio child. */
export function fixtureServer(
  spec: FixtureSpec,
  extra: { toolbox?: string; env?: Record<string, string> } = {},
): McpServerConfig {
  return {
    name: spec.name,
    toolbox: extra.toolbox ?? "default",
    command: process.execPath,
    args: ["--import", "tsx", serverScript],
    env: { ...extra.env, FIXTURE_SPEC: JSON.stringify(spec) },
  };
}

export const objectSchema = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  properties,
  ...(required.length ? { required } : {}),
});
