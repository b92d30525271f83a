import type { Translations } from "../translations.js";

export type Words = Translations;

/** The page's words, which the server put into the page in the reader's language. */
export function readWords(): { words: Words; lang: string } {
  const script = document.getElementById("i18n");
  const words = JSON.parse(script?.textContent ?? "{}") as Words;
  return { words, lang: document.documentElement.lang || "en" };
}
