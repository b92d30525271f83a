// Works around the zwave-js 15.29 mock server's framing crash (zwave-js `packages/testing/src/MockController.ts`): it hands
// raw TCP chunks to the mock controller, which only recognises an ACK when it arrives alone, so a
// driver ACK coalesced with its next request kills it. While the mock server starts, its
// `net.createServer` is wrapped so that every `data` listener receives whole Serial API frames.
import { createRequire, syncBuiltinESMExports } from "node:module";
import type * as net from "node:net";

const require = createRequire(import.meta.url);
const netModule = require("node:net") as typeof net;

const SOF = 0x01;
const SINGLE_BYTE = new Set([0x06, 0x15, 0x18]); // ACK, NAK, CAN

/** Splits a byte stream into Serial API frames: ACK/NAK/CAN alone, `01 <len> …` as len+2 bytes. */
export function createFramer(): (chunk: Buffer) => Buffer[] {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    const frames: Buffer[] = [];
    while (buffer.length > 0) {
      const first = buffer[0] as number;
      if (first === SOF) {
        if (buffer.length < 2) break;
        const size = (buffer[1] as number) + 2;
        if (buffer.length < size) break;
        frames.push(buffer.subarray(0, size));
        buffer = buffer.subarray(size);
      } else {
        // ACK/NAK/CAN, or a stray byte the mock will reject on its own.
        frames.push(buffer.subarray(0, 1));
        buffer = buffer.subarray(1);
        if (!SINGLE_BYTE.has(first)) continue;
      }
    }
    return frames;
  };
}

function reframe(socket: net.Socket): void {
  const on = socket.on.bind(socket);
  const split = createFramer();
  socket.on = ((event: string, listener: (...args: unknown[]) => void) => {
    if (event !== "data") return on(event, listener);
    return on("data", (chunk: Buffer) => {
      for (const frame of split(chunk)) listener(frame);
    });
  }) as typeof socket.on;
}

/** Runs `start` with `net.createServer` handing re-framed sockets to the connection listener. */
export async function withReframingServers<T>(start: () => Promise<T>): Promise<T> {
  const original = netModule.createServer;
  netModule.createServer = ((...args: unknown[]) => {
    const listener = args.find((a) => typeof a === "function") as ((s: net.Socket) => void) | undefined;
    const options = args.find((a) => typeof a === "object") as net.ServerOpts | undefined;
    return original(options ?? {}, (socket) => {
      reframe(socket);
      listener?.(socket);
    });
  }) as typeof net.createServer;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    netModule.createServer = original;
    syncBuiltinESMExports();
  }
}
