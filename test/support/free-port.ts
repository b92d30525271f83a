import { readFileSync } from "node:fs";
import net from "node:net";

// A port picked free and bound later can be taken in between. A port the kernel hands out
// (listen(0), or the local end of any outgoing connection) comes from its ephemeral range, where
// the other tests' fakes and connections live, so ports here come from below that range instead:
// each vitest worker has its own slice of it, and one process never hands out a port twice.
const SLICE = 1000;
const BELOW = 15_000;

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > BELOW + SLICE ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const slices = Math.floor((ephemeralLow() - BELOW) / SLICE);
const slice = BELOW + (Number(process.env.VITEST_POOL_ID ?? 0) % slices) * SLICE;
// A random start, so the next test file in the same worker does not begin where this one did.
let next = Math.floor(Math.random() * SLICE);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    // No host: the check covers every address, as the bridge listens on 0.0.0.0.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A TCP port that is free now and that no other test picks (for programs that cannot listen on port 0). */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < SLICE; tries++) {
    const port = slice + (next++ % SLICE);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${slice}–${slice + SLICE - 1}`);
}
