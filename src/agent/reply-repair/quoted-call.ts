import { specialTokens } from "../../shared/special-tokens.js";
import { HYPOTHETICAL } from "./aside.js";
import { LooseReader } from "./loose-json.js";
import { hasCallMarkup, speechOf } from "./markup.js";

/** For `replace()` only, which starts from the beginning and leaves `lastIndex` at 0: safe to share. */
const SPECIAL_TOKENS = specialTokens();
/** A fenced block, or a tag with everything up to its own closing tag (a call's whole markup). */
const FENCE = /```[\s\S]*?(?:```|$)/g;
const TAG_SPAN = /<([A-Za-z_][\w:.|-]*)(?:\s[^<>]*)?>[\s\S]*?<\/\1\s*>/g;
const STRAY_TAG = /<\/?[A-Za-z_][\w:.|-]*(?:\s[^<>]*)?\/?>/g;

/**
 * What the user hears of a reply that shows or quotes a call rather than making one ("a call would
 * look like …", "I would send … but which lamp?"): its words without the markup. Such a reply is
 * not corrected into a call, since the correction would ask the model to run what nobody asked for.
 * Undefined when the reply does not present its markup as an example or a question; an empty
 * string when no words are left once the markup is gone.
 */
export function quotedCallProse(text: string, toolNames: readonly string[]): string | undefined {
  const prose = withoutMarkup(speechOf(text));
  if (!HYPOTHETICAL.test(prose) && !prose.includes("?")) return undefined;
  return hasCallMarkup(prose, toolNames) || !/\p{L}{2,}/u.test(prose) ? "" : prose;
}

function withoutMarkup(text: string): string {
  let out = text.replace(FENCE, " ");
  for (let depth = 0; depth < 3; depth++) out = out.replace(TAG_SPAN, " ");
  out = withoutObjects(out.replace(SPECIAL_TOKENS, " ").replace(STRAY_TAG, " "));
  return out
    .replace(/[ \t]+/g, " ")
    .replace(/\s+([.,;:!?])/g, "$1")
    .replace(/\n\s*\n\s*/g, "\n")
    .trim();
}

/** The text without the JSON or Python objects in it. */
function withoutObjects(text: string): string {
  let out = "";
  let from = 0;
  for (let at = text.indexOf("{"); at >= 0; at = text.indexOf("{", from)) {
    const reader = new LooseReader(text, at);
    try {
      reader.value();
    } catch {
      out += text.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    out += `${text.slice(from, at)} `;
    from = reader.pos;
  }
  return out + text.slice(from);
}
