import { expect, it } from "vitest";
import { createTurnLog } from "../../src/agent/turn-log.js";
import type { TurnRecord } from "../../src/agent/types.js";

function turn(id: number, result: string): TurnRecord {
  return {
    id,
    text: "list the devices",
    language: "en",
    handledBy: "llm",
    startedAt: new Date(0).toISOString(),
    ms: 1,
    speech: "Here they are.",
    conversation_id: `c${id}`,
    response_type: "query_answer",
    tool_calls: [
      { name: "list_zwave_devices", arguments: {}, normalized_arguments: {}, result, ok: true, ms: 1 },
    ],
  };
}

it("keeps the last turns only, and cuts a long tool result, as the page shows it", () => {
  const log = createTurnLog(3);
  const seen: TurnRecord[] = [];
  log.onTurn((t) => seen.push(t));
  const long = "Node 7: Hall Light, on\n".repeat(5_000);
  for (let id = 1; id <= 5; id++) log.add(turn(id, id === 5 ? long : "Node 2: Switch One, off"));

  const recent = log.recent();
  expect(recent.map((t) => t.id)).toEqual([3, 4, 5]);
  expect(recent[0]!.tool_calls[0]!.result).toBe("Node 2: Switch One, off");
  const cut = recent[2]!.tool_calls[0]!.result;
  expect(cut.length).toBeLessThan(2_100);
  expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  expect(cut.endsWith("…")).toBe(true);
  expect(seen.at(-1)).toBe(recent[2]);
});
