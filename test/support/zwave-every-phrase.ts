// Every kind of sentence that once went wrong on a Z-Wave home, said in each of the six languages in
// that language's own words, to the built add-on over Wyoming with no language model, behind either
// transport (Z-Wave JS UI's gateway simulated on a real Mosquitto; the real zwave-js driver with its
// mock controller behind @zwave-js/server). The devices carry the names people gave them: a Kitchen
// Dimmer, a Double Relay of two outlets, a Bedroom Shutter, a Dryer Plug, a Back Door Sensor. Each
// answer is checked by what was said and by what the device holds.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "./bridge-process.js";
import { converse } from "./wyoming-client.js";
import {
  BACKEND_START_MS,
  JAMMED,
  RELAY,
  SHUTTER,
  SUPERVISED,
  bridgeOptionsFor,
  startBackend,
  type TransportName,
  type ZwaveBackend,
} from "./zwave-backends.js";

type Language = "en" | "de" | "fr" | "es" | "nl" | "it";

/** How long after a change made elsewhere the sentence comes: the gateway's report a moment ago. */
const SOON_MS = 300;
const DIMMER = 3;

/** A level on the device's 0–99 scale, in percent as the bridge speaks it. */
const percentOf = (raw: unknown) => (typeof raw === "number" ? Math.round((raw / 99) * 100) : NaN);

