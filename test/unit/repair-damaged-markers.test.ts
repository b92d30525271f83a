// Every family row of our families corpus with its markers damaged (test/support/damaged-markers.ts):
// the practice part is repaired whole; on every part, nothing acts that should not, nothing is
// acted on that nobody asked for, and no markup is spoken. The held-out part's repair rate is
// reported by the benchmark (bench/repair-reply.bench.ts), not asserted here.
import { describe, expect, it } from "vitest";
import { AIMessage } from "@langchain/core/messages";
import { createOfferedTools } from "../../src/agent/reply-repair/offered-tools.js";
import { repairReply } from "../../src/agent/reply-repair/repair-reply.js";
import { damagedMarkers } from "../support/damaged-markers.js";
import { isPositive, loadCorpus } from "../support/repair-corpus.js";
import { judgeReply, registryRepair } from "../support/repair-reply-judge.js";
import { zwaveToolEntries } from "../support/zwave-tool-schemas.js";
import { fileURLToPath } from "node:url";

const FAMILIES = fileURLToPath(new URL("../support/repair-corpus-families.jsonl", import.meta.url));
const { practice, heldOut } = damagedMarkers(loadCorpus([FAMILIES]));
const tools = createOfferedTools(zwaveToolEntries);
const run = registryRepair(zwaveToolEntries);

function verdict(c: (typeof practice)[number]) {
  const raw = c.raw as { content?: string } | Array<{ text?: string }>;
  const content = Array.isArray(raw) ? (raw[0]?.text ?? "") : (raw.content ?? "");
  const repaired = repairReply(new AIMessage({ content }), tools);
  const calls = repaired.calls.flatMap((call) => ("name" in call ? run(call) : []));
  return judgeReply(c, calls, repaired.speech);
}

describe("damaged markers, practice part", () => {
  it("covers every damage and many family rows", () => {
    expect(new Set(practice.map((c) => c.category)).size).toBe(7);
    expect(new Set(practice.map((c) => c.family)).size).toBeGreaterThan(20);
  });

  it.each(practice.map((c) => [c.id, c.family, c.note, c] as const))(
    "%s (%s): %s",
    (_id, _family, _note, c) => {
      expect(verdict(c)).toEqual({ pass: true, wrong: 0, markup: false });
    },
  );
});

describe("damaged markers, held-out part: never a wrong act, never markup spoken", () => {
  it.each(heldOut.map((c) => [c.id, c] as const))("%s", (_id, c) => {
    const result = verdict(c);
    expect(result.wrong).toBe(0);
    expect(result.markup).toBe(false);
    if (!isPositive(c)) expect(result.pass).toBe(true);
  });
});
