// The LLM side of the agent. Imported only when a provider is configured, so that `local` never
// loads LangChain's message and chat-model machinery.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolSearch } from "../tools/tool-search.js";
import type { ToolResult } from "../tools/types.js";
import { askForContext } from "./chat-model.js";
import { confirmedRoundSpeech } from "./confirmed-round.js";
import { createConversationHistory } from "./conversation-history.js";
import {
  ACTING_TOOLS,
  fitFirstRequest,
  fitLaterRequest,
  REPLY_RESERVE,
} from "./context-budget/fit-request.js";
import type { ModelContext } from "./context-budget/model-context.js";
import { tokenCounter, utf8Bound, type TokenCounter } from "./context-budget/token-count.js";
import { runLlmTurn, type LlmTurnOptions, type LlmTurnOutcome } from "./llm-turn.js";
import type { SystemPrompt } from "./system-prompt.js";
import { chooseTools } from "./tool-choice/choose-tools.js";
import type { NamedInSentence } from "./tool-choice/named-in-sentence.js";
import { createRecentTools } from "./tool-choice/recent-tools.js";
import { createToolCatalog } from "./tool-choice/turn-tools.js";
import { addUsage, type TokenUsage } from "./token-usage.js";
import type { ToolDefinitionForProvider } from "../tools/registry.js";
import type { TurnContextUse, TurnRequestSize } from "./types.js";

export interface LlmAgentOptions {
  model: BaseChatModel;
  provider: string;
  registry: ToolRegistry;
  toolSearch: ToolSearch;
  /** The context the server gives the model (context-budget/model-context.ts); asked once. */
  context: () => Promise<ModelContext>;
  toolTimeoutMs: number;
  maxRounds: number;
  /** End a turn whose tool calls were all confirmed actions without a second request. */
  oneRound: boolean;
  /** Sends each request to the model and records its outcome (provider-health.ts). */
  watch?: LlmTurnOptions["watch"];
}

export interface LlmTurnInput {
  text: string;
  conversationId: string;
  language: string;
  /** The system prompt with a home summary of at most this many tokens. */
  system: (summaryTokens: number) => SystemPrompt;
  /** What the sentence names, for choosing the tools (tool-choice/named-in-sentence.ts). */
  named: NamedInSentence;
  signal: AbortSignal;
  deviceId?: string;
  /** A call the action policy held: keeps it for the user's yes, and says what the model is told. */
  onHeld?: (result: ToolResult) => string;
}

export interface LlmAgentOutcome extends LlmTurnOutcome {
  /** Provider requests that were answered, and the tokens they cost as the provider reported them. */
  requests: number;
  usage?: TokenUsage;
  /** What the requests carried, against the context asked for. */
  context?: TurnContextUse;
}

export type LlmAgent = ReturnType<typeof createLlmAgent>;

/** Ollama reports the prompt it evaluated; this much less than was sent means its runner cut it. */
const CUT_RATIO = 0.8;
/** The share of the budget the o200k estimate may fill. */
const TOKENIZER_MARGIN = 0.9;
/**
 * More UTF-8 bytes per o200k token than prose or tool JSON averages (about four): a report under
 * a request's bytes divided by this may be a cut, and is judged by an exact count.
 */
const MOST_BYTES_PER_TOKEN = 6;

/** One request as it was sent and counted. */
interface SentRequest {
  counter: TokenCounter;
  estimate: number;
  messages: readonly BaseMessage[];
  tools: readonly ToolDefinitionForProvider[];
}

function requestSize(sent: SentRequest): TurnRequestSize {
  return {
    estimated: sent.estimate,
    tools: sent.tools.length,
    ...(sent.counter.exact ? {} : { bound: true }),
  };
}

/**
 * Ollama's runner cuts a prompt over its context with only a line in its own log; its
 * `prompt_eval_count` (the reply's input tokens) clearly below what was sent is that cut.
 */
async function judgeCut(request: TurnRequestSize, reported: number, sent: SentRequest, cuts: string[]) {
  let tokens = sent.estimate;
  if (!sent.counter.exact) {
    if (reported * MOST_BYTES_PER_TOKEN >= tokens) return;
    const exact = await tokenCounter();
    tokens = exact.messages(sent.messages) + sent.tools.reduce((sum, d) => sum + exact.tool(d), 0);
  }
  if (reported >= tokens * CUT_RATIO) return;
  request.cutByServer = true;
  cuts.push(`the server cut the prompt: ${reported} of about ${tokens} tokens reached the model`);
}

