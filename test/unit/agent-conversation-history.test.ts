import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createConversationHistory } from "../../src/agent/conversation-history.js";

describe("conversation history", () => {
  it("keeps only the most recently used conversations: fresh ids per sentence cannot pile up", () => {
    const history = createConversationHistory({ maxConversations: 3 });
    for (const id of ["a", "b", "c"]) history.append(id, new HumanMessage(id));
    history.append("a", new HumanMessage("a again"));
    history.append("d", new HumanMessage("d"));
    expect(history.size()).toBe(3);
    expect(history.get("b")).toEqual([]);
    expect(history.get("a").map((m) => m.content)).toEqual(["a", "a again"]);
    expect(history.get("d")).toHaveLength(1);
  });

  it("forgets a conversation after it was idle for the idle time, and keeps a recent one", () => {
    let now = 0;
    const history = createConversationHistory({ idleMs: 100, now: () => now });
    history.append("old", new HumanMessage("1"));
    now = 50;
    history.append("recent", new HumanMessage("2"));
    now = 120;
    expect(history.get("old")).toEqual([]);
    expect(history.get("recent")).toHaveLength(1);
    expect(history.size()).toBe(1);
  });
});
