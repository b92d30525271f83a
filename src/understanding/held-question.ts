// The bridge's own question about what the action policy held (src/tools/policy/), in the
// request's language: one sentence per kind of effect, naming every target of that kind. Every
// path asks with it (the fast path, and a turn in which a language model's calls were held), so
// the question names exactly what a yes runs, never what a model chose to mention.
import type { HeldEffect, HeldKind } from "../tools/policy/held.js";
import { fill } from "./grammar.js";
import { listOf } from "./speech.js";
import { grammarFor } from "./spoken-result.js";

const ASKED: ReadonlyArray<
  [kinds: readonly HeldKind[], reply: "confirmUnlock" | "confirmOpen" | "confirmDisarm" | "confirmRun"]
> = [
  [["unlock"], "confirmUnlock"],
  [["open"], "confirmOpen"],
  [["disarm"], "confirmDisarm"],
  [["destructive", "unknown"], "confirmRun"],
];

/** "Do you want me to unlock Front Door? … Do you want me to open Garage Door and Driveway Gate? …" */
export function heldQuestion(
  language: string,
  effects: ReadonlyArray<Pick<HeldEffect, "kind" | "target">>,
): string {
  const grammar = grammarFor(language);
  return ASKED.flatMap(([kinds, reply]) => {
    const names = [...new Set(effects.filter((e) => kinds.includes(e.kind)).map((e) => e.target))];
    return names.length ? [fill(grammar.replies[reply], { name: listOf(grammar, names) })] : [];
  }).join(" ");
}
