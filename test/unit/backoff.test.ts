import { describe, expect, it } from "vitest";
import { createBackoff } from "../../src/shared/backoff.js";

describe("the reconnect backoff (Home Assistant, MCP servers)", () => {
  it("doubles the delay after each failure, up to the cap", () => {
    const backoff = createBackoff({ initialMs: 1000, maxMs: 30_000 });
    expect(Array.from({ length: 8 }, () => backoff.next())).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("starts again from the beginning after a connection that held", () => {
    const backoff = createBackoff({ initialMs: 250, maxMs: 30_000 });
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(250);
  });

  it("stays at the cap however long the outage lasts", () => {
    const backoff = createBackoff({ initialMs: 250, maxMs: 30_000 });
    for (let i = 0; i < 2000; i++) backoff.next();
    expect(backoff.next()).toBe(30_000);
  });
});
