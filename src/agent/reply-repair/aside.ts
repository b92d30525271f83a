/** Longer than a sentence of lead-in is an answer of its own, not an aside to a call. */
const MAX_ASIDE = 160;
/**
 * Words that present a call as an example, a format, an option or a possibility, rather than as what the model
 * does now, in the six languages the bridge speaks.
 */
export const HYPOTHETICAL =
  /\b(?:example|e\.g\.|for instance|would|could|might|maybe|perhaps|possibly|format|syntax|like this|looks like|beispiel|würde|vielleicht|exemple|peut-être|format|ejemplo|quizás|tal vez|formato|voorbeeld|zou|misschien|esempio|forse)\b/i;

/**
 * Text beside tool-call markup that leaves the reply "essentially the markup": nothing, or one
 * short sentence ("Let me do that.") that asks nothing, holds no data or markup and quotes no
 * example.
 */
export function isAside(text: string): boolean {
  const aside = text.trim();
  if (aside === "") return true;
  return aside.length <= MAX_ASIDE && !/[?{}[\]<>|\uFF5C]|\n\s*\n/.test(aside) && !HYPOTHETICAL.test(aside);
}
