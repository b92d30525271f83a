// Every tool answers twice: a text for people (and LLMs), and the same facts typed as
// `structuredContent` (src/zwave/contract.ts) for hosts, on success and on failure alike.
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Confirmation, ZwaveError } from "../contract.js";
import { ZwaveToolError } from "../errors.js";

export function ok(text: string, structuredContent: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: { ok: true, ...structuredContent } };
}

/**
 * An `isError` result whose `structuredContent` still fits the tool's output schema: the MCP SDK
 * server skips validating error results, but its client (`Client.callTool`) validates whatever
 * `structuredContent` a result has.
 */
export function failure(err: ZwaveToolError): CallToolResult {
  const error: ZwaveError = { code: err.code, message: err.message };
  if (err.candidates) error.candidates = err.candidates;
  return {
    content: [{ type: "text", text: err.message }],
    isError: true,
    structuredContent: { ok: false, error },
  };
}

/** Every tool error is an explicit `isError` result with a text the user can act on, and its code. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ZwaveToolError) return failure(err);
    return failure(
      new ZwaveToolError("failed", `Z-Wave error: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
}

/**
 * What a write achieved, in words: "confirmed: Garage Light is on"; "sent; Garage Light
 * acknowledged but still reports off" (the device reported after the write, not the asked state);
 * "sent, but Garage Light has not confirmed; it last reported off" (no report at all). `state` is
 * the device's own last word, never the driver's optimistic value.
 */
export function writeSentence(
  name: string,
  outcome: { confirmation: Confirmation; reportedAfterWrite: boolean },
  state: string,
  asleep: boolean,
): string {
  if (outcome.confirmation !== "none") return `confirmed: ${name} is ${state}`;
  if (outcome.reportedAfterWrite) return `sent; ${name} acknowledged but still reports ${state}`;
  const note = asleep ? ` (${name} is asleep; it applies commands when it wakes up)` : "";
  return `sent, but ${name} has not confirmed${note}; it last reported ${state}`;
}

/** The fields every write result shares (src/zwave/contract.ts `writeOutcome`). */
export function writeFields(outcome: { confirmation: Confirmation; reportedAfterWrite: boolean }) {
  return {
    confirmation: outcome.confirmation,
    confirmed: outcome.confirmation !== "none",
    sent: true,
    reportedAfterWrite: outcome.reportedAfterWrite,
  };
}
