// Which of a grammar's compiled templates can read a sentence, by the sentence's words. Every
// template is an anchored regex whose words are joined by whitespace (matcher.ts, compile), so one
// that starts with fixed words can only match a sentence that starts with one of them; one that
// starts with a slot ("{name} off") may match any. A sentence no template starts with is then
// tried against the slot-first ones alone, instead of every regex in turn: the matcher ran each
// of a language's several hundred regexes on every sentence the fast path did not know, the LLM
// turn's first step (bench/llm-cpu). The same holds of each word a template requires after its
// start ("off" of "{name} off"): a sentence without one of its alternatives is not tried, and a
// regex never tried is never compiled (V8 compiles one on its first run).

/** The first words a template's regex can start with; undefined when it can start with any word. */
export type Starts = ReadonlySet<string> | undefined;

/**
 * The words a template's regex cannot match without: for each fixed part it requires, the first
 * word of each of its alternatives ("(in the|at)" → "in", "at"); one of them stands, as a whole
 * word, in any sentence it matches.
 */
export type Needs = ReadonlyArray<readonly string[]>;

/** Candidates in the grammar's order, which decides between templates that both read a sentence. */
export function createStartIndex<T extends { starts: Starts; needs: Needs }>(compiled: readonly T[]) {
  const open = compiled.filter((t) => t.starts === undefined);
  const known = new Set(compiled.flatMap((t) => [...(t.starts ?? [])]));
  const byWord = new Map<string, readonly T[]>();
  return {
    /** The templates that may read a folded sentence, given as its words. */
    candidates(words: readonly string[]): T[] {
      const first = words[0] ?? "";
      let list = known.has(first) ? byWord.get(first) : open;
      if (!list) {
        list = compiled.filter((t) => t.starts === undefined || t.starts.has(first));
        byWord.set(first, list);
      }
      const said = new Set(words);
      return list.filter((t) => t.needs.every((any) => any.some((w) => said.has(w))));
    },
  };
}

/** The first word of each alternative (folded words, separated by single spaces). */
export function firstWords(alternatives: readonly string[]): string[] {
  return alternatives.map((a) => a.split(" ")[0]!).filter(Boolean);
}
