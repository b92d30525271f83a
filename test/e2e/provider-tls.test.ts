// The language model over HTTPS, through the built bridge, for each provider: the clouds
// (api.anthropic.com, api.openai.com) are HTTPS, and so are some OpenAI-compatible and Ollama
// servers at home, signed by the user's own CA, which the add-on trusts through
// NODE_EXTRA_CA_CERTS. The bridge's requests to the model run on node:https
// (src/agent/provider-fetch.ts). One bridge per provider walks, in order: nothing listening
// (connection refused), a server whose certificate nobody trusts, the same server with a
// certificate from the user's CA (a turn with a tool call; Ollama's read as a stream), a model
// that does not answer in time, a refused key (401), a failing service (500), and a last turn.
// Each failure is said to the user in the bridge's own words, its cause is in the log, and the
// process stays up for the next request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { startBridgeProcess } from "../support/bridge-process.js";
import { freePort } from "../support/free-port.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { makeTestCertificates, type TestCertificates } from "../support/tls-certificates.js";
import { converse } from "../support/wyoming-client.js";
import { tellTheTimeOrFail as script } from "../support/llm/scripts.js";

const en = GRAMMARS.en!.replies;

let certificates: TestCertificates;
const fakes: FakeLlm[] = [];
beforeAll(() => {
  certificates = makeTestCertificates();
});
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
});

describe.concurrent("the built bridge reaches the language model over HTTPS", () => {
  it.each(["anthropic", "openai", "ollama"] as const)(
    "%s: refused, an untrusted certificate, the user's CA, a timeout, 401, 500, and the next turn",
    async (provider) => {
      const port = await freePort();
      const url = `https://127.0.0.1:${port}`;
      const options = {
        ...providerOptions(provider, { url, openaiUrl: `${url}/v1` } as FakeLlm),
        llm_model: "test-model",
      };
      const bridge = await startBridgeProcess(options, { NODE_EXTRA_CA_CERTS: certificates.caFile });
      try {
        await bridge.waitForLog("MCP server 'zwave' is up");
        await bridge.waitForLog("language model");
        // The provider in the sentence keeps it off the local fast path, which knows the time.
        const say = (text: string) =>
          converse("127.0.0.1", bridge.wyomingPort, { text: `${text} (${provider})`, language: "en" });
        const logged = (since: number) => bridge.output().slice(since);

        // Nothing listens: the user hears the model cannot be reached; the log says why.
        let mark = bridge.output().length;
        const refused = await say("What time is it now?");
        expect(refused.event?.type).toBe("not-handled");
        expect(refused.response.speech).toBe(en.agent.modelUnreachable);
        await bridge.waitForLog(/language model request failed: .*connection refused/);
        expect(logged(mark)).toMatch(/connection refused/);

        // A server whose certificate no CA the bridge trusts signed: refused as such, not spoken to.
        const llm = await startFakeLlm({ script, tls: certificates.untrusted, port, models: ["test-model"] });
        fakes.push(llm);
        mark = bridge.output().length;
        const stranger = await say("What time is it now?");
        expect(stranger.event?.type).toBe("not-handled");
        expect(stranger.response.speech).toBe(en.agent.modelUnreachable);
        await bridge.waitForLog(
          /language model request failed: .*TLS failed: UNABLE_TO_VERIFY_LEAF_SIGNATURE/,
        );
        expect(llm.requests).toEqual([]);

        // The user's own CA signed it: the turn goes through, with its tool call.
        llm.useCertificate(certificates.trusted);
        const first = await say("What time is it now?");
        expect(first.response.speech).toMatch(/^It is /);
        expect(llm.requests.length).toBe(2);
        expect(llm.requests[0]!.tools.map((tool) => tool.name)).toContain("get_datetime");
        expect(llm.requests[1]!.toolResults.length).toBe(1);
        // ChatOllama's reply is read as a stream (src/agent/llm-turn.ts); the others ask for one JSON reply.
        expect(llm.requests.every((request) => request.stream)).toBe(provider === "ollama");

        // No answer in time: the request is given up on (its AbortSignal), within the turn.
        const slow = await say("Write me a slow poem");
        expect(slow.event?.type).toBe("not-handled");
        expect(slow.response.speech).toBe(en.agent.tookTooLong);

        // The provider's HTTP errors: their status reaches the log with the provider's words.
        mark = bridge.output().length;
        const key = await say("Use the wrong key");
        expect(key.event?.type).toBe("not-handled");
        await bridge.waitForLog(/language model request failed: .*HTTP 401: invalid x-api-key/);
        // As on main: ChatOllama's error carries no status the agent reads, so it hears "failed".
        expect(key.response.speech).toBe(
          provider === "ollama" ? en.agent.modelFailed : en.agent.modelKeyRefused,
        );
        expect(logged(mark)).not.toMatch(/test-key/);

        const busy = await say("Please refuse this");
        expect(busy.event?.type).toBe("not-handled");
        await bridge.waitForLog(/language model request failed: .*HTTP 500: overloaded/);
        expect(busy.response.speech).toBe(provider === "ollama" ? en.agent.modelFailed : en.agent.modelBusy);

        const next = await say("And what time is it now?");
        expect(next.response.speech).toMatch(/^It is /);
        expect(bridge.child.exitCode).toBe(null);
      } finally {
        await bridge.stop();
      }
    },
    120_000,
  );
});
