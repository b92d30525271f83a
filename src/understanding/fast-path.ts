import type { HomeMirror } from "../ha/mirror.js";
import type { ToolRegistry } from "../tools/registry.js";
import { GRAMMARS } from "./grammar.js";
import type { FastPathGrammar } from "./grammar-types.js";
import { createConversationMemory } from "./memory.js";
import type { FastPathOutcome, FastPathRequest, HoldCall, OpenQuestion } from "./outcome.js";
import { createChoiceReader, type Picked } from "./choice-answer.js";
import { createCourtesy } from "./courtesy.js";
import { cancelledSpeech, consentOf } from "./consent.js";
import { createLaterTime } from "./later.js";
import { createWholeHomeWords } from "./whole-home-words.js";
import { fold } from "./sentence.js";
import { capitalize } from "./speech.js";
import type { RecognizedAction } from "./ha-recognition.js";
import { createTargetResolver, throughZwave, type Resolved, type Target } from "./targets.js";
import { act } from "./turn/actions.js";
import { tellTime } from "./turn/clock.js";
import { answerDetection, answerLowBatteries } from "./turn/detections.js";
import { answerSensor } from "./turn/sensors.js";
import { answerState } from "./turn/state-query.js";
import { createTurn, homeLookup, type Steps, type Turn } from "./turn/turn.js";
import { STATE_QUESTIONS } from "./kinds.js";
import { createUnderstanding } from "./understand.js";
import type { ToolResult } from "../tools/types.js";
import type { ZwaveClient } from "../zwave-host/zwave-client.js";

export type { FastPathOutcome, FastPathRequest, OpenQuestion } from "./outcome.js";

/**
 * Assist transcripts are short. A longer text is no sentence of ours: it is handed on without
 * being matched (an LLM may read it), and past `REFUSED_CHARS` refused outright, so that no
 * text can make one turn cost more than a few milliseconds of the event loop.
 */
export const MATCHED_CHARS = 200;
export const REFUSED_CHARS = 2000;

export interface FastPathOptions {
  registry: ToolRegistry;
  mirror: HomeMirror;
  /** The bridge's one Z-Wave client: its device collection, calls by node id. */
  zwave: ZwaveClient<ToolResult>;
  /** Keeps a call the action policy held until the user answers. */
  hold?: HoldCall;
  /** How far "brighter" and "louder" go, in percent; 25 and 10 when not given. */
  steps?: { brightness?: number | undefined; volume?: number | undefined };
}

/** The steps of a relative change when the options don't set them. */
export const DEFAULT_STEPS: Steps = { brightness: 25, volume: 10 };

/**
 * Common commands without an LLM: a sentence from the language's grammar, names resolved to
 * Z-Wave devices or exposed Home Assistant entities, and the same registry tools the LLM would call.
 */
