// Registry overheads: normalisation, execute() against a direct MCP SDK callTool on the same
// kind of stdio server, and presented-name computation for a large tool set.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { pino } from "pino";
import { createArgumentNormalizer } from "../src/tools/normalize.js";
import { buildStaticMappings } from "../src/tools/static-mappings.js";
import { presentNames } from "../src/tools/naming.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { startMcpServers } from "../test/support/mcp/start-servers.js";
import { fixtureServer, objectSchema } from "../test/support/mcp/fixtures.js";
import type { JsonSchema } from "../src/tools/types.js";
import { measure, report } from "./lib.js";

const controlSchema = objectSchema(
  {
    deviceName: { type: "string" },
    action: { type: "string", enum: ["on", "off", "dim"] },
    level: { type: "number", minimum: 0, maximum: 100 },
  },
  ["deviceName", "action"],
);

// 1. Normalisation of a 3-argument call.
const normalizer = createArgumentNormalizer(
  controlSchema as JsonSchema,
  buildStaticMappings()("zwave", "control_zwave_device"),
);
const llmArgs = { device_name: "Switch One", command: "dim", brightness: "40" };
let sink: unknown;
const copy = await measure("plain object copy {...args}", () => (sink = { ...llmArgs }), {
  iterations: 300,
  batch: 2000,
});
const normalize = await measure(
  "normalise {device_name, command, brightness}",
  () => (sink = normalizer.normalize(llmArgs)),
  {
    iterations: 300,
    batch: 2000,
  },
);
report(
  "Argument normalisation (3 arguments)",
  [copy, normalize],
  [`goal: ≤ 5 µs median per call → ${(normalize.median * 1000).toFixed(2)} µs`],
);

// 2. execute() through the registry vs a direct SDK callTool, each on its own fixture server.
const spec = { name: "bench", tools: [{ name: "control_zwave_device", inputSchema: controlSchema }] };
const server = fixtureServer(spec);
const direct = new Client({ name: "bench", version: "1" });
await direct.connect(
  new StdioClientTransport({
    command: server.command!,
    args: server.args!,
    env: { ...server.env, PATH: process.env.PATH ?? "" },
  }),
);
const logger = pino({ level: "warn" });
const registry = createToolRegistry({ logger });
const servers = await startMcpServers({ servers: [fixtureServer(spec)], registry, logger });
const args = { deviceName: "Switch One", action: "on" };
const rounds = 5;
const directSamples = [];
const registrySamples = [];
for (let round = 0; round < rounds; round++) {
  directSamples.push(
    await measure(
      "direct SDK client.callTool",
      () => direct.callTool({ name: "control_zwave_device", arguments: args }),
      {
        iterations: 200,
      },
    ),
  );
  registrySamples.push(
    await measure(
      "registry.execute() (normalise, validate, SDK client)",
      () => registry.execute("control_zwave_device", args),
      {
        iterations: 200,
      },
    ),
  );
}
const medianOf = (samples: { median: number; p99: number }[], key: "median" | "p99") =>
  samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const directSample = {
  name: "direct SDK client.callTool",
  median: medianOf(directSamples, "median"),
  p99: medianOf(directSamples, "p99"),
  runs: 1000,
};
const registrySample = {
  name: "registry.execute()",
  median: medianOf(registrySamples, "median"),
  p99: medianOf(registrySamples, "p99"),
  runs: 1000,
};
const overhead = registrySample.median - directSample.median;
report(
  "Tool call on the same stdio server (median of 5 interleaved rounds of 200)",
  [directSample, registrySample],
  [
    `overhead: ${(overhead * 1000).toFixed(0)} µs (${((overhead / directSample.median) * 100).toFixed(1)} %); goal ≤ max(10 %, 200 µs)`,
  ],
);
await direct.close();
const closing = performance.now();
await servers.close();
console.log(`  registry shutdown of one stdio server: ${(performance.now() - closing).toFixed(0)} ms`);

// 3. Presented names for 2,000 tools from 50 servers, a tenth of them shared.
const tools: Array<{ server: string; name: string }> = [];
for (let s = 0; s < 50; s++) {
  for (let t = 0; t < 40; t++)
    tools.push({ server: `server_${s}`, name: t < 4 ? `shared_tool_${t}` : `tool_${s}_${t}.action` });
}
const baselineSet = await measure(
  "Set of 2,000 'server/name' strings",
  () => (sink = new Set(tools.map((t) => `${t.server}/${t.name}`))),
  {
    iterations: 50,
  },
);
const naming = await measure("presentNames(2,000 tools, 50 servers)", () => (sink = presentNames(tools)), {
  iterations: 50,
});
report(
  "Presented-name computation",
  [baselineSet, naming],
  [`goal: ≤ 20 ms → ${naming.median.toFixed(2)} ms`],
);
void sink;
process.exit(0);
