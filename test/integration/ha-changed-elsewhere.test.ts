// A Home Assistant entity changed elsewhere (its app, an automation, a wall switch HA reports) is
// acted on and spoken of as it is now, 0.3 s later: the mirror applies each `state_changed` as it
// arrives, and a relative command reads the level at the moment it acts. End to end in-process:
// the fast path with no language model, the real tools, mirror and action policy, the HA websocket
// fake; nothing waits for the mirror between the change and the sentence.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

/** How long after Home Assistant's change the sentence comes. */
const SOON_MS = 300;

/** The corpus home with a metered dryer, and blinds that tell their position. */
function home() {
  const h = corpusHome();
  h.entities.push(
    entityRow("sensor.dryer_power", { original_name: "Dryer", area_id: "hallway", exposed: true }),
  );
  h.states.set("sensor.dryer_power", state("1432.5", { device_class: "power", unit_of_measurement: "W" }));
  h.states.set(
    "cover.bedroom_blinds",
    state("open", { device_class: "blind", current_position: 100, supported_features: 15 }),
  );
  return h;
}

describe("a Home Assistant entity changed elsewhere, 0.3 s before the sentence", () => {
  let agent: LocalHomeAgent;
  let turn = 0;
  const say = async (text: string, language = "en") =>
    (await agent.agent.handle({ text, language, conversationId: `elsewhere-${turn++}` })).speech;
  /** Home Assistant reports a change nobody here asked for; the sentence follows soon after. */
  const changedElsewhere = async (entityId: string, value: string, attributes: Record<string, unknown>) => {
    agent.ha.setState(entityId, value, attributes);
    await sleep(SOON_MS);
  };

  beforeAll(async () => {
    agent = await startLocalHomeAgent(home());
  });
  afterAll(async () => agent?.close());
  beforeEach(() => {
    agent.ha.serviceCalls.length = 0;
  });

  it('"dim the ceiling light a bit" steps down from the brightness set elsewhere', async () => {
    await changedElsewhere("light.kitchen_ceiling", "on", { brightness: 204 });
    await say("dim the ceiling light a bit");
    // 204 of 255 is 80 %; one step (25) less.
    expect(agent.serviceCalls()).toEqual(['light.turn_on light.kitchen_ceiling {"brightness_pct":55}']);
  });

  it('"a bit brighter" steps up from the brightness set elsewhere', async () => {
    await changedElsewhere("light.kitchen_ceiling", "on", { brightness: 51 });
    await say("make the ceiling light a bit brighter");
    // 51 of 255 is 20 %; one step (25) more.
    expect(agent.serviceCalls()).toEqual(['light.turn_on light.kitchen_ceiling {"brightness_pct":45}']);
  });

  it("a light switched off elsewhere is not switched back on by a dim, and is said to be off", async () => {
    await changedElsewhere("light.kitchen_ceiling", "off", { brightness: null });
    expect(await say("dim the ceiling light a bit")).toBe("Already off: Ceiling Light.");
    expect(agent.serviceCalls()).toEqual([]);
    expect(await say("is the ceiling light on")).toMatch(/^No\b/);
    await changedElsewhere("light.kitchen_ceiling", "on", { brightness: 128 });
    expect(await say("ist das Ceiling Light an", "de")).toMatch(/^Ja\b/);
  });

  it.each([
    ["en", "halve the volume"],
    ["it", "dimezza il volume"],
  ])("%s: %j halves the volume set elsewhere, not the one before", async (language, text) => {
    await changedElsewhere("media_player.living_room_speaker", "playing", {
      volume_level: 0.8,
      is_volume_muted: false,
    });
    await say(text, language);
    expect(agent.serviceCalls()).toEqual([
      'media_player.volume_set media_player.living_room_speaker {"volume_level":0.4}',
    ]);
  });

  it('"dim the ceiling light by half" halves the brightness set elsewhere; switched off elsewhere, it stays off', async () => {
    await changedElsewhere("light.kitchen_ceiling", "on", { brightness: 204 });
    await say("dim the ceiling light by half");
    // 204 of 255 is 80 %; half of it.
    expect(agent.serviceCalls()).toEqual(['light.turn_on light.kitchen_ceiling {"brightness_pct":40}']);
    agent.ha.serviceCalls.length = 0;
    await changedElsewhere("light.kitchen_ceiling", "off", { brightness: null });
    await say("dim the ceiling light by half");
    expect(agent.serviceCalls()).toEqual([]);
  });

  it("a power reading is the one Home Assistant reported a moment ago", async () => {
    await changedElsewhere("sensor.dryer_power", "0", { device_class: "power", unit_of_measurement: "W" });
    expect(await say("how much power is the dryer using")).toBe("Dryer is using 0 watts.");
  });

  it("blinds moved elsewhere are opened a bit from where they stand now", async () => {
    await changedElsewhere("cover.bedroom_blinds", "open", {
      device_class: "blind",
      current_position: 20,
      supported_features: 15,
    });
    await say("open the bedroom blinds a bit");
    expect(agent.serviceCalls()).toEqual(['cover.set_cover_position cover.bedroom_blinds {"position":45}']);
  });

  it("two lights named together: the one switched off elsewhere stays off, the other dims from now", async () => {
    await changedElsewhere("light.desk_lamp", "on", { brightness: 204 });
    await changedElsewhere("light.bedroom_light", "off", {});
    await say("dim the desk lamp and the bedroom light a bit");
    expect(agent.serviceCalls()).toEqual(['light.turn_on light.desk_lamp {"brightness_pct":55}']);
  });
});
