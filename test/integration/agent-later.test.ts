// A command for a later time ("turn off the kitchen light in 5 minutes", "um 7 Uhr", "demain"):
// the bridge has nothing that runs a command later, so it does nothing now, says so in the
// request's language, and never reads the time as part of a device's name. Home Assistant's
// agent and a language model, whose calls would carry the command out at once, are not asked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { startFakeLlm } from "../support/llm/server.js";
import { repliesFor } from "../../src/understanding/spoken-result.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { agentWithModel, startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;
let mirror: LocalHomeAgent["mirror"];

beforeAll(async () => {
  ({ ha, agent, close, mirror } = await startLocalHomeAgent(corpusHome(), { haAgent: true }));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
  ha.recognitions.length = 0;
  ha.conversations.length = 0;
});

describe("a command for later is not carried out now", () => {
  it.each([
    ["en", "switch the kitchen lights off in 5 minutes"],
    ["en", "turn on the kettle at 7 pm"],
    ["en", "switch on the desk lamp tomorrow"],
    ["de", "Schalte den Wasserkocher in 10 Minuten ein"],
    ["de", "mach das Licht in der Küche um 7 Uhr aus"],
    ["fr", "éteins la bouilloire dans 5 minutes"],
    ["fr", "allume la lampe de bureau demain"],
    ["es", "enciende el hervidor en 5 minutos"],
    ["es", "apaga la luz de la cocina a las 7"],
    ["nl", "zet de waterkoker over 5 minuten aan"],
    ["nl", "doe het licht in de keuken om 7 uur uit"],
    ["it", "accendi il bollitore tra 5 minuti"],
    ["it", "spegni la luce in cucina domani"],
    // A point of the day, or what marks it.
    ["en", "turn the desk lamp on at sunset"],
    ["en", "switch the kettle off when it gets dark"],
    ["de", "mach die Schreibtischlampe bei Sonnenuntergang an"],
    ["fr", "éteins la bouilloire à minuit"],
    ["es", "enciende la lámpara del escritorio al atardecer"],
    ["nl", "zet de waterkoker 's avonds aan"],
    ["it", "accendi la lampada della scrivania al tramonto"],
    ["en", "switch on the desk lamp when the sun goes down"],
    ["de", "schalte die Schreibtischlampe nachts aus"],
    ["es", "enciende la lámpara del escritorio al oscurecer"],
    ["fr", "allume la lampe de bureau quand la nuit tombe"],
    // An hour said bare, after a word that says a time of day there: never a level.
    ["en", "switch on the desk lamp at 9"],
    ["en", "at 6 turn the ceiling light on"],
    ["de", "schalte die Schreibtischlampe um 9 ein"],
    ["nl", "zet de bureaulamp om 9 aan"],
  ])(
    "%s: %j does nothing, says it cannot schedule yet, and is kept from HA's agent",
    async (language, text) => {
      const result = await agent.handle({ text, language });
      expect(ha.serviceCalls).toEqual([]);
      expect(result.speech).toBe(repliesFor(language).notLater);
      expect(result.response_type).toBe("error");
      expect(ha.recognitions).toEqual([]);
      expect(ha.conversations).toEqual([]);
    },
  );

  it("the same command without a time is carried out at once", async () => {
    await agent.handle({ text: "Schalte den Wasserkocher ein", language: "de" });
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual(["switch.turn_on"]);
  });

  it.each([
    ["en", "set the ceiling light to 70 %"],
    ["en", "set the ceiling light at 70"],
    ["en", "set the ceiling light at 9 percent"],
    ["de", "dimme die Deckenlampe um 20 Prozent"],
  ])("a level is not a time: %s %j is set at once", async (language, text) => {
    await agent.handle({ text, language });
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual(["light.turn_on"]);
  });
});

describe("a command for later with a language model behind", () => {
  it.each([
    ["en", "switch the kettle on in 10 minutes"],
    ["de", "Schalte den Wasserkocher in 10 Minuten ein"],
    ["fr", "allume la bouilloire dans 10 minutes"],
    ["es", "enciende el hervidor en 10 minutos"],
    ["nl", "zet de waterkoker over 10 minuten aan"],
    ["it", "accendi il bollitore tra 10 minuti"],
  ])("%s: %j is not given to the model, whose call would run now", async (language, text) => {
    // A model that would switch the kettle on at once.
    const llm = await startFakeLlm({
      script: [
        { toolCalls: [{ name: "control_entity", args: { name: "Kettle", action: "turn_on" } }] },
        "Done.",
      ],
    });
    try {
      const withLlm = await agentWithModel(mirror, llm.openaiUrl);
      const result = await withLlm.handle({ text, language });
      expect(ha.serviceCalls).toEqual([]);
      expect(llm.requests).toHaveLength(0);
      expect(result.speech).toBe(repliesFor(language).notLater);
    } finally {
      await llm.close();
    }
  });
});

describe("a request to set something up for later is the model's, not a command refused", () => {
  it.each([
    ["en", "create an automation that switches the kettle on tomorrow"],
    ["en", "set up a rule that turns the desk lamp off at midnight"],
    ["de", "erstelle eine Automatisierung, die den Wasserkocher bei Sonnenuntergang einschaltet"],
  ])("%s: %j reaches the model, and nothing is switched now", async (language, text) => {
    // A model that answers in words: it would set the automation up with a tool of its own.
    const llm = await startFakeLlm({ script: ["I've set that up."] });
    try {
      const withLlm = await agentWithModel(mirror, llm.openaiUrl);
      const result = await withLlm.handle({ text, language });
      expect(llm.requests).toHaveLength(1);
      expect(result.speech).toBe("I've set that up.");
      expect(ha.serviceCalls).toEqual([]);
      expect(ha.recognitions).toEqual([]);
    } finally {
      await llm.close();
    }
  });

  it("without a model, it is not answered as a command for later", async () => {
    const result = await agent.handle({
      text: "create an automation that switches the kettle on tomorrow",
      language: "en",
    });
    expect(result.speech).not.toBe(repliesFor("en").notLater);
    expect(ha.serviceCalls).toEqual([]);
  });
});
