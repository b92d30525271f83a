// The HTTP API over real sockets: auth by token, by Ingress's socket address and by loopback;
// clear 4xx answers; /api/tools and /api/conversation on the real registry and agent.
//
// Ingress is played by a second loopback address: requests sent from 127.0.0.2 to a server told
// that Ingress is 127.0.0.2. The code path is the production one (the socket's remote address
// compared with the Ingress address); only the address differs from 172.30.32.2.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpServer, type HttpServer } from "../../src/http/server.js";
import type { AuthOptions } from "../../src/http/auth.js";
import { fixtureServer, objectSchema } from "../support/mcp/fixtures.js";
import { rawRequest, startTestBridge, type TestBridge } from "../support/http-bridge.js";
import type { FakeLlmRequest } from "../support/llm/server.js";

const TOKEN = "tok-3b9e51d0a7c24f6e";
const INGRESS = "127.0.0.2";

let bridge: TestBridge;
const servers: HttpServer[] = [];

async function serve(auth: Omit<AuthOptions, "ingressAddress">): Promise<number> {
  const server = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    deps: bridge.deps,
    auth: { ...auth, ingressAddress: INGRESS },
    logger: bridge.logger,
  });
  servers.push(server);
  return server.port;
}

// What a model does with the tools: calls them with the argument names it likes best.
const script = (request: FakeLlmRequest) => {
  const result = request.toolResults.at(-1);
  if (result) return `Done: ${result.content}`;
  if (request.userText?.includes("kitchen")) {
    return {
      toolCalls: [{ name: "control_zwave_device", args: { device_name: "Kitchen Light", command: "on" } }],
    };
  }
  return "I can only help with your devices.";
};

let tokenPort: number;
let standalonePort: number;
let supervisorPort: number;

beforeAll(async () => {
  bridge = await startTestBridge({
    script,
    servers: [
      fixtureServer(
        {
          name: "zwave",
          tools: [
            {
              name: "control_zwave_device",
              inputSchema: objectSchema(
                { deviceName: { type: "string" }, action: { type: "string", enum: ["on", "off", "dim"] } },
                ["deviceName", "action"],
              ),
              annotations: { destructiveHint: false },
            },
          ],
        },
        { toolbox: "home" },
      ),
    ],
  });
  tokenPort = await serve({ apiToken: TOKEN, underSupervisor: true });
  standalonePort = await serve({ underSupervisor: false });
  supervisorPort = await serve({ underSupervisor: true });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await bridge?.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("who may call the API", () => {
  it("accepts the api_token as a bearer token and refuses a wrong or missing one with 401 and nothing else", async () => {
    const ok = await rawRequest(tokenPort, { path: "/api/tools", headers: bearer(TOKEN) });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("control_zwave_device");
    for (const headers of [bearer("tok-wrong"), bearer(`${TOKEN}x`), {}, { Authorization: TOKEN }]) {
      const refused = await rawRequest(tokenPort, { path: "/api/tools", headers });
      expect(refused.status).toBe(401);
      expect(refused.json()).toEqual({ error: expect.stringContaining("bearer token") });
      expect(refused.text).not.toContain("control_zwave_device");
      expect(refused.text).not.toContain(TOKEN);
    }
  });

  it("lets Home Assistant's Ingress in without a token, judged by the socket address, not X-Forwarded-For", async () => {
    const ingress = await rawRequest(tokenPort, { path: "/api/tools", localAddress: INGRESS });
    expect(ingress.status).toBe(200);
    const spoofed = await rawRequest(tokenPort, {
      path: "/api/tools",
      headers: { "X-Forwarded-For": "172.30.32.2, 127.0.0.2", "X-Real-IP": "172.30.32.2" },
    });
    expect(spoofed.status).toBe(401);
  });

  it("stand-alone without api_token: clients on this machine only, and only under a local Host name", async () => {
    expect((await rawRequest(standalonePort, { path: "/api/tools" })).status).toBe(200);
    const rebound = await rawRequest(standalonePort, {
      path: "/api/tools",
      headers: { Host: `attacker.example:${standalonePort}` },
    });
    expect(rebound.status).toBe(403);
    expect(rebound.json()).toEqual({ error: expect.stringContaining("DNS rebinding") });
    expect(
      (await rawRequest(standalonePort, { path: "/api/tools", headers: { Host: "localhost" } })).status,
    ).toBe(200);
  });

  it("under Supervisor without api_token: Ingress only, even from this machine", async () => {
    const local = await rawRequest(supervisorPort, { path: "/api/tools" });
    expect(local.status).toBe(401);
    expect(local.json()).toEqual({ error: expect.stringContaining("api_token") });
    expect((await rawRequest(supervisorPort, { path: "/api/tools", localAddress: INGRESS })).status).toBe(
      200,
    );
  });

  it("/healthz answers the watchdog without a token", async () => {
    const health = await rawRequest(supervisorPort, { path: "/healthz" });
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: "ok", version: "0.0.0-test" });
  });
});

