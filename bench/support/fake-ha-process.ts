// The fake Home Assistant in its own process, so that a benchmark's memory and CPU figures are
// the mirror's alone. Driven over IPC: it replies {url} once listening; {pump, entityIds}
// makes it emit that many state changes over those entities and reply {pumped} when sent.
import { generateHome, type GenerateOptions } from "../../test/support/ha-home.js";
import { startFakeHa } from "../../test/support/ha-server.js";

const options = JSON.parse(process.argv[2] ?? "{}") as GenerateOptions;
const ha = await startFakeHa({ home: generateHome(options) });

process.on("message", async (message: { pump?: number; entityIds?: string[] }) => {
  const ids = message.entityIds ?? [];
  for (let n = 0; n < (message.pump ?? 0); n++) {
    ha.setState(ids[n % ids.length]!, n % 2 ? "on" : "off", { n });
    // Let the socket drain now and then, as a real event stream would.
    if (n % 500 === 499) await new Promise((r) => setImmediate(r));
  }
  process.send!({ pumped: message.pump });
});
process.on("disconnect", () => void ha.close().then(() => process.exit(0)));
process.send!({ url: ha.url });
