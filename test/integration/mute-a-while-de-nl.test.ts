// Mute for a while said loosely or in parts of a day, in German and Dutch: done now, and the user
// told that nothing unmutes it later by itself; a day said after "in" stays a later time. A span
// said bare is a duration in both ("zehn Minuten an"), of any command.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { repliesFor } from "../../src/understanding/spoken-result.js";
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
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

describe("mute for a while, said loosely or in parts of a day", () => {
  it.each([
    ["de", "stumm für eine Weile"],
    ["de", "sei für den Rest des Tages leise"],
    ["de", "sei den ganzen Abend still"],
    ["nl", "wees een uurtje stil"],
    ["nl", "wees voor een tijdje stil"],
    ["nl", "wees de rest van de dag stil"],
  ])("%s: %j mutes the speaker now, and says nothing unmutes it later", async (language, text) => {
    const result = await agent.handle({ text, language });
    expect(
      ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.service_data.is_volume_muted)}`),
    ).toEqual(["media_player.volume_mute true"]);
    expect(result.speech.endsWith(repliesFor(language).notUndoneLater)).toBe(true);
  });

  it("de: 'in zwei Tagen' is a later time, and nothing is done now", async () => {
    const result = await agent.handle({
      text: "mach das Licht im Schlafzimmer in zwei Tagen an",
      language: "de",
    });
    expect(ha.serviceCalls).toEqual([]);
    expect(result.speech).toBe(repliesFor("de").notLater);
  });
});

describe("a span said bare is how long, in German and Dutch ('mach das Licht zehn Minuten an')", () => {
  it.each([
    ["de", "schalte das Schlafzimmerlicht zwanzig Minuten ein"],
    ["de", "mach das Licht im Schlafzimmer eine Stunde an"],
    ["nl", "doe de slaapkamerlamp twintig minuten aan"],
    ["nl", "zet het licht in de slaapkamer een uur aan"],
  ])(
    "%s: %j switches the bedroom light on now, and says nothing switches it off later",
    async (language, text) => {
      const result = await agent.handle({ text, language });
      expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual(["light.turn_on"]);
      expect(result.speech.endsWith(repliesFor(language).notUndoneLater)).toBe(true);
    },
  );

  it.each([
    ["de", "mach das Licht im Schlafzimmer in zwanzig Minuten an"],
    ["nl", "doe de slaapkamerlamp over twintig minuten aan"],
    ["en", "switch the bedroom light on twenty minutes"],
  ])("%s: %j, a later time or not said as a duration, is not done now", async (language, text) => {
    await agent.handle({ text, language });
    expect(ha.serviceCalls).toEqual([]);
  });
});
