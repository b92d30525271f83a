// The status page in a real Chromium (Debian's package, driven by playwright-core), opened the way
// Home Assistant opens it: under /api/hassio_ingress/<token>/, through a proxy that strips that
// prefix and connects to the bridge from the Ingress address, as Supervisor does. (Ingress is
// played by 127.0.0.2, see http-api.test.ts.) Behind it: the real registry, the real Z-Wave MCP
// server on the demo broker and gateway simulator, and the real agent whose LLM is the fake
// provider API.
//
// Chromium: `apt-get install -y chromium` (CHROMIUM_PATH overrides /usr/bin/chromium).
import { mkdir } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { startDemoHome, DEMO_GATEWAY_NAME, type DemoHome } from "../../src/demo/demo-home.js";
import { startHttpServer, type HttpServer } from "../../src/http/server.js";
import { zwaveServerEnv } from "../../src/zwave-host/launch.js";
import { captureLogger } from "../support/capture-logger.js";
import { launchChromium, requireChromium } from "../support/chromium.js";
import { PLANTED_API_KEY, rawRequest, startTestBridge, type TestBridge } from "../support/http-bridge.js";
import type { FakeLlmRequest } from "../support/llm/server.js";
import { findToolsTool } from "../../src/tools/local/find-tools.js";
import { createToolSearch } from "../../src/tools/tool-search.js";

const TOKEN = "tok-page-81d4aa97e3";
const MQTT_PASSWORD = "mqtt-planted-pw-4417";
const INGRESS = "127.0.0.2";
const PREFIX = "/api/hassio_ingress/Xk2b9_ingress-session/";
const SECRETS = [TOKEN, PLANTED_API_KEY, MQTT_PASSWORD];
/** A few of the variables Home Assistant's frontend sets on its document for a dark theme. */
const HA_THEME =
  "--primary-color:#ff9800;--primary-background-color:#0d1117;--card-background-color:#161b22;" +
  "--primary-text-color:#e6edf3;--app-header-background-color:#21262d;--ha-card-border-radius:4px";

let demo: DemoHome;
let bridge: TestBridge;
let server: HttpServer;
let proxy: http.Server;
let context: BrowserContext;
let pageUrl: string;

// What a model does with the tools: calls them with the argument names it likes best.
const script = (request: FakeLlmRequest) => {
  const result = request.toolResults.at(-1);
  if (request.userText?.includes("new cells")) {
    // A tool it was not offered up front: found with find_tools, then called by name.
    if (request.toolResults.length >= 2) return `Result: ${result!.content}`;
    return request.tools.some((t) => t.name === "list_zwave_batteries")
      ? { toolCalls: [{ name: "list_zwave_batteries", args: {} }] }
      : { toolCalls: [{ name: "find_tools", args: { query: "battery level" } }] };
  }
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
  if (text.includes("overloaded")) return { status: 500, message: "overloaded_error: the fake is busy" };
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
    if (req.url === "/frame") {
      // Home Assistant's frontend with a user's dark theme, framing the add-on as Ingress does.
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        `<!doctype html><html style="${HA_THEME}"><body style="margin:0">` +
          `<iframe src="${PREFIX}" style="border:0;width:400px;height:900px"></iframe></body></html>`,
      );
      return;
    }
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
  requireChromium();
  demo = await startDemoHome(captureLogger("warn").logger);
  bridge = await startTestBridge({
    script,
    mcpMode: "auto",
    register: (registry) => {
      const find = findToolsTool(createToolSearch(registry));
      registry.registerTool(find.definition, find.executor);
    },
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
  // The Z-Wave server here is a child on stdio, which pushes no state: the device list learns the
  // kitchen light's level from the bridge's own write (the fast path), not from the model's call.
  await converse("set the kitchen light to 30 %");
  await converse("open the garage");
  await converse("are you overloaded");

  context = await launchChromium("en-US");
}, 60_000);

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  await server?.close();
  await bridge?.close();
  await demo?.close();
});

async function openPage(browser: BrowserContext = context): Promise<Page> {
  const page = await browser.newPage();
  const failures: string[] = [];
  page.on("requestfailed", (r) => failures.push(r.url()));
  page.on("pageerror", (err) => failures.push(err.message));
  await page.goto(pageUrl);
  await page.locator("#health-body .card").first().waitFor();
  expect(failures).toEqual([]);
  return page;
}

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
const pageHeight = (page: Page) => page.evaluate<number>("document.documentElement.scrollHeight");

