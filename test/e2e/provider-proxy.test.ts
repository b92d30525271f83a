// A proxy named in the environment: the bridge's requests to the language model take it exactly
// when Node's own fetch (undici) would. Node reads HTTP_PROXY, HTTPS_PROXY and NO_PROXY only with
// NODE_USE_ENV_PROXY=1 or --use-env-proxy, from 22.21.0 (fetch, and node:http(s) through their
// global agents, which the bridge's fetch uses: src/agent/provider-fetch.ts); Node 20 reads them
// for neither (https://nodejs.org/api/cli.html#node_use_env_proxy1). So on the same Node, with the
// same environment, a fetch() of the fake goes through the proxy or not, and so does the bridge.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess } from "../support/bridge-process.js";
import { startTestProxy, type TestProxy } from "../support/http-proxy.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { makeTestCertificates } from "../support/tls-certificates.js";
import { converse } from "../support/wyoming-client.js";
import { tellTheTime } from "../support/llm/scripts.js";

const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
const nodeReadsProxyEnv = major > 22 || (major === 22 && minor >= 21);

let llm: FakeLlm;
let proxy: TestProxy;
let env: Record<string, string>;
beforeAll(async () => {
  const certificates = makeTestCertificates();
  llm = await startFakeLlm({
    tls: certificates.trusted,
    models: ["test-model"],
    script: tellTheTime,
  });
  proxy = await startTestProxy();
  env = { HTTPS_PROXY: proxy.url, NODE_USE_ENV_PROXY: "1", NODE_EXTRA_CA_CERTS: certificates.caFile };
});
afterAll(async () => {
  await llm?.close();
  await proxy?.close();
});

/** Whether Node's global fetch, in a process with `env`, goes to `url` through the proxy. */
async function globalFetchUsesProxy(url: string): Promise<boolean> {
  const before = proxy.seen.length;
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const r = await fetch(${JSON.stringify(url)}); process.exit(r.ok ? 0 : 1);`,
    ],
    { env: { PATH: process.env.PATH, ...env }, stdio: "ignore" },
  );
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(0);
  return proxy.seen.slice(before).length > 0;
}

describe("a proxy in the environment", () => {
  it.each(["anthropic", "openai", "ollama"] as const)(
    "%s: the bridge's requests to the model go through it exactly when Node's fetch would",
    async (provider) => {
      const viaProxy = await globalFetchUsesProxy(`${llm.url}/v1/models`);
      expect(viaProxy).toBe(nodeReadsProxyEnv);

      const bridge = await startBridgeProcess(
        { ...providerOptions(provider, llm), llm_model: "test-model" },
        env,
      );
      try {
        await bridge.waitForLog("MCP server 'zwave' is up");
        await bridge.waitForLog("language model ready");
        const before = proxy.seen.length;
        const asked = llm.requests.length;
        const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
          text: `What time is it now? (${provider})`,
          language: "en",
        });
        expect(outcome.response.speech).toMatch(/^It is /);
        expect(llm.requests.length - asked).toBe(2);
        // Each request of the turn came through one of the proxy's tunnels, or none did.
        const turn = llm.requests.slice(asked);
        const tunnelled = turn.filter((request) => proxy.tunnelPorts.includes(request.clientPort!));
        expect(tunnelled.length).toBe(viaProxy ? turn.length : 0);
        expect(proxy.seen.slice(before).every((line) => line === `CONNECT ${new URL(llm.url).host}`)).toBe(
          true,
        );
      } finally {
        await bridge.stop();
      }
    },
    60_000,
  );
});
