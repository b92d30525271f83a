// The build loads LangSmith's tracing client only when a run is sent (scripts/bundle.mjs,
// langsmith-client-on-demand). The bridge never turns tracing on, but a developer may, through
// LangSmith's environment variables: the built bridge must still answer, and the runs must still
// reach LangSmith. Here "LangSmith" is a local HTTP server that takes whatever it is sent.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { tellTheTime } from "../support/llm/scripts.js";

let llm: FakeLlm;
let langsmith: Server;
let langsmithUrl: string;
const received: { method: string; url: string; apiKey: string | undefined }[] = [];

beforeAll(async () => {
  llm = await startFakeLlm({
    script: tellTheTime,
  });
  langsmith = createServer((request: IncomingMessage, response) => {
    received.push({
      method: request.method ?? "",
      url: request.url ?? "",
      apiKey: request.headers["x-api-key"] as string | undefined,
    });
    request.resume();
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => langsmith.listen(0, "127.0.0.1", resolve));
  const address = langsmith.address();
  if (typeof address !== "object" || !address) throw new Error("no address");
  langsmithUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await llm?.close();
  await new Promise((resolve) => langsmith?.close(resolve));
});

async function llmTurn(bridge: BridgeProcess): Promise<string> {
  const response = await fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    // Not a sentence the local fast path knows: the LLM answers it, with one tool call.
    body: JSON.stringify({ text: "tell me something nice about my lamps" }),
  });
  expect(response.status).toBe(200);
  return JSON.stringify(await response.json());
}

describe.each([
  ["LANGSMITH_TRACING", { LANGSMITH_TRACING: "true", LANGSMITH_ENDPOINT: "", LANGSMITH_API_KEY: "" }],
  ["LANGCHAIN_TRACING_V2", { LANGCHAIN_TRACING_V2: "true", LANGCHAIN_ENDPOINT: "", LANGCHAIN_API_KEY: "" }],
])("a developer turns LangSmith tracing on with %s", (name, template) => {
  let bridge: BridgeProcess;
  afterAll(async () => bridge?.stop());

  it("the bridge answers the LLM turn, and the turn's runs reach LangSmith", async () => {
    const prefix = name.startsWith("LANGSMITH") ? "LANGSMITH" : "LANGCHAIN";
    const apiKey = `lsv2-test-${prefix.toLowerCase()}`;
    const env = { ...template, [`${prefix}_ENDPOINT`]: langsmithUrl, [`${prefix}_API_KEY`]: apiKey };
    bridge = await startBridgeProcess(providerOptions("anthropic", llm), env);
    const asked = llm.requests.length;
    const reply = await llmTurn(bridge);
    expect(llm.requests.length).toBeGreaterThan(asked);
    expect(reply).toMatch(/It is /);
    await expect
      .poll(
        () => received.filter((r) => r.apiKey === apiKey && r.method === "POST" && /runs/.test(r.url)).length,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
  });
});
