// The demo's simulated gateway reaches the embedded broker through the broker's own API, from
// inside the same process (src/demo/in-process-link.ts): clients on the broker's TCP port see what
// it publishes as any client's, and it hears theirs; either side's end ends the link; and the demo
// stops, so that the bridge's stop does not hang.
import { connectAsync, type MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { startDemoHome } from "../../src/demo/demo-home.js";
import { startEmbeddedBroker, type EmbeddedBroker } from "../../src/demo/embedded-broker.js";
import type { InProcessLink } from "../../src/demo/in-process-link.js";
import { captureLogger } from "../support/capture-logger.js";

let broker: EmbeddedBroker | undefined;
let client: MqttClient | undefined;
afterEach(async () => {
  await client?.endAsync(true);
  await broker?.close();
  client = broker = undefined;
});

interface Heard {
  link: InProcessLink;
  heard: string[];
  /** Resolves with the next message it hears. */
  next(): Promise<string>;
}

function linked(b: EmbeddedBroker, will?: { topic: string; payload: string }): Heard {
  const heard: string[] = [];
  const waiting: ((m: string) => void)[] = [];
  const link = b.link({
    ...(will ? { will: { ...will, qos: 1, retain: true } } : {}),
    onMessage(topic, payload) {
      const m = `${topic} ${payload.toString()}`;
      heard.push(m);
      waiting.shift()?.(m);
    },
  });
  return { link, heard, next: () => new Promise((resolve) => waiting.push(resolve)) };
}

function nextMessage(c: MqttClient): Promise<string> {
  return new Promise((resolve) => c.once("message", (t, p) => resolve(`${t} ${p.toString()}`)));
}

describe("a link to the embedded broker from inside its process", () => {
  it("exchanges messages with a client on the TCP port, both ways, and keeps what is retained", async () => {
    broker = await startEmbeddedBroker();
    const inside = linked(broker);
    client = await connectAsync(broker.url, { clientId: "outside", reconnectPeriod: 0 });
    await inside.link.subscribe("to/inside");
    await client.subscribeAsync("to/outside", { qos: 1 });

    const heardInside = inside.next();
    await client.publishAsync("to/inside", "hello", { qos: 1 });
    expect(await heardInside).toBe("to/inside hello");
    const heardOutside = nextMessage(client);
    await inside.link.publish("to/outside", "hi", { qos: 1, retain: false });
    expect(await heardOutside).toBe("to/outside hi");

    await inside.link.publish("kept", "state", { qos: 1, retain: true });
    const late = await connectAsync(broker.url, { clientId: "late", reconnectPeriod: 0 });
    const retained = nextMessage(late);
    await late.subscribeAsync("kept", { qos: 1 });
    expect(await retained).toBe("kept state");
    await late.endAsync();
  });

  it("hears a message once however many of its subscriptions match it, in the order it was sent", async () => {
    broker = await startEmbeddedBroker();
    const inside = linked(broker);
    await inside.link.subscribe("z/+/+/set");
    await inside.link.subscribe("z/api/#");
    client = await connectAsync(broker.url, { clientId: "outside", reconnectPeriod: 0 });
    await client.publishAsync("z/api/a/set", "1", { qos: 1 });
    await client.publishAsync("z/api/b/set", "2", { qos: 1 });
    await client.publishAsync("z/api/c", "3", { qos: 1 });
    while (inside.heard.length < 3) await inside.next();
    expect(inside.heard).toEqual(["z/api/a/set 1", "z/api/b/set 2", "z/api/c 3"]);
  });

  it("after its goodbye hears nothing more, and its will is published only when it drops", async () => {
    broker = await startEmbeddedBroker();
    client = await connectAsync(broker.url, { clientId: "watcher", reconnectPeriod: 0 });
    await client.subscribeAsync("status/#", { qos: 1 });
    const statuses: string[] = [];
    client.on("message", (t, p) => statuses.push(`${t} ${p.toString()}`));

    const polite = linked(broker, { topic: "status/polite", payload: "gone" });
    await polite.link.subscribe("to/polite");
    await polite.link.end();
    expect(polite.link.connected).toBe(false);
    await client.publishAsync("to/polite", "anyone?", { qos: 1 });
    await expect(polite.link.publish("status/polite", "late", { qos: 1, retain: false })).rejects.toThrow();

    const dropped = linked(broker, { topic: "status/dropped", payload: "gone" });
    const will = nextMessage(client);
    await dropped.link.end(true);
    expect(await will).toBe("status/dropped gone");
    expect(statuses).toEqual(["status/dropped gone"]);
    expect(polite.heard).toEqual([]);
  });

  it("ends when the broker closes, without a will", async () => {
    broker = await startEmbeddedBroker();
    const inside = linked(broker, { topic: "status/inside", payload: "gone" });
    await inside.link.subscribe("anything");
    await broker.close();
    broker = undefined;
    expect(inside.link.connected).toBe(false);
    await expect(inside.link.publish("anything", "x", { qos: 1, retain: false })).rejects.toThrow();
    await inside.link.end(true);
  });

  it("carries the demo's gateway: a client on the TCP port switches a device and hears its report, and the demo stops", async () => {
    const { logger } = captureLogger();
    const demo = await startDemoHome(logger);
    try {
      client = await connectAsync(demo.brokerUrl, { clientId: "bridge-like", reconnectPeriod: 0 });
      const api = "zwave/_CLIENTS/ZWAVE_GATEWAY-zwave-js-ui/api/writeValue";
      const level = "zwave/Kitchen/Kitchen_Light/38/0/currentValue";
      await client.subscribeAsync([api, level], { qos: 1 });
      const reported = new Promise<void>((resolve) =>
        client!.on("message", (t, p) => {
          if (t === level && (JSON.parse(p.toString()) as { value?: unknown }).value === 33) resolve();
        }),
      );
      const request = { nodeId: 3, commandClass: 38, endpoint: 0, property: "targetValue" };
      await client.publishAsync(`${api}/set`, JSON.stringify({ args: [request, 33] }), { qos: 1 });
      await reported;
      await client.endAsync();
      client = undefined;
    } finally {
      await demo.close();
    }
    await expect(connectAsync(demo.brokerUrl, { reconnectPeriod: 0 }, false)).rejects.toThrow();
  });
});
