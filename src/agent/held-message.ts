// What the model is told when the action policy held one of its calls: nothing was done, and it
// must ask the user (the yes is heard by agent/pending-actions.ts, which runs the call itself).
import { describeHeld } from "../tools/policy/describe.js";
import type { ToolResult } from "../tools/types.js";

export function heldMessage(result: ToolResult): string {
  const effects = result.held ? describeHeld(result.held.effects) : result.name;
  return (
    `Not done yet: ${effects} needs the user's confirmation. Ask the user to confirm this exact action ` +
    `with yes or no, and do not call ${result.name} again: their yes runs it.`
  );
}
