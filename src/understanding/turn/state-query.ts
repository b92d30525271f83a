// "Is the kitchen light on?": one device's state, said in the grammar's words.
import { fill } from "../grammar.js";
import type { FastPathOutcome } from "../outcome.js";
import { stateWordOf } from "../tool-results.js";
import type { Turn } from "./turn.js";

export async function answerState(turn: Turn): Promise<FastPathOutcome> {
  const resolved = await turn.resolve(turn.match.name);
  if (resolved.kind === "group") return turn.unsure(turn.replies.cannotYet);
  if (resolved.kind !== "one") return turn.unresolved(resolved);
  const { target } = resolved;
  const { catalog, mirror, memory } = turn.deps;
  memory.remember(turn.request.conversationId, [target]);
  let raw: string;
  let name = target.name;
  if (target.source === "zwave") {
    const fresh =
      (await catalog.devices({ refresh: true })).find((d) => d.nodeId === target.device.nodeId) ??
      target.device;
    raw = fresh.online ? (fresh.value ?? "unknown") : fresh.state;
    name = fresh.name;
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
