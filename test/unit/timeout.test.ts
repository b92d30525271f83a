import { describe, expect, it } from "vitest";
import { TimeoutError, withTimeout } from "../../src/shared/timeout.js";
import { TURN_BUDGET_MS, turnBudget } from "../../src/shared/turn-budget.js";

const never = () => new Promise<never>(() => undefined);

describe("withTimeout", () => {
  it("gives the work's own result and error when it settles in time", async () => {
    await expect(withTimeout(async () => 42, { ms: 1000 })).resolves.toBe(42);
    await expect(
      withTimeout(() => Promise.reject(new Error("device offline")), { ms: 1000 }),
    ).rejects.toThrow("device offline");
  });

  it("settles with a TimeoutError even when the work ignores its signal, and aborts that signal", async () => {
    let seen: AbortSignal | undefined;
    const error = await withTimeout(
      (signal) => {
        seen = signal;
        return never();
      },
      { ms: 20 },
    ).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe("no answer within 20 ms");
    expect(seen?.aborted).toBe(true);
  });

  it("tells the caller's abort apart from its own timeout, and passes the abort on to the work", async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const running = withTimeout(
      (signal) => {
        seen = signal;
        return never();
      },
      { ms: 60_000, signal: caller.signal },
    );
    caller.abort(new Error("client disconnected"));
    const error = await running.catch((err: unknown) => err);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe("client disconnected");
    expect(seen?.aborted).toBe(true);
  });

  it("does not start work whose caller has already given up", async () => {
    let started = false;
    const caller = AbortSignal.abort(new Error("gone"));
    await expect(
      withTimeout(
        async () => {
          started = true;
        },
        { ms: 1000, signal: caller },
      ),
    ).rejects.toThrow("gone");
    expect(started).toBe(false);
  });
});

describe("the turn budget", () => {
  it.each([TURN_BUDGET_MS, 10_000, 90_000])("fits every layer inside a turn of %d ms", (turnMs) => {
    const budget = turnBudget(turnMs);
    // The Wyoming backstop only catches an agent that is itself stuck.
    expect(budget.backstopMs).toBeGreaterThan(budget.turnMs);
    // HA's agent, then an LLM request and its one retry, still end inside the turn.
    expect(budget.homeAssistantAgentMs + 2 * budget.llmRequestMs).toBeLessThanOrEqual(budget.turnMs);
    // A tool that never answers is reported with time left for the model to say so.
    expect(budget.toolMs).toBeLessThan(budget.turnMs - budget.homeAssistantAgentMs);
  });
});
