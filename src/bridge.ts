import { hostname } from "node:os";
import { dirname } from "node:path";
import { SUPERVISOR_OPTIONS_FILE } from "./config/load.js";
import type { Options } from "./config/options.js";
import type { Logger } from "./log.js";
import { VERSION } from "./version.js";
import { createSupervisorClient, type SupervisorClient } from "./supervisor/client.js";
import { createHomeMirror, createUnconfiguredMirror, type HomeMirror } from "./ha/mirror.js";
import { haEndpoint } from "./ha/connection.js";
import { createToolRegistry, type ToolRegistry } from "./tools/registry.js";
import { homeTools } from "./tools/local/index.js";
import { createMcpServers, type McpServers } from "./mcp/client/servers.js";
import { fromOption, type McpServerConfig } from "./mcp/client/server-config.js";
import { zwaveServerEnv } from "./zwave/host/launch.js";
import { startZwaveWorker } from "./zwave/host/worker-launch.js";
import { chooseZwaveTransport, type ZwaveTransportChoice } from "./zwave/host/choose-transport.js";
import { createChatModel, DEFAULT_MODELS } from "./agent/chat-model.js";
import { createAgent } from "./agent/agent.js";
import type { ConversationAgent } from "./agent/types.js";
import { startWyomingServer, type WyomingServer } from "./wyoming/server.js";
import { buildInfo } from "./wyoming/info.js";
import type { DemoHome } from "./demo/demo-home.js";
import { startHttpServer } from "./http/server.js";
import { createZwaveStatus, type ZwaveStatus } from "./mcp/client/zwave-status.js";
import { loadDiscoveryPath, type DiscoveryPath } from "./mcp/server/discovery-secret.js";
import { ZWAVE_TOOLS } from "./tools/own-servers.js";
import { withoutCredentials } from "./shared/redact.js";

export interface Bridge {
  registry: ToolRegistry;
  agent: ConversationAgent;
  mirror: HomeMirror;
  mcpServers: McpServers;
  wyomingPort: number;
  apiPort: number;
  close(): Promise<void>;
}

interface Broker {
  url: string;
  username?: string;
  password?: string;
  source: "options" | "supervisor" | "demo";
}

/**
 * Starts every part of the bridge from validated options. Wyoming and HTTP (health, status page,
 * fast path) listen first; the broker, the MCP servers and the provider's client come up behind
 * them, and the status page shows how far they got.
 */
