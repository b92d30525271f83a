// Whether a sentence may lock, unlock, or open a garage door or gate, read from the grammar's
// own words: the kinds (locks, garage doors, gates) and the verbs only its lock and unlock
// templates use. Such a sentence is never handed to HA's agent while confirmations are on: HA
// acts without asking. A sentence we did not understand is then left to the LLM and its gate.
import type { FastPathGrammar } from "./grammar-types.js";
import { expandGroups, fold } from "./matcher.js";

function templateWords(template: string, groups: Record<string, string[]>): string[] {
  return expandGroups(template, groups)
    .replace(/\{\w+\}/g, " ")
    .split(/[\s()[\]|]+/)
    .map(fold)
    .filter((w) => w.length > 2);
}

export function createDestructiveWords(grammar: FastPathGrammar): (sentence: string) => boolean {
  const groups = { ...grammar.words, ...(grammar.cues as unknown as Record<string, string[]>) };
  const guarded = new Set(["lock", "unlock"]);
  const elsewhere = new Set(
    grammar.intents
      .filter((i) => !guarded.has(i.intent))
      .flatMap((i) => i.templates.flatMap((t) => templateWords(t, groups))),
  );
  const verbs = grammar.intents
    .filter((i) => guarded.has(i.intent))
    .flatMap((i) => i.templates.flatMap((t) => templateWords(t, groups)))
    .filter((w) => !elsewhere.has(w));
  const kinds = [
    ...(grammar.kinds.lock ?? []),
    ...(grammar.kinds.garage ?? []),
    ...(grammar.kinds.gate ?? []),
  ].map(fold);
  const words = [...new Set([...verbs, ...kinds])].filter(Boolean);
  if (!words.length) return () => false;
  const pattern = new RegExp(
    `(?:^|\\s)(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?=\\s|$)`,
  );
  return (sentence) => pattern.test(fold(sentence));
}
