// A partial name that fits a device in several rooms means the one in the speaker's room, even
// when Home Assistant's resolver ranks another room's device first ("the ceiling" said in the
// bedroom, with "Office Ceiling" the closer name). The local agent on the HA websocket fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let home: LocalHomeAgent;

beforeAll(async () => {
  const fake = corpusHome();
  fake.entities.push(
    entityRow("light.office_ceiling", { original_name: "Office Ceiling", area_id: "office", exposed: true }),
    entityRow("light.bedroom_ceiling_spots", {
      original_name: "Bedroom Ceiling Spots",
      area_id: "bedroom",
      exposed: true,
    }),
  );
  fake.entities.push(
    entityRow("light.office_floor_lamp", {
      original_name: "Office Floor Lamp",
      area_id: "office",
      aliases: ["lampada da terra"],
      exposed: true,
    }),
    entityRow("switch.office_tv", { original_name: "TV", area_id: "office", exposed: true }),
  );
  fake.states.set("light.office_floor_lamp", state("off", { brightness: null }));
  fake.states.set("switch.office_tv", state("off", { device_class: "outlet" }));
  fake.states.set("light.office_ceiling", state("on", { brightness: 255 }));
  fake.states.set("light.bedroom_ceiling_spots", state("on", { brightness: 255 }));
  home = await startLocalHomeAgent(fake, { haAgent: false });
});
afterAll(async () => home?.close());
beforeEach(async () => {
  await home.setState("light.office_ceiling", "on", { brightness: 255 });
  await home.setState("light.bedroom_ceiling_spots", "on", { brightness: 255 });
  home.ha.serviceCalls.length = 0;
});

describe("a partial name in the speaker's room", () => {
  it.each([
    ["en", "turn off the ceiling"],
    ["en", "ceiling off"],
  ])("%s: %j from the bedroom switches the bedroom's, not the office's", async (language, text) => {
    const result = await home.agent.handle({ text, language, deviceId: "bedroom_satellite" });
    expect(home.serviceCalls()).toEqual(["light.turn_off light.bedroom_ceiling_spots"]);
    expect(result.speech).toContain("Bedroom Ceiling Spots");
  });

  it("from the office the same words switch the office's", async () => {
    await home.agent.handle({ text: "turn off the ceiling", language: "en", deviceId: "office_satellite" });
    expect(home.serviceCalls()).toEqual(["light.turn_off light.office_ceiling"]);
  });
});

describe("a word that joins a name's parts names no device by itself", () => {
  it.each([
    ["en", "da light on"],
    ["en", "turn on da lamp"],
    ["en", "switch da lamp on please"],
  ])("%s: %j from the office does not pick the lamp whose alias holds 'da'", async (language, text) => {
    await home.agent.handle({ text, language, deviceId: "office_satellite" });
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["it", "accendi la lampada da terra", "light.turn_on light.office_floor_lamp"],
    ["en", "turn on the office floor lamp", "light.turn_on light.office_floor_lamp"],
    ["en", "turn on the tv", "switch.turn_on switch.office_tv"],
    ["it", "accendi la tv", "switch.turn_on switch.office_tv"],
  ])("%s: %j still switches the device it names", async (language, text, call) => {
    await home.agent.handle({ text, language, deviceId: "office_satellite" });
    expect(home.serviceCalls()).toEqual([call]);
  });
});
