// What people hear of a tool call's result: a sentence of the request's language, chosen by the
// call's typed outcome (its error code, its confirmation, the state it reports) with the device's
// name. A tool's own text is written for the model, in English, and is never spoken.
import type { ToolErrorCode } from "../tools/tool-error.js";
import type { ToolResult } from "../tools/types.js";
import { fill, GRAMMARS } from "./grammar.js";
import type { FastPathGrammar, FastPathReplies, StateWord } from "./grammar-types.js";
import { isConfirmed, stateWordOf } from "./tool-results.js";

const SENTENCE: Record<ToolErrorCode, (r: FastPathReplies) => string> = {
  not_found: (r) => r.notFound,
  ambiguous: (r) => r.errors.ambiguous,
  dead: (r) => r.errors.dead,
  offline: (r) => r.errors.offline,
  not_confirmed: (r) => r.notConfirmed,
  not_supported: (r) => r.cannotDo,
  invalid_value: (r) => r.errors.invalidValue,
  failed: (r) => r.failed,
  not_exposed: (r) => r.notExposed,
  home_unavailable: (r) => r.errors.homeUnavailable,
  unavailable: (r) => r.errors.unavailable,
  timeout: (r) => r.errors.timeout,
  cancelled: (r) => r.failed,
  unknown_tool: (r) => r.failed,
  invalid_arguments: (r) => r.failed,
  // Every path asks about a held call itself (turn/held.ts); said as not done if one ever is not.
  confirmation_required: (r) => r.failed,
};

/** The sentence for a failed call; `name` is the device it was for (without one, the generic sentence). */
export function failureSpeech(
  replies: FastPathReplies,
  result: Pick<ToolResult, "errorCode">,
  name?: string,
): string {
  const template = SENTENCE[result.errorCode ?? "failed"](replies);
  if (template.includes("{name}") && !name) return replies.failed;
  return fill(template, { name: name ?? "" });
}

/**
 * What a call did, for a call held for a yes and run later: confirmed with the state the device
 * reports ("Front Door is unlocked."), sent but not confirmed, or why it failed.
 */
export function outcomeSpeech(grammar: FastPathGrammar, result: ToolResult): string {
  const r = grammar.replies;
  const structured = result.structuredContent ?? {};
  // The local tools name their entity at the top, the Z-Wave tools in `node` (src/zwave/contract.ts).
  const node = structured.node as { name?: unknown } | undefined;
  const named = typeof structured.name === "string" ? structured.name : node?.name;
  const name = typeof named === "string" && named.trim() ? named : undefined;
  if (!result.ok) return failureSpeech(r, result, name);
  if (!isConfirmed(result)) return name ? fill(r.notConfirmed, { name }) : r.agent.done;
  const state: StateWord | undefined =
    typeof structured.state === "string"
      ? stateWordOf(structured.state)
      : typeof structured.locked === "boolean"
        ? structured.locked
          ? "locked"
          : "unlocked"
        : undefined;
  return name && state ? fill(r.stateIs, { name, state: grammar.states[state] }) : r.agent.done;
}

/** The grammar of a request's language (`de-CH` → de); English when the fast path has none for it. */
export function grammarFor(language: string | undefined): FastPathGrammar {
  const base = (language ?? "en").toLowerCase().split(/[-_]/)[0] ?? "en";
  return GRAMMARS[base] ?? GRAMMARS.en!;
}

/** The replies of a request's language, as `grammarFor`. */
export function repliesFor(language: string | undefined): FastPathReplies {
  return grammarFor(language).replies;
}
