import type { ToolDefinitionForProvider, ToolInfo } from "../../tools/registry.js";
import type { ToolSearch } from "../../tools/tool-search.js";
import { FIND_TOOLS } from "../../tools/local/find-tools.js";
import type { TokenCounter } from "../context-budget/token-count.js";
import type { NamedInSentence } from "./named-in-sentence.js";

export interface ToolChoiceInput {
  text: string;
  /** What the understanding layer found the sentence names. */
  named: NamedInSentence;
  /** Tools called earlier in the conversation: a follow-up ("and dim it") needs them again. */
  recent: readonly string[];
  /** Tokens the offered tools may cost together. */
  maxTokens: number;
}

export interface ToolChoice {
  /** The tools to offer, by name, in name order. */
  names: string[];
  /** Every tool fitted, so none was chosen: the model sees them all. */
  all: boolean;
}

/** How many tools the lexical ranking may propose for one sentence, and per named server. */
const RANKED = 8;
const PER_SERVER = 3;

/**
 * The tools one request offers (docs/architecture.md, Tools offered per turn): every tool when all
 * of them fit the share, else, in this order while they fit: `find_tools`, the tools called earlier
 * in the conversation, the best matches on each server the sentence's devices live on, and the best
 * matches of the sentence among all tools.
 */
export async function chooseTools(
  input: ToolChoiceInput,
  tools: ReadonlyMap<string, { info: ToolInfo; definition: ToolDefinitionForProvider }>,
  search: ToolSearch,
  counter: TokenCounter,
): Promise<ToolChoice> {
  const available = [...tools.values()].filter((t) => t.info.available);
  const total = available.reduce((sum, t) => sum + counter.tool(t.definition), 0);
  if (total <= input.maxTokens) return { names: available.map((t) => t.info.name).sort(), all: true };

  const query = [input.text, ...input.named.words].join(" ");
  const candidates: string[] = [FIND_TOOLS, ...input.recent];
  // One ranking serves every pick: a filter only drops hits, it does not change their scores.
  const hits = await search.search(query, {});
  for (const server of input.named.servers) {
    const best = hits.filter((hit) => hit.tool.server === server).slice(0, PER_SERVER);
    candidates.push(...best.map((hit) => hit.tool.name));
  }
  const ranked = hits.filter((hit) => hit.tool.name !== FIND_TOOLS).slice(0, RANKED);
  candidates.push(...ranked.map((hit) => hit.tool.name));

  const names: string[] = [];
  let spent = 0;
  for (const name of new Set(candidates)) {
    const tool = tools.get(name);
    if (!tool?.info.available) continue;
    const cost = counter.tool(tool.definition);
    if (spent + cost > input.maxTokens) continue;
    names.push(name);
    spent += cost;
  }
  return { names: names.sort(), all: false };
}
