// /mcp has no voice to ask with, so a call the action policy holds (src/tools/policy/) needs an
// explicit confirmation argument: `confirm: true`, which the tool's description tells the agent to
// pass only after the user said yes to this exact action. The argument is /mcp's own: it is taken
// out before the call reaches the tool, unless the tool declares a `confirm` of its own (then it
// is passed on, and read as the same yes). A held call without it gets an error result that says
// so, typed (`error.code: "confirmation_required"`) and in words a model acts on.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { isObject } from "../../shared/is-object.js";
import { describeHeld } from "../../tools/policy/describe.js";
import type { JsonSchema, ToolResult } from "../../tools/types.js";

export const CONFIRM_ARGUMENT = "confirm";

const ARGUMENT_DESCRIPTION =
  "Set to true only after the user said yes to this exact action (unlocking, or opening a garage " +
  "door, gate or door, waits for that yes). Never set it on your own.";
const TOOL_NOTE =
  " Unlocking, opening a garage door, gate or door, and disarming wait for the user's yes: call " +
  "again with confirm: true only after the user said yes to this exact action.";

/** The tool as listed on /mcp, with the confirmation argument (unless it has a `confirm` of its own). */
export function withConfirmArgument(
  description: string,
  schema: JsonSchema,
): { description: string; inputSchema: JsonSchema } {
  if (schema.properties?.[CONFIRM_ARGUMENT]) return { description, inputSchema: schema };
  return {
    description: `${description}${TOOL_NOTE}`,
    inputSchema: {
      ...schema,
      properties: {
        ...(schema.properties ?? {}),
        [CONFIRM_ARGUMENT]: { type: "boolean", description: ARGUMENT_DESCRIPTION },
      },
    },
  };
}

/** The call's own arguments, and whether the caller confirmed it. */
export function confirmationOf(
  tool: { inputSchema: JsonSchema } | undefined,
  args: unknown,
): { args: unknown; confirmed: boolean } {
  if (!isObject(args) || !(CONFIRM_ARGUMENT in args)) return { args, confirmed: false };
  const confirmed = args[CONFIRM_ARGUMENT] === true;
  if (tool?.inputSchema.properties?.[CONFIRM_ARGUMENT]) return { args, confirmed };
  const { [CONFIRM_ARGUMENT]: _taken, ...own } = args;
  return { args: own, confirmed };
}

/** A call the policy held, as an MCP tool error: typed, and clear to a model. `viaUseTool`: it came through use_tool. */
export function heldCallResult(result: ToolResult, called: string, viaUseTool = false): CallToolResult {
  const effects = result.held?.effects ?? [];
  const again = viaUseTool
    ? `call use_tool again with the same tool and ${CONFIRM_ARGUMENT}: true among its arguments`
    : `call ${called} again with the same arguments and ${CONFIRM_ARGUMENT}: true`;
  const message =
    `Not done: ${describeHeld(effects)} needs the user's yes first. Ask the user; only if they say yes ` +
    `to this exact action, ${again}.`;
  return {
    content: [{ type: "text", text: message }],
    structuredContent: { ok: false, error: { code: "confirmation_required", message }, held: effects },
    isError: true,
  };
}
