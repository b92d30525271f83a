// How /mcp asks a 2026-07-28 client for the user's yes to a held call: an InputRequiredResult with
// one form elicitation (a single boolean), answered in the client's next round of the same call
// (the specification's multi-round-trip pattern, SDK `inputRequired`). The 2025 era has no such
// round and keeps the `confirm` argument (confirm-argument.ts).
import {
  acceptedContent,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputRequiredResult,
} from "@modelcontextprotocol/server";
import { describeHeld } from "../../tools/policy/describe.js";
import type { ToolResult } from "../../tools/types.js";

/** The key of the one input request: the client's answer comes back under it. */
const CONFIRM_INPUT = "confirm";

const confirmSchema = {
  type: "object" as const,
  properties: {
    confirm: {
      type: "boolean" as const,
      title: "Go ahead",
      description: "Yes only if the user wants exactly this done now.",
    },
  },
  required: ["confirm"],
};

/** The question for a held call; `holdId` comes back as the next round's requestState. */
export function confirmationRequest(result: ToolResult, holdId: string): InputRequiredResult {
  const what = describeHeld(result.held?.effects ?? []);
  return inputRequired({
    inputRequests: {
      [CONFIRM_INPUT]: inputRequired.elicit({
        mode: "form",
        message: `${what[0]?.toUpperCase() ?? ""}${what.slice(1)} waits for your yes. Go ahead?`,
        requestedSchema: confirmSchema,
      }),
    },
    requestState: holdId,
  });
}

/** What the client's round answered: yes, no (declined, cancelled or `confirm: false`), or nothing. */
export function confirmationAnswer(
  inputResponses: Record<string, unknown> | undefined,
): "yes" | "no" | undefined {
  const view = inputResponse(inputResponses, CONFIRM_INPUT);
  if (view.kind === "missing") return undefined;
  return acceptedContent(inputResponses, CONFIRM_INPUT)?.[CONFIRM_INPUT] === true ? "yes" : "no";
}

/** The user said no: nothing ran, and the model hears that plainly. */
export function declinedResult(called: string): CallToolResult {
  const message = `Not done: the user did not say yes to ${called}. Nothing was changed.`;
  return {
    content: [{ type: "text", text: message }],
    structuredContent: { ok: false, error: { code: "confirmation_declined", message } },
    isError: true,
  };
}
