// Opening the status page in a real Chromium (Debian's package, driven by playwright-core) straight
// from the add-on's port, stand-alone with an api_token: what the browser shows while the state
// loads, the sign-in page it gets instead of a JSON 401, and what the session cookie may and may
// not open. API clients keep their JSON 401. SECURITY.md, "The status page in a browser", says
// why the sign-in is safe; each of its claims is checked here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { startHttpServer, type HttpServer } from "../../src/http/server.js";
import { captureLogger } from "../support/capture-logger.js";
import { launchChromium, requireChromium } from "../support/chromium.js";
import { rawRequest, startTestBridge, type TestBridge } from "../support/http-bridge.js";

const TOKEN = "tok-opening-5c1e9a7b42";

let bridge: TestBridge;
let server: HttpServer;
let context: BrowserContext;
let url: string;
const log = captureLogger("debug");

beforeAll(async () => {
  requireChromium();
  bridge = await startTestBridge();
  server = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    deps: bridge.deps,
    auth: { apiToken: TOKEN, underSupervisor: false },
    logger: log.logger,
  });
  url = `http://127.0.0.1:${server.port}/`;
  context = await launchChromium("en-US");
}, 60_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  await bridge?.close();
});

/** The session cookie the browser holds, if any. */
async function sessionCookie() {
  return (await context.cookies()).find((c) => c.name === "mcp_assist_session");
}

describe("the status page opened from the add-on's port, with an api_token", () => {
  it("shows a browser how to open it, with a sign-in form, instead of a JSON 401", async () => {
    const page = await context.newPage();
    const response = await page.goto(url);
    expect(response?.status()).toBe(401);
    expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
    await expect.poll(() => page.locator("h1").innerText()).toBe("Sign in to the status page");
    const text = await page.locator("body").innerText();
    expect(text).toContain("MCP Assist panel");
    expect(text).toContain("Authorization: Bearer <api_token>");
    expect(await page.locator("input#token").getAttribute("type")).toBe("password");
    await page.close();
  });

  it("signs in in the browser's language, as the status page speaks it", async () => {
    const cases: Array<[string, string, string]> = [
      ["fr-FR,fr;q=0.9", "fr", "Se connecter à la page d'état"],
      ["es-ES", "es", "Iniciar sesión en la página de estado"],
      ["nl-BE,nl;q=0.9,en;q=0.5", "nl", "Aanmelden bij de statuspagina"],
      ["it", "it", "Accedi alla pagina di stato"],
      ["de-CH", "de", "Anmelden zur Statusseite"],
      ["pt-BR", "en", "Sign in to the status page"],
    ];
    for (const [acceptLanguage, lang, heading] of cases) {
      const answer = await rawRequest(server.port, {
        path: "/",
        headers: { Accept: "text/html", "Accept-Language": acceptLanguage },
      });
      expect(answer.status, acceptLanguage).toBe(401);
      expect(answer.text, acceptLanguage).toContain(`<html lang="${lang}">`);
      expect(answer.text, acceptLanguage).toContain(`<h1>${heading.replace("'", "&#39;")}</h1>`);
    }
  });

  it("API clients still get the JSON 401", async () => {
    for (const accept of ["application/json", "*/*", undefined]) {
      const answer = await rawRequest(server.port, {
        path: "/",
        headers: accept ? { Accept: accept } : {},
      });
      expect(answer.status).toBe(401);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(answer.json()).toMatchObject({ error: expect.stringContaining("bearer token") });
    }
    const data = await rawRequest(server.port, { path: "/status.json", headers: { Accept: "text/html" } });
    expect(data.status).toBe(401);
    expect(data.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("says so when the token is wrong, and sets no cookie", async () => {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator("input#token").fill("not-the-token");
    await page.locator("button[type=submit]").click();
    await expect.poll(() => page.locator("[role=alert]").innerText()).toBe("That is not the api_token.");
    expect(await sessionCookie()).toBeUndefined();
    await page.close();
  });

  it("shows that it is loading until the state has come, then the status page, signed in by an HttpOnly, SameSite=Strict cookie", async () => {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator("input#token").fill(TOKEN);
    // The state is held back until the loading sign has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/status.json", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("button[type=submit]").click();
    await page.waitForURL(url);
    await expect.poll(() => page.locator("#loading").isVisible()).toBe(true);
    expect(await page.locator("#loading").innerText()).toBe("Loading the status…");
    expect(await page.locator("main").isVisible()).toBe(false);
    release();
    await page.locator("#health-body .card").first().waitFor();
    expect(await page.locator("#loading").isVisible()).toBe(false);
    expect(await page.locator("main").getAttribute("aria-busy")).toBeNull();

    const cookie = await sessionCookie();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", secure: false, path: "/" });
    expect(cookie?.value).not.toContain(TOKEN);
    expect(page.url()).not.toContain(TOKEN);
    // The page's script cannot read it.
    expect(await page.evaluate("document.cookie")).toBe("");
    await page.close();
  });

  it("the cookie opens the page's reads and nothing that can act", async () => {
    const cookie = `mcp_assist_session=${(await sessionCookie())!.value}`;
    const read = await rawRequest(server.port, { path: "/status.json", headers: { Cookie: cookie } });
    expect(read.status).toBe(200);
    const acting = [
      { method: "POST", path: "/api/conversation", body: '{"text":"turn on switch one"}' },
      { method: "GET", path: "/api/tools" },
      { method: "POST", path: "/mcp", body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
    ];
    for (const { method, path, body } of acting) {
      const answer = await rawRequest(server.port, {
        method,
        path,
        headers: { Cookie: cookie, "Content-Type": "application/json", Accept: "application/json" },
        ...(body ? { body } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    const forged = await rawRequest(server.port, {
      path: "/status.json",
      headers: { Cookie: "mcp_assist_session=forged-session-id" },
    });
    expect(forged.status).toBe(401);
  });

  it("refuses a sign-in from another site, or not sent as a form", async () => {
    const form = `token=${encodeURIComponent(TOKEN)}`;
    const crossSite = await rawRequest(server.port, {
      method: "POST",
      path: "/login",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example" },
      body: form,
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers["set-cookie"]).toBeUndefined();
    const json = await rawRequest(server.port, {
      method: "POST",
      path: "/login",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: TOKEN }),
    });
    expect(json.status).toBe(415);
    expect(json.headers["set-cookie"]).toBeUndefined();
  });

  it("marks the cookie Secure when the browser sees the page over https", async () => {
    const answer = await rawRequest(server.port, {
      method: "POST",
      path: "/login",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: `http://127.0.0.1:${server.port}`,
        "X-Forwarded-Proto": "https",
      },
      body: `token=${encodeURIComponent(TOKEN)}`,
    });
    expect(answer.status).toBe(303);
    expect(String(answer.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it("never writes the token to the log", () => {
    const logged = JSON.stringify(log.lines());
    expect(logged).toContain("/login");
    expect(logged).not.toContain(TOKEN);
  });

  // Last: it leaves the form throttled for a minute.
  it("stops answering wrong tokens after ten in a minute, even the right one", async () => {
    const attempt = (token: string) =>
      rawRequest(server.port, {
        method: "POST",
        path: "/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `token=${encodeURIComponent(token)}`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(`guess-${i}`)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const right = await attempt(TOKEN);
    expect(right.status).toBe(429);
    expect(right.text).toContain("Too many wrong tokens");
  });
});
