// The LLM side of the agent. Imported only when a provider is configured, so that `local` never
// loads LangChain's message and chat-model machinery.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import { confirmedRoundSpeech } from "./confirmed-round.js";
import { createConversationHistory } from "./conversation-history.js";
import { bindRegistryTools, runLlmTurn, type LlmTurnOutcome } from "./llm-turn.js";
import type { SystemPrompt } from "./system-prompt.js";
import { addUsage, type TokenUsage } from "./token-usage.js";

export interface LlmAgentOptions {
  model: BaseChatModel;
  provider: string;
  registry: ToolRegistry;
  toolTimeoutMs: number;
  maxRounds: number;
  /** End a turn whose tool calls were all confirmed actions without a second request. */
  oneRound: boolean;
}

export interface LlmTurnInput {
  text: string;
  conversationId: string;
  language: string;
  system: SystemPrompt;
  signal: AbortSignal;
  deviceId?: string;
  /** A call the action policy held: keeps it for the user's yes, and says what the model is told. */
  onHeld?: (result: ToolResult) => string;
}

export interface LlmAgentOutcome extends LlmTurnOutcome {
  /** Provider requests that were answered, and the tokens they cost as the provider reported them. */
  requests: number;
  usage?: TokenUsage;
}

export type LlmAgent = ReturnType<typeof createLlmAgent>;

export function createLlmAgent(options: LlmAgentOptions) {
  const { registry } = options;
  const history = createConversationHistory();
  const bound = bindRegistryTools(options.model, registry);
  // Anthropic caches the prefix up to a marked block: the tools, then the home part of the prompt.
  const markCache = options.provider === "anthropic";
  let system: { prompt: SystemPrompt; message: SystemMessage } | undefined;

  function systemMessage(prompt: SystemPrompt): SystemMessage {
    if (system?.prompt.home === prompt.home && system.prompt.turn === prompt.turn) return system.message;
    const message = markCache
      ? new SystemMessage({
          content: [
            { type: "text", text: prompt.home, cache_control: { type: "ephemeral" } },
            { type: "text", text: prompt.turn },
          ],
        })
      : new SystemMessage(`${prompt.home}\n\n${prompt.turn}`);
    system = { prompt, message };
    return message;
  }

  const isAction = (result: ToolResult) => registry.find(result.name)?.annotations?.readOnlyHint !== true;

  return {
    async run(input: LlmTurnInput): Promise<LlmAgentOutcome> {
      let requests = 0;
      let usage: TokenUsage | undefined;
      const outcome = await runLlmTurn({
        model: bound(),
        registry,
        messages: [
          systemMessage(input.system),
          ...history.get(input.conversationId),
          new HumanMessage(input.text),
        ],
        signal: input.signal,
        toolTimeoutMs: options.toolTimeoutMs,
        maxRounds: options.maxRounds,
        provider: options.provider,
        language: input.language,
        ...(input.deviceId ? { deviceId: input.deviceId } : {}),
        ...(input.onHeld ? { onHeld: input.onHeld } : {}),
        ...(options.oneRound
          ? { finishRound: (round, calls) => confirmedRoundSpeech(round, calls, isAction, input.language) }
          : {}),
        onReply: (reply) => {
          requests++;
          usage = addUsage(usage, reply.usage_metadata);
        },
      });
      return { ...outcome, requests, ...(usage ? { usage } : {}) };
    },
    /** The sentence and its spoken answer, so a follow-up has context (tool traffic is not kept). */
    remember(conversationId: string, text: string, speech: string): void {
      history.append(conversationId, new HumanMessage(text), new AIMessage(speech));
    },
  };
}
