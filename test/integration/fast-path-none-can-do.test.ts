// What nothing asked for can do is said, never done: by name while a reply can list the devices,
// by their number past that ("make every light in the house blue" in a home of white lights would
// otherwise read out every light). End to end in-process: the agent with no language model, the
// real tools and mirror, the HA websocket fake. Every sentence is our own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

/** The corpus home's five exposed white lights (its attic light is not exposed), and four more: nine, none with a colour. */
function home() {
  const h = corpusHome();
  for (const [id, name, area] of [
    ["light.hall_spots", "Hall Spots", "hallway"],
    ["light.bathroom_mirror", "Bathroom Mirror", "bathroom"],
    ["light.porch", "Porch Light", "hallway"],
    ["light.shelf", "Shelf Light", "office"],
  ] as const) {
    h.entities.push(entityRow(id, { original_name: name, area_id: area, exposed: true }));
    h.states.set(id, state("off", { supported_color_modes: ["brightness"], brightness: null }));
  }
  return h;
}

beforeAll(async () => {
  ({ ha, agent, close } = await startLocalHomeAgent(home()));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

let turn = 0;
const say = (text: string, language = "en") =>
  agent.handle({ text, language, conversationId: `none-can-${turn++}` });

describe("a colour none of the lights can show", () => {
  it.each([
    ["en", "make the kitchen lights blue", "Ceiling Light and Counter Lights can't do that."],
    ["de", "mach die Lichter in der Küche blau", "Das können Ceiling Light und Counter Lights nicht."],
    ["es", "pon las luces de la cocina en azul", "Ceiling Light y Counter Lights no pueden hacer eso."],
    ["it", "metti le luci della cucina in blu", "Ceiling Light e Counter Lights non possono farlo."],
    ["nl", "maak de lampen in de keuken blauw", "Dat kunnen Ceiling Light en Counter Lights niet."],
  ])(
    "%s: is said of the two kitchen lights by name, the verb in the plural, and nothing is sent",
    async (language, text, said) => {
      const result = await say(text, language);
      expect(result.speech).toBe(said);
      expect(ha.serviceCalls).toEqual([]);
    },
  );

  it.each([
    ["en", "make every light in the house blue", "None of those 9 devices can do that."],
    ["de", "mach alle Lichter im Haus blau", "Keines der 9 Geräte kann das."],
    ["fr", "mets toutes les lumières de la maison en bleu", "Aucun de ces 9 appareils ne sait faire cela."],
  ])(
    "%s: is said of the whole home's nine lights by their number, and nothing is sent",
    async (language, text, said) => {
      const result = await say(text, language);
      expect(result.speech).toBe(said);
      expect(ha.serviceCalls).toEqual([]);
    },
  );
});
