import net from "node:net";
import type { AddressInfo } from "node:net";
import { duplexPair, type Duplex } from "node:stream";
import { Aedes } from "aedes";

export interface EmbeddedBroker {
  /** `mqtt://host:port` */
  url: string;
  port: number;
  /** A connection from inside this process: a stream the broker serves, with no socket. */
  stream(): Duplex;
  close(): Promise<void>;
}

/** An in-process MQTT 3.1.1 broker (aedes) for the demo, and for tests where Mosquitto is missing. */
export async function startEmbeddedBroker(
  options: { port?: number; host?: string } = {},
): Promise<EmbeddedBroker> {
  const host = options.host ?? "127.0.0.1";
  const broker = await Aedes.createBroker();
  const sockets = new Set<net.Socket>();
  const streams = new Set<Duplex>();
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
    stream() {
      const [inside, outside] = duplexPair();
      // Either side closed closes the other, as a socket's peer sees its connection go: the broker
      // drops a client that said goodbye, and the client's end completes.
      streams.add(inside);
      inside.once("close", () => {
        streams.delete(inside);
        outside.destroy();
      });
      outside.once("close", () => inside.destroy());
      broker.handle(inside);
      return outside;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      for (const stream of streams) stream.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
