// "Is the kitchen light on?": one device's state, said in the grammar's words.
import { fill } from "../grammar.js";
import type { FastPathOutcome } from "../outcome.js";
import { stateWordOf } from "../tool-results.js";
import { isReachable } from "../zwave-names.js";
import type { Turn } from "./turn.js";

export async function answerState(turn: Turn): Promise<FastPathOutcome> {
  const resolved = await turn.resolve(turn.match.name);
  if (resolved.kind === "group") return turn.unsure(turn.replies.cannotYet);
  if (resolved.kind !== "one") return turn.unresolved(resolved);
  const { target } = resolved;
  const { zwave, mirror, memory } = turn.deps;
  memory.remember(turn.request.conversationId, [target]);
  let raw: string;
  const name = target.name;
  if (target.source === "zwave") {
    await zwave.refresh();
    const fresh = zwave.device(target.device.nodeId) ?? target.device;
    // The state the device last reported (never an optimistic value), or why it has none.
    raw = !isReachable(fresh)
      ? fresh.state
      : fresh.on === null
        ? (fresh.value ?? "unknown")
        : fresh.on
          ? "on"
          : "off";
  } else {
    raw = mirror.entity(target.entity.entityId)?.state ?? "unknown";
  }
  const word = stateWordOf(raw);
  const said = word ? turn.grammar.states[word] : raw;
  const asked = turn.match.state;
  const r = turn.replies;
  const template = !asked || !word ? r.stateIs : asked === word ? r.stateYes : r.stateNo;
  return turn.done(fill(template, { name, state: said }), "query_answer");
}
