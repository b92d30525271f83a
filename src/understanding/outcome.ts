// What the fast path is asked and what it answers: the types the agent above it reads. They live
// here, below the agent, so that the understanding never imports from `agent/`.
import type { HeldCall } from "../tools/policy/held.js";
import type { ToolResult } from "../tools/types.js";
import type { FastMatch } from "./matcher.js";
import type { Choice } from "./target-types.js";

/** How a reply is meant: Home Assistant's conversation response types. */
export type ResponseType = "action_done" | "query_answer" | "error";

/** What the fast path made of a sentence. */
export type FastPathOutcome =
  | { kind: "done"; speech: string; responseType: ResponseType; results: ToolResult[] }
  /**
   * Understood, but not what it refers to: HA's agent or an LLM may do better; else say `speech`.
   * `elsewhere`: about another place or time, which HA's agent would answer with the home's own
   * clock (a question about tokyo or tomorrow), or carry out now (a command for later); only a
   * language model may take it.
   */
  | {
      kind: "unsure";
      speech: string;
      results: ToolResult[];
      elsewhere?: boolean;
      /**
       * A command for a later time ("in 5 minutes"): nothing here runs a command later, and a
       * language model's calls would run now, so no other agent is asked (agent.ts).
       */
      later?: boolean;
      /** `speech` asks "which one?": the command, and what each answer would make it. */
      question?: OpenQuestion;
    }
  /** Not a sentence of this grammar (or no grammar for the language). */
  | { kind: "no_match"; speech: string; results: ToolResult[] };

/** A "which one?" the fast path asked: the command it was about, and the choices it offered. */
export interface OpenQuestion {
  match: FastMatch;
  choices: Choice[];
}

export interface FastPathRequest {
  text: string;
  language: string;
  conversationId: string;
  deviceId?: string;
  signal: AbortSignal;
  toolTimeoutMs: number;
}

/** The turn in which the user said yes: a held call runs within its signal and time limit. */
export interface HeldTurn {
  signal: AbortSignal;
  toolTimeoutMs: number;
  deviceId?: string | undefined;
}

/**
 * Keeps a call the action policy held until the user answers (agent/pending-actions.ts); `reply`
 * words its outcome in the user's language once the yes ran it.
 */
export type HoldCall = (
  conversationId: string,
  held: HeldCall,
  reply: (result: ToolResult) => string,
) => void;
