// The Z-Wave server tells the bridge a device's new state before it answers the tool call that
// changed it (src/zwave/mcp-server.ts): the two cross between the threads on separate ports, and a
// client that switches a light through the bridge's /mcp and then speaks to it at once must find
// the light where the tool left it, not where it was. The server runs as in its worker, on the
// thread's side of a real MessageChannel, against the gateway simulator on Mosquitto; what it sends
// the bridge is recorded as it goes out.
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MessagePortTransport } from "../../src/shared/message-port-transport.js";
import { loadConfig } from "../../src/zwave/config.js";
import { createZwaveMcpServer, type ZwaveMcpServer } from "../../src/zwave/mcp-server.js";
import type { ZwaveStateEvent } from "../../src/zwave/state-events.js";
import { zwaveServerEnv } from "../../src/zwave-host/launch.js";
import { captureLogger } from "../support/capture-logger.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import {
  demoNodes,
  eventually,
  startGatewaySimulator,
  type GatewaySimulator,
} from "../support/zwave-gateway.js";

type Sent = { state: ZwaveStateEvent } | { answer: unknown };

let broker: TestBroker;
let sim: GatewaySimulator;
let server: ZwaveMcpServer;
let client: Client;
const sent: Sent[] = [];

/** The thread's end of the port, writing down each message as it goes out. */
function recorded(port: MessagePort) {
  return {
    postMessage(message: unknown) {
      const { id, result } = message as { id?: unknown; result?: unknown };
      if (id !== undefined && result !== undefined) sent.push({ answer: id });
      port.postMessage(message);
    },
    on: (event: "message", listener: (message: unknown) => void) => port.on(event, listener),
    off: (event: "message", listener: (message: unknown) => void) => port.off(event, listener),
  };
}

beforeAll(async () => {
  broker = await startMosquitto();
  sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    nodes: demoNodes(),
  });
  const env = zwaveServerEnv({
    prefix: "zwave",
    mqttUrl: broker.url,
    username: broker.username,
    password: broker.password,
    confirmTimeoutMs: 2000,
  });
  server = await createZwaveMcpServer(loadConfig(env), captureLogger().logger, (state) =>
    sent.push({ state }),
  );
  const { port1, port2 } = new MessageChannel();
  void server.serveHost(new MessagePortTransport(recorded(port2), () => port2.close()));
  client = new Client({ name: "bridge", version: "1.0.0" });
  await client.connect(new MessagePortTransport(port1, () => port1.close()));
  await eventually(
    async () =>
      JSON.stringify(
        (await client.callTool({ name: "list_zwave_devices", arguments: {} })).structuredContent,
      ),
    (listed) => listed.includes("Kitchen Light"),
  );
}, 30_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await sim?.stop();
  await broker?.stop();
});

/** The level of the Kitchen Light (node 3) in the last state event sent before the answer to `callId`. */
function levelToldBefore(callId: number): number | null | undefined {
  const at = sent.findIndex((s) => "answer" in s && s.answer === callId);
  expect(at).toBeGreaterThanOrEqual(0);
  let level: number | null | undefined;
  for (const s of sent.slice(0, at)) {
    if (!("state" in s)) continue;
    const { state } = s;
    if (state.type === "device" && state.device.nodeId === 3) level = state.device.level;
    if (state.type === "devices") level = state.devices.find((d) => d.nodeId === 3)?.level ?? level;
  }
  return level;
}

it("sends the dimmer's new level before the answer to the call that dimmed it, each time", async () => {
  for (const level of [90, 40, 15]) {
    const answers = sent.filter((s) => "answer" in s).length;
    const result = await client.callTool({
      name: "control_zwave_device",
      arguments: { deviceName: "Kitchen Light", action: "dim", level },
    });
    expect((result.structuredContent as { ok?: boolean }).ok).toBe(true);
    const answer = sent.filter((s) => "answer" in s)[answers] as { answer: number };
    expect(levelToldBefore(answer.answer)).toBe(level);
  }
});
