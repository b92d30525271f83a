// What the Wyoming layer adds to a sentence: HA's per-sentence TCP connection and our framing,
// against a bare JSON-lines exchange on a new connection, and the decoder against JSON.parse.
import { connect, createServer, type AddressInfo } from "node:net";
import { pino } from "pino";
import { measure, report } from "./lib.js";
import { createDecoder, encodeEvent } from "../src/wyoming/codec.js";
import { buildInfo } from "../src/wyoming/info.js";
import { startWyomingServer } from "../src/wyoming/server.js";
import { converse } from "../test/support/wyoming-client.js";

const HOST = "127.0.0.1";

const echo = createServer({ noDelay: true }, (socket) => {
  socket.once("data", () => socket.end('{"text":"ok"}\n'));
});
await new Promise<void>((resolve) => echo.listen(0, HOST, resolve));
const echoPort = (echo.address() as AddressInfo).port;

const wyoming = await startWyomingServer({
  port: 0,
  host: HOST,
  info: () => buildInfo({ version: "bench", model: "local", languages: ["en"] }),
  handle: async () => ({ type: "handled", text: "Turned on the kitchen light" }),
  logger: pino({ level: "silent" }),
});

const jsonLineExchange = () =>
  new Promise<void>((resolve, reject) => {
    const socket = connect({ host: HOST, port: echoPort, noDelay: true }, () =>
      socket.write('{"text":"turn on the kitchen light"}\n'),
    );
    socket.once("data", () => {
      socket.destroy();
      resolve();
    });
    socket.once("error", reject);
  });

const rounds = { iterations: 500, warmup: 50 };
report("Wyoming round trip (new TCP connection per sentence, as HA does)", [
  await measure("new connection, one JSON line each way (baseline)", jsonLineExchange, rounds),
  await measure(
    "HA transcript → handled over Wyoming",
    () => converse(HOST, wyoming.port, { text: "turn on the kitchen light", conversationId: "bench" }),
    rounds,
  ),
]);

const frame = encodeEvent({
  type: "transcript",
  data: { text: "turn on the kitchen light", language: "en", context: { conversation_id: "01JBENCH" } },
});
const line = Buffer.from(
  '{"text":"turn on the kitchen light","language":"en","context":{"conversation_id":"01JBENCH"}}',
);
const decoder = createDecoder(() => {});
report("Decoding one transcript frame", [
  await measure("JSON.parse of the data alone (baseline)", () => JSON.parse(line.toString("utf8")), {
    batch: 1000,
  }),
  await measure("Wyoming decoder: header + data segment", () => decoder.push(frame), { batch: 1000 }),
]);

await wyoming.close();
await new Promise<void>((resolve) => echo.close(() => resolve()));
