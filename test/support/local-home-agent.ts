// Home Assistant's fake serving a home, the bridge's mirror of it (synced), and the local fast-path
// agent with the home tools behind the one action policy, wired as src/bridge.ts wires them: for
// tests of what the fast path understands and does in a home.
import { createAgent, type AgentOptions } from "../../src/agent/agent.js";
import { createChatModel } from "../../src/agent/chat-model.js";
import type { ConversationAgent } from "../../src/agent/types.js";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { homeTools } from "../../src/tools/local/index.js";
import { createActionPolicy } from "../../src/tools/policy/action-policy.js";
import { createToolRegistry, type ToolRegistry } from "../../src/tools/registry.js";
import type { Logger } from "../../src/log.js";
import { captureLogger } from "./capture-logger.js";
import type { FakeHome } from "./ha-home.js";
import { startFakeHa, type FakeHa } from "./ha-server.js";
import { waitFor } from "./wait-for.js";

export interface LocalHomeAgent {
  ha: FakeHa;
  mirror: HomeMirror;
  agent: ConversationAgent;
  /** Home Assistant changes an entity's state, and the mirror has seen it. */
  setState(entityId: string, state: string, attributes?: Record<string, unknown>): Promise<void>;
  /** The service calls Home Assistant received, each as "domain.service entity_ids {data}", sorted. */
  serviceCalls(): string[];
  close(): Promise<void>;
}

/** `haAgent`: Home Assistant's own agent is asked when the fast path does not understand (default off). */
export async function startLocalHomeAgent(
  home: FakeHome,
  options: { haAgent?: boolean } = {},
): Promise<LocalHomeAgent> {
  const ha = await startFakeHa({ home });
  const { logger } = captureLogger();
  const mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  const agent = createAgent({
    registry: homeRegistry(mirror, { logger }),
    mirror,
    logger,
    provider: "local",
    language: "en",
    haAgent: options.haAgent ?? false,
  });
  return {
    ha,
    mirror,
    agent,
    async setState(entityId, state, attributes = {}) {
      ha.setState(entityId, state, attributes);
      await waitFor(`${entityId} ${state}`, () => {
        const view = mirror.entity(entityId);
        return (
          view?.state === state && Object.entries(attributes).every(([k, v]) => view.attributes[k] === v)
        );
      });
    },
    serviceCalls: () =>
      ha.serviceCalls
        .map((c) => {
          const data = Object.keys(c.service_data).length ? ` ${JSON.stringify(c.service_data)}` : "";
          return `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}${data}`;
        })
        .sort(),
    async close() {
      await mirror.close();
      await ha.close();
    },
  };
}

/**
 * The home tools behind the one action policy, knowing the home, as src/bridge.ts registers them.
 * `confirm: false` is the option that turns the policy's confirmations off.
 */
export function homeRegistry(
  mirror: HomeMirror,
  { logger = captureLogger().logger, confirm }: { logger?: Logger; confirm?: boolean } = {},
): ToolRegistry {
  const policy = createActionPolicy({ mirror, ...(confirm === undefined ? {} : { confirm }) });
  const registry = createToolRegistry({ logger, policy });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  return registry;
}

/** The local agent of this home: the fast path, then (unless `haAgent` is false) Home Assistant's agent. */
export function localAgent(
  mirror: HomeMirror,
  options: Partial<Pick<AgentOptions, "haAgent" | "language" | "steps">> = {},
): ConversationAgent {
  const { logger } = captureLogger();
  return createAgent({
    registry: homeRegistry(mirror, { logger }),
    mirror,
    logger,
    provider: "local",
    language: "en",
    ...options,
  });
}

/** The agent with a language model behind it: the real OpenAI client pointed at `openaiUrl` (a fake). */
export async function agentWithModel(mirror: HomeMirror, openaiUrl: string): Promise<ConversationAgent> {
  const { logger } = captureLogger();
  const model = await createChatModel({
    provider: "openai",
    model: "gpt-4o-mini",
    apiKey: "test",
    baseUrl: openaiUrl,
    timeoutMs: 10_000,
  });
  if (!model) throw new Error("no chat model for the fake's URL");
  return createAgent({
    registry: homeRegistry(mirror, { logger }),
    mirror,
    logger,
    model,
    provider: "openai",
    language: "en",
  });
}
