// Commands said in ways the fast path once missed or misread, in English, German and Dutch, end
// to end: grammar → names → the registry's tools → the fake Home Assistant. Every sentence is our
// own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let setState: LocalHomeAgent["setState"];
let calls: LocalHomeAgent["serviceCalls"];
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ ha, agent, setState, serviceCalls: calls, close } = await startLocalHomeAgent(corpusHome()));
});
afterAll(async () => close?.());
beforeEach(async () => {
  await setState("light.kitchen_ceiling", "on", { brightness: 128 });
  await setState("light.counter_lights", "off", { brightness: null });
  await setState("light.bedroom_light", "off", { brightness: null });
  await setState("media_player.living_room_speaker", "idle", { volume_level: 0.4, is_volume_muted: false });
  ha.serviceCalls.length = 0;
});

const say = (text: string, language: string, deviceId = "kitchen_satellite") =>
  agent.handle({ text, language, deviceId });

describe("German and Dutch: a light dimmed 'um zehn' with no unit is dimmed at ten o'clock", () => {
  it.each([
    ["de", "dimme das Licht um zehn"],
    ["de", "mach das Licht bitte um acht dunkler"],
    ["de", "mach die Lampen um neun heller"],
    ["nl", "dim het licht om tien"],
    ["nl", "maak de lampen om negen feller"],
  ])("%s: %j is for later: nothing is touched, and the speaker is told", async (language, text) => {
    const result = await say(text, language);
    expect(calls()).toEqual([]);
    expect(result.speech).not.toBe("");
  });

  it.each([
    ["de", "dimme das Licht um zehn Prozent"],
    ["de", "mach das Licht um 10 Prozent dunkler"],
  ])("%s: %j, with its unit, dims the kitchen's light by ten", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual([`light.turn_on light.kitchen_ceiling {"brightness_pct":40}`]);
  });
});