export async function startBridge(options: Options, env: NodeJS.ProcessEnv, logger: Logger): Promise<Bridge> {
  const supervisorToken = env.SUPERVISOR_TOKEN;
  const supervisor = supervisorToken
    ? createSupervisorClient({
        token: supervisorToken,
        // Set only by the container smoke test; Supervisor itself is always http://supervisor.
        baseUrl: env.SUPERVISOR_API_URL ?? "http://supervisor",
        logger,
      })
    : undefined;
  const closers: Array<() => Promise<void>> = [];

  const endpoint = haEndpoint(options, env, supervisor?.coreUrl());
  const mirror = endpoint
    ? createHomeMirror({ url: endpoint.url, token: endpoint.token, logger })
    : createUnconfiguredMirror();
  closers.push(() => mirror.close());

  const registry = createToolRegistry({ logger, parameterMappings: options.parameter_mappings });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  const mcpServers = createMcpServers({ registry, logger });
  closers.unshift(() => mcpServers.close());

  const provider = options.llm_provider;
  const modelName = provider === "local" ? undefined : (options.llm_model ?? DEFAULT_MODELS[provider]);
  let toolsReady: () => void = () => undefined;
  // Throws now on a missing key; the provider's package loads while everything else starts.
  const model = createChatModel({
    provider,
    ...(options.llm_model ? { model: options.llm_model } : {}),
    ...(options.llm_api_key ? { apiKey: options.llm_api_key } : {}),
    ...(options.llm_base_url ? { baseUrl: options.llm_base_url } : {}),
    // One retry must still fit in the 30 s turn, so a slow provider is named, not just "too long".
    timeoutMs: 12_000,
  });
  const agent = createAgent({
    registry,
    mirror,
    logger,
    ...(provider === "local" ? {} : { model }),
    provider,
    ...(modelName ? { modelName } : {}),
    language: options.language,
    confirmDestructive: options.confirm_destructive,
    oneLlmRound: options.llm_one_round,
    toolsReady: new Promise<void>((resolve) => (toolsReady = resolve)),
    haAgent: options.ha_conversation_agent,
  });

  const wyoming: WyomingServer = await startWyomingServer({
    port: options.wyoming_port,
    host: "0.0.0.0",
    logger,
    // A turn ends in the agent at 30 s; this is the backstop.
    turnTimeoutMs: 35_000,
    info: () =>
      buildInfo({
        version: VERSION,
        model: modelName ?? "local",
        // With an LLM every language works; an empty list tells HA exactly that.
        languages: provider === "local" ? agent.describe().languages : [],
      }),
    handle: async (transcript, { signal }) => {
      const context = transcript.context ?? {};
      const result = await agent.handle({
        text: transcript.text,
        ...(transcript.language ? { language: transcript.language } : {}),
        ...(context.conversation_id ? { conversationId: context.conversation_id } : {}),
        ...(context.device_id ? { deviceId: context.device_id } : {}),
        signal,
      });
      return { type: result.response_type === "error" ? "not-handled" : "handled", text: result.speech };
    },
  });
  closers.unshift(() => wyoming.close());

  let zwaveStatus: ZwaveStatus | undefined;
  const mcpDiscovery = supervisor ? await discoveryPath(options, env, logger) : undefined;
  const http = await startHttpServer({
    port: options.api_port,
    host: "0.0.0.0",
    logger,
    auth: {
      underSupervisor: supervisor !== undefined,
      ...(options.api_token ? { apiToken: options.api_token } : {}),
    },
    ...(mcpDiscovery ? { mcpDiscovery } : {}),
    deps: {
      version: VERSION,
      startedAt: Date.now(),
      agent,
      registry,
      mirror,
      mcpServers: () => mcpServers.statuses(),
      broker: () => zwaveStatus?.broker(),
      zwaveGateway: () => zwaveStatus?.zwaveGateway(),
      mcpMode: options.mcp_mode,
    },
  });
  closers.unshift(() => http.close());

  if (supervisor) {
    // Announced once listening; never withdrawn on shutdown, or HA would remove the integration.
    supervisor
      .announceDiscovery("wyoming", { uri: supervisor.wyomingUri(wyoming.port) })
      .then(() => logger.info("announced the Wyoming service to Home Assistant"))
      .catch((err: Error) => logger.error(`could not announce the Wyoming service: ${err.message}`));
    if (mcpDiscovery) {
      // Home Assistant's MCP integration offers to add the bridge; re-announcing keeps its entry.
      supervisor
        .announceDiscovery("mcp", { url: supervisor.mcpUrl(http.port, mcpDiscovery.path) })
        .then(() => logger.info("announced the MCP endpoint to Home Assistant"))
        .catch((err: Error) => logger.error(`could not announce the MCP endpoint: ${err.message}`));
    }
  }

  let closing = false;
  const userServers = Promise.all(options.mcp_servers.map((option) => mcpServers.add(fromOption(option))));
  // Which way to Z-Wave (a websocket probe can take 1.5 s) and the broker, behind the listeners.
  const zwaveFound = (async () => {
    const zwave = await chooseZwaveTransport(options, supervisor, logger);
    const { broker, demo } = zwave.transport === "mqtt" ? await findBroker(options, supervisor, logger) : {};
    return { zwave, broker, demo };
  })().catch((err: Error) => {
    logger.error(`could not set up Z-Wave: ${err.message}`);
    return { zwave: undefined, broker: undefined, demo: undefined };
  });
  void (async () => {
    const { zwave, broker } = await zwaveFound;
    if (closing) return;
    zwaveStatus = createZwaveStatus(
      registry,
      zwave?.transport === "websocket"
        ? { transport: "websocket", serverUrl: zwave.url }
        : broker && {
            transport: "mqtt",
            broker: {
              url: broker.url,
              ...(options.zwave_gateway_name ? { gatewayName: options.zwave_gateway_name } : {}),
            },
          },
    );
    const status = zwaveStatus;
    closers.push(async () => status.stop());
    const zwaveConfig = zwave && zwaveServer(options, zwave, broker, logger);
    const zwaveStarted = zwaveConfig ? mcpServers.add(zwaveConfig) : undefined;
    // A server that hangs in its handshake goes on connecting; the summary does not wait for it.
    await Promise.race([
      Promise.all([userServers, zwaveStarted]),
      new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
    ]);
    logSummary(logger, {
      options,
      broker,
      zwaveServerUrl: zwave?.transport === "websocket" ? zwave.url : undefined,
      haUrl: endpoint?.url,
      modelName,
      registry,
      mcpServers,
      wyomingPort: wyoming.port,
    });
  })()
    .catch((err: Error) => logger.error(`start-up failed: ${err.message}`))
    .finally(() => toolsReady());

  return {
    registry,
    agent,
    mirror,
    mcpServers,
    wyomingPort: wyoming.port,
    apiPort: http.port,
    async close() {
      closing = true;
      const { demo } = await zwaveFound;
      if (demo) closers.push(() => demo.close());
      for (const close of closers) {
        await close().catch((err: Error) => logger.warn(`while stopping: ${err.message}`));
      }
    },
  };
}

