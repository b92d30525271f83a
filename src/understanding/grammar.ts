import { de } from "./grammars/de.js";
import { en } from "./grammars/en.js";
import { es } from "./grammars/es.js";
import { fr } from "./grammars/fr.js";
import { it } from "./grammars/it.js";
import { nl } from "./grammars/nl.js";

import type { FastPathGrammar } from "./grammar-types.js";

/** Every language the fast path speaks, by its code. */
export const GRAMMARS: Record<string, FastPathGrammar> = { en, de, fr, es, nl, it };

/** A reply template with its `{slots}` filled; unknown slots stay as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}
