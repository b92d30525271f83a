// `node --import ./loaded-modules-hook.mjs`: on SIGUSR2 the process writes every module file it has
// loaded (ES modules seen by a load hook, CommonJS from require.cache) to $LOADED_MODULES_FILE.
import { register, createRequire } from "node:module";
import { MessageChannel } from "node:worker_threads";
import { writeFileSync } from "node:fs";

const { port1, port2 } = new MessageChannel();
const esm = new Set();
port1.on("message", (url) => esm.add(url));
port1.unref();
register(
  `data:text/javascript,${encodeURIComponent(
    "let port; export function initialize(d) { port = d.port; } export async function load(url, context, next) { port.postMessage(url); return next(url, context); }",
  )}`,
  { data: { port: port2 }, transferList: [port2] },
);
const require = createRequire(import.meta.url);
process.on("SIGUSR2", () => {
  const files = new Set([...Object.keys(require.cache).map((p) => `file://${p}`), ...esm]);
  writeFileSync(process.env.LOADED_MODULES_FILE, [...files].filter((f) => f.startsWith("file:")).join("\n"));
});
