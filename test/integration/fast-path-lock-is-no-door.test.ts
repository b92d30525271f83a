// "Is the front door closed?" of a lock: a lock reports locked or unlocked, never whether the door
// stands open, so the answer says what the lock reports, with no yes or no about the door. Asked
// whether it is locked, it answers yes or no.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ ha, agent, close } = await startLocalHomeAgent(corpusHome()));
});
afterAll(async () => close?.());

const say = (text: string, language: string) =>
  agent.handle({ text, language, conversationId: `lock-${Math.random()}` });

describe("a lock asked whether the door is closed", () => {
  it.each([
    ["en", "is the front door closed", "Front Door is locked."],
    ["de", "ist die Haustür zu", "Front Door ist verriegelt."],
    ["fr", "est-ce que la porte d'entrée est fermée", "Front Door est verrouillé."],
    ["es", "¿está cerrada la puerta principal?", "Front Door está bloqueado."],
    ["nl", "is de voordeur dicht", "Front Door is op slot."],
    ["it", "la porta d'ingresso è chiusa?", "Front Door è bloccato."],
  ])("%s: %j says what the lock reports, no yes about the door", async (language, text, said) => {
    const answer = await say(text, language);
    expect(answer.response_type).toBe("query_answer");
    expect(answer.speech).toBe(said);
    expect(ha.serviceCalls).toEqual([]);
  });

  it("asked whether it is locked, the lock answers yes", async () => {
    expect((await say("is our front door locked right now", "en")).speech).toBe("Yes, Front Door is locked.");
  });
});
