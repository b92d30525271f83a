/**
 * A forward HTTP proxy on loopback, as HTTP_PROXY / HTTPS_PROXY name one: it tunnels CONNECT (how
 * an https request goes through a proxy) and forwards absolute-form requests (plain http), and
 * records each target it was asked for.
 */
import { createServer, request } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";

export interface TestProxy {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** What went through, oldest first: `CONNECT host:port` or `GET http://…`. */
  seen: string[];
  /** The local port of each tunnel's connection to its target, as the target sees the client's. */
  tunnelPorts: number[];
  close(): Promise<void>;
}

export async function startTestProxy(): Promise<TestProxy> {
  const seen: string[] = [];
  const tunnelPorts: number[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? "");
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  const tunnels = new Set<Socket>();
  server.on("connect", (req, client: Socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    tunnels.add(client);
    client.on("close", () => tunnels.delete(client));
    const [host, port] = (req.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      tunnelPorts.push(upstream.localPort!);
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    tunnelPorts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const tunnel of tunnels) tunnel.destroy();
      }),
  };
}
