// Answers that say what the home has and what the bridge can do: volume in a home with no speaker,
// and mute for a while (done now; nothing unmutes it later by itself), in the six languages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { repliesFor } from "../../src/understanding/spoken-result.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let quiet: { ha: FakeHa; agent: ConversationAgent; close(): Promise<void> };
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ ha, agent, close } = await startLocalHomeAgent(corpusHome()));
  // The same home without its one speaker.
  const home = corpusHome();
  home.entities = home.entities.filter((e) => !e.entity_id.startsWith("media_player."));
  quiet = await startLocalHomeAgent(home);
});
afterAll(async () => {
  await close?.();
  await quiet?.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
  quiet.ha.serviceCalls.length = 0;
});

describe("volume in a home with no speaker", () => {
  it.each([
    ["en", "turn the volume up a little"],
    ["de", "mach lauter"],
    ["fr", "monte le son"],
    ["es", "sube el volumen un poco"],
    ["nl", "zet het volume hoger"],
    ["it", "alza un po' il volume"],
  ])("%s: %j says there is no speaker", async (language, text) => {
    const result = await quiet.agent.handle({ text, language });
    expect(quiet.ha.serviceCalls).toEqual([]);
    expect(result.speech).toBe(repliesFor(language).noSpeaker);
  });
});

describe("mute for a while", () => {
  it.each([
    ["en", "mute for 10 minutes"],
    ["de", "stumm für eine Stunde"],
    ["fr", "coupe le son pendant une heure"],
    ["es", "silencia el altavoz durante una hora"],
    ["nl", "een uur stil"],
    ["it", "metti in muto per un'ora"],
  ])("%s: %j mutes the speaker now, and says nothing unmutes it later", async (language, text) => {
    const result = await agent.handle({ text, language });
    expect(
      ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.service_data.is_volume_muted)}`),
    ).toEqual(["media_player.volume_mute true"]);
    expect(result.response_type).toBe("action_done");
    expect(result.speech.endsWith(repliesFor(language).notUndoneLater)).toBe(true);
  });
});

describe("a reading asked of a room with no such sensor", () => {
  it.each([
    ["en", "what's the temperature in the kitchen"],
    ["de", "wie warm ist es in der Küche"],
    ["fr", "quelle est la température dans la cuisine"],
    ["es", "dime la temperatura de la cocina"],
    ["nl", "hoe warm is het in de keuken"],
    ["it", "che temperatura c'è in cucina"],
  ])("%s: %j says where the home measures it", async (language, text) => {
    const result = await agent.handle({ text, language });
    expect(ha.serviceCalls).toEqual([]);
    // The rooms that have a temperature, and no number made up for the kitchen.
    for (const room of ["Office", "Bedroom", "Living Room"]) expect(result.speech).toContain(room);
    expect(result.speech).not.toMatch(/\d/);
  });
});
