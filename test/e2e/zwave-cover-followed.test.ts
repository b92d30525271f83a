// A shutter that takes longer to travel than Assist should wait for a reply: the built add-on says it
// is on its way within seconds, follows it until it stops, and records on the turn's call how it
// ended, by the device's own word. A shutter that takes the command and does not move is never said
// to have done it. Behind either transport: Z-Wave JS UI's gateway simulated on a real Mosquitto,
// and the real zwave-js driver with its mock controller behind @zwave-js/server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TurnRecord } from "../../src/agent/types.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import { bridgeOptionsFor, startSimulatedGateway } from "../support/zwave-backends.js";
import { rollerShutter } from "../support/zwave-gateway.js";
import { COVER_NETWORK_VERSION, coverNodes } from "../support/zwave-js/mock-nodes.js";
import { startRealZwaveStack } from "../support/zwave-js/real-stack.js";

const BAY = 2;
const STUCK = 3;
/** The Bay Shutter's travel, all the way: longer than a reply may take. */
const TRAVEL_MS = 10_000;

interface CoverHome {
  options: Record<string, unknown>;
  /** A shutter's position at the device, 0–99. */
  position(nodeId: number): unknown;
  stop(): Promise<void>;
}

async function mqttHome(): Promise<CoverHome> {
  const gateway = await startSimulatedGateway([
    rollerShutter(BAY, "Bay Shutter", { loc: "Lounge", travelMs: TRAVEL_MS }),
    rollerShutter(STUCK, "Stuck Shutter", { loc: "Attic", ignoresSets: true }),
  ]);
  return {
    options: bridgeOptionsFor(gateway),
    position: (nodeId) =>
      gateway.sim.valueOf(nodeId, { commandClass: 38, endpoint: 0, property: "currentValue" }),
    stop: () => gateway.stop(),
  };
}

async function websocketHome(): Promise<CoverHome> {
  const stack = await startRealZwaveStack({ nodes: coverNodes(), version: COVER_NETWORK_VERSION });
  return {
    options: { zwave_transport: "websocket", zwave_server_url: stack.url },
    position: (nodeId) => stack.levelOf(nodeId),
    stop: () => stack.stop(),
  };
}

describe.each(["mqtt", "websocket"] as const)("a shutter on its way, over %s", (transport) => {
  let home: CoverHome;
  let bridge: BridgeProcess;
  const say = async (text: string, language = "en", conversationId?: string) =>
    (
      await converse("127.0.0.1", bridge.wyomingPort, {
        text,
        language,
        ...(conversationId ? { conversationId } : {}),
      })
    ).response.speech;
  const turn = async (text: string): Promise<TurnRecord | undefined> => {
    const status = (await fetch(`${bridge.apiUrl}/status.json`).then((r) => r.json())) as {
      turns: TurnRecord[];
    };
    return status.turns.findLast((t) => t.text === text);
  };

  beforeAll(async () => {
    home = transport === "mqtt" ? await mqttHome() : await websocketHome();
    bridge = await startBridgeProcess({ llm_provider: "local", ...home.options });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 120_000);

  afterAll(async () => {
    await bridge?.stop();
    await home?.stop();
  });

  it("is said to be on its way, then its arrival is recorded on the turn's call", async () => {
    expect(home.position(BAY)).toBe(99);
    const speech = await say("close the bay shutter");
    expect(speech).toBe("Bay Shutter is on its way.");
    // Not there yet when it was said: the device had not reported it closed.
    expect(home.position(BAY)).not.toBe(0);
    const onItsWay = await turn("close the bay shutter");
    expect(onItsWay?.tool_calls[0]).toMatchObject({
      name: "control_zwave_cover",
      confirmation: "none",
      followId: expect.any(String),
    });
    expect(onItsWay?.tool_calls[0]?.followed).toBeUndefined();
    await expect
      .poll(async () => (await turn("close the bay shutter"))?.tool_calls[0]?.followed, {
        timeout: 30_000,
        interval: 250,
      })
      .toMatchObject({ outcome: "reached", position: 0, state: "closed" });
    expect(home.position(BAY)).toBe(0);
    // Getting there is what "on its way" promised: nothing more is said of it.
    expect(await say("close the stuck shutter", "en", "after-arrival")).toBe(
      "I sent it, but Stuck Shutter has not moved.",
    );
  }, 60_000);

  it("a shutter that takes the command and does not move is said not to have moved, in six languages", async () => {
    const cases: Array<[string, string, string]> = [
      ["en", "close the stuck shutter", "I sent it, but Stuck Shutter has not moved."],
      [
        "de",
        "Schließe den Stuck Shutter",
        "Ich habe den Befehl gesendet, aber Stuck Shutter hat sich nicht bewegt.",
      ],
      ["fr", "ferme le Stuck Shutter", "J'ai envoyé la commande, mais Stuck Shutter n'a pas bougé."],
      ["es", "cierra el Stuck Shutter", "He enviado la orden, pero Stuck Shutter no se ha movido."],
      [
        "nl",
        "doe de Stuck Shutter dicht",
        "Ik heb het commando verstuurd, maar Stuck Shutter is niet bewogen.",
      ],
      ["it", "chiudi lo Stuck Shutter", "Ho inviato il comando, ma Stuck Shutter non si è mosso."],
    ];
    for (const [language, text, speech] of cases) {
      expect(await say(text, language), `${language}: ${text}`).toBe(speech);
      expect(home.position(STUCK)).toBe(99);
    }
  }, 90_000);

  it("one that never moved is told so in the next reply of the same conversation, and recorded", async () => {
    expect(await say("close the stuck shutter", "en", "stuck")).toBe(
      "I sent it, but Stuck Shutter has not moved.",
    );
    await expect
      .poll(async () => (await turn("close the stuck shutter"))?.tool_calls[0]?.followed, {
        timeout: 20_000,
        interval: 250,
      })
      .toMatchObject({ outcome: "not_moved", position: 100 });
    expect(await say("tell me the time please", "en", "stuck")).toMatch(
      /^By the way, Stuck Shutter did not move\. /,
    );
    // Said once.
    expect(await say("tell me the time please", "en", "stuck")).not.toContain("Stuck Shutter");
  }, 40_000);
});
