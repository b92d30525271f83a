// "How far open is the shutter?" asked of the built add-on over Wyoming with no language model, in
// six languages: answered from the position the device last reported, a moment after it moved
// elsewhere. Behind either Z-Wave transport (Z-Wave JS UI's gateway simulated on a real Mosquitto;
// the real zwave-js driver with its mock controller behind @zwave-js/server), and of a Home
// Assistant cover through the mirror (HA's websocket fake, its `state_changed` events).
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { converse } from "../support/wyoming-client.js";
import {
  SHUTTER,
  bridgeOptionsFor,
  startBackend,
  type TransportName,
  type ZwaveBackend,
} from "../support/zwave-backends.js";

type Language = "en" | "de" | "fr" | "es" | "nl" | "it";

/** How long after the move elsewhere the question comes: the device reported it a moment ago. */
const SOON_MS = 300;

describe.each<TransportName>(["mqtt", "websocket"])("a Z-Wave shutter's position, over %s", (transport) => {
  let backend: ZwaveBackend;
  let bridge: BridgeProcess;
  const say = async (text: string, language: Language) =>
    (await converse("127.0.0.1", bridge.wyomingPort, { text, language })).response.speech;

  beforeAll(async () => {
    backend = await startBackend(transport);
    await backend.rename(SHUTTER, "Bedroom Shutter", "Bedroom");
    bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptionsFor(backend) });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 90_000);

  afterAll(async () => {
    await bridge?.stop();
    await backend?.stop();
  });

  it("how far it is open, asked in six languages just after it moved at the device", async () => {
    // [language, question, said at 40 of 99 (40 %), said when closed, said all the way open]
    const cases: Array<[Language, string, string, string, string]> = [
      [
        "en",
        "how far open is the bedroom shutter",
        "Bedroom Shutter is 40 percent open.",
        "Bedroom Shutter is closed.",
        "Bedroom Shutter is all the way open.",
      ],
      [
        "de",
        "Wie weit ist der Rollladen offen?",
        "Bedroom Shutter ist zu 40 Prozent offen.",
        "Bedroom Shutter ist geschlossen.",
        "Bedroom Shutter ist ganz offen.",
      ],
      [
        "fr",
        "le volet est ouvert à combien ?",
        "Bedroom Shutter est ouvert à 40 pour cent.",
        "Bedroom Shutter est fermé.",
        "Bedroom Shutter est complètement ouvert.",
      ],
      [
        "es",
        "¿cuánto está abierta la contraventana del Bedroom?",
        "Bedroom Shutter está abierto al 40 por ciento.",
        "Bedroom Shutter está cerrado.",
        "Bedroom Shutter está completamente abierto.",
      ],
      [
        "nl",
        "hoe ver staat het rolluik open",
        "Bedroom Shutter is 40 procent open.",
        "Bedroom Shutter is dicht.",
        "Bedroom Shutter is helemaal open.",
      ],
      [
        "it",
        "quanto è aperta la tapparella?",
        "Bedroom Shutter è aperto al 40 per cento.",
        "Bedroom Shutter è chiuso.",
        "Bedroom Shutter è completamente aperto.",
      ],
    ];
    for (const [language, text, partly, closed, open] of cases) {
      for (const [level, speech] of [
        [40, partly],
        [0, closed],
        [99, open],
      ] as const) {
        await backend.levelAtTheWall("shutter", level);
        await sleep(SOON_MS);
        expect(await say(text, language), `${language} at ${level}: ${text}`).toBe(speech);
      }
    }
    // Asking never moves it.
    expect(backend.shutterAtDevice()).toBe(99);
  }, 120_000);

  it('"is the shutter open" of a shutter partly open says how far', async () => {
    await backend.levelAtTheWall("shutter", 40);
    await sleep(SOON_MS);
    expect(await say("is the shutter open", "en")).toBe("Yes, Bedroom Shutter is 40 percent open.");
    expect(await say("is the bedroom shutter closed", "en")).toBe("No, Bedroom Shutter is 40 percent open.");
    expect(await say("Ist der Rollladen zu?", "de")).toBe("Nein, Bedroom Shutter ist zu 40 Prozent offen.");
    expect(await say("le volet est-il ouvert ?", "fr")).toBe(
      "Oui, Bedroom Shutter est ouvert à 40 pour cent.",
    );
    expect(await say("¿está cerrada la contraventana?", "es")).toBe(
      "No, Bedroom Shutter está abierto al 40 por ciento.",
    );
    expect(await say("staat het rolluik open", "nl")).toBe("Ja, Bedroom Shutter is 40 procent open.");
    expect(await say("la tapparella è aperta?", "it")).toBe("Sì, Bedroom Shutter è aperto al 40 per cento.");
    expect(backend.shutterAtDevice()).toBe(40);
  }, 60_000);
});

