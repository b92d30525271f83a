// The bridge's real parts as the HTTP server sees them (registry, MCP servers, agent), wired the
// way src/bridge.ts wires them, with only the systems we don't own faked: the LLM provider's
// HTTP API (test/support/llm) and Home Assistant (left unconfigured).
import http from "node:http";
import { createZwaveClient } from "../../src/zwave-host/zwave-client.js";
import type { UpstreamState } from "../../src/zwave-host/upstream.js";
import { createAgent } from "../../src/agent/agent.js";
import { createChatModel } from "../../src/agent/chat-model.js";
import { createProviderHealth } from "../../src/agent/provider-health.js";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import type { BridgeView } from "../../src/http/bridge-view.js";
import type { McpMode } from "../../src/mcp/server/endpoint-tools.js";
import type { McpServerConfig } from "../../src/mcp/client/server-config.js";
import { startMcpServers, type McpServers } from "./mcp/start-servers.js";
import { createToolRegistry, type ToolRegistry } from "../../src/tools/registry.js";
import type { Logger } from "../../src/log.js";
import { captureLogger } from "./capture-logger.js";
import { startFakeLlm, type FakeLlm, type FakeReply, type Script } from "./llm/server.js";

/** Planted where a careless page or error would show it; tests assert it never appears. */
export const PLANTED_API_KEY = "sk-ant-planted-9f3b2c7d1e";

export interface TestBridge {
  deps: BridgeView;
  registry: ToolRegistry;
  servers: McpServers;
  llm: FakeLlm;
  logger: Logger;
  close(): Promise<void>;
}

export async function startTestBridge(
  options: {
    servers?: McpServerConfig[];
    script?: FakeReply[] | Script;
    mcpMode?: McpMode;
    /** What the bridge's search for Z-Wave found, as the page shows it. */
    zwaveUpstream?: UpstreamState;
    register?: (registry: ToolRegistry) => void;
    /** The models the fake provider lists for the start-up check (default: claude-test). */
    llmModels?: string[];
  } = {},
): Promise<TestBridge> {
  const { logger } = captureLogger("warn");
  const registry = createToolRegistry({ logger });
  registry.registerTool(
    {
      name: "get_datetime",
      description: "The current date, time and timezone of the home.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
    },
    async () => ({ text: "It is noon." }),
  );
  options.register?.(registry);
  const servers = await startMcpServers({
    servers: options.servers ?? [],
    registry,
    logger,
    backoff: { initialMs: 100, maxMs: 1000 },
  });
  const llm = await startFakeLlm({
    script: options.script ?? ["I can only help with your devices."],
    models: options.llmModels ?? ["claude-test"],
  });
  const providerHealth = createProviderHealth({
    provider: "anthropic",
    model: "claude-test",
    baseUrl: llm.url,
    apiKey: PLANTED_API_KEY,
    logger,
  });
  await providerHealth.check();
  const model = await createChatModel({
    provider: "anthropic",
    model: "claude-test",
    apiKey: PLANTED_API_KEY,
    baseUrl: llm.url,
    timeoutMs: 10_000,
  });
  const mirror = createUnconfiguredMirror();
  const zwave = createZwaveClient({ registry, logger });
  if (options.zwaveUpstream) zwave.setUpstream(options.zwaveUpstream);
  const agent = createAgent({
    registry,
    mirror,
    zwave,
    logger,
    ...(model ? { model } : {}),
    provider: "anthropic",
    modelName: "claude-test",
    language: "en",
    confirmDestructive: false,
    providerHealth,
  });
  const deps: BridgeView = {
    version: "0.0.0-test",
    startedAt: Date.now() - 90_000,
    agent,
    registry,
    mirror,
    mcpServers: () => servers.statuses(),
    zwave,
    mcpMode: options.mcpMode ?? "auto",
  };
  return {
    deps,
    registry,
    servers,
    llm,
    logger,
    async close() {
      zwave.close();
      await servers.close();
      await llm.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

/**
 * One HTTP request exactly as written: the path is sent verbatim (fetch would resolve
 * `/api/../mcp` before sending), and `localAddress` picks the loopback address it comes from.
 */
export function rawRequest(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: { Host: `127.0.0.1:${port}`, ...options.headers },
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
