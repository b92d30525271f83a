// Why a tool call failed, as a code: what a host says to people and branches on, never the English
// text a tool wrote for the model. The Z-Wave server's codes (src/zwave/contract.ts) are the model;
// the bridge's local tools return theirs the same way (`structuredContent.error.code`), and the
// registry gives its own failures one too.
import { ZWAVE_ERROR_CODES } from "../zwave/contract.js";
import { isObject } from "../shared/is-object.js";

export const TOOL_ERROR_CODES = [
  // A tool's own: the Z-Wave server's, which the local tools share where they mean the same.
  ...ZWAVE_ERROR_CODES,
  /** The entity is not exposed to Assist, so the bridge will not use it. */
  "not_exposed",
  /** Home Assistant is not configured or not connected: its devices cannot be seen or acted on. */
  "home_unavailable",
  // The registry's: the call did not reach a tool, or the tool did not finish.
  "unknown_tool",
  "invalid_arguments",
  /** The tool's MCP server is down (restarting, or not reachable). */
  "unavailable",
  "timeout",
  "cancelled",
  /** The action policy held the call for the user's yes: it did not run (src/tools/policy/). */
  "confirmation_required",
] as const;
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

const KNOWN = new Set<string>(TOOL_ERROR_CODES);

/** The code in a tool's structuredContent (`{ error: { code } }`), when it is one of ours. */
export function errorCodeOf(structured: Record<string, unknown> | undefined): ToolErrorCode | undefined {
  const error = structured?.error;
  const code = isObject(error) ? error.code : undefined;
  return typeof code === "string" && KNOWN.has(code) ? (code as ToolErrorCode) : undefined;
}

/** A local tool's failure: the text for the model, and the code and text typed beside it. */
export function toolFailure(
  code: ToolErrorCode,
  text: string,
): { text: string; isError: true; structuredContent: Record<string, unknown> } {
  return { text, isError: true, structuredContent: { ok: false, error: { code, message: text } } };
}
