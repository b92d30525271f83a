// /mcp has no voice to ask with, so a call the action policy holds (src/tools/policy/) is answered
// with an error result that says what it would do and gives a one-time id; the caller, once the
// user said yes to that exact action, sends the same call again with `confirmation_id` set to it
// (open-holds.ts keeps what was held). `confirm: true`, what older clients send, answers the one
// open hold of the same call; never a first call. Both arguments are /mcp's own: taken out before
// the call reaches the tool, unless the tool declares one of its own (then it is passed on, and
// read as the same answer). Results are typed (`error.code`) and in words a model acts on.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { isObject } from "../../shared/is-object.js";
import { describeHeld } from "../../tools/policy/describe.js";
import type { JsonSchema, ToolResult } from "../../tools/types.js";
import type { NoHold, OpenHold } from "./open-holds.js";

export const CONFIRM_ARGUMENT = "confirm";
export const CONFIRMATION_ID_ARGUMENT = "confirmation_id";

const ID_DESCRIPTION =
  "Only when calling again a call that was held for the user's yes (unlocking, or opening a garage " +
  "door, gate or door): the confirmation_id the held result gave, and only after the user said yes " +
  "to that exact action. Never set it on your own.";
const CONFIRM_DESCRIPTION =
  "Older form of confirmation_id: true answers the one held call that is exactly this call, only " +
  "after the user said yes to it. It never runs a call that was not held first.";
const TOOL_NOTE =
  " Unlocking, opening a garage door, gate or door, and disarming wait for the user's yes: such a " +
  "call is held and its result gives a confirmation_id; call again with it only after the user said " +
  "yes to this exact action.";

/** The tool as listed on /mcp, with the confirmation arguments (those it has no own of). */
export function withConfirmArgument(
  description: string,
  schema: JsonSchema,
): { description: string; inputSchema: JsonSchema } {
  const own = schema.properties ?? {};
  if (own[CONFIRM_ARGUMENT] && own[CONFIRMATION_ID_ARGUMENT]) return { description, inputSchema: schema };
  return {
    description: `${description}${TOOL_NOTE}`,
    inputSchema: {
      ...schema,
      properties: {
        ...own,
        ...(own[CONFIRMATION_ID_ARGUMENT]
          ? {}
          : { [CONFIRMATION_ID_ARGUMENT]: { type: "string", description: ID_DESCRIPTION } }),
        ...(own[CONFIRM_ARGUMENT]
          ? {}
          : { [CONFIRM_ARGUMENT]: { type: "boolean", description: CONFIRM_DESCRIPTION } }),
      },
    },
  };
}

/** How a call answers a hold: by its id, by `confirm: true` (older clients), or not at all. */
export type Confirmation = { id: string } | { confirm: true } | undefined;

/** The call's own arguments, and how the caller confirmed it. */
export function confirmationOf(
  tool: { inputSchema: JsonSchema } | undefined,
  args: unknown,
): { args: unknown; confirmation: Confirmation } {
  if (!isObject(args)) return { args, confirmation: undefined };
  const id = args[CONFIRMATION_ID_ARGUMENT];
  const confirmation: Confirmation =
    typeof id === "string" && id.trim() !== ""
      ? { id: id.trim() }
      : args[CONFIRM_ARGUMENT] === true
        ? { confirm: true }
        : undefined;
  const own = { ...args };
  for (const name of [CONFIRM_ARGUMENT, CONFIRMATION_ID_ARGUMENT]) {
    if (!tool?.inputSchema.properties?.[name]) delete own[name];
  }
  return { args: own, confirmation };
}

/**
 * A call the policy held, as an MCP tool error: typed, clear to a model, with the id that answers
 * it. `viaUseTool`: it came through use_tool. `unanswered`: it came with `confirm: true`, which
 * answered no earlier hold.
 */
export function heldCallResult(
  result: ToolResult,
  called: string,
  hold: OpenHold,
  options: { viaUseTool?: boolean; unanswered?: boolean } = {},
): CallToolResult {
  const effects = result.held?.effects ?? [];
  const answer = `${CONFIRMATION_ID_ARGUMENT}: "${hold.id}"`;
  const again = options.viaUseTool
    ? `call use_tool again with the same tool and arguments, and ${answer} among its arguments`
    : `call ${called} again with the same arguments and ${answer}`;
  const message =
    `Not done: ${describeHeld(effects)} needs the user's yes first.` +
    (options.unanswered ? ` confirm: true answered no earlier hold of this call, so it is not a yes.` : "") +
    ` Ask the user; only if they say yes to this exact action, ${again} (within 2 minutes, once).`;
  return {
    content: [{ type: "text", text: message }],
    structuredContent: {
      ok: false,
      error: { code: "confirmation_required", message },
      held: effects,
      confirmation: { id: hold.id, expiresAt: new Date(hold.expiresAt).toISOString() },
    },
    isError: true,
  };
}

const WHY: Record<NoHold, string> = {
  unknown_id: "no open hold has this confirmation_id: it was never given, was used already, or expired",
  other_call: "this confirmation_id is of another call: it answers only the exact call that was held",
  none: "no open hold of this exact call",
  several: "several open holds of this exact call",
};

/** A confirmation that answers no hold: refused, nothing done. */
export function refusedConfirmationResult(why: NoHold, called: string): CallToolResult {
  const message =
    `Not done: ${WHY[why]}. Nothing was run. Call ${called} again without ${CONFIRMATION_ID_ARGUMENT} ` +
    `to have it held and asked anew.`;
  return {
    content: [{ type: "text", text: message }],
    structuredContent: { ok: false, error: { code: "confirmation_invalid", message } },
    isError: true,
  };
}
