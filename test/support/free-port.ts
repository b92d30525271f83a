import net from "node:net";
import type { AddressInfo } from "node:net";

/** A TCP port that was free a moment ago on 127.0.0.1 (for programs that cannot listen on port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
