// The built bridge with no LLM: which languages it tells HA it speaks, and which language a
// reply comes in: the Wyoming transcript's, then the HTTP request's, then the `language` option.
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
    expect((await ask({ text: "Zet de waterkoker aan" })).speech).toBe("Kettle staat aan.");
  });
});
