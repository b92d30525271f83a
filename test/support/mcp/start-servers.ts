// Tests and benchmarks start a fixed set of servers and wait for them; the bridge adds its servers
// one by one as their settings become known (src/bridge.ts), so this lives here, not in the product.
import type { BackoffPolicy } from "../../../src/shared/backoff.js";
import type { Logger } from "../../../src/log.js";
import type { ToolRegistry } from "../../../src/tools/registry.js";
import type { McpServerConfig } from "../../../src/mcp/client/server-config.js";
import { createMcpServers, type McpServers } from "../../../src/mcp/client/servers.js";

export type { McpServers } from "../../../src/mcp/client/servers.js";

/** Connects every server at once and waits for their first attempts (at most `startupWaitMs`). */
export async function startMcpServers(options: {
  servers: readonly McpServerConfig[];
  registry: ToolRegistry;
  logger: Logger;
  backoff?: BackoffPolicy;
  startupWaitMs?: number;
}): Promise<McpServers> {
  const servers = createMcpServers(options);
  // A server that hangs in its handshake must not hold up the caller; it goes on connecting. The
  // fixture servers start through tsx, which takes seconds on a loaded machine: the default wait is
  // most of a test's 30 s, so a slow start is not mistaken for a server that never came up.
  const startupWaitMs = options.startupWaitMs ?? 25_000;
  await Promise.race([
    Promise.all(options.servers.map((config) => servers.add(config))),
    new Promise((resolve) => setTimeout(resolve, startupWaitMs).unref()),
  ]);
  return servers;
}