/** The suite over one transport; each has its own test file, so that the two run side by side. */
export function describeEveryPhrase(transport: TransportName): void {
  describe(`every phrase in six languages, over ${transport}`, () => {
    let backend: ZwaveBackend;
    let bridge: BridgeProcess;
    const say = async (text: string, language: Language) =>
      (await converse("127.0.0.1", bridge.wyomingPort, { text, language })).response.speech;

    beforeAll(async () => {
      backend = await startBackend(transport);
      await backend.rename(DIMMER, "Kitchen Dimmer", "Kitchen");
      await backend.rename(RELAY, "Double Relay", "Living Room");
      await backend.rename(SHUTTER, "Bedroom Shutter", "Bedroom");
      // As in the demo home, the kitchen's are the only lights: "the lights" needs no room said.
      await backend.rename(JAMMED, "Garage Pump", "Garage");
      await backend.rename(SUPERVISED, "Study Fan", "Study");
      bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptionsFor(backend) });
      await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
      // Besides the backend, the bridge's start and its Z-Wave server's (30 s of it above).
    }, BACKEND_START_MS + 60_000);

    afterAll(async () => {
      await bridge?.stop();
      await backend?.stop();
    });

    it('"dim the lights a bit" just after one was switched off elsewhere dims the one that is on and leaves the other off', async () => {
      const cases: Array<[Language, string, string]> = [
        ["en", "dim the lights a bit", "Kitchen Dimmer is at 36 percent now. Already off: Color Bulb."],
        [
          "de",
          "Mach die Lichter ein bisschen dunkler",
          "Kitchen Dimmer steht jetzt auf 36 Prozent. Schon aus: Color Bulb.",
        ],
        [
          "fr",
          "baisse un peu les lumières",
          "Kitchen Dimmer est maintenant à 36 pour cent. Déjà éteint : Color Bulb.",
        ],
        [
          "es",
          "baja un poco las luces",
          "Kitchen Dimmer está ahora al 36 por ciento. Ya está apagado: Color Bulb.",
        ],
        ["nl", "dim de lampen een beetje", "Kitchen Dimmer staat nu op 36 procent. Al uit: Color Bulb."],
        ["it", "abbassa un po' le luci", "Kitchen Dimmer ora è al 36 per cento. Già spento: Color Bulb."],
      ];
      for (const [language, text, speech] of cases) {
        await backend.levelAtTheWall("bulb", 80);
        await sleep(1000);
        await backend.levelAtTheWall("dimmer", 60);
        await backend.levelAtTheWall("bulb", 0);
        await sleep(SOON_MS);
        expect(await say(text, language), `${language}: ${text}`).toBe(speech);
        // 60 of 99 is 61 %; one step (25) less is 36 %, which the device reports back.
        expect(percentOf(backend.dimmerAtDevice()), text).toBe(36);
        expect(backend.bulbAtDevice().level, text).toBe(0);
      }
    }, 120_000);

    it('"dim the kitchen dimmer a bit" 1.5 s or 0.3 s after it was switched off elsewhere leaves it off and says so', async () => {
      const cases: Array<[Language, string, string]> = [
        ["en", "dim the kitchen dimmer a bit", "Already off: Kitchen Dimmer."],
        ["de", "Dimm den Kitchen Dimmer ein wenig", "Schon aus: Kitchen Dimmer."],
        ["fr", "baisse un peu le Kitchen Dimmer", "Déjà éteint : Kitchen Dimmer."],
        ["es", "baja un poquito el Kitchen Dimmer", "Ya está apagado: Kitchen Dimmer."],
        ["nl", "zet de Kitchen Dimmer wat lager", "Al uit: Kitchen Dimmer."],
        ["it", "abbassa un pochino il Kitchen Dimmer", "Già spento: Kitchen Dimmer."],
      ];
      for (const after of [1500, SOON_MS])
        for (const [language, text, speech] of cases) {
          await backend.levelAtTheWall("dimmer", 60);
          await sleep(1000);
          await backend.levelAtTheWall("dimmer", 0);
          await sleep(after);
          expect(await say(text, language), `${language}, ${after} ms: ${text}`).toBe(speech);
          expect(backend.dimmerAtDevice(), text).toBe(0);
        }
    }, 120_000);

    it('"is the back door locked" says the sensor is no lock, what it is, and the lock the home has', async () => {
      await backend.reportDoor(false);
      const cases: Array<[Language, string, string]> = [
        [
          "en",
          "is the back door locked",
          "Back Door Sensor is not a lock; it is closed. The locks I know are Front Door.",
        ],
        [
          "de",
          "Ist die Back Door zugesperrt?",
          "Back Door Sensor ist kein Schloss; es ist geschlossen. Die Schlösser, die ich kenne: Front Door.",
        ],
        [
          "fr",
          "la back door est fermée à clé ?",
          "Back Door Sensor n'est pas une serrure ; c'est fermé. Les serrures que je connais : Front Door.",
        ],
        [
          "es",
          "¿está la back door cerrada con llave?",
          "Back Door Sensor no es una cerradura; está cerrado. Las cerraduras que conozco: Front Door.",
        ],
        [
          "nl",
          "zit de back door op slot",
          "Back Door Sensor is geen slot; het is dicht. De sloten die ik ken: Front Door.",
        ],
        [
          "it",
          "la back door è chiusa a chiave?",
          "Back Door Sensor non è una serratura; è chiuso. Le serrature che conosco: Front Door.",
        ],
      ];
      for (const [language, text, speech] of cases)
        await expect.poll(() => say(text, language), { timeout: 5_000, interval: 250 }).toBe(speech);
    }, 60_000);

    it("the dryer's power just after it was switched off is what it draws now, or the old reading with its age", async () => {
      // [language, sentence, what the simulated plug reports after off (0 W, as real metered plugs
      // do), the old reading's age as said when the device did not report (zwave-js's mock plug)]
      const cases: Array<[Language, string, string, RegExp]> = [
        [
          "en",
          "how much power is the dryer using",
          "Dryer Plug is using 0 watts.",
          /^Dryer Plug was using 1,432\.5 watts, \d+ (seconds|minutes?) ago\.$/,
        ],
        [
          "de",
          "Wie viel Strom zieht der Dryer gerade?",
          "Dryer Plug verbraucht gerade 0 Watt.",
          /^Dryer Plug verbrauchte 1\.432,5 Watt, vor \d+ (Sekunden|Minuten?)\.$/,
        ],
        [
          "fr",
          "combien consomme le dryer en ce moment",
          "Dryer Plug consomme 0 watts.",
          /^Dryer Plug consommait 1\s432,5 watts, il y a \d+ (secondes|minutes?)\.$/,
        ],
        [
          "es",
          "cuánta potencia está gastando el dryer",
          "Dryer Plug está consumiendo 0 vatios.",
          /^Dryer Plug consumía 1432,5 vatios, hace \d+ (segundos|minutos?)\.$/,
        ],
        [
          "nl",
          "hoeveel stroom verbruikt de dryer nu",
          "Dryer Plug verbruikt 0 watt.",
          /^Dryer Plug verbruikte 1\.432,5 watt, \d+ (seconden|minuten?) geleden\.$/,
        ],
        [
          "it",
          "quanto sta consumando il dryer",
          "Dryer Plug sta consumando 0 watt.",
          /^Dryer Plug consumava 1432,5 watt, \d+ (secondi|minut[oi]) fa\.$/,
        ],
      ];
      for (const [language, text, now, aged] of cases) {
        expect(await say("turn on the dryer plug", "en")).toBe("Turned on Dryer Plug.");
        expect(await say("turn off the dryer plug", "en")).toBe("Turned off Dryer Plug.");
        await sleep(SOON_MS);
        const speech = await say(text, language);
        if (transport === "mqtt") expect(speech, `${language}: ${text}`).toBe(now);
        // zwave-js's mock plug never reports its meter after the interview: the reading from before
        // the switch is said with its age, never as now.
        else expect(speech, `${language}: ${text}`).toMatch(aged);
      }
    }, 90_000);

    it('"raise the bedroom shutter", "lower the bedroom shutter to 30 %", "open the shutter a bit"', async () => {
      const cases: Array<[Language, [string, string, string], [string, string, string]]> = [
        [
          "en",
          ["raise the bedroom shutter", "lower the bedroom shutter to 30 %", "open the shutter a bit"],
          [
            "Opened Bedroom Shutter.",
            "Bedroom Shutter is 30 percent open now.",
            "Bedroom Shutter is 55 percent open now.",
          ],
        ],
        [
          "de",
          [
            "Fahr den Bedroom Shutter hoch",
            "Fahr den Bedroom Shutter auf 30 % runter",
            "Mach den Rollladen ein Stück auf",
          ],
          [
            "Bedroom Shutter ist geöffnet.",
            "Bedroom Shutter ist jetzt zu 30 Prozent offen.",
            "Bedroom Shutter ist jetzt zu 55 Prozent offen.",
          ],
        ],
        [
          "fr",
          ["remonte le Bedroom Shutter", "descends le Bedroom Shutter à 30 %", "ouvre un peu le volet"],
          [
            "Bedroom Shutter est ouvert.",
            "Bedroom Shutter est maintenant ouvert à 30 pour cent.",
            "Bedroom Shutter est maintenant ouvert à 55 pour cent.",
          ],
        ],
        [
          "es",
          ["sube el Bedroom Shutter", "baja el Bedroom Shutter al 30 %", "abre un poco la persiana"],
          [
            "Bedroom Shutter está abierto.",
            "Bedroom Shutter está ahora abierto al 30 por ciento.",
            "Bedroom Shutter está ahora abierto al 55 por ciento.",
          ],
        ],
        [
          "nl",
          [
            "doe de Bedroom Shutter omhoog",
            "laat de Bedroom Shutter zakken tot 30 %",
            "doe het rolluik een stukje open",
          ],
          [
            "Bedroom Shutter is open.",
            "Bedroom Shutter staat nu 30 procent open.",
            "Bedroom Shutter staat nu 55 procent open.",
          ],
        ],
        [
          "it",
          ["tira su il Bedroom Shutter", "abbassa il Bedroom Shutter al 30 %", "apri un po' la tapparella"],
          [
            "Bedroom Shutter è aperto.",
            "Bedroom Shutter ora è aperto al 30 per cento.",
            "Bedroom Shutter ora è aperto al 55 per cento.",
          ],
        ],
      ];
      for (const [language, [raise, lower, bit], speech] of cases) {
        await say("set the bedroom shutter to 20 percent", "en");
        expect(percentOf(backend.shutterAtDevice())).toBeCloseTo(20, -1);
        const raised = await say(raise, language);
        expect(backend.shutterAtDevice(), `${language}: ${raise} (${raised})`).toBe(99);
        const lowered = await say(lower, language);
        expect(percentOf(backend.shutterAtDevice()), `${language}: ${lower} (${lowered})`).toBe(30);
        // A step of the add-on's step (25 %) from where it reports it is.
        const opened = await say(bit, language);
        expect(percentOf(backend.shutterAtDevice()), `${language}: ${bit} (${opened})`).toBe(55);
        expect([raised, lowered, opened], language).toEqual(speech);
      }
    }, 180_000);

    it("outlet 2 of the double relay by its number, its place, its endpoint, its channel or its label", async () => {
      const said: Record<Language, [string, string]> = {
        en: ["Turned on Double Relay Outlet 2.", "Turned off Double Relay Outlet 2."],
        de: ["Double Relay Outlet 2 ist eingeschaltet.", "Double Relay Outlet 2 ist ausgeschaltet."],
        fr: ["Double Relay Outlet 2 est allumé.", "Double Relay Outlet 2 est éteint."],
        es: ["Double Relay Outlet 2 está encendido.", "Double Relay Outlet 2 está apagado."],
        nl: ["Double Relay Outlet 2 staat aan.", "Double Relay Outlet 2 staat uit."],
        it: ["Double Relay Outlet 2 è acceso.", "Double Relay Outlet 2 è spento."],
      };
      const cases: Array<[Language, string[]]> = [
        [
          "en",
          [
            "turn on outlet 2 of the double relay",
            "turn off the double relay endpoint 2",
            "turn on the second outlet",
            "switch socket 2 off",
            "switch on channel 2 of the double relay",
            "turn off the double relay's outlet 2",
          ],
        ],
        [
          "de",
          [
            "Schalte Steckdose 2 vom Double Relay ein",
            "Schalte den Endpunkt 2 vom Double Relay aus",
            "Mach die zweite Steckdose an",
            "Dose 2 ausschalten",
            "Kanal 2 vom Double Relay einschalten",
            "Schalte Outlet 2 vom Double Relay aus",
          ],
        ],
        [
          "fr",
          [
            "allume la prise 2 du Double Relay",
            "éteins la sortie 2 du Double Relay",
            "allume la deuxième prise",
            "coupe la prise numéro 2",
            "allume le canal 2 du Double Relay",
            "éteins l'Outlet 2 du Double Relay",
          ],
        ],
        [
          "es",
          [
            "enciende el enchufe 2 del Double Relay",
            "apaga la salida 2 del Double Relay",
            "prende el segundo enchufe",
            "apaga la toma 2",
            "enciende el canal 2 del Double Relay",
            "apaga el Outlet 2 del Double Relay",
          ],
        ],
        [
          "nl",
          [
            "zet stopcontact 2 van de Double Relay aan",
            "zet uitgang 2 van de Double Relay uit",
            "doe het tweede stopcontact aan",
            "schakel contactdoos 2 uit",
            "zet kanaal 2 van de Double Relay aan",
            "zet Outlet 2 van de Double Relay uit",
          ],
        ],
        [
          "it",
          [
            "accendi la presa 2 del Double Relay",
            "spegni l'uscita 2 del Double Relay",
            "accendi la seconda presa",
            "spegni la presa numero 2",
            "accendi il canale 2 del Double Relay",
            "spegni l'Outlet 2 del Double Relay",
          ],
        ],
      ];
      for (const [language, texts] of cases)
        for (const [i, text] of texts.entries()) {
          const on = i % 2 === 0;
          const speech = await say(text, language);
          expect(backend.relayAtDevice(2), `${language}: ${text} (${speech})`).toBe(on);
          // The other outlet is never touched.
          expect(backend.relayAtDevice(1), text).not.toBe(true);
          expect(speech, `${language}: ${text}`).toBe(said[language][on ? 0 : 1]);
        }
    }, 180_000);

    it("a device with one outlet: its first is the device; another is said to be missing", async () => {
      const said: Record<Language, [string, string, string]> = {
        en: ["Turned on Dryer Plug.", "Turned off Dryer Plug.", "Dryer Plug has only one output."],
        de: [
          "Dryer Plug ist eingeschaltet.",
          "Dryer Plug ist ausgeschaltet.",
          "Dryer Plug hat nur einen Ausgang.",
        ],
        fr: ["Dryer Plug est allumé.", "Dryer Plug est éteint.", "Dryer Plug n'a qu'une seule sortie."],
        es: ["Dryer Plug está encendido.", "Dryer Plug está apagado.", "Dryer Plug solo tiene una salida."],
        nl: ["Dryer Plug staat aan.", "Dryer Plug staat uit.", "Dryer Plug heeft maar één uitgang."],
        it: ["Dryer Plug è acceso.", "Dryer Plug è spento.", "Dryer Plug ha una sola uscita."],
      };
      const cases: Array<[Language, [string, string, string]]> = [
        [
          "en",
          [
            "turn on outlet 1 of the dryer plug",
            "turn off the first outlet of the dryer plug",
            "turn on outlet 2 of the dryer plug",
          ],
        ],
        [
          "de",
          [
            "Schalte Steckdose 1 vom Dryer Plug ein",
            "Schalte die erste Steckdose vom Dryer Plug aus",
            "Schalte die zweite Steckdose vom Dryer Plug ein",
          ],
        ],
        [
          "fr",
          [
            "allume la prise 1 du Dryer Plug",
            "éteins la première prise du Dryer Plug",
            "allume la deuxième prise du Dryer Plug",
          ],
        ],
        [
          "es",
          [
            "enciende el enchufe 1 del Dryer Plug",
            "apaga el primer enchufe del Dryer Plug",
            "enciende el segundo enchufe del Dryer Plug",
          ],
        ],
        [
          "nl",
          [
            "zet stopcontact 1 van de Dryer Plug aan",
            "zet het eerste stopcontact van de Dryer Plug uit",
            "zet stopcontact 2 van de Dryer Plug aan",
          ],
        ],
        [
          "it",
          [
            "accendi la presa 1 del Dryer Plug",
            "spegni la prima presa del Dryer Plug",
            "accendi la seconda presa del Dryer Plug",
          ],
        ],
      ];
      for (const [language, [on, off, missing]] of cases) {
        expect(await say(on, language), `${language}: ${on}`).toBe(said[language][0]);
        expect(backend.plugAtDevice(), `${language}: ${on}`).toBe(true);
        expect(await say(off, language), `${language}: ${off}`).toBe(said[language][1]);
        expect(backend.plugAtDevice(), `${language}: ${off}`).toBe(false);
        // Nothing is switched for an outlet it does not have.
        expect(await say(missing, language), `${language}: ${missing}`).toBe(said[language][2]);
        expect(backend.plugAtDevice(), `${language}: ${missing}`).toBe(false);
      }
    }, 180_000);
  });
}
