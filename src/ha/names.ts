/** Words that carry no identity in a spoken request ("the light in the kitchen"). */
const STOP_WORDS = new Set(["the", "a", "an", "my", "our", "in", "on", "at", "of", "all"]);

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * Folds a name the way people say it: case, accents, apostrophes, punctuation and underscores
 * don't matter, nor does a leading "the". "The Kitchen_Light!" → "kitchen light".
 */
export function normalizeName(text: string): string {
  // Most names are plain ASCII; skip the Unicode folding for them (it dominates index builds).
  if (PLAIN_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/['`]/g, "")
      .replace(/[^a-z0-9]+/g, " ")
      .trim()
      .replace(/^the\s+/, "");
  }
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^the\s+/, "");
}

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