describe("requests a web page could send (stand-alone, no token: loopback is trusted)", () => {
  const turns = () => bridge.deps.agent.recentTurns().length;
  const attempt = (headers: Record<string, string>, path = "/api/conversation") =>
    rawRequest(standalonePort, {
      method: "POST",
      path,
      headers,
      body: JSON.stringify({ text: "turn on the kitchen light" }),
    });

  it("a form or text body, which a page may send without asking, is refused with 415 and runs nothing", async () => {
    const before = turns();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=b",
    ]) {
      for (const path of ["/api/conversation", "/mcp"]) {
        const refused = await attempt({ "Content-Type": type }, path);
        expect(refused.status, `${path} ${type}`).toBe(415);
        expect(refused.json()).toEqual({ error: expect.stringContaining("application/json") });
      }
    }
    expect((await attempt({})).status).toBe(415);
    expect(turns()).toBe(before);
  });

  it("a foreign Origin or Sec-Fetch-Site: cross-site is refused with 403, even with a JSON body", async () => {
    const before = turns();
    const foreign: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: `http://127.0.0.1:${standalonePort + 1}` },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of foreign) {
      for (const path of ["/api/conversation", "/mcp"]) {
        const refused = await attempt({ "Content-Type": "application/json", ...headers }, path);
        expect(refused.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(refused.json()).toEqual({ error: expect.stringContaining("another site") });
      }
    }
    expect(turns()).toBe(before);
  });

  it("the page's own origin, and clients that send no Origin (curl, Home Assistant), still work", async () => {
    const own: Record<string, string>[] = [
      {},
      { Origin: `http://127.0.0.1:${standalonePort}`, "Sec-Fetch-Site": "same-origin" },
    ];
    for (const headers of own) {
      const ok = await attempt({ "Content-Type": "application/json", ...headers });
      expect(ok.status).toBe(200);
      expect(ok.json()).toMatchObject({ response_type: "action_done" });
    }
  });
});

