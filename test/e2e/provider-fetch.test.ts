// The built bridge gives the provider SDKs fetch on node:http(s) in place of Node's global, undici
// (scripts/bundle.mjs, provider-fetch; src/agent/provider-fetch.ts). Through the build, for each
// provider: a turn with a tool call works (Ollama's is read as a stream: the SDK reads the body as
// a web ReadableStream), a provider that does not answer is given up on within the turn (the
// request's AbortSignal ends it), an HTTP error is still the provider's error, the next turn works,
// and neither start-up nor a request loaded Node's fetch stack.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { startBridgeProcess } from "../support/bridge-process.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { converse } from "../support/wyoming-client.js";
import { tellTheTimeOrFail as script } from "../support/llm/scripts.js";

const en = GRAMMARS.en!.replies;

// Loaded with `node --import`: on SIGUSR2 and on exit, the process writes the built-in modules it
// has loaded whose name says undici (Node's fetch, Headers, Request, Response, FormData load it on
// first touch).
const dir = mkdtempSync(join(tmpdir(), "provider-fetch-"));
const hook = join(dir, "undici-check.mjs");
writeFileSync(
  hook,
  `import { renameSync, writeFileSync } from "node:fs";
const write = (file) => {
  // Written aside, then renamed: the test reads the file as soon as it exists.
  writeFileSync(file + ".part", JSON.stringify(process.moduleLoadList.filter((m) => /undici/i.test(m))));
  renameSync(file + ".part", file);
};
process.on("SIGUSR2", () => write(process.env.UNDICI_CHECK_FILE + ".ready"));
process.on("exit", () => write(process.env.UNDICI_CHECK_FILE));`,
);

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm({ script });
});
afterAll(async () => llm?.close());

describe.concurrent("the built bridge talks to each provider without Node's fetch", () => {
  it.each(["anthropic", "openai", "ollama"] as const)(
    "%s: a turn, a provider that does not answer, an HTTP error, the next turn; no request loads undici",
    async (provider) => {
      const loadedFile = join(dir, `${provider}.json`);
      const bridge = await startBridgeProcess(providerOptions(provider, llm), {
        NODE_OPTIONS: `--import ${hook}`,
        UNDICI_CHECK_FILE: loadedFile,
      });
      let loadedAtStart: string[] = [];
      try {
        await bridge.waitForLog("MCP server 'zwave' is up");
        await bridge.waitForLog("language model");
        bridge.child.kill("SIGUSR2");
        await expect.poll(() => existsSync(`${loadedFile}.ready`)).toBe(true);
        loadedAtStart = JSON.parse(readFileSync(`${loadedFile}.ready`, "utf8")) as string[];
        // The sentences name the provider so that side-by-side runs tell their requests apart.
        const say = (text: string) =>
          converse("127.0.0.1", bridge.wyomingPort, { text: `${text} (${provider})`, language: "en" });
        const mine = () => llm.requests.filter((r) => r.userText?.includes(`(${provider})`));

        const first = await say("What time is it now?");
        expect(first.response.speech).toMatch(/^It is /);
        if (provider === "ollama") expect(mine().every((r) => r.stream)).toBe(true);

        // The SDK's request timeout (Anthropic, OpenAI) or the turn's own limit (Ollama) aborts the
        // request through its signal; the agent says so in its own words, within the turn.
        const slow = await say("Write me a slow poem");
        expect(slow.event?.type).toBe("not-handled");
        expect(slow.response.speech).toBe(en.agent.tookTooLong);

        const refused = await say("Please refuse this");
        expect(refused.event?.type).toBe("not-handled");
        // What each says on main too: ChatOllama's error for an HTTP 500 carries no status the
        // agent reads, so it hears "failed", not "busy".
        expect(refused.response.speech).toBe(
          provider === "ollama" ? en.agent.modelFailed : en.agent.modelBusy,
        );
        expect(mine().length).toBeGreaterThan(3);

        const next = await say("And what time is it now?");
        expect(next.response.speech).toMatch(/^It is /);
      } finally {
        await bridge.stop();
      }
      // Neither start-up (the provider's package loads then) nor a turn loaded undici. The openai
      // SDK reads the global Headers' descriptor on import (lib/EventStream.mjs), which on Node 22
      // alone loads it: the build hands it provider-fetch's (scripts/bundle/provider-fetch.mjs).
      expect(loadedAtStart).toEqual([]);
      expect(existsSync(loadedFile)).toBe(true);
      expect(JSON.parse(readFileSync(loadedFile, "utf8"))).toEqual(loadedAtStart);
    },
    90_000,
  );
});