export function createFastPath(options: FastPathOptions) {
  // A language's matcher and resolver are built the first time it is spoken, or for the configured
  // language at start-up (prepare): compiled, its templates cost a few MiB
  // (bench/footprint.bench.ts), and a home speaks one or two of the six.
  // Every sentence is read with its understanding and its times; the rest is built when first
  // needed: names are resolved only for a sentence understood, choices read only as the answer to
  // a question, and the whole home's words only for a command Home Assistant's agent recognised.
  // A sentence left to the LLM, the first one included, builds none of them.
  const grammars = new Map(Object.entries(GRAMMARS));
  const built = new Map<string, ReturnType<typeof build>>();
  function build(grammar: FastPathGrammar) {
    let targets: ReturnType<typeof createTargetResolver> | undefined;
    let choices: ReturnType<typeof createChoiceReader> | undefined;
    let wholeHome: ReturnType<typeof createWholeHomeWords> | undefined;
    return {
      grammar,
      understanding: createUnderstanding(grammar),
      later: createLaterTime(grammar),
      courtesy: createCourtesy(grammar),
      get targets() {
        return (targets ??= createTargetResolver(grammar));
      },
      get choices() {
        return (choices ??= createChoiceReader(grammar));
      },
      get wholeHome() {
        return (wholeHome ??= createWholeHomeWords(grammar));
      },
    };
  }
  const deps = {
    registry: options.registry,
    mirror: options.mirror,
    zwave: options.zwave,
    memory: createConversationMemory(),
    hold: options.hold,
    steps: {
      brightness: options.steps?.brightness ?? DEFAULT_STEPS.brightness,
      volume: options.steps?.volume ?? DEFAULT_STEPS.volume,
    },
  };

  function grammarFor(language: string) {
    const code = language.toLowerCase().split(/[-_]/)[0] ?? "";
    const grammar = grammars.get(code);
    if (!grammar) return undefined;
    let compiled = built.get(code);
    if (!compiled) built.set(code, (compiled = build(grammar)));
    return compiled;
  }

  /** The targets of a choice as the home has them now: the question was asked a turn ago. */
  function current(picked: Picked): Resolved {
    const now = (t: Target): Target | undefined => {
      if (t.source !== "ha") return t;
      const entity = options.mirror.entity(t.entity.entityId);
      return entity && { ...t, entity };
    };
    if (picked.kind === "one") {
      const target = now(picked.target);
      return target ? { kind: "one", target } : { kind: "not_found", name: picked.target.name };
    }
    return { ...picked, targets: picked.targets.flatMap((t) => now(t) ?? []) };
  }

  /** Each concern answers the intents it owns. */
  function answer(turn: Turn): Promise<FastPathOutcome> {
    switch (turn.match.intent) {
      case "query_time":
      case "query_date":
        return tellTime(turn, turn.match.intent);
      case "query_sensor":
      case "query_setpoint":
        return answerSensor(turn);
      case "query_detect":
        return answerDetection(turn);
      case "query_low_battery":
        return answerLowBatteries(turn);
      case "query_state":
      case "query_any":
      case "query_all":
      case "query_which":
      case "query_count":
      case "query_position":
        return answerState(turn);
      default:
        return act(turn);
    }
  }

  return {
    /** The languages the fast path speaks. */
    languages: (): string[] => [...grammars.keys()],

    /**
     * Builds a language's understanding now rather than on its first sentence (~15–20 ms for
     * English on Node 22: bench/llm-cpu's first turn went from ~83 to ~67 ms of CPU): the bridge's
     * configured language, at start-up, so the first voice command does not wait for it. A
     * language without a grammar builds nothing.
     */
    prepare(language: string): void {
      grammarFor(language);
    },

    async run(request: FastPathRequest): Promise<FastPathOutcome> {
      const chosen = grammarFor(request.language);
      if (!chosen) return { kind: "no_match", speech: "", results: [] };
      const { grammar, understanding, later } = chosen;
      if (request.text.length > REFUSED_CHARS) {
        return { kind: "done", speech: grammar.replies.tooLong, responseType: "error", results: [] };
      }
      if (request.text.length > MATCHED_CHARS)
        return { kind: "no_match", speech: grammar.replies.cannotYet, results: [] };
      const lookup = await homeLookup(deps);
      // "turn off the kitchen light in 5 minutes": never now, and no device of that name.
      // "mute for an hour": now, and said that nothing undoes it later.
      const time = later(request.text);
      // "silence pour une heure": quiet for a while is the speaker muted.
      const timed = time?.hush
        ? { match: { intent: "mute" as const } }
        : time && understanding.understand(time.rest, lookup);
      // "create an automation that switches the porch light on at sunset", "make a rule that …":
      // something to be set up, or a verb where a name goes; no command of ours to refuse for
      // later. A language model may set it up; HA's agent would act now, so it is not asked.
      const unquoted = timed && "by" in timed && timed.by === "template, unquoted";
      if (time?.when === "later" && (time.setUp || unquoted))
        return { kind: "unsure", speech: grammar.replies.cannotYet, results: [], elsewhere: true };
      if (time && timed && !timed.match.intent.startsWith("query_")) {
        // "turn off the light 5 minutes": for a while or in a while, never now and forever.
        if (time.when === "later" || (time.muteOnly && timed.match.intent !== "mute"))
          return {
            kind: "unsure",
            speech: grammar.replies.notLater,
            results: [],
            elsewhere: true,
            later: true,
          };
        const outcome = await answer(createTurn(deps, grammar, chosen.targets, timed.match, request));
        const done = outcome.kind === "done" && outcome.responseType === "action_done";
        const speech = done ? `${outcome.speech} ${grammar.replies.notUndoneLater}` : outcome.speech;
        return { ...outcome, speech: capitalize(speech) };
      }
      const understood = understanding.understand(request.text, lookup);
      const match = understood?.match;
      if (!match) {
        // Thanks needs no one else; what it can do is said when no one else (a language model,
        // which can do more) answers instead.
        const courtesy = chosen.courtesy(request.text);
        if (courtesy === "thanks")
          return { kind: "done", speech: grammar.replies.welcome, responseType: "query_answer", results: [] };
        const speech = courtesy === "help" ? grammar.replies.capabilities : grammar.replies.cannotYet;
        return { kind: "no_match", speech, results: [] };
      }
      const outcome = await answer(createTurn(deps, grammar, chosen.targets, match, request));
      return { ...outcome, speech: capitalize(outcome.speech) };
    },

    /**
     * Carries out what Home Assistant's agent recognised (ha-recognition.ts) as our own command:
     * through our tools and the action policy, worded in the request's language. Undefined when
     * the fast path has no grammar for the language.
     */
    async actOn(request: FastPathRequest, action: RecognizedAction): Promise<FastPathOutcome | undefined> {
      const chosen = grammarFor(request.language);
      if (!chosen) return undefined;
      const match = { intent: action.intent, ...(action.level !== undefined ? { level: action.level } : {}) };
      const turn = createTurn(deps, chosen.grammar, chosen.targets, match, request);
      // No place in HA's slots, but the words say the whole home ("apaga todas las luces de la
      // casa", "make sure every light is off"): the home, as the language's own sentences take it.
      const home =
        action.home && chosen.wholeHome(request.text, action.intent, action.home) ? action.home : undefined;
      const targets = (home ?? action.targets).map((entity): Target => ({
        source: "ha",
        entity,
        name: entity.name,
      }));
      const resolved: Resolved =
        action.named && targets.length === 1
          ? { kind: "one", target: targets[0]! }
          : {
              kind: "group",
              targets,
              ...(action.place && !home ? { place: action.place } : {}),
              ...(action.whole ? { whole: true } : {}),
            };
      const outcome = await act(turn, throughZwave(resolved, turn.twins));
      return { ...outcome, speech: capitalize(outcome.speech) };
    },

    /**
     * The answer to a "which one?" this fast path asked in the conversation's last turn: the
     * command carried out on the choice it names, through the tools and the action policy.
     * Undefined when the sentence picks no choice: it is then read as a new one.
     */
    async answer(request: FastPathRequest, question: OpenQuestion): Promise<FastPathOutcome | undefined> {
      const chosen = grammarFor(request.language);
      if (!chosen || request.text.length > MATCHED_CHARS) return undefined;
      const areas = options.mirror.areas();
      // "no, the kitchen one": a correction before the answer is no part of it.
      const corrected = chosen.understanding.afterCorrectionWord(request.text);
      const picked =
        chosen.choices.pick(request.text, question.choices, areas) ??
        (corrected ? chosen.choices.pick(corrected, question.choices, areas) : undefined);
      if (!picked) {
        // "never mind", "non merci", "forget it": the question dropped, and said so. A command of
        // its own ("no, turn it down") is read as new, and so is a sentence naming a choice.
        const said = fold(request.text);
        const namesOne = question.choices.some((c) => c.names.some((n) => said.includes(fold(n))));
        const declined =
          !namesOne &&
          consentOf(request.text, request.language) === "no" &&
          !chosen.understanding.understand(request.text, await homeLookup(deps));
        return declined
          ? {
              kind: "done",
              speech: cancelledSpeech(request.language),
              responseType: "action_done",
              results: [],
            }
          : undefined;
      }
      const turn = createTurn(deps, chosen.grammar, chosen.targets, question.match, request);
      const found = throughZwave(current(picked), turn.twins);
      // "is the light on?" → "which one?" → "the floor lamp": the question, answered about it.
      const outcome = STATE_QUESTIONS.has(question.match.intent)
        ? await answerState(turn, found)
        : await act(turn, found);
      return { ...outcome, speech: capitalize(outcome.speech) };
    },

    /** Whether the sentence is one of the grammar's (a request of its own, not an answer to a question). */
    async understands(text: string, language: string): Promise<boolean> {
      const chosen = grammarFor(language);
      if (!chosen || text.length > MATCHED_CHARS) return false;
      return chosen.understanding.understand(text, await homeLookup(deps))?.match !== undefined;
    },
  };
}
