// Z-Wave JS UI answers its MQTT API on one topic per API, for every client alike, with no request
// id of its own: the server's calls must take only the answers to their own requests.
import { connectAsync, type MqttClient } from "mqtt";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayClient } from "../../src/zwave/transports/mqtt/gateway-client.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";

const PREFIX = "shared";
const GATEWAY = "ZWAVE_GATEWAY-shared";
const API = `${PREFIX}/_CLIENTS/${GATEWAY}/api/getInfo`;

let broker: TestBroker;
let gateway: MqttClient;

beforeAll(async () => {
  broker = await startMosquitto();
  const auth = { username: broker.username, password: broker.password };
  gateway = await connectAsync(broker.url, { ...auth, clientId: GATEWAY });
  await gateway.publishAsync(`${PREFIX}/_CLIENTS/${GATEWAY}/status`, JSON.stringify({ value: true }), {
    retain: true,
  });
  await gateway.publishAsync(`${PREFIX}/driver/status`, "true", { retain: true });
  // A gateway busy with two clients: before answering ours, it answers another client's getInfo
  // (one that sent no request id of its own), on the same topic.
  await gateway.subscribeAsync(`${API}/set`);
  gateway.on("message", (_topic, payload) => {
    const request = JSON.parse(payload.toString()) as { args: unknown[] };
    const reply = (origin: unknown, homeid: number) =>
      JSON.stringify({
        success: true,
        message: "Success zwave api call",
        result: { homeid },
        args: [],
        origin,
      });
    gateway.publish(API, reply({ args: [] }, 0x11111111));
    gateway.publish(API, reply(request, 0x7e570001));
  });
});

afterAll(async () => {
  await gateway?.endAsync();
  await broker?.stop();
});

describe("the gateway's API over MQTT", () => {
  it("takes only the answer to its own request, not another client's on the same topic", async () => {
    const client = createGatewayClient({
      brokerUrl: broker.url,
      username: broker.username,
      password: broker.password,
      prefix: PREFIX,
      logger: pino({ level: "silent" }),
    });
    try {
      expect(await client.callApi("getInfo", [])).toEqual({ homeid: 0x7e570001 });
    } finally {
      await client.close();
    }
  });
});
