// The real agent in a practice home (bench/support/practice-home.ts), as the corpus benches say
// their sentences to it: the HA websocket fake, the mirror, the real tools, the fast path first
// and Home Assistant's agent (the fake's) behind it, no LLM. After each sentence the devices it
// touched are put back as they were.
import { pino } from "pino";
import { createAgent } from "../../src/agent/agent.js";
import { createHomeMirror } from "../../src/ha/mirror.js";
import { homeTools } from "../../src/tools/local/index.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import type { FakeHome } from "../../test/support/ha-home.js";
import { startFakeHa } from "../../test/support/ha-server.js";
import { waitFor } from "../../test/support/wait-for.js";
import { randomUUID } from "node:crypto";
import { entityIdsOf, type Turn } from "./practice-corpus.js";
import { ENTITIES, SATELLITE } from "./practice-home.js";

export async function startPracticeAgent(home: FakeHome) {
  const logger = pino({ level: "silent" });
  const ha = await startFakeHa({ home });
  const mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
  await waitFor("the practice home's first sync", () => !mirror.status().stale, 30_000);
  const registry = createToolRegistry({ logger });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  const agent = createAgent({ registry, mirror, logger, provider: "local", language: "en", haAgent: true });

  /** Puts every device a turn touched back as it was, and waits until the mirror has seen it. */
  async function restore(touched: Set<string>) {
    for (const id of touched) {
      const was = ENTITIES.find((e) => e.id === id);
      if (was) ha.setState(id, was.state, { ...was.attributes });
    }
    await waitFor("the practice home restored", () =>
      [...touched].every((id) => {
        const was = ENTITIES.find((e) => e.id === id);
        const now = mirror.entity(id);
        if (!was || !now) return true;
        return (
          now.state === was.state &&
          Object.entries(was.attributes ?? {}).every(
            ([k, v]) => JSON.stringify(now.attributes[k]) === JSON.stringify(v),
          )
        );
      }),
    );
  }

  /**
   * Says one sentence from the living-room satellite: what was said back, who handled it, whether
   * it went to HA's agent, and the service calls it made; then puts the home back.
   */
  async function say(text: string, language: string): Promise<Turn> {
    ha.serviceCalls.length = 0;
    const asked = ha.conversations.length;
    const result = await agent.handle({ text, language, conversationId: randomUUID(), deviceId: SATELLITE });
    const calls = [...ha.serviceCalls];
    await restore(new Set(calls.flatMap(entityIdsOf)));
    return {
      speech: result.speech,
      responseType: result.response_type,
      handledBy: agent.recentTurns().at(-1)?.handledBy ?? "?",
      handedOn: ha.conversations.length > asked,
      calls,
    };
  }

  return {
    say,
    async close() {
      await mirror.close();
      await ha.close();
    },
  };
}
