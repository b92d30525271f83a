// A command for a later time ("turn off the kitchen light in 5 minutes", "um 7 Uhr", "demain"):
// the bridge has nothing that runs a command later, so it does nothing now, says so in the
// request's language, and never reads the time as part of a device's name. Home Assistant's
// agent, which would carry the command out at once, is not asked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "../../src/agent/agent.js";
import type { ConversationAgent } from "../../src/agent/types.js";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { homeTools } from "../../src/tools/local/index.js";
import { createActionPolicy } from "../../src/tools/policy/action-policy.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { repliesFor } from "../../src/understanding/spoken-result.js";
import { captureLogger } from "../support/capture-logger.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;
let agent: ConversationAgent;

beforeAll(async () => {
  ha = await startFakeHa({ home: corpusHome() });
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  const { logger } = captureLogger();
  const registry = createToolRegistry({ logger, policy: createActionPolicy({ mirror }) });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  agent = createAgent({ registry, mirror, logger, provider: "local", language: "en" });
});
afterAll(async () => {
  await mirror.close();
  await ha.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
  ha.recognitions.length = 0;
  ha.conversations.length = 0;
});

describe("a command for later is not carried out now", () => {
  it.each([
    ["en", "switch the kitchen lights off in 5 minutes"],
    ["en", "turn on the kettle at 7 pm"],
    ["en", "switch on the desk lamp tomorrow"],
    ["de", "Schalte den Wasserkocher in 10 Minuten ein"],
    ["de", "mach das Licht in der Küche um 7 Uhr aus"],
    ["fr", "éteins la bouilloire dans 5 minutes"],
    ["fr", "allume la lampe de bureau demain"],
    ["es", "enciende el hervidor en 5 minutos"],
    ["es", "apaga la luz de la cocina a las 7"],
    ["nl", "zet de waterkoker over 5 minuten aan"],
    ["nl", "doe het licht in de keuken om 7 uur uit"],
    ["it", "accendi il bollitore tra 5 minuti"],
    ["it", "spegni la luce in cucina domani"],
  ])(
    "%s: %j does nothing, says it cannot schedule yet, and is kept from HA's agent",
    async (language, text) => {
      const result = await agent.handle({ text, language });
      expect(ha.serviceCalls).toEqual([]);
      expect(result.speech).toBe(repliesFor(language).notLater);
      expect(result.response_type).toBe("error");
      expect(ha.recognitions).toEqual([]);
      expect(ha.conversations).toEqual([]);
    },
  );

  it("the same command without a time is carried out at once", async () => {
    await agent.handle({ text: "Schalte den Wasserkocher ein", language: "de" });
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual(["switch.turn_on"]);
  });

  it("a level is not a time: a light set to 70 % is set at once", async () => {
    await agent.handle({ text: "set the ceiling light to 70 %", language: "en" });
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual(["light.turn_on"]);
  });
});
