// Each grammar's `ceiling` words are beginnings of words ("plafonnier" says "plafonniers", "decke"
// says "Deckenlampe"); a short one says so only whole: "main" begins "maintenance" too, and "big"
// begins "bigger".
const SHORT = 4;

/** Whether `word` says a light on the ceiling by one of `words`. */
export const onCeiling = (words: readonly string[]) => (word: string) =>
  words.some((w) => (w.length > SHORT ? word.startsWith(w) : word === w));

/**
 * Whether `word` alone names the ceiling light ("le plafonnier", "der Kronleuchter"): a short word
 * that says which ("the big", "the main") is no name of its own.
 */
export const namesCeilingLight = (words: readonly string[]) => (word: string) =>
  word.length > SHORT && onCeiling(words)(word);
