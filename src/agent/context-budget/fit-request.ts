import type { BaseMessage } from "@langchain/core/messages";
import { DEFAULT_SUMMARY_TOKENS } from "../../ha/summary.js";
import type { ToolDefinitionForProvider } from "../../tools/registry.js";
import type { ToolChoice } from "../tool-choice/choose-tools.js";
import type { TokenCounter } from "./token-count.js";

/** Tokens kept free for the model's answer: a spoken sentence or a few tool calls. */
export const REPLY_RESERVE = 512;
/** What the tools offered up front may cost: the rest are a `find_tools` call away. */
export const TOOL_SHARE = 1_200;
/** The same share counted in UTF-8 bytes (utf8Bound): tool JSON runs about four bytes to a token. */
export const TOOL_SHARE_BYTES = 4 * TOOL_SHARE;
/**
 * What the tools of a request that can still act cost: `find_tools` and the best few. A request is
 * never sent with less, even over the budget: without tools the model could only say it cannot
 * help, where a server that refuses the request lets the user hear the context is too small.
 */
export const ACTING_TOOLS = 600;
/** The home summary's own default, and the smaller ones tried in turn. */
const SUMMARIES = [DEFAULT_SUMMARY_TOKENS, 400, 200, 0];

export interface FirstRequestInput {
  counter: TokenCounter;
  /** Tokens the request may fill: the context less the answer's reserve. */
  budget: number;
  /** The system message with a home summary of at most this many tokens. */
  system(summaryTokens: number): BaseMessage;
  history: readonly BaseMessage[];
  /** The user's words: never cut. */
  user: BaseMessage;
  /** The tools that cost at most this much, counted by `counter`. */
  choose(maxTokens: number, counter: TokenCounter): Promise<ToolChoice>;
  definitions(names: readonly string[]): ToolDefinitionForProvider[];
}

export interface FirstRequest {
  system: BaseMessage;
  history: BaseMessage[];
  tools: ToolChoice;
  /** Tokens of the request as built (o200k). */
  estimate: number;
  /** What was left out to fit, in plain words. */
  cuts: string[];
  /**
   * Nothing was left out, and the tools had their whole share: the context set no limit on what
   * the request holds. Only such a request, counted by its bytes, is sent without a tokenizer.
   */
  roomy: boolean;
}

/**
 * The first request of a turn, fitted to the budget (docs/architecture.md, Context budget): a
 * shorter history first, then fewer candidate tools, then a smaller home summary. The rules and the
 * user's words are never cut; a request that still does not fit is sent, and says so.
 */
export async function fitFirstRequest(input: FirstRequestInput): Promise<FirstRequest> {
  const { counter, budget } = input;
  const toolCost = (choice: ToolChoice) =>
    input.definitions(choice.names).reduce((sum, d) => sum + counter.tool(d), 0);
  const cuts: string[] = [];
  let summary = SUMMARIES[0]!;
  let system = input.system(summary);
  let fixed = counter.messages([system, input.user]);
  const share = counter.exact ? TOOL_SHARE : TOOL_SHARE_BYTES;
  let tools = await input.choose(Math.max(ACTING_TOOLS, Math.min(share, budget - fixed)), counter);
  const history = [...input.history];
  const total = () => fixed + toolCost(tools) + counter.messages(history);
  const roomForShare = budget - fixed - counter.messages(history) >= share;

  const dropped = history.length;
  while (total() > budget && history.length) history.splice(0, Math.min(2, history.length));
  if (history.length < dropped)
    cuts.push(`history: ${dropped - history.length} of ${dropped} messages left out`);

  if (total() > budget) {
    const before = tools.names.length;
    tools = await input.choose(Math.max(ACTING_TOOLS, budget - fixed - counter.messages(history)), counter);
    if (tools.names.length < before) cuts.push(`tools: ${before} → ${tools.names.length} offered`);
  }
  for (const smaller of SUMMARIES.slice(1)) {
    if (total() <= budget) break;
    summary = smaller;
    system = input.system(summary);
    fixed = counter.messages([system, input.user]);
    cuts.push(`home summary: at most ${summary} tokens`);
  }
  const estimate = total();
  if (estimate > budget) cuts.push(`over the context: ${estimate} tokens for ${budget}`);
  return { system, history, tools, estimate, cuts, roomy: roomForShare && !cuts.length };
}

/**
 * A later request of the turn (after tool results): the earlier conversation goes first, oldest
 * first, when the request would not fit; the turn's own messages stay.
 */
export function fitLaterRequest(
  counter: TokenCounter,
  budget: number,
  messages: readonly BaseMessage[],
  historyCount: number,
  tools: readonly ToolDefinitionForProvider[],
): { messages: BaseMessage[]; estimate: number; dropped: number } {
  const toolTokens = tools.reduce((sum, d) => sum + counter.tool(d), 0);
  const sent = [...messages];
  let history = historyCount;
  let estimate = toolTokens + counter.messages(sent);
  while (estimate > budget && history > 0) {
    const [removed] = sent.splice(1, 1);
    history--;
    estimate -= counter.messages([removed!]);
  }
  return { messages: sent, estimate, dropped: historyCount - history };
}
