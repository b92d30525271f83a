// Each repair corpus case's raw reply, served by the provider fakes and read by the real LangChain
// client of its provider: what the bridge's reply repair is handed in a real turn.
import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import { ChatOllama } from "@langchain/ollama";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { startFakeLlm } from "../../test/support/llm/server.js";
import type { CorpusCase } from "../../test/support/repair-corpus.js";

export interface CorpusReplay {
  /** One real client per provider; a case's sentence ("repair case <id>") gets its raw reply. */
  models: Record<CorpusCase["provider"], BaseChatModel>;
  close(): Promise<void>;
}

export async function startCorpusReplay(cases: readonly CorpusCase[]): Promise<CorpusReplay> {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const llm = await startFakeLlm({
    script: (request) => ({
      native: byId.get(/repair case (\S+)/.exec(request.userText ?? "")?.[1] ?? "")?.raw,
    }),
  });
  return {
    models: {
      anthropic: new ChatAnthropic({ model: "bench", apiKey: "x", anthropicApiUrl: llm.url, maxRetries: 0 }),
      openai: new ChatOpenAI({
        model: "gpt-4o-mini",
        apiKey: "x",
        configuration: { baseURL: llm.openaiUrl },
        maxRetries: 0,
      }),
      ollama: new ChatOllama({ model: "bench", baseUrl: llm.url }),
    },
    close: () => llm.close(),
  };
}
