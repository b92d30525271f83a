// What is said to the assistant, not asked of the home: thanks is answered at once, in the user's
// language; asking what it can do is answered with what the bridge can do when no language model is
// there to answer it. A command said with thanks is the command. Every sentence is our own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { repliesFor } from "../../src/understanding/spoken-result.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startFakeLlm } from "../support/llm/server.js";
import { agentWithModel, startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let mirror: LocalHomeAgent["mirror"];
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ ha, agent, mirror, close } = await startLocalHomeAgent(corpusHome()));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

describe("thanks", () => {
  it.each([
    ["en", "ok, thank you so much", "You're welcome."],
    ["de", "Super, vielen Dank!", "Gern geschehen."],
    ["fr", "Merci beaucoup", "Avec plaisir."],
    ["es", "¡Muchísimas gracias!", "De nada."],
    ["nl", "Prima, dank je wel", "Graag gedaan."],
    ["it", "Grazie mille", "Prego."],
  ])("%s: %j is answered, and nothing is done", async (language, text, said) => {
    const result = await agent.handle({ text, language });
    expect(result.speech).toBe(said);
    expect(result.response_type).toBe("query_answer");
    expect(ha.serviceCalls).toEqual([]);
  });

  it("a command said with thanks is carried out", async () => {
    const result = await agent.handle({ text: "thanks, now switch the kettle off", language: "en" });
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual(["switch.turn_off"]);
    expect(result.speech).not.toBe("You're welcome.");
  });

  it("is answered without asking the language model", async () => {
    const llm = await startFakeLlm({ script: ["Anytime!"] });
    try {
      const withLlm = await agentWithModel(mirror, llm.openaiUrl);
      expect((await withLlm.handle({ text: "thanks", language: "en" })).speech).toBe("You're welcome.");
      expect(llm.requests).toHaveLength(0);
    } finally {
      await llm.close();
    }
  });
});

describe("what the assistant can do", () => {
  it.each([
    ["en", "ok, what can you do for me?"],
    ["de", "Was kannst du alles?"],
    ["fr", "Qu'est-ce que tu sais faire ?"],
    ["es", "¿Qué puedes hacer?"],
    ["nl", "Wat kun je allemaal?"],
    ["it", "Che cosa sai fare?"],
  ])(
    "%s: %j is answered with what it can do without a language model, not 'I can't do that'",
    async (language, text) => {
      const result = await agent.handle({ text, language });
      expect(result.speech).toBe(repliesFor(language).capabilities);
      expect(ha.serviceCalls).toEqual([]);
    },
  );

  it("is the language model's to answer when there is one, which can do more", async () => {
    const llm = await startFakeLlm({ script: ["I can run your home and answer questions."] });
    try {
      const withLlm = await agentWithModel(mirror, llm.openaiUrl);
      const result = await withLlm.handle({ text: "how can you help me", language: "en" });
      expect(result.speech).toBe("I can run your home and answer questions.");
      expect(llm.requests).toHaveLength(1);
    } finally {
      await llm.close();
    }
  });
});
