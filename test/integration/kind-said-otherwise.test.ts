// A device's name said with another word for its kind: "the tv socket" for a plug named "TV Plug",
// "Deckenlampe" for a light called "Deckenlicht" (the kind word written joined). Only a device
// named exactly so after the swap is taken; otherwise it is asked or said as before. The local
// agent on the HA websocket fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let home: LocalHomeAgent;

beforeAll(async () => {
  const fake = corpusHome();
  // Two plugs whose names start with another kind's word ("TV"), and say "plug" for their own.
  fake.entities.push(
    entityRow("switch.tv_plug", { original_name: "TV Plug", area_id: "living_room", exposed: true }),
    entityRow("switch.printer_plug", { original_name: "Printer Plug", area_id: "office", exposed: true }),
  );
  fake.states.set("switch.tv_plug", state("off", { device_class: "outlet" }));
  fake.states.set("switch.printer_plug", state("off", { device_class: "outlet" }));
  home = await startLocalHomeAgent(fake, { haAgent: false });
});
afterAll(async () => home?.close());
beforeEach(async () => {
  await home.setState("switch.tv_plug", "off", { device_class: "outlet" });
  await home.setState("light.kitchen_ceiling", "off");
  home.ha.serviceCalls.length = 0;
});

describe("a device's name with another word for its kind", () => {
  it.each([
    ["en", "turn on the tv socket"],
    ["en", "switch the tv outlet on"],
    ["de", "schalte die TV Steckdose an"],
    ["nl", "zet het tv stopcontact aan"],
  ])("%s: %j switches TV Plug", async (language, text) => {
    await home.agent.handle({ text, language, deviceId: "kitchen_satellite" });
    expect(home.serviceCalls()).toEqual(["switch.turn_on switch.tv_plug"]);
  });

  it.each([
    ["de", "schalte die Deckenlampe an"],
    ["de", "Deckenleuchte an"],
    ["nl", "doe de plafondlicht aan"],
  ])("%s: %j, a compound with another kind word, switches the light called so", async (language, text) => {
    // The kitchen's Ceiling Light is called "Deckenlicht" and "plafondlamp" too.
    await home.agent.handle({ text, language, deviceId: "office_satellite" });
    expect(home.serviceCalls()).toEqual(["light.turn_on light.kitchen_ceiling"]);
  });

  it("a name no device has after the swap is not guessed", async () => {
    const result = await home.agent.handle({ text: "turn on the radio socket", language: "en" });
    expect(home.serviceCalls()).toEqual([]);
    expect(result.response_type).not.toBe("action_done");
  });
});
