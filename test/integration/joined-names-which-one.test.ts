// "Which one?" for a name that fits two devices (a Ceiling Light in the kitchen and another in the
// bedroom), and its answers: when devices were named and joined, the answer does all that was
// named; "never mind" drops the question and says so; "no, the kitchen one" is an answer. The
// local agent on the HA websocket fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let home: LocalHomeAgent;

beforeAll(async () => {
  const fake = corpusHome();
  fake.entities.push(
    entityRow("light.bedroom_ceiling", { original_name: "Ceiling Light", area_id: "bedroom", exposed: true }),
  );
  fake.states.set("light.bedroom_ceiling", state("off"));
  home = await startLocalHomeAgent(fake, { haAgent: false });
});
afterAll(async () => home?.close());
beforeEach(async () => {
  await home.setState("light.bedroom_ceiling", "off");
  await home.setState("light.kitchen_ceiling", "off");
  await home.setState("switch.kettle", "off");
  home.ha.serviceCalls.length = 0;
});

describe("a joined name that fits two devices", () => {
  it("asks which, and does nothing until answered", async () => {
    const result = await home.agent.handle({
      text: "turn on the kettle and the ceiling light",
      language: "en",
      conversationId: "joined-ask",
    });
    expect(result.speech).toBe("Which one do you mean: Ceiling Light (Bedroom) or Ceiling Light (Kitchen)?");
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["the bedroom one", ["light.turn_on light.bedroom_ceiling", "switch.turn_on switch.kettle"]],
    [
      "both",
      [
        "light.turn_on light.bedroom_ceiling",
        "light.turn_on light.kitchen_ceiling",
        "switch.turn_on switch.kettle",
      ],
    ],
  ])("answered %j, switches that and the rest of what was named", async (answer, expected) => {
    const conversationId = `joined-${answer}`;
    await home.agent.handle({
      text: "turn on the kettle and the ceiling light",
      language: "en",
      conversationId,
    });
    await home.agent.handle({ text: answer, language: "en", conversationId });
    expect(home.serviceCalls()).toEqual(expected);
  });
});

describe("answers to which one", () => {
  const ask = (conversationId: string) =>
    home.agent.handle({ text: "turn on the ceiling light", language: "en", conversationId });

  it.each(["nah, never mind then", "forget it", "no thanks"])(
    "%j drops the question and says so",
    async (answer) => {
      await ask(`drop-${answer}`);
      const result = await home.agent.handle({
        text: answer,
        language: "en",
        conversationId: `drop-${answer}`,
      });
      expect(result.speech).toBe("Okay, I won't do that.");
      expect(home.serviceCalls()).toEqual([]);
    },
  );

  it.each([
    ["en", "turn on the ceiling light", "no, the kitchen one"],
    ["de", "schalte Ceiling Light ein", "nein, die in der Küche"],
  ])("%s: after %j, %j, a correction before the answer, is the answer", async (language, text, answer) => {
    const conversationId = `corrected-${language}`;
    await home.agent.handle({ text, language, conversationId });
    await home.agent.handle({ text: answer, language, conversationId });
    expect(home.serviceCalls()).toEqual(["light.turn_on light.kitchen_ceiling"]);
  });
});
