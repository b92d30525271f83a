// The built bridge with no LLM, on the HA fake (a multilingual home) and the demo Z-Wave network
// (Switch One, a Kitchen Light dimmer in the Kitchen, an Office Sensor): which languages it tells
// HA it speaks, which language a reply comes in (the Wyoming transcript's, then the HTTP
// request's, then the `language` option), and the sentences a first trial without an LLM missed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { converse, describe as describeService } from "../support/wyoming-client.js";

let ha: FakeHa;
let bridge: BridgeProcess;

beforeAll(async () => {
  ha = await startFakeHa({ home: corpusHome() });
  bridge = await startBridgeProcess({
    llm_provider: "local",
    ha_url: ha.url,
    ha_token: "good-token",
    language: "nl",
  });
  await bridge.waitForLog(/mirrored Home Assistant/);
}, 60_000);
afterAll(async () => {
  await bridge?.stop();
  await ha?.close();
});

const ask = (body: Record<string, unknown>) =>
  fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ speech: string; response_type: string }>);

describe("languages of the local fast path", () => {
  it("describe lists the six languages it speaks without an LLM", async () => {
    const info = await describeService("127.0.0.1", bridge.wyomingPort);
    expect(info.languages).not.toBe("*");
    expect([...(info.languages as string[])].sort()).toEqual(["de", "en", "es", "fr", "it", "nl"]);
  });

  it("answers in the Wyoming transcript's language", async () => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Schalte den Wasserkocher ein",
      language: "de-DE",
    });
    expect(outcome.response.speech).toBe("Kettle ist eingeschaltet.");
  });

  it("answers in the HTTP request's language, else in the language option's", async () => {
    expect((await ask({ text: "Éteins la bouilloire", language: "fr" })).speech).toBe("Kettle est éteint.");
    expect((await ask({ text: "Zet de waterkoker even aan" })).speech).toBe("Kettle staat aan.");
  });
});

const say = (text: string, language = "en") => converse("127.0.0.1", bridge.wyomingPort, { text, language });

describe("sentences people say, without an LLM", () => {
  it("speaks the level the dimmer confirmed, not the one asked for", async () => {
    // 50 % is Z-Wave level 50 of 99, which the dimmer reports back as 51 %.
    const outcome = await say("set kitchen light to half");
    expect(outcome.response.speech).toBe("Kitchen Light is at 51 percent now.");
  });

  it("a relative command 0.3 s after Home Assistant's lights changed acts on them as they are now", async () => {
    ha.setState("light.counter_lights", "on", { brightness: 128 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Elsewhere (a wall switch, HA's own dashboard): the counter lights off, the ceiling at 60 %.
    ha.setState("light.counter_lights", "off", { brightness: null });
    ha.setState("light.kitchen_ceiling", "on", { brightness: 153 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = ha.serviceCalls.length;
    const outcome = await say("dim the lights in the kitchen a bit");
    const calls = ha.serviceCalls.slice(before);
    const to = (id: string) => calls.filter((c) => JSON.stringify(c.target).includes(id));
    // 60 % less one step (25 %) is 35 %; the lights that were switched off stay off.
    expect(to("light.kitchen_ceiling")).toEqual([
      expect.objectContaining({
        service: "turn_on",
        service_data: expect.objectContaining({ brightness_pct: 35 }),
      }),
    ]);
    expect(to("light.counter_lights")).toEqual([]);
    expect(outcome.response.speech).toMatch(/Already off: [^.]*Counter Lights/);
    ha.setState("light.kitchen_ceiling", "off", { brightness: null });
  });

  it("understands the rest of the first trial's misses", async () => {
    const replies: Record<string, RegExp> = {
      "is the office warm": /^The temperature in Office is 21\.5 degrees\.$/,
      "turn off everything in the kitchen": /^Turned off .*Kettle/,
      "turn on all the lights": /^Turned on .*Kitchen Light/,
      // While Kitchen Light is on: "brighter" moves the lights that are on, and switches none on.
      "make the kitchen a bit brighter": /Kitchen Light is at \d+ percent now/,
      "Kitchen light off.": /^Turned off Kitchen Light\.$/,
      "what time is it now": /^It is \d{1,2}:\d{2}\.$/,
      "turn on the kitchn lihgt": /^Turned on Kitchen Light\.$/,
    };
    for (const [text, reply] of Object.entries(replies)) {
      const outcome = await say(text);
      expect(outcome.response.responseType, text).not.toBe("error");
      expect(outcome.response.speech, text).toMatch(reply);
    }
    const german = await say("schalte das Licht in der Küche ein", "de");
    expect(german.response.speech).toMatch(/^Eingeschaltet: .*Kitchen Light/);
  });

  it("starts a reply with a capital letter even when the name doesn't", async () => {
    // "keuken" is one of the kitchen's aliases, in lower case as the user typed it.
    const outcome = await say("what's the temperature in the keuken");
    // Then where the home does measure it (src/understanding/turn/capabilities.ts).
    expect(outcome.response.speech).toMatch(
      /^Keuken has no temperature reading\. I have the temperature only for /,
    );
  });
});

describe("a question of ours, answered in the next sentence", () => {
  const deskLampCalls = (from: number) =>
    ha.serviceCalls.slice(from).filter((c) => JSON.stringify(c.target).includes("light.desk_lamp"));

  it("over Wyoming: the answer with the conversation id Home Assistant keeps completes the command", async () => {
    const conversationId = "01JWHICHROOMWYOMING0000000";
    const before = ha.serviceCalls.length;
    const asked = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Mach die Lampe an",
      language: "de",
      conversationId,
    });
    expect(asked.response.speech).toMatch(/^Welchen Raum meinst du: .*Office/);
    expect(ha.serviceCalls.length).toBe(before);
    const answered = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "im Büro",
      language: "de",
      conversationId,
    });
    expect(answered.response.responseType).toBe("action_done");
    expect(deskLampCalls(before)).toEqual([expect.objectContaining({ domain: "light", service: "turn_on" })]);
    expect(ha.serviceCalls.length).toBe(before + 1);
  });

  it("over HTTP: the answer sent with the reply's conversation_id completes the command", async () => {
    const before = ha.serviceCalls.length;
    const asked = (await fetch(`${bridge.apiUrl}/api/conversation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "accendi la lampada", language: "it" }),
    }).then((r) => r.json())) as { speech: string; conversation_id: string };
    expect(asked.speech).toMatch(/^Quale stanza intendi: .*Office/);
    const answered = await ask({
      text: "quella in ufficio",
      language: "it",
      conversation_id: asked.conversation_id,
    });
    expect(answered.response_type).toBe("action_done");
    expect(deskLampCalls(before)).toHaveLength(1);
    expect(ha.serviceCalls.length).toBe(before + 1);
  });
});
