// The simulated gateway subscribes as Z-Wave JS UI does (zwave-js-ui api/lib/MqttClient.ts
// `_onConnect`, api/lib/Gateway.ts `_onValueChanged`): to its own API topics, and to `/set` with
// one wildcard filter per value topic depth. So what it publishes about its devices is never sent
// back to it, and a write still reaches it, once. A broker (aedes) watches what it forwards to the
// gateway's connection.
import { Aedes } from "aedes";
import { connectAsync, type MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { serveMqtt } from "../../src/demo/embedded-broker.js";
import { demoNodes, startGatewaySimulator, type GatewaySimulator } from "../support/zwave-gateway.js";

interface WatchedBroker {
  url: string;
  /** The topics the broker forwarded to a client, oldest first. */
  sentTo(clientId: string): string[];
  /** The filters a client subscribed to. */
  filtersOf(clientId: string): string[];
  close(): Promise<void>;
}

async function watchedBroker(): Promise<WatchedBroker> {
  const sent = new Map<string, string[]>();
  const filters = new Map<string, string[]>();
  const broker = await Aedes.createBroker({
    authorizeForward: (client, packet) => {
      const list = sent.get(client.id) ?? [];
      sent.set(client.id, [...list, packet.topic]);
      return packet;
    },
  });
  broker.on("subscribe", (subscriptions, client) => {
    filters.set(client.id, [...(filters.get(client.id) ?? []), ...subscriptions.map((s) => s.topic)]);
  });
  const served = await serveMqtt(broker);
  return {
    url: served.url,
    sentTo: (id) => sent.get(id) ?? [],
    filtersOf: (id) => filters.get(id) ?? [],
    close: served.close,
  };
}

let broker: WatchedBroker | undefined;
let sim: GatewaySimulator | undefined;
let client: MqttClient | undefined;
afterEach(async () => {
  await client?.endAsync();
  await sim?.stop();
  await broker?.close();
  client = sim = broker = undefined;
});

const LEVEL = { commandClass: 38, endpoint: 0, property: "currentValue" };
const TARGET = { commandClass: 38, endpoint: 0, property: "targetValue" };
const levelIs = (n: number) => (p: string) => (JSON.parse(p) as { value?: unknown }).value === n;

describe("the simulated gateway's subscriptions", () => {
  it("are its API and one `/set` filter per topic depth, as Z-Wave JS UI's", async () => {
    broker = await watchedBroker();
    sim = await startGatewaySimulator({ brokerUrl: broker.url, nodes: demoNodes() });
    const filters = broker.filtersOf(sim.clientId);
    expect(filters).toContain(`zwave/_CLIENTS/${sim.clientId}/api/#`);
    // "Switch One" has no location (4 levels), "Kitchen Light" is in the Kitchen (5 levels).
    expect(filters).toContain("zwave/+/+/+/+/set");
    expect(filters).toContain("zwave/+/+/+/+/+/set");
    expect(filters).not.toContain("zwave/#");
    expect(new Set(filters).size).toBe(filters.length);
  });

  it("bring it the writes, once each, and none of its own state publications", async () => {
    broker = await watchedBroker();
    sim = await startGatewaySimulator({ brokerUrl: broker.url, nodes: demoNodes() });
    client = await connectAsync(broker.url, { clientId: "writer" });
    const level = sim.topicOf(3, LEVEL);

    // A write through the API, and one on the value's `/set` topic, each confirmed by the report.
    const reported40 = sim.nextMessage(level, levelIs(40));
    await sim.callApi("writeValue", [{ nodeId: 3, ...TARGET }, 40]);
    await reported40;
    const reported60 = sim.nextMessage(level, levelIs(60));
    await client.publishAsync(`${sim.topicOf(3, TARGET)}/set`, "60", { qos: 1 });
    await reported60;

    const sent = broker.sentTo(sim.clientId);
    const apiTopic = `zwave/_CLIENTS/${sim.clientId}/api/`;
    // Its API requests and their answers (Z-Wave JS UI's `api/#` takes both), and the `/set`.
    expect(sent.filter((t) => !t.startsWith(apiTopic))).toEqual([`${sim.topicOf(3, TARGET)}/set`]);
    expect(sent.filter((t) => t === `${apiTopic}writeValue/set`)).toHaveLength(1);
    expect(sent.filter((t) => t.startsWith(apiTopic) && !t.endsWith("/set"))).toEqual([
      `${apiTopic}writeValue`,
    ]);
  });
});
