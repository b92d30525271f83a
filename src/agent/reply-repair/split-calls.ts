import type { TextCall } from "./argument-syntax.js";
import { decodeArguments } from "./argument-text.js";
import type { OfferedTools } from "./offered-tools.js";

/** A call read from text, and whether it was joined from two blocks. */
export interface JoinedCall extends TextCall {
  joined?: true;
}

/**
 * One call whose arguments were written over two blocks in a row (`deviceName` in one, `action` in
 * the next): when the two name the same tool, neither is a whole call on its own, no key is given
 * two values, and together they are one whole call, they are that call. Anything else stays as
 * written, and the calls are judged one by one.
 */
export function joinSplitCalls(calls: readonly TextCall[], tools: OfferedTools): JoinedCall[] {
  if (calls.length < 2) return [...calls];
  const out: JoinedCall[] = [];
  for (let i = 0; i < calls.length; i++) {
    const joined = i + 1 < calls.length ? join(calls[i]!, calls[i + 1]!, tools) : undefined;
    if (joined) {
      out.push(joined);
      i++;
    } else out.push(calls[i]!);
  }
  return out;
}

function join(first: TextCall, second: TextCall, tools: OfferedTools): JoinedCall | undefined {
  const a = tools.resolve(first.name);
  const b = tools.resolve(second.name);
  if (!a.ok || !b.ok || a.name !== b.name) return undefined;
  const one = decodeArguments(first.arguments);
  const two = decodeArguments(second.arguments);
  if (!one.ok || !two.ok) return undefined;
  if (!tools.incomplete(a.name, one.args) || !tools.incomplete(a.name, two.args)) return undefined;
  if (Object.keys(two.args).some((key) => Object.hasOwn(one.args, key))) return undefined;
  const args = { ...one.args, ...two.args };
  if (tools.incomplete(a.name, args, true)) return undefined;
  return { name: first.name, arguments: args, joined: true };
}
