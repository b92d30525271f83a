// What an LLM turn costs besides the provider's own time.
// 1. Requests per command and time to the answer, for an action and a query, through the real
//    Z-Wave MCP server and gateway simulator, with a provider fake that takes 300 ms per request;
//    "1 LLM round" on, and off as the baseline.
// 2. CPU per turn (process.cpuUsage over LLM_TURNS turns, the fake in its own process) against
//    raw fetch() POSTs of the same fake with the bodies the turn sent.
// 3. LLM_CONCURRENT turns at once: p50/p99 time beyond the provider's (2 × 50 ms).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createAgent } from "../src/agent/agent.js";
import { createChatModel } from "../src/agent/chat-model.js";
import { createUnconfiguredMirror } from "../src/ha/mirror.js";
import { startMcpServers } from "../test/support/mcp/start-servers.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { zwaveServerEnv } from "../src/zwave-host/launch.js";
import { startFakeLlm, type FakeLlmRequest, type FakeReply } from "../test/support/llm/server.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";
import { summarise } from "./lib.js";

const TURNS = Number(process.env.LLM_TURNS ?? 200);
const CONCURRENT = Number(process.env.LLM_CONCURRENT ?? 20);
const COMMANDS = Number(process.env.LLM_COMMANDS ?? 10);
const logger = pino({ level: "warn" });
const SERVER_JS = fileURLToPath(new URL("../dist/zwave/server.js", import.meta.url));

// 1. Requests and time to the answer, 300 ms per provider request.
{
  const broker = await startMosquitto();
  const gateway = await startAddonGateway(broker);
  const registry = createToolRegistry({ logger });
  const servers = await startMcpServers({
    servers: [
      {
        name: "zwave",
        toolbox: "home",
        command: process.execPath,
        args: [SERVER_JS],
        env: zwaveServerEnv({
          mqttUrl: brokerOptions(broker).mqtt_url!,
          username: broker.username,
          password: broker.password,
          prefix: "zwave",
          gatewayName: "Mosquitto",
        }),
      },
    ],
    registry,
    logger,
  });
  let on = false;
  const script = (request: FakeLlmRequest): FakeReply => {
    if (request.toolResults.length) return "Done as you asked.";
    if (request.userText?.includes("devices"))
      return { toolCalls: [{ name: "list_zwave_devices", args: {} }] };
    on = !on;
    return {
      toolCalls: [
        { name: "control_zwave_device", args: { deviceName: "Kitchen Light", action: on ? "on" : "off" } },
      ],
    };
  };
  const llm = await startFakeLlm({ script, latencyMs: 300 });
  const model = await createChatModel({
    provider: "anthropic",
    apiKey: "bench",
    baseUrl: llm.url,
    timeoutMs: 10_000,
  });
  console.log(
    `\n## LLM requests and time to the answer (anthropic fake, +300 ms per request, ${COMMANDS} commands each)`,
  );
  for (const oneLlmRound of [false, true]) {
    const agent = createAgent({
      registry,
      mirror: createUnconfiguredMirror(),
      logger,
      ...(model ? { model } : {}),
      provider: "anthropic",
      language: "en",
      oneLlmRound,
    });
    for (const [kind, text] of [
      ["action", "could you make the kitchen bright"],
      ["query", "which devices do I have"],
    ] as const) {
      const times: number[] = [];
      const before = llm.requests.length;
      for (let i = 0; i < COMMANDS; i++) {
        const start = performance.now();
        await agent.handle({ text, conversationId: `${kind}-${oneLlmRound}-${i}` });
        times.push(performance.now() - start);
      }
      const { median, p99 } = summarise(times);
      console.log(
        `  ${`1 LLM round ${oneLlmRound ? "on " : "off"}, ${kind}`.padEnd(28)} ${((llm.requests.length - before) / COMMANDS).toFixed(1)} requests per command, answer after median ${median.toFixed(0)} ms (p99 ${p99.toFixed(0)} ms)`,
      );
    }
  }
  await llm.close();
  await servers.close();
  await gateway.stop();
  await broker.stop();
}

