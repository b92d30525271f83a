// "The overhead light", "Deckenlampe", "la luz del techo": a light said by where it hangs is the one
// whose name says so, in whichever of the six languages the home named it; never another room's on
// a guess. Home Assistant's fake serves the corpus home plus a bedroom light named in German and a
// second office light whose name says nothing of the ceiling.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;
let turn = 0;

beforeAll(async () => {
  const home = corpusHome();
  home.entities.push(
    entityRow("light.bedroom_deckenleuchte", { name: "Deckenleuchte", area_id: "bedroom", exposed: true }),
    entityRow("light.office_spot", { name: "Office Spot", area_id: "office", exposed: true }),
  );
  home.states.set("light.bedroom_deckenleuchte", state("off", { supported_color_modes: ["onoff"] }));
  home.states.set("light.office_spot", state("off", { supported_color_modes: ["onoff"] }));
  // A living room whose floor lamp another language names "lampadaire", and a hallway with a pendant.
  home.entities.push(
    entityRow("light.living_room_ceiling", {
      name: "Living Room Ceiling",
      area_id: "living_room",
      exposed: true,
    }),
    entityRow("light.floor_lamp", {
      name: "Floor Lamp",
      area_id: "living_room",
      aliases: ["Stehlampe", "lampadaire", "lámpara de pie", "staande lamp", "lampada da terra"],
      exposed: true,
    }),
    entityRow("light.hallway_pendant", { name: "Hallway Pendant", area_id: "hallway", exposed: true }),
    entityRow("light.hallway_sconce", { name: "Hallway Sconce", area_id: "hallway", exposed: true }),
    // Lights in no area whose own names begin with a word for the ceiling light; the kitchen's
    // ceiling light has "plafonnier" for an alias.
    entityRow("light.conservatory_main", { name: "Hauptlampe Wintergarten", exposed: true }),
    entityRow("light.veranda_ceiling", { name: "Plafonnier Veranda", exposed: true }),
  );
  for (const id of [
    "light.living_room_ceiling",
    "light.floor_lamp",
    "light.hallway_pendant",
    "light.hallway_sconce",
    "light.conservatory_main",
    "light.veranda_ceiling",
  ])
    home.states.set(id, state("off", { supported_color_modes: ["onoff"] }));
  ({ ha, agent, close } = await startLocalHomeAgent(home));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

const say = (text: string, language: string, deviceId: string) =>
  agent.handle({ text, language, conversationId: `ceiling-${turn++}`, deviceId });
const calls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`);

describe("a light said by where it hangs", () => {
  it.each([
    ["en", "turn on the overhead light", "light.kitchen_ceiling"],
    ["es", "enciende la lámpara del techo", "light.kitchen_ceiling"],
    ["it", "accendi la luce del soffitto", "light.kitchen_ceiling"],
    // A chandelier hangs from the ceiling.
    ["en", "turn on the chandelier", "light.kitchen_ceiling"],
    ["de", "mach den Kronleuchter an", "light.kitchen_ceiling"],
    ["fr", "allume le lustre", "light.kitchen_ceiling"],
    ["es", "enciende la lámpara de araña", "light.kitchen_ceiling"],
    ["nl", "doe de kroonluchter aan", "light.kitchen_ceiling"],
    // The big light of a room.
    ["es", "enciende la luz grande", "light.kitchen_ceiling"],
    ["it", "accendi la luce grande", "light.kitchen_ceiling"],
  ])("%s: %j from the kitchen is its ceiling light", async (language, text, entity) => {
    await say(text, language, "kitchen_satellite");
    expect(calls()).toEqual([`light.turn_on ${entity}`]);
  });

  it.each([
    ["it", "accendi la lampada del soffitto"],
    ["fr", "allume la lumière du plafond"],
    ["en", "turn on the overhead lights"],
  ])("%s: %j from the bedroom is the light named 'Deckenleuchte'", async (language, text) => {
    await say(text, language, "bedroom_satellite");
    expect(calls()).toEqual(["light.turn_on light.bedroom_deckenleuchte"]);
  });

  it.each([
    ["en", "turn on the overhead light in the bedroom"],
    ["de", "Mach die Deckenlampe im Schlafzimmer an"],
    ["es", "enciende la luz del techo del dormitorio"],
  ])("%s: %j from the office is the bedroom's", async (language, text) => {
    await say(text, language, "office_satellite");
    expect(calls()).toEqual(["light.turn_on light.bedroom_deckenleuchte"]);
  });

  it.each([
    ["en", "turn on the pendant in the hallway"],
    ["it", "accendi il lampadario dell'ingresso"],
    ["de", "mach die Hängelampe im Flur an"],
    ["nl", "doe de hanglamp in de gang aan"],
    ["fr", "allume la suspension de l'entrée"],
    ["es", "enciende la lámpara colgante del pasillo"],
  ])("%s: %j is the hallway's pendant, a light that hangs from the ceiling", async (language, text) => {
    await say(text, language, "kitchen_satellite");
    expect(calls()).toEqual(["light.turn_on light.hallway_pendant"]);
  });

  it("de: a name that begins with a word for the ceiling light is still found when mistyped", async () => {
    // Said where no room is known: the name alone says which light.
    await agent.handle({
      text: "schalte die Hauptlampe Wintergartn an",
      language: "de",
      conversationId: `ceiling-${turn++}`,
    });
    expect(calls()).toEqual(["light.turn_on light.conservatory_main"]);
  });

  it.each([undefined, "kitchen_satellite"])(
    "fr: a mistyped name that begins with another light's alias is that name, never the alias alone (satellite: %s)",
    async (deviceId) => {
      const answer = await agent.handle({
        text: "allume le Plafonnier Verranda",
        language: "fr",
        conversationId: `ceiling-${turn++}`,
        ...(deviceId ? { deviceId } : {}),
      });
      expect(calls()).toEqual(["light.turn_on light.veranda_ceiling"]);
      expect(answer.speech).toMatch(/^Plafonnier Veranda /);
    },
  );

  it("fr: a word nobody knows after a light's alias is no word to leave out: nothing is switched", async () => {
    const answer = await say("allume le plafonnier mezzanine", "fr", "kitchen_satellite");
    expect(calls()).toEqual([]);
    expect(answer.speech).toMatch(/plafonnier mezzanine/i);
  });

  it("it: 'accendi il lampadario del soggiorno' is the chandelier, never the floor lamp another language calls 'lampadaire'", async () => {
    await say("accendi il lampadario del soggiorno", "it", "kitchen_satellite");
    expect(calls()).toEqual(["light.turn_on light.living_room_ceiling"]);
  });

  it("from a room with no such light, which of its own is asked, never another room's", async () => {
    const answer = await say("turn on the overhead light", "en", "office_satellite");
    expect(calls()).toEqual([]);
    expect(answer.speech).toMatch(/Desk Lamp.*Office Spot|Office Spot.*Desk Lamp/);
    expect(answer.speech).not.toMatch(/Ceiling Light|Deckenleuchte/);
  });
});
