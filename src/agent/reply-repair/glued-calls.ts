import { decodeArguments } from "./argument-text.js";
import type { OfferedTools } from "./offered-tools.js";

/**
 * Objects glued into one arguments string (`{A}{B}`, a proxy that never bumps the call index):
 * when each object alone is a whole call of the tool, they are that many calls, the same object
 * twice being one. Undefined when they are not (halves of one call, which the argument decoder
 * joins, or objects that are no call on their own: then which one was meant is a guess).
 */
export function gluedCalls(
  parsed: unknown,
  tool: string,
  tools: OfferedTools,
): Array<Record<string, unknown>> | undefined {
  // Most argument strings hold one object: only text with a `}` followed by a `{` is decoded here.
  if (typeof parsed !== "string" || !/\}\s*,?\s*\{/.test(parsed)) return undefined;
  const decoded = decodeArguments(parsed);
  const objects = decoded.glued;
  if (!objects || objects.some((args) => tools.incomplete(tool, args, true) !== undefined)) return undefined;
  return objects;
}
