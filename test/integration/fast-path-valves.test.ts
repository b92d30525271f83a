// Home Assistant's valves open and close, as covers do: a group of them turned on is said as opened,
// the way a single valve's reply says it, not as "turned on".
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import type { FakeHa } from "../support/ha-server.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const home = corpusHome();
  for (const [id, name] of [
    ["valve.garden_tap", "Garden Tap"],
    ["valve.pond_tap", "Pond Tap"],
  ] as const) {
    home.entities.push(entityRow(id, { name, area_id: "kitchen", exposed: true }));
    home.states.set(id, state("closed"));
  }
  ({ ha, agent, close } = await startLocalHomeAgent(home));
});
afterAll(async () => close?.());

it("'turn on the covers in the kitchen' opens both valves and says it opened them", async () => {
  const result = await agent.handle({
    text: "turn on the covers in the kitchen",
    language: "en",
    conversationId: "valves",
  });
  expect(result.speech).toBe("Opened Garden Tap and Pond Tap.");
  expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`).sort()).toEqual([
    "valve.open_valve",
    "valve.open_valve",
  ]);
});