/** The secret lives next to options.json in /data (OPTIONS_FILE moves both for the container test). */
async function discoveryPath(
  options: Options,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<DiscoveryPath | undefined> {
  const dir = dirname(env.OPTIONS_FILE ?? SUPERVISOR_OPTIONS_FILE);
  try {
    const path = await loadDiscoveryPath(dir, options.rotate_mcp_secret);
    if (options.rotate_mcp_secret) {
      logger.warn(
        "rotate_mcp_secret: made a new secret MCP discovery URL; Home Assistant gets it now. Turn the option off again.",
      );
    }
    return path;
  } catch (err) {
    logger.error(
      `cannot keep the MCP discovery secret in ${dir} (${(err as NodeJS.ErrnoException).code ?? String(err)}): Home Assistant is not offered the MCP endpoint`,
    );
    return undefined;
  }
}

function zwaveServer(
  options: Options,
  zwave: ZwaveTransportChoice,
  broker: Broker | undefined,
  logger: Logger,
): McpServerConfig | undefined {
  // In a worker thread rather than a child process: one Node runtime for the add-on, not two.
  const inWorker = (env: Record<string, string>): McpServerConfig => ({
    name: ZWAVE_TOOLS.server,
    toolbox: ZWAVE_TOOLS.toolbox,
    openWorker: () => startZwaveWorker(env, { logger }),
  });
  if (zwave.transport === "websocket") {
    return inWorker(
      zwaveServerEnv({
        serverUrl: zwave.url,
        prefix: options.zwave_topic_prefix,
        logLevel: options.log_level,
      }),
    );
  }
  if (!broker) return undefined;
  return inWorker(
    zwaveServerEnv({
      mqttUrl: broker.url,
      ...(broker.username ? { username: broker.username } : {}),
      ...(broker.password ? { password: broker.password } : {}),
      prefix: options.zwave_topic_prefix,
      ...(options.zwave_gateway_name ? { gatewayName: options.zwave_gateway_name } : {}),
      logLevel: options.log_level,
    }),
  );
}

async function findBroker(
  options: Options,
  supervisor: SupervisorClient | undefined,
  logger: Logger,
): Promise<{ broker?: Broker; demo?: DemoHome }> {
  if (options.mqtt_url) {
    return {
      broker: {
        url: options.mqtt_url,
        ...(options.mqtt_username ? { username: options.mqtt_username } : {}),
        ...(options.mqtt_password ? { password: options.mqtt_password } : {}),
        source: "options",
      },
    };
  }
  if (supervisor) {
    const service = await supervisor.mqttService().catch((err: Error) => {
      logger.error(`could not ask Supervisor for the MQTT broker: ${err.message}`);
      return undefined;
    });
    if (!service) return {};
    return {
      broker: {
        url: `${service.ssl ? "mqtts" : "mqtt"}://${service.host}:${service.port}`,
        ...(service.username ? { username: service.username } : {}),
        ...(service.password ? { password: service.password } : {}),
        source: "supervisor",
      },
    };
  }
  // The embedded broker and simulator load only when they run.
  const { startDemoHome } = await import("./demo/demo-home.js");
  const demo = await startDemoHome(logger);
  return { broker: { url: demo.brokerUrl, source: "demo" }, demo };
}

function logSummary(
  logger: Logger,
  facts: {
    options: Options;
    broker: Broker | undefined;
    zwaveServerUrl: string | undefined;
    haUrl: string | undefined;
    modelName: string | undefined;
    registry: ToolRegistry;
    mcpServers: McpServers;
    wyomingPort: number;
  },
): void {
  const { options, broker } = facts;
  const servers = facts.mcpServers.statuses();
  const lines = [
    `MCP Assist Bridge ${VERSION} on ${hostname()}`,
    `  agent:       ${options.llm_provider}${facts.modelName ? ` (${facts.modelName})` : " (local fast path, no LLM)"}, language ${options.language}`,
    facts.zwaveServerUrl
      ? `  Z-Wave JS:   ${withoutCredentials(facts.zwaveServerUrl)} (websocket server)`
      : `  MQTT broker: ${broker ? `${withoutCredentials(broker.url)} (${broker.source}${broker.username ? `, user ${broker.username}` : ""})` : "none: Z-Wave is off"}`,
    `  Home Assistant: ${facts.haUrl ? withoutCredentials(facts.haUrl) : "not configured"}`,
    `  MCP servers: ${servers.length ? servers.map((s) => `${s.name} [${s.toolbox}] ${s.state}, ${s.tools} tools`).join("; ") : "none"}`,
    `  tools:       ${facts.registry.list().length} (${facts.registry
      .toolboxes()
      .map((b) => `${b.name}: ${b.tools}`)
      .join(", ")})`,
    `  Wyoming:     tcp port ${facts.wyomingPort}; HTTP API and status page: port ${options.api_port}`,
  ];
  logger.info(lines.join("\n"));
}
