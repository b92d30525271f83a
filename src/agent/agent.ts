import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { HomeMirror } from "../ha/mirror.js";
import type { Logger } from "../log.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import { TimeoutError, withTimeout } from "../shared/timeout.js";
import { turnBudget } from "../shared/turn-budget.js";
import { createActionPolicy } from "../tools/policy/action-policy.js";
import { createPendingActions } from "./pending-actions.js";
import { createOpenQuestions } from "./open-questions.js";
import { heldMessage } from "./held-message.js";
import { createHomeAssistantAgent } from "./home-assistant-agent.js";
import { createFastPath } from "../understanding/fast-path.js";
import type { FastPathReplies } from "../understanding/grammar-types.js";
import { failureSpeech, repliesFor } from "../understanding/spoken-result.js";
import { heldQuestion } from "../understanding/held-question.js";
import type { ProviderErrorCode } from "./llm-turn.js";
import { createZwaveClient, type ZwaveClient } from "../zwave-host/zwave-client.js";
import { homeTwins, joinKey } from "../ha/zwave-twins.js";
import type { LlmAgent } from "./llm-agent.js";
import type { ProviderHealth } from "./provider-health.js";
import { buildSystemPrompt } from "./system-prompt.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../config/own-servers.js";
import { DEFAULT_LLM_CONTEXT } from "../config/options.js";
import { DEFAULT_SUMMARY_TOKENS } from "../ha/summary.js";
import { FIND_TOOLS } from "../tools/local/find-tools.js";
import { createToolSearch, type ToolSearch } from "../tools/tool-search.js";
import type { ModelContext } from "./context-budget/model-context.js";
import { namedInSentence } from "./tool-choice/named-in-sentence.js";
import { createCoverEnds } from "./cover-ends.js";
import { createTurnLog } from "./turn-log.js";
import { turnToolCall } from "./turn-tool-call.js";
import type {
  ConversationAgent,
  ResponseType,
  TurnRecord,
  TurnRequest,
  TurnResult,
  TurnLlmUse,
  TurnToolCall,
} from "./types.js";

export interface AgentOptions {
  registry: ToolRegistry;
  mirror: HomeMirror;
  logger: Logger;
  /** The bridge's one Z-Wave client; one of its own when not given (no Z-Wave search behind it). */
  zwave?: ZwaveClient<ToolResult>;
  /**
   * Undefined for the `local` provider: the fast path alone. A promise lets the bridge answer
   * (fast path, health) while the provider's client still loads.
   */
  model?: BaseChatModel | Promise<BaseChatModel | undefined>;
  provider: string;
  modelName?: string;
  language: string;
  /** Default: the turn budget's share for one tool call. */
  toolTimeoutMs?: number;
  /** The turn budget (docs/architecture.md, Turn budget); the other limits derive from it. */
  turnTimeoutMs?: number;
  maxToolRounds?: number;
  confirmDestructive?: boolean;
  /** End a turn whose tool calls were all confirmed actions after one LLM request (default on). */
  oneLlmRound?: boolean;
  /**
   * Settles once the MCP servers had their first try at start-up: a sentence that arrives
   * before then waits for the tools instead of hearing that a device does not exist.
   */
  toolsReady?: Promise<unknown>;
  /** Ask Home Assistant's built-in agent when the fast path does not understand (default true). */
  haAgent?: boolean;
  /** The provider's reachability and last failure, for describe() and failed turns. */
  providerHealth?: ProviderHealth;
  /** How far a relative change goes, in percent (`brightness_step`, `volume_step`). */
  steps?: { brightness?: number; volume?: number };
  /** The tool search `find_tools` uses; one of its own over the registry when not given. */
  toolSearch?: ToolSearch;
  /** The context the model gets (context-budget/model-context.ts); default: `llm_context`'s default. */
  modelContext?: () => Promise<ModelContext>;
}

/** What the user hears when the model failed, by why (llm-turn.ts). */
const MODEL_FAILURE: Record<ProviderErrorCode, keyof FastPathReplies["agent"]> = {
  key_refused: "modelKeyRefused",
  rate_limited: "modelBusy",
  service_failed: "modelBusy",
  timeout: "tookTooLong",
  unreachable: "modelUnreachable",
  request_refused: "modelFailed",
  unreadable: "modelFailed",
  empty_reply: "modelFailed",
  no_tools: "modelFailed",
  context_exceeded: "modelContextTooSmall",
  failed: "modelFailed",
};