describe("the status page under Ingress", () => {
  it("leads with the conversations: the path taken, the device, and each repair from original to repaired", async () => {
    const page = await openPage();
    const sections = await page.locator("main > section").evaluateAll((all) => all.map((s) => s.id));
    expect(sections).toEqual(["conversations", "health", "tools", "devices"]);

    const cosy = page.locator(".turn", { hasText: "make the kitchen cosy" });
    await expect.poll(() => cosy.count()).toBe(1);
    const call = cosy.locator(".call").first();
    // The model's own call, the arguments as they came, and as they ran.
    const [sent, original, repaired] = await call.locator(".args code").allInnerTexts();
    expect(sent).toBe(
      'control_zwave_device {"device_name":"Kitchen Light","command":"dim","brightness":"30"}',
    );
    expect(original).toBe('{device_name: "Kitchen Light", command: "dim", brightness: "30"}');
    expect(repaired).toBe('{deviceName: "Kitchen Light", action: "dim", level: 30}');
    expect(await call.locator(".args .label").allInnerTexts()).toEqual([
      "Sent by the model",
      "Original",
      "Repaired",
    ]);
    const steps = await call.locator(".repairs li").allInnerTexts();
    expect(steps).toContain("keys: device_name→deviceName");
    expect(steps).toContain('value: level: "30"→30');
    // The device as the Z-Wave server's typed result names it, and its own confirmation.
    expect(await call.locator(".device").innerText()).toBe("Kitchen Light");
    expect(await call.locator(".call-head .badge").allInnerTexts()).toEqual([
      "ok",
      expect.stringMatching(/^confirmed (by the device|\(supervised\))$/),
    ]);
    expect(await cosy.locator(".badge.path").innerText()).toBe("LLM");
    expect(await cosy.innerText()).toMatch(
      /\d+ LLM requests? · \d+ input tokens \(\d+ cached, \d+ written to the cache\)/,
    );

    await mkdir("test-results", { recursive: true });
    await cosy.screenshot({ path: "test-results/status-page-repaired-call.png" });

    // The fast path names the device the call reached.
    const fast = page.locator(".turn", { hasText: "turn on switch one" });
    expect(await fast.locator(".badge.path").innerText()).toBe("fast path");
    expect(await fast.locator(".call .device").innerText()).toBe("Switch One");

    // A failed LLM turn says why, and the provider's card keeps the last error and last success.
    const failed = page.locator(".turn", { hasText: "are you overloaded" });
    expect(await failed.locator(".error").innerText()).toContain(
      "HTTP 500: overloaded_error: the fake is busy",
    );
    const llmCard = page.locator("#card-llm");
    const llmText = await llmCard.innerText();
    expect(llmText).toContain("claude-test");
    expect(llmText).toContain("model claude-test is available");
    expect(llmText).toMatch(/Last success\s+\S/);
    expect(llmText).toContain("HTTP 500: overloaded_error: the fake is busy");
    expect(await llmCard.locator(".card-header .badge").innerText()).toBe("failing");
    await page.close();
  });

  it("shows health as cards, tools and devices folded away, and no secret", async () => {
    const page = await openPage();
    const health = page.locator("#health-body");
    await expect.poll(() => health.innerText()).toContain("0.0.0-test");
    const healthText = await health.innerText();
    expect(healthText).toContain("anthropic");
    expect(healthText).toContain(demo.brokerUrl);
    expect(healthText).toContain("Z-Wave JS UI");
    expect(healthText).toMatch(/zwave\s+up/);
    expect(healthText).toMatch(/1 LLM round\s+on/);

    expect(await page.locator("#tools > details").getAttribute("open")).toBeNull();
    expect(await page.locator("#devices > details").getAttribute("open")).toBeNull();
    await page.locator("#tools summary").first().click();
    const controlRow = page.locator('#tools-body li[data-tool="control_zwave_device"]');
    await expect.poll(() => controlRow.innerText()).toContain("zwave");
    await controlRow.locator("summary").click();
    await expect.poll(() => controlRow.locator("pre").innerText()).toContain('"deviceName"');
    await page.locator("#devices summary").first().click();
    const devices = page.locator("#devices-body");
    await expect.poll(() => devices.innerText()).toContain("Kitchen Light");
    expect(await devices.innerText()).toContain("Office Sensor");

    const html = await page.content();
    const json = await page.evaluate(() => fetch("status.json").then((r) => r.text()));
    for (const secret of SECRETS) {
      expect(html).not.toContain(secret);
      expect(json).not.toContain(secret);
    }
    await page.close();
  });

  it("fits a phone and a desktop without sideways scrolling, and stays short after many turns", async () => {
    for (let i = 0; i < 24; i++) await converse(i % 2 ? "turn off switch one" : "turn on switch one");
    const page = await openPage();
    await mkdir("test-results", { recursive: true });
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.locator("#turns .turn").count()).toBe(8);
      expect(await sidewaysOverflow(page)).toBe(0);
      // Every part that holds data fits, the open schema and a long argument list among them.
      // Polled: the page re-renders on every change and on a timer, and a render under way while the
      // viewport changes may still be laid out for the old width (seen once, under load).
      const widest = () =>
        page.evaluate<number>(
          "Math.max(...[...document.querySelectorAll('main *')].map((n) => n.getBoundingClientRect().right))",
        );
      await expect.poll(widest).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/status-page-${width}.png`, fullPage: true });
    }
    // 28 turns, 8 shown: older ones behind a button, so the page does not grow with the log.
    const more = page.locator("#turns button.more");
    expect(await more.innerText()).toMatch(/Show older \(\d+\)/);
    const height = await pageHeight(page);
    await more.click();
    await expect.poll(() => page.locator("#turns .turn").count()).toBe(16);
    expect(await pageHeight(page)).toBeGreaterThan(height);
    await page.close();
  });

  it("follows the reader's light or dark preference, and Home Assistant's theme when framed by it", async () => {
    const page = await openPage();
    const background = () => page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background()).toBe("rgb(250, 250, 250)");
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background()).toBe("rgb(17, 17, 17)");
    await page.close();

    const framed = await context.newPage();
    await framed.emulateMedia({ colorScheme: "light" });
    await framed.goto(new URL("/frame", pageUrl).href);
    const frame = framed.frameLocator("iframe");
    await frame.locator("#health-body .card").first().waitFor();
    const look = await framed.frames()[1]?.evaluate(`(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      header: getComputedStyle(document.querySelector(".app-bar")).backgroundColor,
      radius: getComputedStyle(document.querySelector(".card")).borderTopLeftRadius,
      scheme: getComputedStyle(document.documentElement).colorScheme,
    }))()`);
    expect(look).toEqual({
      background: "rgb(13, 17, 23)",
      header: "rgb(33, 38, 45)",
      radius: "4px",
      scheme: "dark",
    });
    await framed.screenshot({ path: "test-results/status-page-framed-dark.png" });
    await framed.close();
  });

  it("shows what each LLM request carried: the context asked for, tokens estimated and reported, the tools offered and found", async () => {
    await converse("which of my gadgets needs new cells soon");
    const page = await openPage();
    const turn = page.locator(".turn", { hasText: "which of my gadgets needs new cells soon" });
    await expect.poll(() => turn.count()).toBe(1);
    const context = turn.locator("details.context");
    const summary = await context.locator("summary").innerText();
    // Two requests: the first offered the tools chosen up front, the second also those found.
    expect(summary).toMatch(
      /^Context 8192 tokens \(llm_context\) · sent per request \(estimated \/ reported\): 1: [≤~]\d+ \/ \d+ reported · \d+ tools · 2: [≤~]\d+ \/ \d+ reported · \d+ tools/,
    );
    const [first, second] = [...summary.matchAll(/(\d+) tools/g)].map((m) => Number(m[1]));
    expect(second).toBeGreaterThan(first!);
    await context.locator("summary").click();
    const notes = await context.locator(".note").allInnerTexts();
    expect(notes[0]).toMatch(/^Tools offered first: .*find_tools/);
    expect(notes[0]).not.toContain("list_zwave_batteries");
    expect(notes.find((n) => n.startsWith("Found with find_tools: "))).toContain("list_zwave_batteries");
    await page.close();
  });

  it("filters to failed conversations and picks up a new turn by itself", async () => {
    const page = await openPage();
    await page.locator("#only-failures").check();
    const turns = page.locator("#turns .turn");
    await expect
      .poll(() => turns.allInnerTexts())
      .toEqual([expect.stringContaining("are you overloaded"), expect.stringContaining("open the garage")]);
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
      expect(await page.locator("#devices summary").innerText()).toMatch(/^Geräte/);
      await expect.poll(() => page.locator("#health-body").innerText()).toContain("Laufzeit");
      expect(await page.locator(".turn .badge.path").allInnerTexts()).toContain("Schnellpfad");
    } finally {
      await german.close();
    }
  });

  it.each([
    // [browser locale, the devices heading, the uptime, the fast path, the shutter (open), the back
    // door (closed), the kitchen light (on at 30 %)]
    ["fr-FR", "Appareils", "Temps de fonctionnement", "voie rapide", "ouvert", "fermé", "allumé à 30 %"],
    ["es-ES", "Dispositivos", "Tiempo en marcha", "vía rápida", "abierto", "cerrado", "encendido al 30 %"],
    ["nl-NL", "Apparaten", "Looptijd", "snelle weg", "open", "dicht", "aan op 30 %"],
    ["it-IT", "Dispositivi", "Tempo di attività", "via rapida", "aperto", "chiuso", "acceso al 30 %"],
    ["de-DE", "Geräte", "Laufzeit", "Schnellpfad", "offen", "geschlossen", "an, 30 %"],
    ["en-US", "Devices", "Uptime", "fast path", "open", "closed", "on at 30 %"],
  ])("speaks the language of a %s browser, the devices' states included", async (locale, ...words) => {
    const [devices, uptime, fastPath, open, closed, dimmed] = words;
    const browser = await launchChromium(locale);
    try {
      const page = await openPage(browser);
      expect(await page.locator("html").getAttribute("lang")).toBe(locale.slice(0, 2));
      expect(await page.locator("#devices summary").innerText()).toMatch(new RegExp(`^${devices}`));
      await expect.poll(() => page.locator("#health-body").innerText()).toContain(uptime);
      expect(await page.locator(".turn .badge.path").allInnerTexts()).toContain(fastPath);
      const row = (name: string) => page.locator("#devices li", { hasText: name }).first().locator(".value");
      expect(await row("Bedroom Shutter").textContent()).toBe(open);
      expect(await row("Back Door Sensor").textContent()).toBe(closed);
      expect(await row("Kitchen Light").textContent()).toBe(dimmed);
    } finally {
      await browser.close();
    }
  });
});
