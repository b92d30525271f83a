// What each kind of local server does when a request does not fit its context, and what the bridge
// makes of it: llama.cpp, vLLM and LM Studio refuse with their own HTTP 400, and the bridge tries
// once more with the smallest request that can still act, then tells the user which setting raises
// the context; Ollama's runner cuts silently, and the bridge says so from `prompt_eval_count`.
// Stand-ins: test/support/llm/context-window.ts; the home: test/support/llm/context-home.ts.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSentences, startContextHome, type ContextHome } from "../../support/llm/context-home.js";
import type { ContextServer } from "../../support/llm/context-window.js";
import type { FakeLlmRequest, FakeReply } from "../../support/llm/server.js";

let home: ContextHome;

beforeAll(async () => {
  home = await startContextHome();
}, 120_000);

afterAll(async () => {
  await home?.close();
});

const refusing = [
  ["llama.cpp", (ctx: number) => ({ kind: "llama.cpp", nCtx: ctx })],
  ["vLLM", (ctx: number) => ({ kind: "vllm", maxModelLen: ctx })],
  ["LM Studio", (ctx: number) => ({ kind: "lm-studio", loaded: ctx, most: 32_768 })],
] as const satisfies ReadonlyArray<readonly [string, (ctx: number) => ContextServer]>;

describe.each(refusing)("%s behind a proxy that hides its context of 1,024 tokens", (_, server) => {
  let run: Awaited<ReturnType<typeof runSentences>>;
  beforeAll(async () => {
    run = await runSentences(
      home,
      { provider: "openai", server: { ...server(1024), proxied: true }, llmContext: 8192 },
      [home.actions[0]!.sentence, home.actions[1]!.sentence],
    );
  }, 120_000);

  it("refuses the first request, and the bridge's smaller retry carries out the action", () => {
    const [first] = run.outcomes;
    const action = home.actions[0]!;
    expect(first!.outcome.tool_calls.find((c) => c.name === action.tool)?.ok).toBe(true);
    expect(first!.outcome.speech).not.toMatch(/sorry/i);
    const [refused, retried] = run.llm.requests;
    expect(refused!.reached!.cut).toBe(true);
    expect(retried!.reached!.cut).toBe(false);
    expect(retried!.reached!.sent).toBeLessThan(refused!.reached!.sent);
    expect(run.turns[0]!.llm!.context!.cuts.join("\n")).toMatch(/smallest request/);
  });

  it("fits the next turn to the context the refusal named: nothing more is refused", () => {
    const turn = run.turns[1]!;
    expect(turn.llm!.context!.context).toBe(1024);
    const action = home.actions[1]!;
    expect(run.outcomes[1]!.outcome.tool_calls.find((c) => c.name === action.tool)?.ok).toBe(true);
    const later = run.llm.requests.filter((r) => r.userText === action.sentence);
    expect(later.length).toBeGreaterThan(0);
    for (const request of later) expect(request.reached!.cut).toBe(false);
  });
});

describe.each([
  ...refusing.map(([name, server]) => [name, server(4096)] as const),
  [
    "LM Studio with the model not loaded yet",
    { kind: "lm-studio", loaded: 4096, most: 4096, listsLoaded: false },
  ],
] as const)("%s, asked where it says its context", (_, server) => {
  let run: Awaited<ReturnType<typeof runSentences>>;
  beforeAll(async () => {
    run = await runSentences(home, { provider: "openai", server, llmContext: 8192 }, [
      home.actions[0]!.sentence,
    ]);
  }, 120_000);

  it("fits the turn to the server's own context, not to llm_context", () => {
    const use = run.turns[0]!.llm!.context!;
    expect(use.context).toBe(4096);
    expect(use.source).not.toBe("llm_context");
    for (const request of run.llm.requests) expect(request.reached!.cut).toBe(false);
    expect(run.outcomes[0]!.outcome.tool_calls.find((c) => c.name === home.actions[0]!.tool)?.ok).toBe(true);
  });
});

/** How the options UI names `llm_context` in a language (translations/; English where none). */
function settingName(language: string): string {
  const read = (lang: string) =>
    readFileSync(new URL(`../../../translations/${lang}.yaml`, import.meta.url), "utf8");
  let yaml: string;
  try {
    yaml = read(language);
  } catch {
    yaml = read("en");
  }
  const name = /llm_context:\s*\n\s*name:\s*(.+)/.exec(yaml)![1]!;
  return name.replace(/\s*\(.*\)\s*$/, "").trim();
}

