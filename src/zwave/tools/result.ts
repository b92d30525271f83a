import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ZwaveUserError } from "../errors.js";

export function ok(text: string, structuredContent?: Record<string, unknown>): CallToolResult {
  return structuredContent
    ? { content: [{ type: "text", text }], structuredContent }
    : { content: [{ type: "text", text }] };
}

export function failure(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** Every tool error is an explicit `isError` result with a text the user can act on. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ZwaveUserError) return failure(err.message);
    return failure(`Z-Wave error: ${err instanceof Error ? err.message : String(err)}`);
  }
}