export function createAgent(options: AgentOptions): ConversationAgent {
  const { registry, mirror, logger } = options;
  const budget = turnBudget(options.turnTimeoutMs);
  const toolTimeoutMs = options.toolTimeoutMs ?? budget.toolMs;
  const maxRounds = options.maxToolRounds ?? 10;
  const confirmDestructive = options.confirmDestructive ?? true;
  const turnLog = createTurnLog(200);
  const zwave = options.zwave ?? createZwaveClient({ registry, logger });
  const coverEnds = createCoverEnds(logger);
  zwave.onCoverSettled((end) => {
    turnLog.settle(end);
    coverEnds.settled(end);
  });
  // The registry's action policy judges by the home; the bridge sets it (src/bridge.ts). A
  // registry that has none yet gets it here, so no agent acts with a policy blind to the home.
  if (!registry.policy().knowsHome) {
    registry.setPolicy(createActionPolicy({ confirm: confirmDestructive, mirror, zwave }));
  }
  // What the action policy (at the registry) held, kept per conversation until the user answers.
  const pending = createPendingActions(registry);
  // The "which one?" the fast path asked, per conversation, until the next sentence.
  const questions = createOpenQuestions();
  const fastPath = createFastPath({
    registry,
    mirror,
    zwave,
    hold: pending.hold,
    ...(options.steps ? { steps: options.steps } : {}),
  });
  // Start-up, not the first sentence, pays for the configured language's understanding: every
  // sentence is read by the fast path first, so it would be built on the first one anyway.
  fastPath.prepare(options.language);
  const hasModel = options.model !== undefined;
  const homeAssistantAgent =
    (options.haAgent ?? true)
      ? createHomeAssistantAgent({
          mirror,
          registry,
          fastPath,
          logger,
          timeoutMs: budget.homeAssistantAgentMs,
          hasModel,
        })
      : undefined;
  // The summary holds names and places, not states: rebuilt only when those change (~0.5 ms
  // for a home of 1,000 entities, on every LLM turn otherwise).
  let homeSummary: string | undefined;
  // It marks the entities that are one identity with a Z-Wave node: rebuilt when that changes too.
  let summaryJoin: string | undefined;
  if (hasModel) mirror.onChange((change) => change.type !== "state" && (homeSummary = undefined));
  const oneLlmRound = options.oneLlmRound ?? true;
  let modelState: "loading" | "ready" | "failed" = "loading";
  const llm: Promise<LlmAgent | undefined> | undefined = hasModel
    ? Promise.all([options.model, import("./llm-agent.js")]).then(
        ([model, { createLlmAgent }]) => {
          modelState = model ? "ready" : "failed";
          return model
            ? createLlmAgent({
                model,
                provider: options.provider,
                registry,
                toolSearch: options.toolSearch ?? createToolSearch(registry),
                context:
                  options.modelContext ??
                  (async () => ({ tokens: DEFAULT_LLM_CONTEXT, source: "llm_context" })),
                toolTimeoutMs,
                maxRounds,
                oneRound: oneLlmRound,
                ...(options.providerHealth ? { watch: options.providerHealth.watch } : {}),
              })
            : undefined;
        },
        (err: unknown) => {
          modelState = "failed";
          logger.error({ err }, "the language model could not be loaded");
          return undefined;
        },
      )
    : undefined;
  // The fast path speaks its grammars' languages; an LLM speaks the configured one (and more).
  const languages = hasModel ? [options.language] : fastPath.languages();

  /** "ready" only when the client loaded and the provider is not known to be failing. */
  function reachability() {
    if (modelState !== "ready" || !options.providerHealth) return modelState;
    const state = options.providerHealth.status().state;
    return state === "checking" ? "ready" : state;
  }

  function readOnly(result: ToolResult): boolean {
    return registry.find(result.name)?.annotations?.readOnlyHint === true;
  }

  function responseTypeOf(results: ToolResult[]): ResponseType {
    return results.some((r) => r.ok && !readOnly(r)) ? "action_done" : "query_answer";
  }

  async function llmTurn(
    request: TurnRequest,
    conversationId: string,
    language: string,
    signal: AbortSignal,
  ) {
    const agent = await llm;
    if (!agent) return undefined;
    const speakerArea = request.deviceId ? mirror.areaOfDevice(request.deviceId)?.name : undefined;
    await zwave.listed();
    const twins = homeTwins(zwave, mirror);
    const zwaveDevices = twins.zwaveOnly();
    const join = joinKey(zwave);
    if (join !== summaryJoin) [homeSummary, summaryJoin] = [undefined, join];
    const zwaveTarget = (entityId: string) => {
      const entity = mirror.entity(entityId);
      return entity && twins.markOf(entity);
    };
    homeSummary ??= mirror.summary({ zwaveTarget });
    const fullSummary = homeSummary;
    const toolSearch = registry.find(FIND_TOOLS)?.name === FIND_TOOLS;
    // The full summary is built once per home change; a smaller one only for a tight context.
    const system = (summaryTokens: number) =>
      buildSystemPrompt({
        language,
        homeSummary:
          summaryTokens >= DEFAULT_SUMMARY_TOKENS
            ? fullSummary
            : summaryTokens > 0
              ? mirror.summary({ zwaveTarget, maxTokens: summaryTokens })
              : "",
        zwaveDevices,
        zwaveTwins: zwaveDevices.length < zwave.targets().length,
        ...(speakerArea ? { speakerArea } : {}),
        confirmDestructive,
        toolSearch,
      });
    const named = namedInSentence(request.text, {
      entities: mirror.exposedEntities(),
      zwaveTargets: zwaveDevices,
      isZwave: (entity) => twins.markOf(entity) !== undefined,
      homeServer: BUILTIN_TOOLS.server,
      zwaveServer: ZWAVE_TOOLS.server,
    });
    return agent.run({
      text: request.text,
      conversationId,
      language,
      system,
      named,
      signal,
      ...(request.deviceId ? { deviceId: request.deviceId } : {}),
      onHeld: (result: ToolResult) => {
        pending.hold(conversationId, result.held!);
        return heldMessage(result);
      },
    });
  }

  async function answer(
    request: TurnRequest,
    conversationId: string,
    language: string,
    signal: AbortSignal,
  ): Promise<{
    speech: string;
    responseType: ResponseType;
    results: ToolResult[];
    handledBy: string;
    llm?: TurnLlmUse;
  }> {
    const turnStart = Date.now();
    const said = repliesFor(language).agent;
    await options.toolsReady;
    const confirmation = await pending.answer(conversationId, request.text, language, {
      signal,
      toolTimeoutMs,
      deviceId: request.deviceId,
      isRequest: (text) => fastPath.understands(text, language),
    });
    // The conversation's last "which one?" lives one turn: this sentence answers it, or is new.
    const question = questions.take(conversationId);
    if (confirmation) return { ...confirmation, handledBy: "confirmation" };

    const fastRequest = {
      text: request.text,
      language,
      conversationId,
      signal,
      toolTimeoutMs,
      ...(request.deviceId ? { deviceId: request.deviceId } : {}),
    };
    const answered = question && (await fastPath.answer(fastRequest, question));
    if (answered) {
      const responseType = answered.kind === "done" ? answered.responseType : "error";
      return {
        speech: answered.speech,
        responseType,
        results: answered.results,
        handledBy: "fast-path: answer",
      };
    }
    const fast = await fastPath.run(fastRequest);
    // The fast path's own question is asked when nobody else answers: its answer is awaited.
    const asking = () => {
      if (fast.kind === "unsure" && fast.question) questions.asked(conversationId, fast.question);
    };
    if (fast.kind === "done") return { ...fast, handledBy: "fast-path" };
    // A command for later: HA's agent and a model's calls would carry it out now; said as it is.
    if (fast.kind === "unsure" && fast.later)
      return { speech: fast.speech, responseType: "error", results: fast.results, handledBy: "fast-path" };
    // About another place or time: HA's agent would answer with the home's clock, or act now.
    const elsewhere = fast.kind === "unsure" && fast.elsewhere === true;
    const ha = elsewhere ? undefined : await homeAssistantAgent?.(fastRequest, fast);
    if (ha) return ha;
    if (!llm) {
      asking();
      const speech = fast.speech || unsupportedLanguage(language, fastPath.languages());
      return { speech, responseType: "error", results: fast.results, handledBy: "fast-path" };
    }
    const handledBy = fast.kind === "unsure" ? "fast-path → llm" : "llm";
    const outcome = await llmTurn(request, conversationId, language, signal);
    if (!outcome) {
      asking();
      const speech = fast.speech || said.modelUnavailable;
      return { speech, responseType: "error", results: fast.results, handledBy };
    }
    const results = [...fast.results, ...outcome.results];
    for (const cut of outcome.context?.cuts ?? [])
      logger.warn(`LLM request fitted to ${outcome.context!.context} tokens of context: ${cut}`);
    const llmUse: TurnLlmUse = {
      requests: outcome.requests,
      ...(outcome.context ? { context: outcome.context } : {}),
      ...(outcome.usage ? { tokens: outcome.usage } : {}),
    };
    if (outcome.providerError) {
      // provider-health.ts logs the failure itself, with host, model and cause.
      const error = options.providerHealth?.failureSince(turnStart) ?? outcome.providerError;
      if (!options.providerHealth) logger.warn(`LLM turn failed: ${outcome.providerError}`);
      return {
        speech: said[MODEL_FAILURE[outcome.providerErrorCode ?? "failed"]],
        responseType: "error",
        results,
        handledBy,
        llm: { ...llmUse, error },
      };
    }
    if (outcome.roundsExhausted) {
      return {
        speech: said.tooManySteps,
        responseType: "error",
        results,
        handledBy,
        llm: llmUse,
      };
    }
    if (outcome.unusableReply) {
      // Even after one correction the reply held markup that could not run: nothing was done.
      const error = "the model's reply could not be used: it held tool-call markup that could not run";
      return { speech: outcome.speech, responseType: "error", results, handledBy, llm: { ...llmUse, error } };
    }
    // Calls held for the user's yes: the bridge asks, naming every held effect of the turn (its
    // yes runs exactly those, agent/pending-actions.ts), whatever the model would have said.
    if (outcome.held?.length) {
      const speech = heldQuestion(
        language,
        outcome.held.flatMap((r) => r.held?.effects ?? []),
      );
      return { speech, responseType: "query_answer", results, handledBy, llm: llmUse };
    }
    // The model said nothing after its calls: what the last one did, in the request's language.
    const last = results.at(-1);
    const speech =
      outcome.speech || (last && !last.ok ? failureSpeech(repliesFor(language), last) : said.done);
    return { speech, responseType: responseTypeOf(outcome.results), results, handledBy, llm: llmUse };
  }

  return {
    async handle(request) {
      const started = performance.now();
      const startedAt = new Date().toISOString();
      const conversationId = request.conversationId || randomUUID();
      const language = request.language || options.language;
      let outcome: Awaited<ReturnType<typeof answer>>;
      try {
        outcome = await withTimeout((signal) => answer(request, conversationId, language, signal), {
          ms: budget.turnMs,
          signal: request.signal,
        });
      } catch (err) {
        const timedOut = err instanceof TimeoutError;
        if (!timedOut && !request.signal?.aborted) logger.error({ err }, "turn failed");
        else if (timedOut)
          logger.warn(`turn gave up after ${budget.turnMs / 1000} s: "${request.text.slice(0, 80)}"`);
        outcome = {
          speech: timedOut
            ? repliesFor(language).agent.tookTooLong
            : repliesFor(language).agent.somethingWentWrong,
          responseType: "error",
          results: [],
          handledBy: "error",
        };
      }
      // A turn that held calls asked about them: its words are the question to ask once more.
      if (outcome.handledBy !== "confirmation" && pending.holds(conversationId))
        pending.asked(conversationId, outcome.speech);
      const toolCalls: TurnToolCall[] = outcome.results.map(turnToolCall);
      // How a cover an earlier turn left on its way ended, when not where it was sent: said first.
      const earlier = coverEnds.take(conversationId, language);
      coverEnds.started(conversationId, toolCalls);
      const result: TurnResult = {
        speech: earlier ? `${earlier} ${outcome.speech}` : outcome.speech,
        conversation_id: conversationId,
        response_type: outcome.responseType,
        tool_calls: toolCalls,
      };
      const speech = outcome.speech;
      void llm?.then((agent) => agent?.remember(conversationId, request.text, speech));
      const record: TurnRecord = {
        ...result,
        id: turnLog.nextId(),
        text: request.text,
        language,
        handledBy: outcome.handledBy,
        ...(outcome.llm ? { llm: outcome.llm } : {}),
        startedAt,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(request.deviceId ? { deviceId: request.deviceId } : {}),
      };
      turnLog.add(record);
      return result;
    },
    recentTurns: turnLog.recent,
    onTurn: turnLog.onTurn,
    describe: () => ({
      provider: options.provider,
      ...(options.modelName ? { model: options.modelName } : {}),
      ...(hasModel ? { modelState: reachability(), oneLlmRound } : {}),
      ...(options.providerHealth ? { llm: options.providerHealth.status() } : {}),
      languages,
    }),
  };
}

/**
 * The fast path has no grammar for this language and nothing else answered: say so in English,
 * the one language every user of the add-on's options can read, with the languages it knows.
 */
function unsupportedLanguage(language: string, known: string[]): string {
  return (
    `Sorry, I can't understand the language "${language}" without a language model. ` +
    `The local fast path knows ${known.join(", ")}.`
  );
}
