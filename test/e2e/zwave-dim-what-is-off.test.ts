// "Dim the kitchen light a bit" said just after the light was switched off elsewhere leaves it off
// and says so, in six languages, behind either transport (Z-Wave JS UI's gateway simulated on a real
// Mosquitto; the real zwave-js driver with its mock controller behind @zwave-js/server).
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import {
  bridgeOptionsFor,
  startBackend,
  type TransportName,
  type ZwaveBackend,
} from "../support/zwave-backends.js";

/** How long after the device's report the sentence comes. */
const SOON_MS = 300;

describe.each<TransportName>(["mqtt", "websocket"])("dimming a light that is off, over %s", (transport) => {
  let backend: ZwaveBackend;
  let bridge: BridgeProcess;
  const say = async (text: string, language: string) =>
    (await converse("127.0.0.1", bridge.wyomingPort, { text, language })).response.speech;

  beforeAll(async () => {
    backend = await startBackend(transport);
    bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptionsFor(backend) });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 90_000);

  afterAll(async () => {
    await bridge?.stop();
    await backend?.stop();
  });

  it("is left off and said to be off, in six languages", async () => {
    const cases: Array<[string, string, string]> = [
      ["en", "dim the kitchen light a bit", "Already off: Kitchen Light."],
      ["de", "Mach das Kitchen Light ein bisschen dunkler", "Schon aus: Kitchen Light."],
      ["fr", "baisse un peu la Kitchen Light", "Déjà éteint : Kitchen Light."],
      ["es", "baja un poco la Kitchen Light", "Ya está apagado: Kitchen Light."],
      ["nl", "dim de Kitchen Light een beetje", "Al uit: Kitchen Light."],
      ["it", "abbassa un po' la Kitchen Light", "Già spento: Kitchen Light."],
    ];
    for (const [language, text, speech] of cases) {
      await backend.levelAtTheWall("dimmer", 60);
      await sleep(1000);
      await backend.levelAtTheWall("dimmer", 0);
      await sleep(SOON_MS);
      expect(await say(text, language), `${language}: ${text}`).toBe(speech);
      expect(backend.dimmerAtDevice(), text).toBe(0);
    }
  }, 90_000);
});
