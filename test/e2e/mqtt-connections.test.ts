// The built bridge reaches Z-Wave JS UI's gateway over every kind of MQTT connection the add-on
// accepts (src/zwave/config.ts): mqtts://, MQTT over ws:// and over wss://, as well as mqtt://. The
// build loads what only these need (mqtt's TLS and WebSocket transports, ws's node:https and
// node:tls) at the first such connection, not at start (scripts/bundle/load-on-first-use.mjs):
// here each is loaded that way, in the Z-Wave worker, and a command reaches the device through it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { makeTestCertificates, type TestCertificates } from "../support/tls-certificates.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

let certificates: TestCertificates;
let broker: TestBroker;
let gateway: GatewaySimulator;
let bridge: BridgeProcess | undefined;

beforeAll(async () => {
  certificates = makeTestCertificates();
  broker = await startMosquitto({ secure: certificates.trusted });
  // The gateway simulator on plain MQTT; only the bridge takes the other ways in.
  gateway = await startAddonGateway(broker);
}, 60_000);
afterAll(async () => {
  await gateway?.stop();
  await broker?.stop();
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
});

describe("the bridge's Z-Wave server over MQTT", () => {
  for (const kind of ["mqtts", "ws", "wss"] as const) {
    it(`switches a device through the gateway over ${kind}://`, async () => {
      bridge = await startBridgeProcess(
        {
          llm_provider: "local",
          mqtt_url: broker.secureUrls![kind],
          mqtt_username: broker.username,
          mqtt_password: broker.password,
        },
        // The bridge trusts the test CA as a user's own CA would be trusted.
        { NODE_EXTRA_CA_CERTS: certificates.caFile },
      );
      await bridge.waitForLog("MCP server 'zwave' is up");
      const writes = gateway.apiCalls.filter((call) => call.api === "writeValue").length;
      const reply = await converse("127.0.0.1", bridge.wyomingPort, {
        text: "Turn on Switch One",
        language: "en",
      });
      expect(reply.response.speech).toBe("Turned on Switch One.");
      expect(gateway.apiCalls.filter((call) => call.api === "writeValue")).toHaveLength(writes + 1);
    }, 60_000);
  }
});
