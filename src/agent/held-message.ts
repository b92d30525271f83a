// What the model is told when the action policy held one of its calls: nothing was done, and the
// bridge asks the user itself (agent/pending-actions.ts hears the yes and runs the call). The turn
// ends on that round; the text stays in the model's context for a later turn.
import { describeHeld } from "../tools/policy/describe.js";
import type { ToolResult } from "../tools/types.js";

export function heldMessage(result: ToolResult): string {
  const effects = result.held ? describeHeld(result.held.effects) : result.name;
  return (
    `Not done yet: ${effects} needs the user's confirmation. The bridge asks the user itself; ` +
    `do not call ${result.name} again: their yes runs it.`
  );
}
