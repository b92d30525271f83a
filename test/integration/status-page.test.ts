// The status page in a real Chromium (Debian's package, driven by playwright-core), opened the way
// Home Assistant opens it: under /api/hassio_ingress/<token>/, through a proxy that strips that
// prefix and connects to the bridge from the Ingress address, as Supervisor does. (Ingress is
// played by 127.0.0.2, see http-api.test.ts.) Behind it: the real registry, the real Z-Wave MCP
// server on the demo broker and gateway simulator, and the real agent whose LLM is the fake
// provider API.
//
// Chromium: `apt-get install -y chromium` (CHROMIUM_PATH overrides /usr/bin/chromium).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startDemoHome, DEMO_GATEWAY_NAME, type DemoHome } from "../../src/demo/demo-home.js";
import { startHttpServer, type HttpServer } from "../../src/http/server.js";
import { zwaveServerEnv } from "../../src/zwave/host/launch.js";
import { captureLogger } from "../support/capture-logger.js";
import { PLANTED_API_KEY, rawRequest, startTestBridge, type TestBridge } from "../support/http-bridge.js";
import type { FakeLlmRequest } from "../support/llm/server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TOKEN = "tok-page-81d4aa97e3";
const MQTT_PASSWORD = "mqtt-planted-pw-4417";
const INGRESS = "127.0.0.2";
const PREFIX = "/api/hassio_ingress/Xk2b9_ingress-session/";
const SECRETS = [TOKEN, PLANTED_API_KEY, MQTT_PASSWORD];

let demo: DemoHome;
let bridge: TestBridge;
let server: HttpServer;
let proxy: http.Server;
let context: BrowserContext;
const userDataDirs: string[] = [];
let pageUrl: string;

// What a model does with the tools: calls them with the argument names it likes best.
const script = (request: FakeLlmRequest) => {
  const result = request.toolResults.at(-1);
  if (result) return `Result: ${result.content}`;
  const text = request.userText?.toLowerCase() ?? "";
  if (text.includes("cosy")) {
    return {
      toolCalls: [
        {
          name: "control_zwave_device",
          args: { device_name: "Kitchen Light", command: "dim", brightness: "30" },
        },
      ],
    };
  }
  if (text.includes("garage")) {
    return {
      toolCalls: [{ name: "control_zwave_device", args: { device_name: "Garage Door", command: "on" } }],
    };
  }
  return "I can only help with your devices.";
};

