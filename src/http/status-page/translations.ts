// The status page's words in the six languages the add-on speaks, and which one a reader gets:
// the first of the browser's Accept-Language (which Home Assistant's Ingress passes on) that the
// page has, else English. Each language is complete (src/http/status-page/words/).
import { de } from "./words/de.js";
import { en, type Translations } from "./words/en.js";
import { es } from "./words/es.js";
import { fr } from "./words/fr.js";
import { it } from "./words/it.js";
import { nl } from "./words/nl.js";

export type { TranslationKey, Translations } from "./words/en.js";

const languages: Record<string, Translations> = { en, de, fr, es, nl, it };

/** The first language of an Accept-Language header that has translations, else English. */
export function pickLanguage(acceptLanguage: string | undefined): string {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q) : 1, index };
    })
    .filter((l) => l.base && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((l) => l.base in languages)?.base ?? "en";
}

export function translationsFor(language: string): Translations {
  return languages[language] ?? en;
}
