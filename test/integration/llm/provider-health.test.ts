// The provider's health as a user diagnoses it: the start-up check against each provider's own
// model listing, and every failed request named once in the log, at warn, with the provider, the
// host, the model and the cause, never the key. The real LangChain clients (created by the
// product's createChatModel) talk to the provider fakes; failures are the real errors of refused
// connections, TLS spoken to a plain HTTP server, HTTP errors and a server that does not answer.
import { afterEach, describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { createChatModel, type LlmProvider } from "../../../src/agent/chat-model.js";
import { createProviderHealth } from "../../../src/agent/provider-health.js";
import { captureLogger } from "../../support/capture-logger.js";
import { freePort } from "../../support/free-port.js";
import { fakeLlmPool, type FakeLlm, type FakeLlmOptions } from "../../support/llm/server.js";

const KEY = "sk-planted-health-4c1d9e77";

const fakes = fakeLlmPool();
const fake = (options: FakeLlmOptions) => fakes.start(options);
afterEach(() => fakes.closeAll());

type Provider = Exclude<LlmProvider, "local">;

/** The product's pieces as bridge.ts wires them: the health, and each request to the chat model watched by it, as the LLM turn sends it. */
async function providerUnder(provider: Provider, model: string, baseUrl: string, timeoutMs = 10_000) {
  const log = captureLogger("info");
  const health = createProviderHealth({ provider, model, baseUrl, apiKey: KEY, logger: log.logger });
  const chat = await createChatModel({
    provider,
    model,
    apiKey: KEY,
    baseUrl,
    timeoutMs,
  });
  if (!chat) throw new Error("no chat model");
  const ask = () =>
    health
      .watch(() => chat.invoke([new HumanMessage("hello")]))
      .then(
        () => "answered",
        () => "failed",
      );
  return { health, ask, log };
}

const baseOf = (provider: Provider, llm: FakeLlm) => (provider === "openai" ? llm.openaiUrl : llm.url);
const warnings = (log: ReturnType<typeof captureLogger>) => log.messages("warn");

describe("the start-up check", () => {
  it.each([
    ["ollama", "llama3.1:8b"],
    ["openai", "gpt-test"],
    ["anthropic", "claude-test"],
  ] as const)("%s: a model the provider has is ready", async (provider, model) => {
    const llm = await fake({ models: [model, "other-model"] });
    const { health, log } = await providerUnder(provider, model, baseOf(provider, llm));
    expect((await health.check()).state).toBe("ok");
    expect(health.status().state).toBe("ready");
    expect(log.messages("info").join("\n")).toMatch(
      new RegExp(`language model ready: ${provider} at 127\\.0\\.0\\.1:\\d+, model ${model}`),
    );
    expect(warnings(log)).toEqual([]);
  });

  it("Ollama: a model that was not pulled is named, with the command that pulls it", async () => {
    const llm = await fake({ models: ["llama3.1:8b"] });
    const { health, log } = await providerUnder("ollama", "qwen2.5:7b", llm.url);
    const result = await health.check();
    expect(result.state).toBe("model-missing");
    expect(health.status().state).toBe("model-missing");
    expect(warnings(log)).toEqual([
      expect.stringMatching(
        /language model check failed: ollama at 127\.0\.0\.1:\d+, model qwen2\.5:7b: model qwen2\.5:7b is not pulled: run `ollama pull qwen2\.5:7b`/,
      ),
    ]);
  });

  it("an untagged Ollama model name means its latest tag", async () => {
    const llm = await fake({ models: ["mistral:latest"] });
    const { health } = await providerUnder("ollama", "mistral", llm.url);
    expect((await health.check()).state).toBe("ok");
  });

  it("OpenAI-compatible and Anthropic: a model the provider does not offer", async () => {
    const llm = await fake({ models: ["gpt-4o-mini", "gpt-4.1"] });
    const openai = await providerUnder("openai", "gpt-5-turbo", llm.openaiUrl);
    expect(await openai.health.check()).toMatchObject({
      state: "model-missing",
      detail: "model gpt-5-turbo is not offered (the server offers gpt-4o-mini, gpt-4.1)",
    });
    const anthropic = await providerUnder("anthropic", "claude-nope", llm.url);
    expect((await anthropic.health.check()).state).toBe("model-missing");
  });

  it("nothing listening: unreachable, connection refused, and the panel does not say ready", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const { health, log } = await providerUnder("ollama", "qwen2.5:7b", nobody);
    expect((await health.check()).state).toBe("unreachable");
    expect(health.status()).toMatchObject({ state: "unreachable", lastError: { cause: "refused" } });
    expect(warnings(log).join("\n")).toContain("connection refused (ECONNREFUSED)");
  });
});

describe("each failed request", () => {
  it("connection refused: one warning with provider, host, model and cause; the status names it", async () => {
    const port = await freePort();
    const { health, ask, log } = await providerUnder("openai", "gpt-test", `http://127.0.0.1:${port}/v1`);
    expect(await ask()).toBe("failed");
    expect(warnings(log)).toEqual([
      `language model request failed: openai at 127.0.0.1:${port}, model gpt-test: connection refused (ECONNREFUSED)`,
    ]);
    const status = health.status();
    expect(status.state).toBe("unreachable");
    expect(status.lastError?.cause).toBe("refused");
    expect(health.failureSince(Date.now() - 60_000)).toBe("connection refused (ECONNREFUSED)");
  });

  it("HTTP error: the status and the provider's own message, without the key it echoed", async () => {
    const llm = await fake({ script: () => ({ status: 401, message: `invalid x-api-key: ${KEY}` }) });
    const { health, ask, log } = await providerUnder("anthropic", "claude-test", llm.url);
    expect(await ask()).toBe("failed");
    const lines = warnings(log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/model claude-test: HTTP 401: invalid x-api-key: \*\*\*$/);
    expect(JSON.stringify(log.lines())).not.toContain(KEY);
    expect(health.status().state).toBe("failing");
  });

  it("a server that does not answer: a timeout, with how long it waited", async () => {
    const llm = await fake({ script: () => ({ text: "too late", delayMs: 5_000 }) });
    const { health, ask, log } = await providerUnder("openai", "gpt-test", llm.openaiUrl, 300);
    expect(await ask()).toBe("failed");
    expect(warnings(log)).toEqual([
      expect.stringMatching(/model gpt-test: no answer in time after \d+\.\d s$/),
    ]);
    expect(health.status().state).toBe("unreachable");
  });

  it("TLS spoken to a plain HTTP server: a TLS failure", async () => {
    const llm = await fake({ script: () => "hello" });
    const { ask, log, health } = await providerUnder(
      "openai",
      "gpt-test",
      llm.openaiUrl.replace("http:", "https:"),
    );
    expect(await ask()).toBe("failed");
    expect(warnings(log)).toEqual([expect.stringMatching(/model gpt-test: TLS failed: /)]);
    expect(health.status().lastError?.cause).toBe("tls");
  });

  it("a success after failures makes the provider ready again, and is the last success", async () => {
    let healthy = false;
    const llm = await fake({ script: () => (healthy ? "hello" : { status: 500, message: "overloaded" }) });
    const { health, ask } = await providerUnder("ollama", "qwen2.5:7b", llm.url);
    expect(await ask()).toBe("failed");
    expect(health.status().state).toBe("failing");
    expect(health.status().lastError?.detail).toBe("HTTP 500: overloaded");
    healthy = true;
    expect(await ask()).toBe("answered");
    expect(health.status().state).toBe("ready");
    expect(health.status().lastSuccess).toBeDefined();
  });
});