export function createLlmAgent(options: LlmAgentOptions) {
  const { registry } = options;
  const history = createConversationHistory();
  const recent = createRecentTools();
  const catalog = createToolCatalog(options.model, registry);
  let context: Promise<ModelContext> | undefined;
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

  /**
   * One try at the turn. `smallest`: the smallest request that can still act, after the server
   * refused one as over its context: no history, no home summary, the tools for what the sentence
   * names and find_tools.
   */
  async function attempt(input: LlmTurnInput, smallest: boolean): Promise<LlmAgentOutcome> {
    let requests = 0;
    let usage: TokenUsage | undefined;
    const room = await (context ??= options.context());
    if (options.provider === "ollama") askForContext(options.model, room.tokens);
    // o200k counts fewer tokens than some local models' tokenizers do for JSON: a margin for that.
    const budget = Math.floor((room.tokens - REPLY_RESERVE) * TOKENIZER_MARGIN);
    const user = new HumanMessage(input.text);
    const fitFirst = (counter: TokenCounter) =>
      fitFirstRequest({
        counter,
        budget: smallest ? 0 : budget,
        system: (summaryTokens) => systemMessage(input.system(smallest ? 0 : summaryTokens)),
        history: smallest ? [] : history.get(input.conversationId),
        user,
        choose: (maxTokens, by) =>
          chooseTools(
            {
              text: input.text,
              named: input.named,
              recent: recent.get(input.conversationId),
              maxTokens: smallest ? ACTING_TOOLS : maxTokens,
            },
            catalog.all(),
            options.toolSearch,
            by,
          ),
        definitions: (names) => names.flatMap((n) => catalog.all().get(n)?.definition ?? []),
      });
    // Its bytes bound its tokens: a request that fits by them with room to spare is sent as it is,
    // and only one that comes near the budget is counted with the tokenizer (and fitted by that).
    let firstCounter = utf8Bound;
    let first = await fitFirst(firstCounter);
    if (!first.roomy) first = await fitFirst((firstCounter = await tokenCounter()));
    const use: TurnContextUse = {
      context: room.tokens,
      source: room.source,
      sent: [],
      offered: first.tools.names,
      allTools: first.tools.all,
      searched: [],
      cuts: smallest
        ? ["the smallest request, after the server refused one as over its context"]
        : [...first.cuts],
    };
    const messages: BaseMessage[] = [first.system, ...first.history, user];
    const tools = catalog.canCallTools() ? catalog.turn(first.tools.names) : undefined;
    // The request sent last, as counted: the server's report is judged against it.
    let last: SentRequest = { counter: firstCounter, estimate: first.estimate, messages, tools: [] };
    const serverCuts: Promise<void>[] = [];
    const outcome = await runLlmTurn({
      tools,
      registry,
      messages,
      fit: async (all, offer) => {
        if (all.length === messages.length) {
          last = { counter: firstCounter, estimate: first.estimate, messages: all, tools: offer.definitions };
          use.sent.push(requestSize(last));
          return all;
        }
        const fitLater = (counter: TokenCounter) =>
          fitLaterRequest(counter, budget, all, first.history.length, offer.definitions);
        let counter = firstCounter;
        let later = fitLater(counter);
        if (!counter.exact && later.estimate > budget) later = fitLater((counter = await tokenCounter()));
        if (later.dropped) use.cuts.push(`history: ${later.dropped} messages left out of a later request`);
        last = { counter, estimate: later.estimate, messages: later.messages, tools: offer.definitions };
        use.sent.push(requestSize(last));
        return later.messages;
      },
      onFound: (names) => use.searched.push(...names.filter((n) => !use.searched.includes(n))),
      signal: input.signal,
      toolTimeoutMs: options.toolTimeoutMs,
      maxRounds: options.maxRounds,
      provider: options.provider,
      ...(options.watch ? { watch: options.watch } : {}),
      language: input.language,
      ...(input.deviceId ? { deviceId: input.deviceId } : {}),
      ...(input.onHeld ? { onHeld: input.onHeld } : {}),
      ...(options.oneRound
        ? { finishRound: (round, calls) => confirmedRoundSpeech(round, calls, isAction, input.language) }
        : {}),
      onReply: (reply) => {
        requests++;
        usage = addUsage(usage, reply.usage_metadata);
        const reported = reply.usage_metadata?.input_tokens;
        const request = use.sent.at(-1);
        if (!request || typeof reported !== "number" || reported <= 0) return;
        request.reported = reported;
        if (options.provider === "ollama") serverCuts.push(judgeCut(request, reported, last, use.cuts));
      },
    });
    await Promise.all(serverCuts);
    recent.add(
      input.conversationId,
      outcome.results.filter((r) => r.server && r.name).map((r) => r.name),
    );
    return { ...outcome, requests, context: use, ...(usage ? { usage } : {}) };
  }

  return {
    async run(input: LlmTurnInput): Promise<LlmAgentOutcome> {
      const outcome = await attempt(input, false);
      // Once a tool ran, the turn is not started again: that would run it twice.
      if (outcome.providerErrorCode !== "context_exceeded" || outcome.results.length) return outcome;
      // The server said its context, or it is smaller than was thought: later turns fit to it.
      if (outcome.serverContext)
        context = Promise.resolve({ tokens: outcome.serverContext, source: "the server's refusal" });
      const retried = await attempt(input, true);
      return {
        ...retried,
        requests: outcome.requests + retried.requests,
        ...(retried.context && outcome.context
          ? { context: { ...retried.context, sent: [...outcome.context.sent, ...retried.context.sent] } }
          : {}),
      };
    },
    /** The sentence and its spoken answer, so a follow-up has context (tool traffic is not kept). */
    remember(conversationId: string, text: string, speech: string): void {
      history.append(conversationId, new HumanMessage(text), new AIMessage(speech));
    },
  };
}
