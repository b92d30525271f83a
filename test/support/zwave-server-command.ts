// How tests and benchmarks start the stand-alone Z-Wave MCP server (dist/zwave/server.js) as a
// stdio child, the way any MCP client would. Inside the add-on it runs in a worker thread instead.
import { fileURLToPath } from "node:url";

/**
 * V8 without its optimising compilers, as a user would run the stand-alone server on a small host:
 * it waits on MQTT and stdio, and lite mode saves ~20 MiB of its idle memory
 * (bench/zwave-footprint.bench.ts). Lite mode turns WebAssembly off anyway; saying so keeps V8's
 * warning about it out of the log.
 */
const NODE_FLAGS = ["--lite-mode", "--no-expose-wasm"];

const BUILT_SERVER = fileURLToPath(new URL("../../dist/zwave/server.js", import.meta.url));

export function zwaveServerCommand(script = BUILT_SERVER): { command: string; args: string[] } {
  return { command: process.execPath, args: [...NODE_FLAGS, script] };
}
