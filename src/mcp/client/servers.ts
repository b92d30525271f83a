import type { BackoffPolicy } from "../../shared/backoff.js";
import type { Logger } from "../../log.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { McpServerConfig } from "./server-config.js";
import {
  createMcpServerConnection,
  type McpServerConnection,
  type McpServerStatus,
} from "./server-connection.js";

export interface McpServers {
  statuses(): McpServerStatus[];
  close(): Promise<void>;
}

/**
 * Connects every configured server at once. A server that fails is logged with its name and
 * reason and retried in the background; startup carries on with the rest.
 */
export async function startMcpServers(options: {
  servers: readonly McpServerConfig[];
  registry: ToolRegistry;
  logger: Logger;
  backoff?: BackoffPolicy;
  startupWaitMs?: number;
}): Promise<McpServers> {
  const connections: McpServerConnection[] = options.servers.map((config) =>
    createMcpServerConnection({
      config,
      registry: options.registry,
      logger: options.logger,
      ...(options.backoff ? { backoff: options.backoff } : {}),
    }),
  );
  // A server that hangs in its handshake must not hold up the bridge; it goes on connecting.
  const startupWaitMs = options.startupWaitMs ?? 10_000;
  await Promise.race([
    Promise.all(connections.map((c) => c.start())),
    new Promise((resolve) => setTimeout(resolve, startupWaitMs).unref()),
  ]);
  return {
    statuses: () => connections.map((c) => c.status()),
    close: async () => {
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}
