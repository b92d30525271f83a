import type { ResponseType } from "../understanding/outcome.js";
import type { ProviderState, ProviderStatus } from "./provider-health.js";

/** How a reply is meant (defined beside the fast path, which answers with it too). */
export type { ResponseType };

/** One sentence to handle, from Wyoming or the HTTP API. */
export interface TurnRequest {
  text: string;
  language?: string;
  conversationId?: string;
  /** The Home Assistant device (satellite) that heard it; its area helps resolve names. */
  deviceId?: string;
  signal?: AbortSignal;
}

export interface TurnToolCall {
  /** The name the LLM (or the fast path) called. */
  name: string;
  arguments: Record<string, unknown>;
  normalized_arguments: Record<string, unknown>;
  result: string;
  ok: boolean;
  /** "held": the action policy held the call for the user's yes; it did not run (yet). */
  status?: "held";
  /** What a held call would do: each effect that waits for the yes. */
  held?: Array<{ kind: string; target: string }>;
  ms: number;
  /** The tool's own name and server, when the call reached one. */
  tool?: string;
  server?: string;
  /** The call exactly as the model sent it, when a repair changed it (arguments may be the raw string). */
  sent?: { name: string; arguments: unknown };
  /** Each repair, named: "name: functions. prefix", "keys: device_name→deviceName". */
  repairs?: string[];
  /** The text-call family the call was recovered from, when the model wrote it as text. */
  textFamily?: string;
  /** The device the call was about, as the tool's own result names it (`structuredContent.node`). */
  device?: { name: string; location?: string; nodeId?: number };
  /** How the device confirmed a write (`structuredContent.confirmation`): device, supervised or none. */
  confirmation?: string;
  /** A cover not yet where it was sent when the call answered: followed until it stops (`structuredContent.followId`). */
  followId?: string;
  /** How that cover ended, by its own word, once it did (src/zwave/state-events.ts, `cover_settled`). */
  followed?: {
    outcome: "reached" | "stopped" | "not_moved" | "unknown";
    position: number | null;
    state: string | null;
    at: string;
  };
}

/** What a turn came to: the /api/conversation response (docs/architecture.md, Network). */
export interface TurnResult {
  speech: string;
  conversation_id: string;
  response_type: ResponseType;
  tool_calls: TurnToolCall[];
}

/** What a turn asked of the language model: requests, and tokens as the provider reported them. */
/** One request to the model: tokens as estimated before sending (o200k) and as the provider reported. */
export interface TurnRequestSize {
  estimated: number;
  /** `estimated` is the request's UTF-8 bytes, a bound on its tokens: it fit without counting them. */
  bound?: boolean;
  reported?: number;
  /** How many tools it offered. */
  tools: number;
  /** The provider evaluated clearly less than was sent: its server cut the prompt (Ollama). */
  cutByServer?: boolean;
}

/** What a turn's requests carried, against the context asked for (src/agent/context-budget/). */
export interface TurnContextUse {
  /** Tokens of context asked for (Ollama's num_ctx) or known to be the server's. */
  context: number;
  /** Where that figure comes from. */
  source: string;
  sent: TurnRequestSize[];
  /** The tools the first request offered, by name. */
  offered: string[];
  /** Every tool fitted, so every tool was offered. */
  allTools: boolean;
  /** Tools `find_tools` found, offered from the next request on. */
  searched: string[];
  /** What was left out to fit, and any cut the server made. */
  cuts: string[];
}

export interface TurnLlmUse {
  requests: number;
  context?: TurnContextUse;
  tokens?: { input: number; cachedInput: number; cacheWrite: number; output: number };
  /** Why the language model failed this turn: the cause the provider check logged (no secret). */
  error?: string;
}

/** A finished turn as the status page shows it. */
export interface TurnRecord extends TurnResult {
  id: number;
  text: string;
  language: string;
  /** "fast-path", "home assistant" (HA's own agent), "llm" or "fast-path → llm". */
  handledBy: string;
  startedAt: string;
  ms: number;
  deviceId?: string;
  llm?: TurnLlmUse;
}

export interface ConversationAgent {
  handle(request: TurnRequest): Promise<TurnResult>;
  /** The most recent turns, newest last (at most 200). */
  recentTurns(): TurnRecord[];
  /** Called after each finished turn. */
  onTurn(listener: (turn: TurnRecord) => void): () => void;
  /** Provider and model, for the status page. */
  describe(): {
    provider: string;
    model?: string;
    /** The provider's client loads in the background while the bridge already answers. */
    /** Once loaded, how the provider answers: provider-health.ts's ProviderState. */
    modelState?: "loading" | "failed" | ProviderState;
    /** The provider's host, start-up check, last success and last error. */
    llm?: ProviderStatus;
    oneLlmRound?: boolean;
    languages: string[];
  };
}
