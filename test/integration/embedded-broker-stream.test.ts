// The demo's simulated gateway reaches the embedded broker through a stream in the same process
// (src/demo/embedded-broker.ts): what it publishes reaches clients on the broker's TCP port and
// back, and its goodbye completes, so that the bridge stops promptly.
import { connectAsync, MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { startEmbeddedBroker, type EmbeddedBroker } from "../../src/demo/embedded-broker.js";

let broker: EmbeddedBroker | undefined;
afterEach(async () => {
  await broker?.close();
  broker = undefined;
});

function inProcess(b: EmbeddedBroker, clientId: string): Promise<MqttClient> {
  const client = new MqttClient(() => b.stream(), { clientId, reconnectPeriod: 0 });
  return new Promise((resolve, reject) => {
    client.once("connect", () => resolve(client));
    client.once("error", reject);
  });
}

describe("a client of the embedded broker through a stream", () => {
  it("exchanges messages with a client on the TCP port, both ways", async () => {
    broker = await startEmbeddedBroker();
    const inside = await inProcess(broker, "inside");
    const outside = await connectAsync(broker.url, { clientId: "outside", reconnectPeriod: 0 });
    await inside.subscribeAsync("to/inside", { qos: 1 });
    await outside.subscribeAsync("to/outside", { qos: 1 });
    const heardInside = new Promise<string>((resolve) =>
      inside.once("message", (_t, m) => resolve(m.toString())),
    );
    const heardOutside = new Promise<string>((resolve) =>
      outside.once("message", (_t, m) => resolve(m.toString())),
    );
    await outside.publishAsync("to/inside", "hello", { qos: 1 });
    await inside.publishAsync("to/outside", "hi", { qos: 1 });
    expect(await heardInside).toBe("hello");
    expect(await heardOutside).toBe("hi");
    await outside.endAsync();
    await inside.endAsync();
  });

  it("ends when it says goodbye, and the broker then closes", async () => {
    broker = await startEmbeddedBroker();
    const inside = await inProcess(broker, "goodbye");
    await inside.endAsync(false);
    expect(inside.connected).toBe(false);
    await broker.close();
    broker = undefined;
  });

  it("is dropped when the broker closes", async () => {
    broker = await startEmbeddedBroker();
    const inside = await inProcess(broker, "dropped");
    const closed = new Promise<void>((resolve) => inside.once("close", () => resolve()));
    await broker.close();
    broker = undefined;
    await closed;
    expect(inside.connected).toBe(false);
    inside.end(true);
  });
});
