// A shutter that something stops on its way (an obstacle, a motor's overload cut-out) is never said
// to have got where it was sent: the built add-on says it is on its way, follows it until it
// stands still, records where it stopped on the turn's call, and tells it first in the next reply
// of the same conversation. On the real zwave-js driver with its mock controller behind
// @zwave-js/server; the motor tells its position on its way and where it stopped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TurnRecord } from "../../src/agent/types.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import { COVER_NETWORK_VERSION, coverNodes } from "../support/zwave-js/mock-nodes.js";
import { startRealZwaveStack, type RealZwaveStack } from "../support/zwave-js/real-stack.js";

/** The Porch Shutter: something stops it at 40 of 99 on its way down. */
const PORCH = 5;

describe("a shutter stopped short of where it was sent, on the real driver", () => {
  let stack: RealZwaveStack;
  let bridge: BridgeProcess;
  const say = async (text: string, language: string, conversationId: string) =>
    (await converse("127.0.0.1", bridge.wyomingPort, { text, language, conversationId })).response.speech;
  const turn = async (text: string): Promise<TurnRecord | undefined> => {
    const status = (await fetch(`${bridge.apiUrl}/status.json`).then((r) => r.json())) as {
      turns: TurnRecord[];
    };
    return status.turns.findLast((t) => t.text === text);
  };

  beforeAll(async () => {
    stack = await startRealZwaveStack({ nodes: coverNodes(), version: COVER_NETWORK_VERSION });
    bridge = await startBridgeProcess({
      llm_provider: "local",
      zwave_transport: "websocket",
      zwave_server_url: stack.url,
    });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 120_000);

  afterAll(async () => {
    await bridge?.stop();
    await stack?.stop();
  });

  it("is on its way, then said to have stopped at its own position, once, in the language of the conversation", async () => {
    expect(stack.levelOf(PORCH)).toBe(99);
    expect(await say("Schließe den Porch Shutter", "de", "porch")).toBe("Porch Shutter ist unterwegs.");
    await expect
      .poll(async () => (await turn("Schließe den Porch Shutter"))?.tool_calls[0]?.followed, {
        timeout: 30_000,
        interval: 250,
      })
      .toMatchObject({ outcome: "stopped", position: 40, state: "open" });
    // Where the device says it stands: not closed.
    expect(stack.levelOf(PORCH)).toBe(40);
    expect(await say("welche Uhrzeit haben wir gerade bitte", "de", "porch")).toMatch(
      /^Übrigens: Porch Shutter ist bei 40 Prozent offen stehen geblieben\. /,
    );
    expect(await say("welche Uhrzeit haben wir gerade bitte", "de", "porch")).not.toContain("Porch Shutter");
  }, 60_000);
});
