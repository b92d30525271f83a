// The gateway's MQTT connection to a broker's URL, as Z-Wave JS UI's own (api/lib/MqttClient.ts):
// mqtt.js, reconnecting, with its client status as the will.
import type { Socket } from "node:net";
import { connectAsync } from "mqtt";
import type { GatewayConnection, GatewayConnectOptions } from "./types.js";

export async function connectMqtt(
  url: string,
  credentials: { username?: string; password?: string },
  how: GatewayConnectOptions & { onReconnect(): void },
): Promise<GatewayConnection> {
  const { will } = how;
  const client = await connectAsync(
    url,
    {
      clientId: how.clientId,
      ...credentials,
      reconnectPeriod: 200,
      connectTimeout: 5000,
      will: { ...will, payload: Buffer.from(will.payload) },
    },
    false,
  );
  // Nagle would stall every QoS 1 round trip (docs/architecture.md, Tests and what stands in).
  const noDelay = () => (client.stream as Socket).setNoDelay?.(true);
  noDelay();
  client.on("message", (topic, payload) => how.onMessage(topic, payload));
  client.on("connect", () => {
    noDelay();
    how.onReconnect();
  });
  return {
    get connected() {
      return client.connected;
    },
    publish: (topic, payload, options) => client.publishAsync(topic, payload, options),
    subscribe: (filter) => client.subscribeAsync(filter, { qos: 1 }),
    end: (force) => client.endAsync(force),
  };
}
