/** Words that carry no identity in a spoken request ("the light in the kitchen"). */
const STOP_WORDS = new Set(["the", "a", "an", "my", "our", "in", "on", "at", "of", "all"]);

/**
 * Folds a name the way people say it: case, accents, apostrophes, punctuation and underscores
 * don't matter, nor does a leading "the". "The Kitchen_Light!" → "kitchen light".
 */
export function normalizeName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^the\s+/, "");
}

/** The meaningful words of an already normalised name. */
export function nameTokens(normalized: string): string[] {
  return normalized.split(" ").filter((word) => word !== "" && !STOP_WORDS.has(word));
}

/** `light.kitchen_ceiling` and the like: a query that is an entity id is looked up as one. */
export function looksLikeEntityId(text: string): boolean {
  return /^[a-z0-9_]+\.[a-z0-9_]+$/.test(text.trim());
}
