// Fault: Home Assistant restarts. The mirror reconnects and resyncs by itself, so a device renamed
// while HA was down answers to its new name; a rejected token is reported and retried with
// backoff, never in a tight loop.
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { converse } from "../support/wyoming-client.js";
import { waitFor } from "../support/zwave-gateway.js";

const HA_TOKEN = "ha-token-planted-3c9e1f";
const MIRRORED = "mirrored Home Assistant";

describe("Home Assistant restarts", () => {
  let ha: FakeHa;
  let bridge: BridgeProcess;
  const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });
  const syncs = () => bridge.output().split(MIRRORED).length - 1;
  const kettleCalls = () =>
    ha.serviceCalls.filter((c) => JSON.stringify(c.target).includes("switch.kettle")).map((c) => c.service);

  beforeAll(async () => {
    ha = await startFakeHa({ token: HA_TOKEN });
    // The local provider: sentences go through the fast path to HA's control_entity.
    bridge = await startBridgeProcess({ llm_provider: "local", ha_url: ha.url, ha_token: HA_TOKEN });
    await bridge.waitForLog(MIRRORED);
  });

  afterAll(async () => {
    await bridge?.stop();
    await ha?.close();
  });

  it("answers during the restart, then finds a device renamed while HA was down by its new name", async () => {
    expect((await say("Turn on the kettle")).response.speech).toBe("Turned on Kettle.");
    expect(kettleCalls()).toEqual(["turn_on"]);

    const before = syncs();
    ha.down();
    await bridge.waitForLog("lost the connection to Home Assistant", 5000);
    ha.updateEntity("switch.kettle", { name: "Tea Maker" });

    const during = await say("Turn off the kettle");
    expect(during.response.speech).toBe(GRAMMARS.en!.replies.errors.homeUnavailable);
    expect(kettleCalls()).toEqual(["turn_on"]);

    ha.up();
    // haws retries a dropped socket 0–5 s apart; then the mirror fetches everything again.
    await waitFor(() => syncs() > before, 15_000, "the mirror to resync");
    const after = await say("Turn off the tea maker");
    expect(after.response.speech).toBe("Turned off Tea Maker.");
    expect(kettleCalls()).toEqual(["turn_on", "turn_off"]);
  }, 30_000);
});

describe("Home Assistant rejects the token", () => {
  let attempts: number[];
  let server: ReturnType<typeof createServer>;
  let bridge: BridgeProcess;

  beforeAll(async () => {
    attempts = [];
    // Only HA's auth phase (home-assistant-js-websocket lib/socket.ts), counting every token offered.
    server = createServer((_req, res) => res.writeHead(404).end());
    const wss = new WebSocketServer({ server, path: "/api/websocket" });
    wss.on("connection", (ws) => {
      ws.send(JSON.stringify({ type: "auth_required", ha_version: "2026.9.1" }));
      ws.on("message", (raw) => {
        const message = JSON.parse(String(raw)) as { type?: string };
        if (message.type !== "auth") return;
        attempts.push(Date.now());
        ws.send(JSON.stringify({ type: "auth_invalid", message: "Invalid access token or password" }));
        ws.close();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    bridge = await startBridgeProcess({ llm_provider: "local", ha_url: url, ha_token: "wrong-token-5b7d" });
  });

  afterAll(async () => {
    await bridge?.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("logs a clear error and keeps retrying, without hammering Home Assistant", async () => {
    await bridge.waitForLog("Home Assistant rejected the token", 20_000);
    // The delays themselves (doubling, capped) are the backoff's unit test; here: it retries at
    // all, and not in a tight loop, which would offer the token hundreds of times in these seconds.
    await new Promise((r) => setTimeout(r, 4000));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.length).toBeLessThan(20);
    expect(bridge.output()).not.toContain("wrong-token-5b7d");
  }, 30_000);

  it("still answers the user, and says what is wrong", async () => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Turn on the kettle",
      language: "en",
    });
    expect(outcome.response.speech).toBe(
      "I couldn't find a device called kettle. I can't see Home Assistant's devices yet.",
    );
  });
});
