// The built add-on, spoken to over Wyoming as Home Assistant does, with no language model: the
// fast path on every kind of Z-Wave device it knows, behind either transport (Z-Wave JS UI's
// gateway simulated on a real Mosquitto; the real zwave-js driver with its mock controller behind
// @zwave-js/server). Each sentence is checked at the device (what it holds, and on the real stack
// what it received) and by what was said: a reading is the one the device reports, never made up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import {
  BACKEND_START_MS,
  startBackend,
  type TransportName,
  type ZwaveBackend,
  bridgeOptionsFor,
} from "../support/zwave-backends.js";

/** A position on the device's 0–99 scale, in percent as the bridge speaks it. */
const percentOf = (raw: unknown) => (typeof raw === "number" ? Math.round((raw / 99) * 100) : NaN);

describe.each<TransportName>(["mqtt", "websocket"])("Z-Wave device kinds by voice, over %s", (transport) => {
  let backend: ZwaveBackend;
  let bridge: BridgeProcess;
  const say = async (text: string, language = "en", conversationId?: string) => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text,
      language,
      ...(conversationId ? { conversationId } : {}),
    });
    return {
      speech: outcome.response.speech,
      type: outcome.response.responseType,
      id: outcome.conversationId,
    };
  };
  const received = (device: "blind" | "bulb" | "garage" | "shutter") => backend.received?.(device) ?? [];

  beforeAll(async () => {
    backend = await startBackend(transport);
    bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptionsFor(backend) });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
    // Besides the backend, the bridge's start and its Z-Wave server's (30 s of it above).
  }, BACKEND_START_MS + 60_000);

  afterAll(async () => {
    await bridge?.stop();
    await backend?.stop();
  });

  it('"open the study blind halfway" sends the blind to 50 % and says where it reports it is', async () => {
    const before = received("blind").length;
    const a = await say("open the study blind halfway");
    // What the device reports, on its 0–99 scale: 50 % is sent as 50 of 99, heard back as 51 %.
    const at = percentOf(backend.blindAtDevice());
    expect(Math.abs(at - 50)).toBeLessThanOrEqual(1);
    expect(a.speech).toBe(`Study Blind is ${at} percent open now.`);
    if (backend.received) expect(received("blind").length).toBeGreaterThan(before);
    // A Window Covering device is a blind: asked about and moved as one.
    expect((await say("which blinds are open")).speech).toContain("Study Blind");
    expect((await say("close the blinds in the study")).speech).toBe("Closed Study Blind.");
    expect(backend.blindAtDevice()).toBe(0);
    await say("open the study blind halfway");
    const closed = await say("Schließe die Study Blind", "de");
    expect(closed.speech).toBe("Study Blind ist geschlossen.");
    expect(backend.blindAtDevice()).toBe(0);
  }, 30_000);

  it('"close the shutters in the living room" closes the roller shutter; "turn off all the lights" leaves it', async () => {
    await say("turn off all the lights");
    const open = backend.shutterAtDevice();
    const a = await say("close the shutters in the living room");
    expect(a.type).toBe("action_done");
    expect(a.speech).toContain("Living Room Shutter");
    expect(backend.shutterAtDevice()).toBe(0);
    expect(open).not.toBe(0);
    await say("turn off all the lights");
    expect(backend.shutterAtDevice()).toBe(0);
  }, 40_000);

  it('"stop the shutter" halts it: a stop goes to the device, and nothing is said to be closed', async () => {
    const before = received("shutter").length;
    const a = await say("stop the shutter");
    expect(a.speech).toMatch(/^Stopped Living Room Shutter\.|has not confirmed/);
    if (backend.received) {
      const sent = received("shutter").slice(before);
      expect(sent.some((c) => /StopLevelChange/i.test(c.command))).toBe(true);
    }
  }, 30_000);

  it('"make the color bulb red" and "zet de color bulb op warm wit" set its channels', async () => {
    const red = await say("make the color bulb red");
    expect(red.speech).toBe("Color Bulb is red now.");
    expect(backend.bulbAtDevice()).toMatchObject({ red: 255, green: 0, blue: 0 });
    const warm = await say("Zet de color bulb op warm wit", "nl");
    expect(warm.speech).toBe("Color Bulb is nu warm wit.");
    expect(backend.bulbAtDevice()).toMatchObject({ warmWhite: 255, red: 0, green: 0, blue: 0 });
    if (backend.received) expect(received("bulb").some((c) => /ColorSwitch/i.test(c.command))).toBe(true);
  }, 30_000);

  it("the dryer plug's power and energy are the meter's own readings", async () => {
    const power = await say("how much power is the dryer plug using");
    expect(power.speech).toBe("Dryer Plug is using 1,432.5 watts.");
    const energy = await say("how much energy has the dryer plug used");
    expect(energy.speech).toBe("The energy use of Dryer Plug is 182.4 kilowatt hours.");
    const german = await say("Wie viel Strom verbraucht der Dryer Plug?", "de");
    expect(german.speech).toContain("1.432,5 Watt");
  }, 30_000);

  // A report takes its way through the radio and the server: the answer follows it within moments.
  const answers = (text: string, language = "en") =>
    expect.poll(async () => (await say(text, language)).speech, { timeout: 5_000, interval: 250 });

  it('"is the back door open" answers from the door sensor\'s report', async () => {
    await backend.reportDoor(true);
    await answers("is the back door sensor open").toBe("Yes, Back Door Sensor is open.");
    await backend.reportDoor(false);
    await answers("is the back door sensor open").toBe("No, Back Door Sensor is closed.");
  }, 30_000);

  it('"is there a leak in the basement" answers from the leak sensor, in English and Italian', async () => {
    await backend.reportLeak(true);
    await answers("is there a leak in the basement").toBe("Yes, a leak: Basement Leak Sensor.");
    await backend.reportLeak(false);
    await answers("c'è una perdita in Basement?", "it").toBe("No, tutto a posto: Basement Leak Sensor.");
  }, 30_000);

  it('"which batteries are low" names the leak sensor with its level, and a battery is read by name', async () => {
    const low = await say("which batteries are low");
    expect(low.speech).toBe("Low batteries: Basement Leak Sensor (9 percent).");
    const level = await say("battery of the back door sensor");
    expect(level.speech).toBe("The battery level of Back Door Sensor is 92 percent.");
  }, 30_000);

  it('"is the thermostat on" is answered by the mode it reports, never "no thermostat"', async () => {
    // The simulated gateway's thermostat heats; the mock controller's is switched off.
    if (transport === "mqtt") {
      expect((await say("is the thermostat on")).speech).toBe("Yes, Hall Thermostat is in heat mode.");
      expect((await say("is the heating off")).speech).toBe("No, Hall Thermostat is in heat mode.");
      expect((await say("ist das Thermostat an", "de")).speech).toBe(
        "Ja, Hall Thermostat ist im Heizbetrieb.",
      );
      expect((await say("what's the status of the hall thermostat")).speech).toBe(
        "Hall Thermostat is in heat mode.",
      );
      // Its setpoint for the mode it is in, typed by the server: never "no target temperature".
      expect((await say("what's the setpoint of the hall thermostat")).speech).toBe(
        "The target temperature of Hall Thermostat is 20 degrees.",
      );
    } else {
      expect((await say("is the thermostat on")).speech).toBe("No, Hall Thermostat is off.");
      expect((await say("is the heating off")).speech).toBe("Yes, Hall Thermostat is off.");
      expect((await say("ist das Thermostat an", "de")).speech).toBe("Nein, Hall Thermostat ist aus.");
    }
  }, 30_000);

  it('"turn off the heating" sets the thermostat\'s mode to off; "turn on" without a mode is handed on', async () => {
    expect((await say("turn off the heating")).speech).toBe("Turned off Hall Thermostat.");
    expect((await say("is the thermostat on")).speech).toBe("No, Hall Thermostat is off.");
    expect((await say("éteins le thermostat", "fr")).speech).toBe("J'ai éteint Hall Thermostat.");
    // On to which mode (heat, cool, auto) is not said: nothing is guessed, and nothing is done.
    const on = await say("turn on the thermostat");
    expect(on.type).toBe("error");
    expect(on.speech).toMatch(/^I can't do that yet\./);
    expect((await say("is the thermostat off")).speech).toBe("Yes, Hall Thermostat is off.");
  }, 30_000);

  it('"open everything" opens nothing and says why, not that the home has nothing to switch', async () => {
    const garage = backend.garageAtDevice();
    const shutter = backend.shutterAtDevice();
    expect((await say("open everything")).speech).toBe(
      "I don't open, close or lock everything at once. Tell me which one.",
    );
    expect((await say("ferme tout", "fr")).speech).toBe(
      "Je n'ouvre, ne ferme et ne verrouille pas tout d'un coup. Dis-moi lequel.",
    );
    expect((await say("öffne alles", "de")).speech).toBe(
      "Ich öffne, schließe oder verriegle nicht alles auf einmal. Sag mir, welches.",
    );
    expect(backend.garageAtDevice()).toBe(garage);
    expect(backend.shutterAtDevice()).toBe(shutter);
  }, 30_000);

  it('"toggle the garage door" while it is closed asks first, and a no leaves it closed', async () => {
    const before = backend.garageAtDevice();
    const asked = await say("toggle the garage door");
    expect(asked.speech).toBe("Do you want me to open Garage Door? Please say yes or no.");
    await say("no", "en", asked.id);
    expect(backend.garageAtDevice()).toBe(before);
  }, 30_000);

  it('"open up the garage door, please" asks first, and opens only on a clear yes', async () => {
    const before = backend.garageAtDevice();
    const asked = await say("open up the garage door, please");
    expect(asked.speech).toBe("Do you want me to open Garage Door? Please say yes or no.");
    expect(backend.garageAtDevice()).toBe(before);
    const yes = await say("yes", "en", asked.id);
    // Said opened only when it says it is open; while it travels, it is on its way.
    const atReply = backend.garageAtDevice();
    expect(yes.speech).toBe(atReply === 255 ? "Opened Garage Door." : "Garage Door is on its way.");
    if (transport === "mqtt") expect(yes.speech).toBe("Garage Door is on its way.");
    // A garage door takes its time to travel: open (255) once it is there.
    await expect.poll(() => backend.garageAtDevice(), { timeout: 10_000, interval: 250 }).toBe(255);
    if (backend.received) expect(received("garage").length).toBeGreaterThan(0);
    // Asked about "the doors", the garage door, the lock and the door's sensor all count: never
    // "all closed" or "I found no doors" while the garage stands open.
    expect((await say("lock the front door")).speech).toBe("Front Door is locked.");
    expect((await say("are all the doors closed")).speech).toBe("No, not closed: Garage Door.");
    expect((await say("is any door open")).speech).toBe("Yes, Garage Door.");
    // A room said alone, asked open or closed, is asked about what opens there.
    expect((await say("is the garage open")).speech).toBe("Yes, Garage Door is open.");
    expect((await say("ist die Garage zu", "de")).speech).toBe("Nein, Garage Door ist offen.");
    expect((await say("sind alle Türen zu", "de")).speech).toBe("Nein, nicht geschlossen: Garage Door.");
    expect((await say("are the doors closed")).speech).toBe(
      "Closed: Front Door and Back Door Sensor. Not closed: Garage Door.",
    );
    // A verb only a lock takes makes "the door" its lock; unlocking still waits for a yes.
    expect((await say("lock the door")).speech).toBe("Front Door is locked.");
    const unlock = await say("unlock the door");
    expect(unlock.speech).toBe("Do you want me to unlock Front Door? Please say yes or no.");
    await say("no", "en", unlock.id);
    // Locked or not is the locks' alone.
    expect((await say("are the doors locked")).speech).toBe("Yes, Front Door is locked.");
    // The home's one lock, asked about as "all the doors": said of it, in its own words.
    expect((await say("est-ce que toutes les portes sont verrouillées", "fr")).speech).toBe(
      "Oui, Front Door est verrouillé.",
    );
    expect((await say("is the front door unlocked")).speech).toBe("No, Front Door is locked.");
  }, 30_000);

  it("a device that does not answer is said to be not responding, asked about or told to switch", async () => {
    // The Porch Light never answered: never "can't do that", never its state in English words.
    const silent =
      /^Porch Light (is not responding|can't be reached right now\. Please try again in a moment)\.$/;
    expect((await say("is the porch light on")).speech).toMatch(silent);
    expect((await say("turn on the porch light")).speech).toMatch(silent);
    const german =
      /^Porch Light (antwortet nicht|ist gerade nicht erreichbar\. Bitte versuch es gleich noch einmal)\.$/;
    expect((await say("ist das Porch Light an", "de")).speech).toMatch(german);
    expect((await say("schalte das Porch Light ein", "de")).speech).toMatch(german);
    if (transport === "mqtt")
      expect((await say("is the porch light on")).speech).toBe("Porch Light is not responding.");
  }, 30_000);
});