/** Supervisor's Ingress, as far as the add-on can tell: prefix stripped, connection from its address. */
function startIngressProxy(target: number): Promise<http.Server> {
  const proxyServer = http.createServer((req, res) => {
    if (!req.url?.startsWith(PREFIX)) {
      res.writeHead(404).end();
      return;
    }
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: target,
        localAddress: INGRESS,
        method: req.method,
        path: `/${req.url.slice(PREFIX.length)}`,
        headers: { ...req.headers, "x-ingress-path": PREFIX.slice(0, -1) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxyServer.listen(0, "127.0.0.1", () => resolve(proxyServer)));
}

async function converse(text: string): Promise<void> {
  const answer = await rawRequest(server.port, {
    method: "POST",
    path: "/api/conversation",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ text }),
  });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  demo = await startDemoHome(captureLogger("warn").logger);
  bridge = await startTestBridge({
    script,
    mcpMode: "auto",
    servers: [
      {
        name: "zwave",
        toolbox: "home",
        command: process.execPath,
        args: ["--import", "tsx", fileURLToPath(new URL("../../src/zwave/server.ts", import.meta.url))],
        env: zwaveServerEnv({
          mqttUrl: demo.brokerUrl,
          username: "bridge",
          password: MQTT_PASSWORD,
          prefix: "zwave",
          gatewayName: DEMO_GATEWAY_NAME,
          logLevel: "warn",
        }),
      },
    ],
    zwaveUpstream: {
      state: "found",
      upstream: {
        transport: "mqtt",
        broker: { url: demo.brokerUrl, username: "bridge", password: MQTT_PASSWORD, source: "options" },
      },
    },
  });
  server = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    deps: bridge.deps,
    auth: { apiToken: TOKEN, underSupervisor: true, ingressAddress: INGRESS },
    logger: bridge.logger,
  });
  proxy = await startIngressProxy(server.port);
  pageUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${PREFIX}`;

  await converse("turn on switch one");
  await converse("make the kitchen cosy");
  await converse("open the garage");

  context = await launchChromium("en-US");
}, 60_000);

afterAll(async () => {
  await context?.close();
  for (const dir of userDataDirs) await rm(dir, { recursive: true, force: true });
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  await server?.close();
  await bridge?.close();
  await demo?.close();
});

/** Headless Chromium with a fresh profile, speaking the given language. */
async function launchChromium(locale: string): Promise<BrowserContext> {
  const userDataDir = await mkdtemp(join(tmpdir(), "status-page-chromium-"));
  userDataDirs.push(userDataDir);
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    locale,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

async function openPage(browser: BrowserContext = context): Promise<Page> {
  const page = await browser.newPage();
  const failures: string[] = [];
  page.on("requestfailed", (r) => failures.push(r.url()));
  page.on("pageerror", (err) => failures.push(err.message));
  await page.goto(pageUrl);
  await page.locator("#health-body table").first().waitFor();
  expect(failures).toEqual([]);
  return page;
}

describe("the status page under Ingress", () => {
  it("shows health, tools, devices and recent conversations with normalised arguments, and no secret", async () => {
    const page = await openPage();
    const health = page.locator("#health-body");
    await expect.poll(() => health.innerText()).toContain("0.0.0-test");
    const healthText = await health.innerText();
    expect(healthText).toContain("anthropic");
    expect(healthText).toContain("claude-test");
    expect(healthText).toContain(demo.brokerUrl);
    expect(healthText).toContain("Z-Wave JS UI");
    expect(healthText).toMatch(/zwave\s+home\s+up/);
    expect(healthText).toMatch(/1 LLM round\s+on/);

    const controlRow = page.locator('#tools-body tr[data-tool="control_zwave_device"]');
    await expect.poll(() => controlRow.innerText()).toContain("zwave");
    await controlRow.locator("summary").click();
    await expect.poll(() => controlRow.locator("pre").innerText()).toContain('"deviceName"');

    const devices = page.locator("#devices-body");
    await expect.poll(() => devices.innerText()).toContain("Kitchen Light");
    expect(await devices.innerText()).toContain("Office Sensor");

    const cosy = page.locator(".turn", { hasText: "make the kitchen cosy" });
    await expect.poll(() => cosy.count()).toBe(1);
    const cosyText = await cosy.innerText();
    expect(cosyText).toContain('device_name: "Kitchen Light"');
    expect(cosyText).toContain('deviceName: "Kitchen Light"');
    expect(cosyText).toContain("level: 30");
    // What the model sent, and each repair by name.
    expect(cosyText).toContain('Sent by the model: control_zwave_device {"device_name":"Kitchen Light"');
    expect(cosyText).toContain("keys: device_name→deviceName");
    expect(cosyText).toContain('value: level: "30"→30');
    // A confirmed dim needs no second request; the provider's token counts are shown per turn.
    expect(cosyText).toMatch(/1 LLM request · \d+ input tokens \(\d+ cached, \d+ written to the cache\)/);
    expect(await cosy.locator("mark").allInnerTexts()).toEqual(
      expect.arrayContaining(["device_name", "command", "brightness", "deviceName", "action", "level"]),
    );
    expect(await page.locator(".turn", { hasText: "turn on switch one" }).innerText()).toContain("fast-path");

    await mkdir("test-results", { recursive: true });
    await page.screenshot({ path: "test-results/status-page.png", fullPage: true });

    const html = await page.content();
    const json = await page.evaluate(() => fetch("status.json").then((r) => r.text()));
    for (const secret of SECRETS) {
      expect(html).not.toContain(secret);
      expect(json).not.toContain(secret);
    }
    await page.close();
  });

  it("filters to failed conversations and picks up a new turn by itself", async () => {
    const page = await openPage();
    await page.locator("#only-failures").check();
    const turns = page.locator("#conversations-body .turn");
    await expect.poll(() => turns.allInnerTexts()).toEqual([expect.stringContaining("open the garage")]);
    await page.locator("#only-failures").uncheck();

    await converse("make the kitchen cosy again");
    await expect
      .poll(() => page.locator(".turn", { hasText: "make the kitchen cosy again" }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.close();
  });

  it("speaks German to a German browser", async () => {
    const german = await launchChromium("de-DE");
    try {
      const page = await openPage(german);
      expect(await page.locator("html").getAttribute("lang")).toBe("de");
      expect(await page.locator("#devices h2").innerText()).toBe("Geräte");
      await expect.poll(() => page.locator("#health-body").innerText()).toContain("Laufzeit");
    } finally {
      await german.close();
    }
  });
});
