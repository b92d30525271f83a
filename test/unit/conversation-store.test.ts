// What the bridge remembers between the turns of a conversation: a held unlock, an open "which
// one?", a cover's end not yet told. Each must end with time, and a caller that sends a fresh
// conversation id with every sentence must not make the bridge remember without bound.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createConversationStore } from "../../src/agent/conversation-store.js";

afterEach(() => vi.useRealTimers());

describe("what is kept for a conversation", () => {
  it("is there within its lifetime, renewed when set again, and gone after it", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = createConversationStore<string>({ ttlMs: 120_000, max: 10 });
    store.set("kitchen-satellite", "held: Front Door");
    vi.setSystemTime(Date.now() + 100_000);
    expect(store.get("kitchen-satellite")).toBe("held: Front Door");
    store.set("kitchen-satellite", "held: Front Door and Back Door");
    vi.setSystemTime(Date.now() + 100_000);
    expect(store.get("kitchen-satellite")).toBe("held: Front Door and Back Door");
    vi.setSystemTime(Date.now() + 20_001);
    expect(store.get("kitchen-satellite")).toBeUndefined();
    expect(store.take("kitchen-satellite")).toBeUndefined();
  });

  it("is given once: taken, it is gone", () => {
    const store = createConversationStore<string>({ ttlMs: 120_000, max: 10 });
    store.set("a", "which light?");
    expect(store.take("a")).toBe("which light?");
    expect(store.get("a")).toBeUndefined();
  });

  it("keeps the newest conversations when there are too many, whether touched or set last", () => {
    const store = createConversationStore<number>({ max: 3 });
    for (let i = 1; i <= 3; i++) store.set(`c${i}`, i);
    store.set("c1", 10);
    store.set("c4", 4);
    expect(["c1", "c2", "c3", "c4"].map((key) => store.get(key))).toEqual([10, undefined, 3, 4]);
  });

  it("without a lifetime, lasts until taken or pushed out", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = createConversationStore<string>({ max: 2 });
    store.set("follow-1", "conversation A");
    vi.setSystemTime(Date.now() + 24 * 3600 * 1000);
    expect(store.take("follow-1")).toBe("conversation A");
  });
});