describe.each(refusing)("%s whose context is too small for any request (512 tokens)", (_, server) => {
  const languages = ["en", "de", "fr", "es", "nl", "it"];
  let speeches: Map<string, { speech: string; requests: FakeLlmRequest[] }>;
  beforeAll(async () => {
    speeches = new Map();
    for (const language of languages) {
      const run = await runSentences(
        home,
        { provider: "openai", server: server(512), llmContext: 8192, language },
        [home.actions[1]!.sentence],
      );
      speeches.set(language, { speech: run.outcomes[0]!.outcome.speech, requests: run.llm.requests });
    }
  }, 180_000);

  it("tries once more with a smaller request, then gives up without running anything", () => {
    for (const { requests } of speeches.values()) {
      // The first request was already cut to the least that can act: the retry is no larger.
      expect(requests).toHaveLength(2);
      expect(requests[1]!.reached!.sent).toBeLessThanOrEqual(requests[0]!.reached!.sent);
      expect(requests[1]!.tools.map((t) => t.name)).toContain("find_tools");
    }
  });

  it("tells the user, in their language, that the context is too small and which setting raises it", () => {
    const said = new Set<string>();
    for (const language of languages) {
      const { speech } = speeches.get(language)!;
      expect(speech, language).toContain(settingName(language));
      said.add(speech);
    }
    // Six languages, six sentences: none falls back to another language's words.
    expect(said.size).toBe(languages.length);
  });
});

describe("Ollama whose model names no trained context, so its runner caps num_ctx at the 1,024 it was trained for", () => {
  let run: Awaited<ReturnType<typeof runSentences>>;
  beforeAll(async () => {
    run = await runSentences(
      home,
      {
        provider: "ollama",
        server: { kind: "ollama", trained: 1024, showsTrained: false },
        llmContext: 8192,
      },
      [home.actions[0]!.sentence],
    );
  }, 120_000);

  it("cut the prompt as its runner does, and the bridge says so in its log and on the turn's record", () => {
    const [request] = run.llm.requests;
    expect(request!.reached!.cut).toBe(true);
    expect(request!.reached!.kept).toBe(1024);
    const use = run.turns[0]!.llm!.context!;
    expect(use.sent[0]!.reported).toBe(1024);
    expect(use.sent[0]!.cutByServer).toBe(true);
    const cut = use.cuts.find((c) => c.startsWith("the server cut the prompt"));
    expect(cut).toMatch(/^the server cut the prompt: 1024 of about \d+ tokens/);
    expect(run.log("warn").some((line) => line.includes(cut!))).toBe(true);
  });
});

describe("Ollama whose prompt fits", () => {
  let run: Awaited<ReturnType<typeof runSentences>>;
  beforeAll(async () => {
    run = await runSentences(
      home,
      { provider: "ollama", server: { kind: "ollama", trained: 32_768 }, llmContext: 8192, keepAlive: "30m" },
      [home.actions[0]!.sentence],
    );
  }, 120_000);

  it("is asked for llm_context as num_ctx, and keeps the model loaded as llm_keep_alive says", () => {
    for (const request of run.llm.requests) {
      expect((request.body.options as { num_ctx?: number }).num_ctx).toBe(8192);
      expect(request.body.keep_alive).toBe("30m");
    }
  });

  it("reports no cut: what the runner evaluated is what was sent", () => {
    const use = run.turns[0]!.llm!.context!;
    expect(run.llm.requests[0]!.reached!.cut).toBe(false);
    expect(use.sent.every((r) => !r.cutByServer)).toBe(true);
    expect(use.cuts).toEqual([]);
  });
});

describe("a tool that was not offered up front, found with find_tools", () => {
  const sentence = "tell me once the eggs are boiled, in a quarter of an hour";
  let run: Awaited<ReturnType<typeof runSentences>>;
  // A model that searches for what it was not offered, and calls only what it is offered.
  const script = (request: FakeLlmRequest): FakeReply => {
    const offered = request.tools.map((t) => t.name);
    if (request.toolResults.length === 2) return "The timer is running.";
    if (offered.includes("timer_start"))
      return { toolCalls: [{ name: "timer_start", args: { minutes: 10, label: "eggs" } }] };
    return { toolCalls: [{ name: "find_tools", args: { query: "kitchen timer" } }] };
  };
  beforeAll(async () => {
    run = await runSentences(
      home,
      { provider: "ollama", server: { kind: "ollama", trained: 32_768 }, llmContext: 4096, script },
      [sentence],
    );
  }, 120_000);

  it("is offered by name in the next request of the turn, and the action runs", () => {
    const [first, second, third] = run.llm.requests;
    expect(first!.tools.map((t) => t.name)).not.toContain("timer_start");
    expect(first!.tools.map((t) => t.name)).toContain("find_tools");
    expect(second!.tools.map((t) => t.name)).toContain("timer_start");
    expect(third).toBeDefined();
    const { outcome } = run.outcomes[0]!;
    expect(outcome.tool_calls.map((c) => [c.name, c.ok])).toEqual([
      ["find_tools", true],
      ["timer_start", true],
    ]);
    expect(outcome.speech).toBe("The timer is running.");
    const use = run.turns[0]!.llm!.context!;
    expect(use.searched).toContain("timer_start");
    expect(run.turns[0]!.llm!.requests).toBe(3);
  });
});
