// The built add-on, spoken to over Wyoming with no language model, behind either transport (Z-Wave
// JS UI's gateway simulated on a real Mosquitto; the real zwave-js driver with its mock controller
// behind @zwave-js/server): one load of a two-outlet plug by what people call it, a shutter and a
// blind by their names with every verb, and questions about what a device can't have, in six
// languages. Each is checked by what was said and by what the device holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import {
  startBackend,
  type TransportName,
  type ZwaveBackend,
  bridgeOptionsFor,
} from "../support/zwave-backends.js";

/** A position on the device's 0–99 scale, in percent open. */
const percentOf = (raw: unknown) => (typeof raw === "number" ? Math.round((raw / 99) * 100) : NaN);

describe.each<TransportName>(["mqtt", "websocket"])("what people say, Z-Wave over %s", (transport) => {
  let backend: ZwaveBackend;
  let bridge: BridgeProcess;
  const say = async (text: string, language = "en") => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, { text, language });
    return outcome.response.speech;
  };
  /** Moves the shutter somewhere first, so each sentence is seen to move it. */
  const shutterTo = async (percent: number) => {
    await say(`set the living room shutter to ${percent} percent`);
    expect(percentOf(backend.shutterAtDevice())).toBeCloseTo(percent, -1);
  };

  beforeAll(async () => {
    backend = await startBackend(transport);
    bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptionsFor(backend) });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 90_000);

  afterAll(async () => {
    await bridge?.stop();
    await backend?.stop();
  });

  it("one outlet of the plug by its number, its place, or the plug's word for it, in six languages", async () => {
    const cases: Array<[string, string, boolean, string]> = [
      ["en", "turn on outlet 2 of the smart plug", true, "Turned on Smart Plug Outlet 2."],
      ["en", "turn off the second outlet", false, "Turned off Smart Plug Outlet 2."],
      ["en", "turn on the smart plug endpoint 2", true, "Turned on Smart Plug Outlet 2."],
      ["en", "switch off channel 2 of the smart plug", false, "Turned off Smart Plug Outlet 2."],
      ["de", "Schalte Steckdose 2 vom Smart Plug ein", true, "Smart Plug Outlet 2 ist eingeschaltet."],
      ["fr", "éteins la deuxième prise du Smart Plug", false, "Smart Plug Outlet 2 est éteint."],
      ["es", "enciende el segundo enchufe del Smart Plug", true, "Smart Plug Outlet 2 está encendido."],
      ["nl", "zet het tweede stopcontact van de Smart Plug uit", false, "Smart Plug Outlet 2 staat uit."],
      ["it", "accendi la presa 2 dello Smart Plug", true, "Smart Plug Outlet 2 è acceso."],
    ];
    for (const [language, text, on, speech] of cases) {
      expect(await say(text, language), `${language}: ${text}`).toBe(speech);
      expect(backend.relayAtDevice(2), text).toBe(on);
      // The other outlet is never touched.
      expect(backend.relayAtDevice(1), text).not.toBe(true);
    }
  }, 60_000);

  it('"raise the living room shutter", "lower it to 30 %", "open it a bit", halfway', async () => {
    await shutterTo(20);
    expect(await say("raise the living room shutter")).toBe("Opened Living Room Shutter.");
    expect(backend.shutterAtDevice()).toBe(99);
    const lowered = await say("lower the living room shutter to 30 %");
    expect(percentOf(backend.shutterAtDevice())).toBe(30);
    expect(lowered).toBe("Living Room Shutter is 30 percent open now.");
    // A step of the add-on's step (25 %) from where it reports it is.
    const bit = await say("open the shutter a bit");
    expect(percentOf(backend.shutterAtDevice())).toBe(55);
    expect(bit).toBe("Living Room Shutter is 55 percent open now.");
    const half = await say("close the living room shutter halfway");
    expect(Math.abs(percentOf(backend.shutterAtDevice()) - 50)).toBeLessThanOrEqual(1);
    expect(half).toMatch(/^Living Room Shutter is 5[01] percent open now\.$/);
  }, 60_000);

  it("the same verbs in five more languages, said of the shutter and the blind by name", async () => {
    await shutterTo(20);
    expect(await say("Fahre den Living Room Shutter hoch", "de")).toBe("Living Room Shutter ist geöffnet.");
    expect(backend.shutterAtDevice()).toBe(99);
    await say("baisse le Living Room Shutter à 40 %", "fr");
    expect(percentOf(backend.shutterAtDevice())).toBe(40);
    await say("sube un poco la Study Blind", "es");
    expect(percentOf(backend.blindAtDevice())).toBeGreaterThan(0);
    const blind = percentOf(backend.blindAtDevice());
    await say("laat de Study Blind een beetje zakken", "nl");
    expect(percentOf(backend.blindAtDevice())).toBeLessThan(blind);
    await say("abbassa la Study Blind", "it");
    expect(backend.blindAtDevice()).toBe(0);
  }, 60_000);

  it("the kitchen's lights switch and dim together: one multicast frame, each confirmed by its own report", async () => {
    const light = (nodeId: number) => expect.arrayContaining([nodeId]);
    let before = backend.multicasts().length;
    const on = await say("turn on the lights in the kitchen");
    expect(on).toMatch(/^Turned on (Kitchen Light and Color Bulb|Color Bulb and Kitchen Light)\.$/);
    expect(backend.multicasts().slice(before)).toContainEqual(light(3));
    expect(backend.multicasts().slice(before)).toContainEqual(light(13));
    expect(backend.bulbAtDevice().level).not.toBe(0);
    before = backend.multicasts().length;
    const dimmed = await say("set the kitchen lights to 40 %");
    expect(backend.multicasts().slice(before)).toContainEqual(expect.arrayContaining([3, 13]));
    expect(backend.bulbAtDevice().level).toBe(40);
    expect(dimmed).toContain("Kitchen Light is at 40 percent now.");
    expect(dimmed).toContain("Color Bulb is at 40 percent now.");
    before = backend.multicasts().length;
    const off = await say("Schalte die Lichter in der Kitchen aus", "de");
    expect(off).toMatch(/^Ausgeschaltet: (Kitchen Light und Color Bulb|Color Bulb und Kitchen Light)\.$/);
    expect(backend.multicasts().slice(before)).toContainEqual(expect.arrayContaining([3, 13]));
    expect(backend.bulbAtDevice().level).toBe(0);
  }, 60_000);

  it('"is the back door locked" of a door sensor says it is no lock, and names the lock the home has', async () => {
    await backend.reportDoor(false);
    const cases: Array<[string, string, string]> = [
      [
        "en",
        "is the back door locked",
        "Back Door Sensor is not a lock; it is closed. The locks I know are Front Door.",
      ],
      [
        "de",
        "Ist die Back Door abgeschlossen?",
        "Back Door Sensor ist kein Schloss; es ist geschlossen. Die Schlösser, die ich kenne: Front Door.",
      ],
      [
        "fr",
        "est-ce que la back door est verrouillée",
        "Back Door Sensor n'est pas une serrure ; c'est fermé. Les serrures que je connais : Front Door.",
      ],
      [
        "es",
        "está cerrada con llave la back door",
        "Back Door Sensor no es una cerradura; está cerrado. Las cerraduras que conozco: Front Door.",
      ],
      [
        "nl",
        "is de back door op slot",
        "Back Door Sensor is geen slot; het is dicht. De sloten die ik ken: Front Door.",
      ],
      [
        "it",
        "la back door è chiusa a chiave",
        "Back Door Sensor non è una serratura; è chiuso. Le serrature che conosco: Front Door.",
      ],
    ];
    for (const [language, text, speech] of cases)
      await expect.poll(() => say(text, language), { timeout: 5_000, interval: 250 }).toBe(speech);
  }, 60_000);

  it("a switch has no brightness, and a room with no sensor is told where the home measures it", async () => {
    await say("turn off switch one");
    expect(await say("how bright is switch one")).toBe(
      "Switch One is a switch, with no brightness; it is off.",
    );
    expect(await say("Wie hell ist Switch One?", "de")).toBe(
      "Switch One ist ein Schalter ohne Helligkeit; er ist aus.",
    );
    expect(await say("how warm is the living room")).toBe(
      "Living Room has no temperature reading. The temperature in Office is 21.5 degrees.",
    );
    expect(await say("hoe warm is het in de eetkamer", "nl")).toBe(
      "Ik ken geen ruimte of apparaat met de naam eetkamer. De temperatuur in Office is 21,5 graden.",
    );
  }, 60_000);
});
