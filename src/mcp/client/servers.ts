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
  /** Starts one more server; resolves after its first attempt, whether or not it succeeded. */
  add(config: McpServerConfig): Promise<void>;
  /** Stops one server and drops its tools (before it is started again another way). */
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The MCP servers the bridge calls. Each one that fails is logged with its name and reason and
 * retried in the background; the others carry on.
 */
export function createMcpServers(options: {
  registry: ToolRegistry;
  logger: Logger;
  backoff?: BackoffPolicy;
}): McpServers {
  const connections: McpServerConnection[] = [];
  let closed = false;
  return {
    statuses: () => connections.map((c) => c.status()),
    add(config) {
      if (closed) return Promise.resolve();
      const connection = createMcpServerConnection({
        config,
        registry: options.registry,
        logger: options.logger,
        ...(options.backoff ? { backoff: options.backoff } : {}),
      });
      connections.push(connection);
      return connection.start();
    },
    async remove(name) {
      const gone = connections.filter((c) => c.status().name === name);
      connections.splice(0, connections.length, ...connections.filter((c) => c.status().name !== name));
      await Promise.all(gone.map((c) => c.close()));
      options.registry.removeServer(name);
    },
    close: async () => {
      closed = true;
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}
