import { callsIn, type TextCall } from "./argument-syntax.js";
import { LooseReader } from "./loose-json.js";
import { canonicalMarkup, plainMarkup } from "./markup-canon.js";
import { namePattern } from "./named-calls.js";
import type { OfferedTools } from "./offered-tools.js";
import { readArgumentsAt } from "./schema-arguments.js";
import { REASONING } from "./text-call-families.js";

/** A reply has few objects; past these many, the rest is not a reply but a document. */
const MAX_OBJECTS = 16;

/**
 * Every call a text holds wherever it stands, prose around it or not: an offered tool's name
 * followed by arguments its schema reads, and `{"name", "arguments"}` objects. Not a reading of the
 * reply as calls (that is text-calls.ts, which requires the text to be essentially the calls):
 * it is what the text says about calls it also makes in structured form.
 */
export function callsInProse(text: string, tools: OfferedTools): TextCall[] {
  const plain = plainMarkup(canonicalMarkup(text.replace(REASONING, " ")));
  const calls: TextCall[] = [];
  if (tools.names.length) {
    for (const match of plain.matchAll(namePattern(tools.names))) {
      const reading = readArgumentsAt(plain, match.index + match[0].length, tools.schemaOf(match[0]));
      if (reading?.kind === "args") calls.push({ name: match[0], arguments: reading.args });
    }
  }
  let objects = 0;
  for (let at = plain.indexOf("{"); at >= 0 && objects < MAX_OBJECTS; at = plain.indexOf("{", at + 1)) {
    objects++;
    const reader = new LooseReader(plain, at);
    try {
      const inner = callsIn(reader.value());
      if (!inner) continue;
      calls.push(...inner);
      at = reader.pos - 1;
    } catch {
      // not an object here: the next `{` may open one
    }
  }
  return calls;
}
