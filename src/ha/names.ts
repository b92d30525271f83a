/** Words that carry no identity in a spoken request ("the light in the kitchen"). */
const STOP_WORDS = new Set(["the", "a", "an", "my", "our", "in", "on", "at", "of", "all"]);

/** Folds plain plurals, so "lights" finds a "Light" and "blinds" a "Blind". */
function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/** The meaningful words of an already normalised name, plurals folded. */
export function nameTokens(normalized: string): string[] {
  return normalized
    .split(" ")
    .filter((word) => word !== "" && !STOP_WORDS.has(word))
    .map(singular);
}

/** `light.kitchen_ceiling` and the like: a query that is an entity id is looked up as one. */
export function looksLikeEntityId(text: string): boolean {
  return /^[a-z0-9_]+\.[a-z0-9_]+$/.test(text.trim());
}