describe("clear answers to bad requests", () => {
  const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
    rawRequest(tokenPort, {
      method: "POST",
      path: "/api/conversation",
      headers: { ...bearer(TOKEN), "Content-Type": "application/json", ...headers },
      body,
    });

  it("bad JSON, a wrong type and a missing field are 400s that say what is wrong", async () => {
    const badJson = await post('{"text": "turn on');
    expect(badJson.status).toBe(400);
    expect(badJson.json()).toEqual({ error: expect.stringContaining("not valid JSON") });
    const wrongType = await post(JSON.stringify({ text: 5 }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.json()).toEqual({ error: "text: must be a string" });
    const missing = await post(JSON.stringify({ language: "en" }));
    expect(missing.json()).toEqual({ error: "text: required" });
    const notObject = await post("[1,2]");
    expect(notObject.status).toBe(400);
    const wrongLanguage = await post(JSON.stringify({ text: "hi", language: 7 }));
    expect(wrongLanguage.json()).toEqual({ error: "language: must be a string" });
    expect((await post("")).json()).toEqual({ error: expect.stringContaining("empty") });
  });

  it("a body over 64 KiB is refused with 413, a multipart form with 415", async () => {
    const big = await post(JSON.stringify({ text: "x".repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.json()).toEqual({ error: expect.stringContaining("64 KiB") });
    const form = await post("--b\r\n\r\n--b--", { "Content-Type": "multipart/form-data; boundary=b" });
    expect(form.status).toBe(415);
  });

  it("a wrong method is a 405 naming the right one; an unknown path is a 404", async () => {
    const get = await rawRequest(tokenPort, { path: "/api/conversation", headers: bearer(TOKEN) });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect(get.json()).toEqual({ error: expect.stringContaining("POST") });
    const deleteTools = await rawRequest(tokenPort, {
      method: "DELETE",
      path: "/api/tools",
      headers: bearer(TOKEN),
    });
    expect(deleteTools.status).toBe(405);
    const missing = await rawRequest(tokenPort, { path: "/api/nothing", headers: bearer(TOKEN) });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: expect.any(String) });
  });

  it("path tricks never reach a route: dot segments, doubled slashes and encoded separators are 400s", async () => {
    for (const path of [
      "/api/../mcp",
      "/healthz/../api/tools",
      "//api/tools",
      "/api//tools",
      "/api/%2e%2e/mcp",
      "/api/%2E%2E/api/tools",
      "/%2fapi/tools",
      "/api/tools%2f",
      "/api\\tools",
      "/./api/tools",
    ]) {
      for (const port of [supervisorPort, tokenPort]) {
        const answer = await rawRequest(port, { path });
        expect(answer.status, path).toBe(400);
        expect(answer.json()).toEqual({ error: expect.stringContaining("path") });
        expect(answer.text).not.toContain("control_zwave_device");
      }
    }
  });
});

describe("/api/tools and /api/conversation", () => {
  it("/api/tools lists every tool with its presented name, own name and origin", async () => {
    const tools = (await rawRequest(tokenPort, { path: "/api/tools", headers: bearer(TOKEN) })).json();
    expect(tools).toEqual(
      expect.arrayContaining([
        {
          name: "control_zwave_device",
          tool: "control_zwave_device",
          server: "zwave",
          toolbox: "home",
          namespaced: false,
          source: "mcp",
          annotations: { destructiveHint: false },
        },
        {
          name: "get_datetime",
          tool: "get_datetime",
          server: "builtin",
          toolbox: "builtin",
          namespaced: false,
          source: "local",
          annotations: { readOnlyHint: true },
        },
      ]),
    );
  });

  it("takes the README's curl call and returns the turn with its normalised tool call", async () => {
    // curl -s localhost:8099/api/conversation -H 'Content-Type: application/json' -d '{"text":"turn on the kitchen light"}'
    const answer = await rawRequest(tokenPort, {
      method: "POST",
      path: "/api/conversation",
      headers: { ...bearer(TOKEN), "Content-Type": "application/json" },
      body: JSON.stringify({ text: "turn on the kitchen light", conversation_id: "conv-42" }),
    });
    expect(answer.status).toBe(200);
    const turn = answer.json() as Record<string, unknown>;
    expect(turn).toMatchObject({
      conversation_id: "conv-42",
      response_type: "action_done",
      speech: expect.stringContaining("Done"),
      tool_calls: [
        {
          name: "control_zwave_device",
          arguments: { device_name: "Kitchen Light", command: "on" },
          normalized_arguments: { deviceName: "Kitchen Light", action: "on" },
          ok: true,
          result: expect.stringContaining("Kitchen Light"),
        },
      ],
    });
    expect(answer.text).not.toContain("sk-ant-");
  });
});
