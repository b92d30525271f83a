// How a spoken or typed name is compared, for every layer that looks things up by name: Home
// Assistant entities and areas, Z-Wave nodes, and the fast path.

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * Folds a name the way people say it: case, accents, apostrophes, punctuation and underscores
 * don't matter, nor does a leading "the". "The Kitchen_Light!" → "kitchen light", "Küche" → "kuche".
 */
export function normalizeName(text: string): string {
  let folded = folds.get(text);
  if (folded === undefined) {
    if (folds.size >= MAX_FOLDS) folds.clear();
    folds.set(text, (folded = fold(text)));
  }
  return folded;
}

/**
 * The home's names are folded again on every turn, each of them many times (every reading of a
 * sentence compares them), so each folding is kept. Bounded: sentences bring new words forever.
 */
const folds = new Map<string, string>();
const MAX_FOLDS = 50_000;

function fold(text: string): string {
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
    .replace(/['\u2019`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^the\s+/, "");
}
