import { hostname } from "node:os";
import { dirname } from "node:path";
import { SUPERVISOR_OPTIONS_FILE } from "./config/load.js";
import type { Options } from "./config/options.js";
import type { Logger } from "./log.js";
import { VERSION } from "./version.js";
import { createSupervisorClient } from "./supervisor/client.js";
import { createHomeMirror, createUnconfiguredMirror, type HomeMirror } from "./ha/mirror.js";
import { haEndpoint } from "./ha/connection.js";
import { createToolRegistry, type ToolRegistry } from "./tools/registry.js";
import { createActionPolicy } from "./tools/policy/action-policy.js";
import { homeTools } from "./tools/local/index.js";
import { createMcpServers, type McpServers } from "./mcp/client/servers.js";
import { fromOption, type McpServerConfig } from "./mcp/client/server-config.js";
import { zwaveServerEnv } from "./zwave-host/launch.js";
import { startZwaveWorker } from "./zwave-host/worker-launch.js";
import {
  searchZwaveUpstream,
  describeUpstream,
  type UpstreamState,
  type ZwaveUpstream,
} from "./zwave-host/upstream.js";
import { createZwaveClient } from "./zwave-host/zwave-client.js";
import type { ZwaveStateEvent } from "./zwave/state-events.js";
import { homeTwins, logTwinDisagreements } from "./ha/zwave-twins.js";
import { createChatModel, DEFAULT_MODELS, OLLAMA_DEFAULT_URL } from "./agent/chat-model.js";
import { modelContext } from "./agent/context-budget/model-context.js";
import { findToolsTool } from "./tools/local/find-tools.js";
import { createToolSearch } from "./tools/tool-search.js";
import { createProviderHealth } from "./agent/provider-health.js";
import { createAgent } from "./agent/agent.js";
import type { ConversationAgent } from "./agent/types.js";
import { startWyomingServer, type WyomingServer } from "./wyoming/server.js";
import { buildInfo } from "./wyoming/info.js";
import type { DemoHome } from "./demo/demo-home.js";
import { startHttpServer } from "./http/server.js";
import { loadDiscoveryPath, type DiscoveryPath } from "./mcp/server/discovery-secret.js";
import { announceUntilDone } from "./supervisor/announce.js";
import { repliesFor } from "./understanding/spoken-result.js";
import { ZWAVE_TOOLS } from "./config/own-servers.js";
import { withoutCredentials } from "./shared/redact.js";
import { turnBudget } from "./shared/turn-budget.js";

export interface Bridge {
  registry: ToolRegistry;
  agent: ConversationAgent;
  mirror: HomeMirror;
  mcpServers: McpServers;
  wyomingPort: number;
  apiPort: number;
  close(): Promise<void>;
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
  const mcpServers = createMcpServers({ registry, logger });
  closers.unshift(() => mcpServers.close());
  const zwave = createZwaveClient({ registry, logger });
  closers.push(async () => zwave.close());
  // The home's tools name an entity's Z-Wave node only where the identity join holds.
  const twins = homeTwins(zwave, mirror);
  for (const { definition, executor } of homeTools(mirror, twins.markOf))
    registry.registerTool(definition, executor);
  // The model is offered the tools a sentence needs; find_tools finds the others.
  const toolSearch = createToolSearch(registry);
  const findTools = findToolsTool(toolSearch);
  registry.registerTool(findTools.definition, findTools.executor);
  // One action policy at the registry, for every path: it knows the home's entities and Z-Wave
  // devices, so it judges each call by its effect on its target (docs/architecture.md).
  registry.setPolicy(createActionPolicy({ confirm: options.confirm_destructive, mirror, zwave }));
  // A Home Assistant entity kept apart from the node it names (a reused node id…) is said once.
  const stopTwinLog = logTwinDisagreements(zwave, mirror, logger);
  closers.push(async () => stopTwinLog());

