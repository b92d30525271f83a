// Words that start or connect ("start", "connect", "avvia", "starte", "lance") are no switch of
// the sound, of a kind or of nothing: "audio start" is not an unmute, "connect to lights" not the
// lights switched on. Such sentences are handed on to Home Assistant's agent, and nothing is done
// on a guess; said of a device by its name, or of a plug, whose only start is its power, the word
// still switches it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ ha, agent, close } = await startLocalHomeAgent(corpusHome(), { haAgent: true }));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

const say = (text: string, language: string) =>
  agent.handle({ text, language, conversationId: `start-${Math.random()}`, deviceId: "kitchen_satellite" });

describe("a start word of the sound, a kind or nothing is handed on", () => {
  it.each([
    ["en", "audio start"],
    ["en", "connect to lights"],
    ["en", "start"],
    ["de", "starte audio"],
    ["fr", "lance l'audio"],
    ["es", "inicia el audio"],
    ["nl", "start audio"],
    ["it", "avvia audio"],
    ["it", "avvia"],
  ])("%s: %j switches nothing and goes to Home Assistant's agent", async (language, text) => {
    const asked = ha.conversations.length;
    await say(text, language);
    expect(ha.serviceCalls).toEqual([]);
    expect(ha.conversations.length).toBe(asked + 1);
  });
});

describe("a start word of a device named switches it", () => {
  it.each([
    ["en", "start the kettle"],
    ["de", "starte den Wasserkocher"],
    ["fr", "démarre la bouilloire"],
    ["nl", "start de waterkoker"],
    ["it", "avvia il bollitore"],
  ])("%s: %j switches the kettle on", async (language, text) => {
    await say(text, language);
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.target.entity_id)}`)).toEqual([
      "switch.turn_on switch.kettle",
    ]);
  });
});

describe("a start word of a plug switches the plug", () => {
  it.each([
    ["en", "start the smart plug"],
    ["de", "starte die Steckdose"],
    ["fr", "démarrer la prise intelligente"],
    ["es", "arranca el enchufe"],
    ["nl", "start de stekker"],
    ["it", "avvia la presa"],
  ])("%s: %j switches the kitchen's plug on", async (language, text) => {
    await say(text, language);
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.target.entity_id)}`)).toEqual([
      "switch.turn_on switch.kettle",
    ]);
  });
});
