// What the fast path is asked and what it answers: the types the agent above it reads. They live
// here, below the agent, so that the understanding never imports from `agent/`.
import type { ToolResult } from "../tools/types.js";

/** How a reply is meant: Home Assistant's conversation response types. */
export type ResponseType = "action_done" | "query_answer" | "error";

/**
 * What the fast path made of a sentence. `destructive` marks one handed on that may lock, unlock
 * or open a garage door or gate: with confirmations on it must not go to HA's agent, which acts
 * without asking.
 */
export type FastPathOutcome =
  | { kind: "done"; speech: string; responseType: ResponseType; results: ToolResult[] }
  /**
   * Understood, but not what it refers to: HA's agent or an LLM may do better; else say `speech`.
   * `elsewhere`: a question about another place or day, which HA's agent would answer with the
   * home's own clock; only a language model may take it.
   */
  | { kind: "unsure"; speech: string; results: ToolResult[]; destructive?: boolean; elsewhere?: boolean }
  /** Not a sentence of this grammar (or no grammar for the language). */
  | { kind: "no_match"; speech: string; results: ToolResult[]; destructive?: boolean };

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

/** A held call's own way to run and to word its outcome (in the user's language). */
export interface OwnHeldCall {
  reply: (result: ToolResult) => string;
  run: (turn: HeldTurn) => Promise<ToolResult>;
}

/**
 * Holds a destructive call until the user confirms it; returns undefined when the call may run
 * now (confirmations off, or not destructive).
 */
export type HoldCall = (
  conversationId: string,
  tool: string,
  args: Record<string, unknown>,
  own: OwnHeldCall,
) => string | undefined;