  // Every layer's time limit derives from one turn budget (docs/architecture.md, Turn budget).
  const budget = turnBudget();
  const provider = options.llm_provider;
  const modelName = provider === "local" ? undefined : (options.llm_model ?? DEFAULT_MODELS[provider]);
  let toolsReady: () => void = () => undefined;
  /** The start-up's tools are in the registry (or its wait for them is over). */
  const toolsListed = new Promise<void>((resolve) => (toolsReady = resolve));
  const providerHealth =
    provider === "local" || !modelName
      ? undefined
      : createProviderHealth({
          provider,
          model: modelName,
          ...(options.llm_base_url ? { baseUrl: options.llm_base_url } : {}),
          ...(options.llm_api_key ? { apiKey: options.llm_api_key } : {}),
          logger,
        });
  // Throws now on a missing key; the provider's package loads while everything else starts.
  const model = createChatModel({
    provider,
    ...(options.llm_model ? { model: options.llm_model } : {}),
    ...(options.llm_api_key ? { apiKey: options.llm_api_key } : {}),
    ...(options.llm_base_url ? { baseUrl: options.llm_base_url } : {}),
    contextTokens: options.llm_context,
    ...(options.llm_keep_alive ? { keepAlive: options.llm_keep_alive } : {}),
    timeoutMs: budget.llmRequestMs,
  });
  // Asked on the first LLM turn, not at start: the server may still be starting, or not be needed.
  const askedContext =
    provider === "local" || !modelName
      ? undefined
      : () =>
          modelContext({
            provider,
            model: modelName,
            ...(options.llm_base_url ? { baseUrl: options.llm_base_url } : {}),
            ...(provider === "ollama" && !options.llm_base_url ? { baseUrl: OLLAMA_DEFAULT_URL } : {}),
            ...(options.llm_api_key ? { apiKey: options.llm_api_key } : {}),
            configured: options.llm_context,
          });
  const agent = createAgent({
    registry,
    mirror,
    zwave,
    logger,
    ...(provider === "local" ? {} : { model }),
    provider,
    ...(modelName ? { modelName } : {}),
    language: options.language,
    confirmDestructive: options.confirm_destructive,
    oneLlmRound: options.llm_one_round,
    toolsReady: toolsListed,
    haAgent: options.ha_conversation_agent,
    steps: { brightness: options.brightness_step, volume: options.volume_step },
    turnTimeoutMs: budget.turnMs,
    ...(providerHealth ? { providerHealth } : {}),
    toolSearch,
    ...(askedContext ? { modelContext: askedContext } : {}),
  });
  // Says plainly at start whether the provider answers and has the model; never holds start-up.
  void providerHealth?.check();