describe("a Home Assistant cover's position, through the mirror", () => {
  let ha: FakeHa;
  let bridge: BridgeProcess;
  const say = async (text: string, language: Language) =>
    (await converse("127.0.0.1", bridge.wyomingPort, { text, language })).response.speech;

  beforeAll(async () => {
    ha = await startFakeHa({ home: corpusHome() });
    bridge = await startBridgeProcess({ llm_provider: "local", ha_url: ha.url, ha_token: "good-token" });
    await bridge.waitForLog(/mirrored Home Assistant/);
  }, 60_000);

  afterAll(async () => {
    await bridge?.stop();
    await ha?.close();
  });

  // By the blinds' name: the demo Z-Wave network (no Z-Wave configured) has a Bedroom Shutter, which
  // a word for blinds names too.
  it("how far the blinds are open, in six languages, as HA reported it a moment ago", async () => {
    const cases: Array<[Language, string, string, string]> = [
      [
        "en",
        "how far open are the bedroom blinds",
        "Bedroom Blinds is 70 percent open.",
        "Bedroom Blinds is closed.",
      ],
      [
        "de",
        "wie weit sind die Bedroom Blinds offen",
        "Bedroom Blinds ist zu 70 Prozent offen.",
        "Bedroom Blinds ist geschlossen.",
      ],
      [
        "fr",
        "les Bedroom Blinds sont ouverts à combien ?",
        "Bedroom Blinds est ouvert à 70 pour cent.",
        "Bedroom Blinds est fermé.",
      ],
      [
        "es",
        "¿cuánto están abiertas las Bedroom Blinds?",
        "Bedroom Blinds está abierto al 70 por ciento.",
        "Bedroom Blinds está cerrado.",
      ],
      [
        "nl",
        "hoe ver staan de Bedroom Blinds open",
        "Bedroom Blinds is 70 procent open.",
        "Bedroom Blinds is dicht.",
      ],
      [
        "it",
        "quanto sono aperte le Bedroom Blinds?",
        "Bedroom Blinds è aperto al 70 per cento.",
        "Bedroom Blinds è chiuso.",
      ],
    ];
    for (const [language, text, partly, closed] of cases) {
      ha.setState("cover.bedroom_blinds", "open", { device_class: "blind", current_position: 70 });
      await sleep(SOON_MS);
      expect(await say(text, language), `${language}: ${text}`).toBe(partly);
      ha.setState("cover.bedroom_blinds", "closed", { device_class: "blind", current_position: 0 });
      await sleep(SOON_MS);
      expect(await say(text, language), `${language}: ${text}`).toBe(closed);
    }
    // Asking never moves it.
    expect(ha.serviceCalls).toEqual([]);
  }, 60_000);

  it("how far a room is open: its covers, each said; a room with none says so", async () => {
    ha.setState("cover.bedroom_blinds", "open", { device_class: "blind", current_position: 70 });
    await sleep(SOON_MS);
    // The bedroom has HA's blinds and the demo network's shutter: both are said, never "which one?".
    const cases: Array<[Language, string, string]> = [
      ["en", "how far open is the bedroom", "Bedroom Blinds is 70 percent open."],
      ["de", "wie weit ist das Schlafzimmer offen", "Bedroom Blinds ist zu 70 Prozent offen."],
      ["fr", "la chambre est ouverte à combien ?", "Bedroom Blinds est ouvert à 70 pour cent."],
      ["es", "¿cuánto está abierto el dormitorio?", "Bedroom Blinds está abierto al 70 por ciento."],
      ["nl", "hoe ver staat de slaapkamer open", "Bedroom Blinds is 70 procent open."],
      ["it", "quanto è aperta la camera da letto?", "Bedroom Blinds è aperto al 70 per cento."],
    ];
    for (const [language, text, blinds] of cases) {
      const speech = await say(text, language);
      expect(speech, `${language}: ${text}`).toContain(blinds);
      expect(speech, `${language}: ${text}`).toContain("Bedroom Shutter");
    }
    expect(await say("how far open is the kitchen", "en")).toBe(
      "I found no blinds, shutters or other covers in Kitchen.",
    );
    expect(await say("wie weit ist die Küche offen", "de")).toBe(
      "Im Bereich Küche habe ich keine Rollläden, Jalousien oder Markisen gefunden.",
    );
    expect(ha.serviceCalls).toEqual([]);
  }, 60_000);
});
