// A local model's context, from outside: a 150-entity home with about 130 tools (the bridge's own
// and two MCP servers users add), an Ollama that cuts prompts as its runner does, and a llama.cpp
// server that refuses what does not fit. The scripted model acts only on what reached it: it calls
// a tool only when the tool's whole definition survived, and follows the rules only when they did.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { runSentences, startContextHome, type ContextHome } from "../../support/llm/context-home.js";
import { fixtureServer } from "../../support/mcp/fixtures.js";
import { adminTools, householdTools } from "../../support/mcp/many-tools.js";

let home: ContextHome;

beforeAll(async () => {
  home = await startContextHome();
}, 120_000);

afterAll(async () => {
  await home?.close();
});

/** A request's tokens as o200k counts its messages and tools, whatever the bridge estimated. */
function tokensOf(body: Record<string, unknown>): number {
  return countTokens(JSON.stringify(body.messages)) + countTokens(JSON.stringify(body.tools ?? []));
}

describe.each([
  ["Ollama at llm_context 4096", "ollama", { kind: "ollama", trained: 32_768 }, 4096],
  ["Ollama at llm_context 8192", "ollama", { kind: "ollama", trained: 32_768 }, 8192],
  [
    "an OpenAI-compatible llama.cpp server whose context is 4096",
    "openai",
    { kind: "llama.cpp", nCtx: 4096 },
    8192,
  ],
] as const)("%s", (_, provider, server, llmContext) => {
  let run: Awaited<ReturnType<typeof runSentences>>;
  beforeAll(async () => {
    run = await runSentences(
      home,
      { provider, server, llmContext },
      home.actions.map((a) => a.sentence),
    );
  }, 240_000);

  it("every action runs its tool, and the model heard the rules and the sentence", () => {
    for (const [i, { outcome }] of run.outcomes.entries()) {
      const action = home.actions[i]!;
      expect(
        outcome.tool_calls.map((c) => c.name),
        action.sentence,
      ).toContain(action.tool);
      expect(outcome.tool_calls.find((c) => c.name === action.tool)?.ok, action.sentence).toBe(true);
      expect(outcome.speech).not.toMatch(/can't help/);
    }
    for (const request of run.llm.requests) {
      expect(request.reached?.rules).toBe(true);
      expect(request.reached?.userText).toBe(true);
    }
  });

  it("no request exceeds the context it asked for", () => {
    const context = provider === "ollama" ? llmContext : server.kind === "llama.cpp" ? server.nCtx : 0;
    for (const request of run.llm.requests) {
      expect(request.reached!.cut).toBe(false);
      expect(request.reached!.sent).toBeLessThanOrEqual(context);
      if (provider === "ollama")
        expect((request.body.options as { num_ctx?: number }).num_ctx).toBe(llmContext);
    }
  });

  it("the first request of each turn stays within 3,000 tokens, and offers far fewer than every tool", () => {
    const firsts = run.llm.requests.filter((r) => r.toolResults.length === 0);
    expect(firsts.length).toBeGreaterThanOrEqual(home.actions.length);
    for (const request of firsts) {
      expect(tokensOf(request.body)).toBeLessThanOrEqual(3000);
      expect(request.tools.length).toBeLessThan(home.registry.list().length / 4);
    }
  });

  it("an action whose tool is chosen up front costs one request", () => {
    const turn = run.turns.find((t) => t.text === home.actions[0]!.sentence)!;
    expect(turn.llm!.context!.offered).toContain("control_entity");
    expect(turn.llm!.requests).toBe(1);
  });
});

describe("however many tools the MCP servers add", () => {
  const counts: number[] = [];
  const firstTokens: number[][] = [];
  beforeAll(async () => {
    // Two more servers of the same kinds, under other names: about 250 tools in all.
    const renamed = (prefix: string, tools: ReturnType<typeof adminTools>) =>
      tools.map((t) => ({ ...t, name: `${prefix}_${t.name}` }));
    for (const server of [
      { name: "cottage", tools: renamed("cottage", householdTools()) },
      { name: "office", tools: renamed("office", adminTools()) },
    ]) {
      const run = await runSentences(
        home,
        { provider: "ollama", server: { kind: "ollama", trained: 32_768 }, llmContext: 8192 },
        home.actions.slice(0, 3).map((a) => a.sentence),
      );
      counts.push(home.registry.list().length);
      firstTokens.push(
        run.llm.requests.filter((r) => r.toolResults.length === 0).map((r) => tokensOf(r.body)),
      );
      await home.servers.add(fixtureServer(server));
    }
    const run = await runSentences(
      home,
      { provider: "ollama", server: { kind: "ollama", trained: 32_768 }, llmContext: 8192 },
      home.actions.slice(0, 3).map((a) => a.sentence),
    );
    counts.push(home.registry.list().length);
    firstTokens.push(run.llm.requests.filter((r) => r.toolResults.length === 0).map((r) => tokensOf(r.body)));
  }, 240_000);

  it("the first request of a turn stays within 3,000 tokens", () => {
    expect(counts.at(-1)).toBeGreaterThanOrEqual(250);
    for (const tokens of firstTokens) for (const t of tokens) expect(t).toBeLessThanOrEqual(3000);
  });
});
