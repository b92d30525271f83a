import type { Logger } from "../../log.js";
import type { ToolRegistry } from "../../tools/registry.js";
import { createEndpointTools, type EndpointTools, type McpMode } from "./endpoint-tools.js";
import type { SdkEndpoint } from "./sdk-endpoint.js";

/**
 * The aggregated MCP endpoint (Streamable HTTP) that `/mcp` hands its requests to. It speaks both
 * protocol eras: 2026-07-28 (no sessions; `server/discover`, per-request `_meta`,
 * `subscriptions/listen`) through the SDK's `createMcpHandler`, and the 2025 revisions that Home
 * Assistant's client speaks (initialize, sessions, the GET stream) through the SDK's sessionful
 * transport, routed by the SDK's own `isLegacyRequest`.
 */
export interface McpEndpoint extends SdkEndpoint {
  tools: EndpointTools;
}

/**
 * The tools are ready from the start (the status page shows their listing and calls); the SDK's
 * side (sdk-endpoint.ts) loads with the first request to /mcp. In the bridge's thread only /mcp
 * uses the SDK's server package, and most bridges are never asked: loaded at start, it was ~1 MiB
 * of idle resident memory (bench/footprint, Node 22).
 */
export function createMcpEndpoint(options: {
  registry: ToolRegistry;
  mode: McpMode;
  version: string;
  logger: Logger;
  /** Settles once the start-up's tools are listed: listings asked before then wait for it (sdk-endpoint.ts). */
  toolsListed?: Promise<void>;
}): McpEndpoint {
  const tools = createEndpointTools(options.registry, options.mode, options.logger);
  let loading: Promise<SdkEndpoint> | undefined;
  let loaded: SdkEndpoint | undefined;
  const sdk = () =>
    (loading ??= import("./sdk-endpoint.js").then(({ createSdkEndpoint }) => {
      loaded = createSdkEndpoint({ ...options, tools });
      return loaded;
    }));
  return {
    tools,
    handle: async (req, res, body, caller) => (await sdk()).handle(req, res, body, caller),
    sessionCount: () => loaded?.sessionCount() ?? 0,
    close: async () => {
      // A load that failed (its request heard why) left nothing to close.
      const endpoint = await loading?.catch(() => undefined);
      await endpoint?.close();
    },
  };
}
