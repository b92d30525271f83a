// The bridge reaches only the hosts its options name. Heard from the built bridge as a process,
// through a hook that reports every connection and DNS lookup of a host other than this machine
// (test/support/outside-connections-hook.mjs): in local mode, and through a turn with a tool call and
// a second turn with each provider's real client. LangChain can fetch tokenizer data from
// tiktoken.pages.dev to estimate a reply's tokens (@langchain/core dist/utils/tiktoken.js, used by
// ChatOpenAI's streaming `_generate`), and a home add-on must not make requests its user never
// configured.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import { tellTheTime } from "../support/llm/scripts.js";

const HOOK = fileURLToPath(new URL("../support/outside-connections-hook.mjs", import.meta.url));
const MARK = "[outside-connection]";

let llm: FakeLlm;
let broker: TestBroker;
beforeAll(async () => {
  broker = await startMosquitto();
  llm = await startFakeLlm({
    script: tellTheTime,
  });
});
afterAll(async () => {
  await llm?.close();
  await broker?.stop();
});

function outsideConnections(bridge: BridgeProcess): string[] {
  return bridge
    .output()
    .split("\n")
    .filter((line) => line.startsWith(MARK));
}

describe("the hosts the bridge reaches", () => {
  let bridge: BridgeProcess | undefined;
  afterAll(async () => bridge?.stop());

  it("the hook sees a connection to a host outside this machine", async () => {
    // The check of the check: a bridge told to use a provider at an outside address is heard
    // trying to reach it (the lookup fails in a closed network; that is enough).
    bridge = await startBridgeProcess(
      {
        ...brokerOptions(broker),
        llm_provider: "ollama",
        llm_base_url: "http://ollama.invalid:11434",
      },
      { NODE_OPTIONS: `--import ${HOOK}` },
    );
    await converse("127.0.0.1", bridge.wyomingPort, { text: "What time is it now?", language: "en" });
    await bridge.stop();
    expect(outsideConnections(bridge).join("\n")).toContain("ollama.invalid");
  });

  it.each(["local", "anthropic", "openai", "ollama"] as const)(
    "with %s: none but the configured ones, through two turns and a tool call",
    async (provider) => {
      bridge = await startBridgeProcess(
        {
          ...brokerOptions(broker),
          ...(provider === "local" ? { llm_provider: "local" } : providerOptions(provider, llm)),
        },
        { NODE_OPTIONS: `--import ${HOOK}` },
      );
      const asked = llm.requests.length;
      for (const text of ["tell me something nice about the time", "and something nice about the day"]) {
        const outcome = await converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });
        expect(outcome.response.speech).not.toBe("");
      }
      // Four requests: each turn asks, calls the tool, and asks again with its result.
      expect(llm.requests.length - asked).toBe(provider === "local" ? 0 : 4);
      // LangChain's token estimate would run after the reply: give it time to reach out.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await bridge.stop();
      expect(outsideConnections(bridge)).toEqual([]);
    },
  );
});