// 2 and 3: the fake in another process, so its CPU is not ours.
async function fakeProcess(latencyMs: number) {
  const child = fork(
    fileURLToPath(new URL("./support/fake-llm-process.ts", import.meta.url)),
    [JSON.stringify({ latencyMs })],
    {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const url = await new Promise<string>((resolve) =>
    child.once("message", (m: { url: string }) => resolve(m.url)),
  );
  return { url, stop: () => child.disconnect() };
}

async function agentAgainst(url: string, provider: "anthropic" | "openai") {
  const registry = createToolRegistry({ logger });
  registry.registerTool(
    {
      name: "get_datetime",
      description: "The current date, time and timezone of the home.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
    },
    async () => ({ text: "noon" }),
  );
  const model = await createChatModel({
    provider,
    apiKey: "bench",
    baseUrl: provider === "openai" ? `${url}/v1` : url,
    timeoutMs: 10_000,
  });
  return createAgent({
    registry,
    mirror: createUnconfiguredMirror(),
    logger,
    ...(model ? { model } : {}),
    provider,
    language: "en",
  });
}

function cpuMs(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

{
  const fake = await fakeProcess(0);
  console.log(
    `\n## CPU per LLM turn (query: tool call + answer = 2 requests; ${TURNS} turns; zero-latency fake in its own process)`,
  );
  for (const provider of ["anthropic", "openai"] as const) {
    const agent = await agentAgainst(fake.url, provider);
    // The same two exchanges as raw fetch() POSTs of the same fake.
    const path = provider === "openai" ? "/v1/chat/completions" : "/v1/messages";
    const body = JSON.stringify({
      model: "bench",
      max_tokens: 1024,
      messages: [{ role: "user", content: "read me the clock, in your own words" }],
    });
    const raw = async () => {
      for (let r = 0; r < 2; r++) {
        await fetch(`${fake.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        }).then((res) => res.text());
      }
    };
    let n = 0;
    const turn = () =>
      agent.handle({ text: "read me the clock, in your own words", conversationId: `t${n++}` });
    for (let i = 0; i < 20; i++) await turn();
    for (let i = 0; i < 20; i++) await raw();
    // Alternating blocks, so that a busy moment on the machine hits both sides alike.
    const blocks = 5;
    const per = Math.max(1, Math.floor(TURNS / blocks));
    const turnCpu: number[] = [];
    const rawCpu: number[] = [];
    for (let b = 0; b < blocks; b++) {
      let cpu = process.cpuUsage();
      for (let i = 0; i < per; i++) await turn();
      turnCpu.push(cpuMs(cpu) / per);
      cpu = process.cpuUsage();
      for (let i = 0; i < per; i++) await raw();
      rawCpu.push(cpuMs(cpu) / per);
    }
    const turnMs = summarise(turnCpu).median;
    const rawMs = summarise(rawCpu).median;
    console.log(
      `  ${provider.padEnd(10)} agent turn ${turnMs.toFixed(2)} ms CPU; 2 raw fetch POSTs ${rawMs.toFixed(2)} ms CPU; overhead ${(turnMs - rawMs).toFixed(2)} ms per turn (goal ≤ 2 ms; median of ${blocks} blocks of ${per})`,
    );
  }
  // The same turn against LangChain's in-memory fakeModel: our code and @langchain/core alone, no
  // provider package, SDK or HTTP.
  let model = fakeModel();
  for (let i = 0; i < TURNS + 20; i++) {
    model = model
      .respondWithTools([{ name: "get_datetime", args: {} }])
      .respond(new AIMessage("It is noon."));
  }
  const registry = createToolRegistry({ logger });
  registry.registerTool(
    {
      name: "get_datetime",
      description: "The current date, time and timezone of the home.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
    },
    async () => ({ text: "noon" }),
  );
  const inMemory = createAgent({
    registry,
    mirror: createUnconfiguredMirror(),
    logger,
    model,
    provider: "fake",
    language: "en",
  });
  for (let i = 0; i < 20; i++)
    await inMemory.handle({ text: "read me the clock, in your own words", conversationId: `m${i}` });
  const cpu = process.cpuUsage();
  for (let i = 0; i < TURNS; i++)
    await inMemory.handle({ text: "read me the clock, in your own words", conversationId: `n${i}` });
  console.log(
    `  ${"in memory".padEnd(10)} agent turn against @langchain/core's fakeModel (no provider SDK, no HTTP): ${(cpuMs(cpu) / TURNS).toFixed(2)} ms CPU`,
  );
  fake.stop();
}

{
  const latencyMs = 50;
  const fake = await fakeProcess(latencyMs);
  const agent = await agentAgainst(fake.url, "anthropic");
  for (let i = 0; i < 10; i++)
    await agent.handle({ text: "read me the clock, in your own words", conversationId: `cw${i}` });
  const overheads: number[] = [];
  for (let round = 0; round < 10; round++) {
    const times = await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, i) => {
        const start = performance.now();
        await agent.handle({
          text: "read me the clock, in your own words",
          conversationId: `c${round}-${i}`,
        });
        return performance.now() - start;
      }),
    );
    overheads.push(...times.map((ms) => ms - 2 * latencyMs));
  }
  const { median, p99 } = summarise(overheads);
  console.log(
    `\n## ${CONCURRENT} concurrent LLM turns × 10 (anthropic fake, ${latencyMs} ms per request, 2 requests per turn)\n  overhead beyond 2 × ${latencyMs} ms: p50 ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
  );
  fake.stop();
}
process.exit(0);
