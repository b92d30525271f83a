// The HTTP server's small rules on their own: who is trusted, which paths are canonical, which
// Host names a token-less client may use, which language a browser gets, what a URL may show.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createAuth, isLoopback, normalizeAddress } from "../../src/http/auth.js";
import { createHostCheck } from "../../src/http/host-check.js";
import { canonicalPath } from "../../src/http/request-path.js";
import { withoutCredentials } from "../../src/shared/redact.js";
import { pickLanguage, translationsFor } from "../../src/http/status-page/translations.js";

/** A request as auth sees it: the socket's address and the headers. */
const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe("auth", () => {
  it("trusts Supervisor's Ingress address, also in its IPv4-mapped IPv6 form, and nothing a header claims", () => {
    const auth = createAuth({ apiToken: "t0ken", underSupervisor: true });
    expect(auth.check(from("172.30.32.2"))).toEqual({ allowed: true, via: "ingress" });
    expect(auth.check(from("::ffff:172.30.32.2"))).toEqual({ allowed: true, via: "ingress" });
    expect(auth.check(from("172.30.32.1", { "x-forwarded-for": "172.30.32.2" })).allowed).toBe(false);
  });

  it("takes the bearer token from any address, in any case of 'Bearer', and refuses near misses", () => {
    const auth = createAuth({ apiToken: "t0ken", underSupervisor: true });
    expect(auth.check(from("192.168.1.20", { authorization: "Bearer t0ken" }))).toEqual({
      allowed: true,
      via: "token",
    });
    expect(auth.check(from("192.168.1.20", { authorization: "bearer t0ken" })).allowed).toBe(true);
    for (const authorization of ["Bearer t0ke", "Bearer t0ken2", "Basic t0ken", "t0ken", "Bearer", ""]) {
      expect(auth.check(from("192.168.1.20", { authorization })).allowed, authorization).toBe(false);
    }
  });

  it("without a token: stand-alone admits loopback only; under Supervisor nobody but Ingress", () => {
    const standalone = createAuth({ apiToken: "", underSupervisor: false });
    expect(standalone.check(from("127.0.0.1"))).toEqual({ allowed: true, via: "loopback" });
    expect(standalone.check(from("127.8.9.10")).allowed).toBe(true);
    expect(standalone.check(from("::1")).allowed).toBe(true);
    expect(standalone.check(from("::ffff:127.0.0.1")).allowed).toBe(true);
    expect(standalone.check(from("192.168.1.20")).allowed).toBe(false);
    expect(standalone.check(from("::ffff:10.0.0.5")).allowed).toBe(false);
    const supervised = createAuth({ underSupervisor: true });
    expect(supervised.check(from("127.0.0.1")).allowed).toBe(false);
    expect(supervised.check(from("172.30.32.2")).allowed).toBe(true);
  });

  it("normalises addresses and knows loopback", () => {
    expect(normalizeAddress("::FFFF:172.30.32.2")).toBe("172.30.32.2");
    expect(normalizeAddress("::ffff:7f00:1")).toBe("::ffff:7f00:1");
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("128.0.0.1")).toBe(false);
    expect(isLoopback("::2")).toBe(false);
  });
});

describe("canonical paths", () => {
  it("keeps plain paths and drops the query", () => {
    expect(canonicalPath("/api/tools")).toBe("/api/tools");
    expect(canonicalPath("/status.json?x=1")).toBe("/status.json");
    expect(canonicalPath("/")).toBe("/");
  });

  it("refuses every form of dot segment, doubled or encoded slash, backslash and absolute form", () => {
    for (const path of [
      "/api/../mcp",
      "/api/./tools",
      "/api/tools/..",
      "//api/tools",
      "/api//tools",
      "/api/%2e%2e/mcp",
      "/api/%2E./mcp",
      "/%2Fapi",
      "/api%5ctools",
      "/api\\tools",
      "http://evil/api/tools",
      "*",
      "/api/%zz",
      "/api/%00",
      undefined,
    ]) {
      expect(canonicalPath(path), String(path)).toBeUndefined();
    }
  });
});

describe("Host names accepted without a token", () => {
  const allowed = createHostCheck(["bridge.lan"]);

  it("accepts localhost, IP literals, this machine's name and configured names, with or without a port", () => {
    for (const host of [
      "localhost",
      "localhost:8099",
      "127.0.0.1:8099",
      "[::1]:8099",
      "192.168.1.20",
      "BRIDGE.lan:8099",
    ]) {
      expect(allowed(host), host).toBe(true);
    }
  });

  it("refuses other names and anything that is not a bare host", () => {
    for (const host of [
      undefined,
      "",
      "attacker.example",
      "localhost.attacker.example",
      "attacker@localhost",
      "a b",
    ]) {
      expect(allowed(host), String(host)).toBe(false);
    }
  });
});

describe("status page language and redaction", () => {
  it("follows Accept-Language where translations exist, else English", () => {
    expect(pickLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(pickLanguage("fr-FR,fr;q=0.9,de;q=0.5")).toBe("fr");
    expect(pickLanguage("pt-BR,pt;q=0.9,nl;q=0.5")).toBe("nl");
    expect(pickLanguage("en;q=0.5,de;q=0.9")).toBe("de");
    expect(pickLanguage("es-MX")).toBe("es");
    expect(pickLanguage("it-CH;q=0.8,sv;q=0.9")).toBe("it");
    expect(pickLanguage("pt")).toBe("en");
    expect(pickLanguage(undefined)).toBe("en");
    expect(translationsFor("de").devices).toBe("Geräte");
    expect(translationsFor("fr").followedOnItsWay).toBe("en route");
    expect(translationsFor("nl")["state.closing"]).toBe("gaat dicht");
    expect(translationsFor("de").title).toBe("MCP Assist Bridge");
    expect(translationsFor("pt").devices).toBe("Devices");
  });

  it("takes credentials out of URLs wherever they appear", () => {
    expect(withoutCredentials("mqtt://user:s3cret@broker:1883")).toBe("mqtt://broker:1883");
    expect(withoutCredentials("connect failed: mqtts://addons:pw@core-mosquitto:8883 refused")).toBe(
      "connect failed: mqtts://core-mosquitto:8883 refused",
    );
    expect(withoutCredentials("http://example.com/path@x")).toBe("http://example.com/path@x");
  });
});
