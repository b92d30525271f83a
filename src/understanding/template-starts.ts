// Which of a grammar's compiled templates can read a sentence, by the sentence's first word. Every
// template is an anchored regex whose words are joined by whitespace (matcher.ts, compile), so one
// that starts with fixed words can only match a sentence that starts with one of them; one that
// starts with a slot ("{name} off") may match any. A sentence no template starts with is then
// tried against the slot-first ones alone, instead of every regex in turn: the matcher ran each
// of a language's several hundred regexes on every sentence the fast path did not know, the LLM
// turn's first step (bench/llm-cpu).

/** The first words a template's regex can start with; undefined when it can start with any word. */
export type Starts = ReadonlySet<string> | undefined;

/** Candidates in the grammar's order, which decides between templates that both read a sentence. */
export function createStartIndex<T extends { starts: Starts }>(compiled: readonly T[]) {
  const open = compiled.filter((t) => t.starts === undefined);
  const known = new Set(compiled.flatMap((t) => [...(t.starts ?? [])]));
  const byWord = new Map<string, readonly T[]>();
  return {
    /** The templates that may read a folded sentence starting with this word. */
    candidates(first: string): readonly T[] {
      if (!known.has(first)) return open;
      let list = byWord.get(first);
      if (!list) {
        list = compiled.filter((t) => t.starts === undefined || t.starts.has(first));
        byWord.set(first, list);
      }
      return list;
    },
  };
}

/** The first word of each alternative (folded words, separated by single spaces). */
export function firstWords(alternatives: readonly string[]): string[] {
  return alternatives.map((a) => a.split(" ")[0]!).filter(Boolean);
}
