/**
 * How long one sentence may take, end to end. Home Assistant's Wyoming client waits without a
 * limit of its own, so without ours a stuck LLM would hang Assist. Every layer's limit derives
 * from this one number (docs/architecture.md, Turn budget).
 */
export const TURN_BUDGET_MS = 30_000;

export interface TurnBudget {
  /** The agent ends the turn here and says it took too long. */
  turnMs: number;
  /** The Wyoming server answers `not-handled` here: only an agent that is itself stuck gets this far. */
  backstopMs: number;
  /** Home Assistant's own agent: a slow answer must leave the LLM most of the turn. */
  homeAssistantAgentMs: number;
  /** One LLM request: one retry must still fit in the turn, so a slow provider is named. */
  llmRequestMs: number;
  /** One tool call: a device that does not answer leaves time to say so. */
  toolMs: number;
}

export function turnBudget(turnMs: number = TURN_BUDGET_MS): TurnBudget {
  return {
    turnMs,
    backstopMs: turnMs + 5_000,
    homeAssistantAgentMs: Math.round(turnMs / 6),
    llmRequestMs: Math.round((turnMs * 2) / 5),
    toolMs: Math.round(turnMs / 3),
  };
}