  // Read from /data while the Wyoming server starts: HTTP listens right after Wyoming.
  const discovery = supervisor ? discoveryPath(options, env, logger) : Promise.resolve(undefined);
  const wyoming: WyomingServer = await startWyomingServer({
    port: options.wyoming_port,
    host: "0.0.0.0",
    logger,
    // A turn ends in the agent; this is the backstop for an agent that is itself stuck.
    turnTimeoutMs: budget.backstopMs,
    fallbackSpeech: (language) => {
      const { agent: said } = repliesFor(language);
      return { timeout: said.tookTooLong, failure: said.somethingWentWrong };
    },
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

  const mcpDiscovery = await discovery;
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
      zwave,
      mcpMode: options.mcp_mode,
      toolsListed,
    },
  });
  closers.unshift(() => http.close());

  if (supervisor) {
    // Announced once listening, again at every start (an identical one changes nothing in HA).
    const stops = [
      announceUntilDone(
        supervisor,
        "wyoming",
        { uri: supervisor.wyomingUri(wyoming.port) },
        logger,
        "the Wyoming service",
      ),
    ];
    if (mcpDiscovery) {
      // Home Assistant's MCP integration offers to add the bridge; a new URL (a rotated secret)
      // updates the entry it made, whose unique id is the discovery's uuid, and reloads it. It
      // lists the tools then and next only 30 minutes later, in a session of its own that hears
      // no tools/list_changed (docs/architecture.md, /mcp): announced before the Z-Wave server
      // is up, the URL would give it the tools without Z-Wave's until then.
      let stopMcp: (() => void) | undefined;
      void toolsListed.then(() => {
        if (closing) return;
        stopMcp = announceUntilDone(
          supervisor,
          "mcp",
          { url: supervisor.mcpUrl(http.port, mcpDiscovery.path) },
          logger,
          "the MCP endpoint",
        );
      });
      stops.push(() => stopMcp?.());
    }
    closers.unshift(async () => stops.forEach((stop) => stop()));
  }

  let closing = false;
  const userServers = Promise.all(options.mcp_servers.map((option) => mcpServers.add(fromOption(option))));
  // Which way to Z-Wave, behind the listeners; the search goes on until the best way is found.
  let demo: DemoHome | undefined;
  let zwaveSwitch = Promise.resolve();
  const upstreams = searchZwaveUpstream({
    options,
    supervisor,
    logger,
    fallbackBroker: async () => {
      // The embedded broker and simulator load only when they run.
      const { startDemoHome } = await import("./demo/demo-home.js");
      demo = await startDemoHome(logger);
      return { url: demo.brokerUrl, source: "demo" };
    },
    onChange: (state) =>
      (zwaveSwitch = zwaveSwitch.then(async () => {
        zwave.setUpstream(state);
        if (state.state !== "found" || closing) return;
        // A better way was found (the websocket server after MQTT): the server moves to it.
        await mcpServers.remove(ZWAVE_TOOLS.server);
        await mcpServers.add(zwaveServer(options, state.upstream, logger, (event) => zwave.apply(event)));
      })),
  });
  closers.unshift(async () => upstreams.close());
  // The search rests while the way in use works, and starts again once it is lost. A device's
  // report (`state`, one per switch) never moves the link: reading it then would list every tool
  // of the registry for nothing, on the path of every Z-Wave action.
  const stopWatchingLink = zwave.onChange((change) => {
    if (change === "state") return;
    const { state } = zwave.link();
    if (state === "connected") upstreams.linkUp();
    else if (state === "unavailable") upstreams.linkLost();
  });
  closers.unshift(async () => void stopWatchingLink());
  void (async () => {
    const first = await upstreams.firstLook;
    if (closing) return;
    // A server that hangs in its handshake goes on connecting; the summary does not wait for it.
    await Promise.race([
      Promise.all([userServers, zwaveSwitch]),
      new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
    ]);
    logSummary(logger, {
      options,
      zwave: first,
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
      for (const close of closers) {
        await close().catch((err: Error) => logger.warn(`while stopping: ${err.message}`));
      }
      await zwaveSwitch.catch(() => undefined);
      await demo?.close();
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
    const path = await loadDiscoveryPath(dir, options.rotate_mcp_secret, logger);
    if (options.rotate_mcp_secret) {
      logger.warn(
        path.rotated
          ? "rotate_mcp_secret: made a new secret MCP discovery URL; Home Assistant gets it now, and the old one works until Home Assistant uses the new one (at most 24 h). Turn the option off again."
          : "rotate_mcp_secret is still on: the secret was rotated when it was turned on. Turn it off, and on again for another rotation.",
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
  upstream: ZwaveUpstream,
  logger: Logger,
  onState: (event: ZwaveStateEvent) => void,
): McpServerConfig {
  // In a worker thread rather than a child process: one Node runtime for the add-on, not two. Its
  // state events keep the bridge's view of the network current (src/zwave/state-events.ts).
  const inWorker = (env: Record<string, string>): McpServerConfig => ({
    name: ZWAVE_TOOLS.server,
    toolbox: ZWAVE_TOOLS.toolbox,
    openWorker: () => startZwaveWorker(env, { logger, onState }),
  });
  if (upstream.transport === "websocket") {
    return inWorker(
      zwaveServerEnv({
        serverUrl: upstream.url,
        prefix: options.zwave_topic_prefix,
        logLevel: options.log_level,
      }),
    );
  }
  const { broker } = upstream;
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

function logSummary(
  logger: Logger,
  facts: {
    options: Options;
    zwave: UpstreamState;
    haUrl: string | undefined;
    modelName: string | undefined;
    registry: ToolRegistry;
    mcpServers: McpServers;
    wyomingPort: number;
  },
): void {
  const { options, zwave } = facts;
  const servers = facts.mcpServers.statuses();
  const lines = [
    `MCP Assist Bridge ${VERSION} on ${hostname()}`,
    `  agent:       ${options.llm_provider}${facts.modelName ? ` (${facts.modelName})` : " (local fast path, no LLM)"}, language ${options.language}`,
    `  Z-Wave:      ${zwaveLine(zwave)}`,
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

function zwaveLine(state: UpstreamState): string {
  if (state.state === "off") return `off: ${state.reason}`;
  if (state.state === "waiting") return `waiting for ${state.for}; looking again until it appears`;
  const { upstream } = state;
  const user =
    upstream.transport === "mqtt" && upstream.broker.username ? `, user ${upstream.broker.username}` : "";
  return `${describeUpstream(upstream)}${user}`;
}
