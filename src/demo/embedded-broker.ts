import net from "node:net";
import type { AddressInfo } from "node:net";
import { Aedes } from "aedes";
import { writeToStream } from "mqtt-packet";
import { openInProcessLink, type InProcessLink, type LinkOptions } from "./in-process-link.js";

export interface EmbeddedBroker {
  /** `mqtt://host:port` */
  url: string;
  port: number;
  /** A client from inside this process, through the broker's own API: no socket, no MQTT packets. */
  link(options: LinkOptions): InProcessLink;
  close(): Promise<void>;
}

/** An aedes broker served over TCP: its address, and a close that ends its clients and the broker. */
export interface ServedBroker {
  /** `mqtt://host:port` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves `broker` on `host:port` (a free port by default) until closed. */
export async function serveMqtt(
  broker: Aedes,
  options: { port?: number; host?: string } = {},
): Promise<ServedBroker> {
  const host = options.host ?? "127.0.0.1";
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    // Nagle on the broker side stalls every QoS 1 round trip by ~40 ms (docs/architecture.md, Tests and what stands in).
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://${host}:${port}`,
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Its in-process links end with it (in-process-link.ts).
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

/** An in-process MQTT 3.1.1 broker (aedes) for the demo, and for tests where Mosquitto is missing. */
export async function startEmbeddedBroker(
  options: { port?: number; host?: string } = {},
): Promise<EmbeddedBroker> {
  // aedes writes with mqtt-packet, which on its first packet would build a Buffer for each of the
  // 65,536 packet ids and keep them for good (its `numbers.js`): ~6 MiB resident and tens of ms of
  // CPU, for a broker that sends a few packets a second. The bridge's own client turns it off the
  // same way (mqtt.js `writeCache`, in gateway-client.ts).
  writeToStream.cacheNumbers = false;
  const broker = await Aedes.createBroker();
  const served = await serveMqtt(broker, options);
  return { ...served, link: (linkOptions) => openInProcessLink(broker, linkOptions) };
}
