// "The tv" is a media player that says it is a TV (HA's device class `tv`), never any media player:
// in a home whose only other player is a speaker, "turn off the tv" must not silence the speaker.
// Home Assistant's fake serves the corpus home plus a TV whose name does not say "TV".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import type { HomeMirror } from "../../src/ha/mirror.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state, MEDIA_VOLUME_MUTE, MEDIA_VOLUME_SET } from "../support/ha-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;
let turn = 0;
// 128 turn on | 256 turn off, as a TV's integration declares them.
const SCREEN = { device_class: "tv", volume_level: 0.3, supported_features: MEDIA_VOLUME_SET | 128 | 256 };
const SPEAKER = {
  volume_level: 0.2,
  is_volume_muted: false,
  supported_features: MEDIA_VOLUME_SET | MEDIA_VOLUME_MUTE | 128 | 256,
};

beforeAll(async () => {
  const home = corpusHome();
  home.entities.push(
    entityRow("media_player.bedroom_screen", { name: "Bedroom Screen", area_id: "bedroom", exposed: true }),
  );
  home.states.set("media_player.bedroom_screen", state("on", SCREEN));
  // A TV whose integration gives no device class, but whose name says what it is.
  home.entities.push(
    entityRow("media_player.kitchen_tv", { name: "Kitchen TV", area_id: "kitchen", exposed: true }),
  );
  home.states.set("media_player.kitchen_tv", state("on", { supported_features: 128 | 256 }));
  ({ ha, mirror, agent, close } = await startLocalHomeAgent(home));
});
afterAll(async () => close?.());
beforeEach(async () => {
  ha.setState("media_player.bedroom_screen", "on", SCREEN);
  ha.setState("media_player.living_room_speaker", "idle", SPEAKER);
  await waitFor("the screen on", () => mirror.entity("media_player.bedroom_screen")?.state === "on");
  ha.serviceCalls.length = 0;
});

const say = (text: string, language: string, deviceId?: string) =>
  agent.handle({ text, language, conversationId: `tv-${turn++}`, ...(deviceId ? { deviceId } : {}) });
const calls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`);

describe("the tv is the media player of device class tv", () => {
  it("'turn off the tv' in six languages turns off the Bedroom Screen, never the Living Room Speaker", async () => {
    const said = [
      ["en", "turn off the tv"],
      ["de", "schalte den Fernseher aus"],
      ["fr", "éteins la télé"],
      ["es", "apaga la tele"],
      ["nl", "zet de televisie uit"],
      ["it", "spegni il televisore"],
    ] as const;
    for (const [language, text] of said) {
      ha.serviceCalls.length = 0;
      await say(text, language, "bedroom_satellite");
      expect(calls(), `${language}: ${text}`).toEqual(["media_player.turn_off media_player.bedroom_screen"]);
      ha.setState("media_player.bedroom_screen", "on", SCREEN);
      await waitFor("the screen on", () => mirror.entity("media_player.bedroom_screen")?.state === "on");
    }
  });

  it("'turn off the tv in the living room', where only a speaker plays, switches nothing", async () => {
    const result = await say("turn off the tv in the living room", "en");
    expect(calls()).toEqual([]);
    expect(result.speech).not.toMatch(/Living Room Speaker/);
  });

  it("a player of no device class whose name says TV is a tv", async () => {
    await say("turn off the television", "en", "kitchen_satellite");
    expect(calls()).toEqual(["media_player.turn_off media_player.kitchen_tv"]);
  });

  it("de: the TV's sound is no speaker's: 'mach den Fernseher im Wohnzimmer leiser' leaves a player of class speaker alone", async () => {
    ha.setState("media_player.living_room_speaker", "idle", { ...SPEAKER, device_class: "speaker" });
    await waitFor(
      "the speaker's class",
      () => mirror.entity("media_player.living_room_speaker")?.attributes.device_class === "speaker",
    );
    ha.serviceCalls.length = 0;
    const result = await say("mach den Fernseher im Wohnzimmer leiser", "de");
    expect(calls()).toEqual([]);
    expect(result.speech).toMatch(/Fernseher/);
  });

  it("'turn the speaker down' still means the speaker", async () => {
    await say("turn the living room speaker down", "en");
    expect(calls()).toEqual(["media_player.volume_set media_player.living_room_speaker"]);
  });
});
