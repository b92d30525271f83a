// "Cut the power to the printer", "desenchufa la impresora": the power of a device the home names
// in part (the Printer Plug) is that device, switched; the power of a place is no command to guess
// (its plugs, everything there, never its lights alone), so nothing is switched.
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
    entityRow("switch.printer_plug", {
      name: "Printer Plug",
      area_id: "office",
      aliases: [
        "Druckersteckdose",
        "prise de l'imprimante",
        "enchufe de la impresora",
        "printerstekker",
        "presa della stampante",
      ],
      exposed: true,
    }),
  );
  home.states.set("switch.printer_plug", state("on", { device_class: "outlet" }));
  ({ ha, agent, close } = await startLocalHomeAgent(home));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

const say = (text: string, language: string) =>
  agent.handle({ text, language, conversationId: `power-${turn++}` });
const calls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`);

describe("the power of a device named in part", () => {
  it.each([
    ["en", "power off the printer"],
    ["en", "cut the power to the printer"],
    ["en", "unplug the printer"],
    ["es", "desenchufa la impresora"],
    ["es", "quita la corriente de la impresora"],
    ["it", "togli la corrente alla stampante"],
  ])("%s: %j switches the Printer Plug off", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual(["switch.turn_off switch.printer_plug"]);
  });

  it.each([
    ["es", "enchufa la impresora"],
    ["nl", "zet de stroom van de printer aan"],
    ["de", "schalte den Strom für den Drucker ein"],
    ["it", "dai corrente alla stampante"],
  ])("%s: %j switches the Printer Plug on", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual(["switch.turn_on switch.printer_plug"]);
  });
});

describe("the power of a place", () => {
  it.each([
    ["en", "cut the power to the office"],
    ["en", "unplug the kitchen"],
    ["es", "desenchufa la cocina"],
    ["es", "corta la corriente de la oficina"],
    ["de", "schalte den Strom für die Küche aus"],
    ["it", "togli la corrente in cucina"],
  ])("%s: %j switches nothing", async (language, text) => {
    const result = await say(text, language);
    expect(calls()).toEqual([]);
    expect(result.response_type).not.toBe("action_done");
  });
});
