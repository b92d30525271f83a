// None of Home Assistant's own intent test sentences (OHF-Voice/intents `tests/<lang>/`, the
// corpus the fast path is judged by) may sit in our tests, benchmarks, sources or docs: a
// sentence copied from the judge says nothing about sentences people say. Every string
// literal and every quoted text is compared with every test sentence of our six languages, case,
// punctuation and spacing folded away.
//
// The sentences are read at run time, never copied in: HA_INTENTS names a checkout or a bare git
// clone of OHF-Voice/intents (.ci/run points it at one when there is one). A machine without the tree cannot make this comparison: the test then
// says so as its skip reason, so `npm test` stays the README's command on a fresh machine; a
// HA_INTENTS that names a missing directory fails.
//
// What is not compared:
// - one-word literals ("no", "hi", "pause"): words, not sentences;
// - identifiers ("lock.front_door", "volume_up"), which fold into words;
// - src/understanding/grammars/: a grammar must know the usual ways of saying a thing ("what time
//   is it"), some of which HA's tests also use; its entries are reviewed with the grammars.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  copiedSentences,
  foldSentence,
  haTestSentences,
  repositoryLiterals,
  type Literal,
} from "../support/ha-test-sentences.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const tree = process.env.HA_INTENTS;

const isIdentifier = (text: string) => /^[\w.:/-]+$/.test(text) && /[_.:/]/.test(text);
const compared = (literal: Literal) =>
  !literal.where.startsWith("src/understanding/grammars/") &&
  !isIdentifier(literal.text.trim()) &&
  foldSentence(literal.text).split(" ").length >= 2;

describe("no Home Assistant intent test sentence in the repository", () => {
  it.runIf(tree)("HA_INTENTS names a tree that is there", () => {
    expect(existsSync(tree!), `HA_INTENTS=${tree} does not exist`).toBe(true);
  });

  it.skipIf(!tree || !existsSync(tree))(
    "no test, benchmark, source or doc holds one, folded (needs HA_INTENTS: a checkout of OHF-Voice/intents)",
    () => {
      const sentences = haTestSentences(tree!);
      // A tree without the tests would make this pass on nothing.
      expect(sentences.length).toBeGreaterThan(1000);
      const copies = copiedSentences(repositoryLiterals(ROOT).filter(compared), sentences).map(
        (c) => `${c.where}: ${JSON.stringify(c.text)} is ${c.ha.file}'s ${JSON.stringify(c.ha.text)}`,
      );
      expect(copies).toEqual([]);
    },
    60_000,
  );

  it("the comparison folds case, punctuation and spacing, and finds sentences in code and docs", async () => {
    const { tsLiterals, markdownQuotes } = await import("../support/ha-test-sentences.js");
    const code = 'const a = "Turn OFF the hall light!"; const b = `say ${x}, then: dim it`; // "not me"';
    const found = copiedSentences(
      [...tsLiterals(code, "x.ts"), ...markdownQuotes('Try "Dim it" or `turn off the hall light`.', "X.md")],
      [
        { text: "turn off the hall light", file: "tests/en/a.yaml" },
        { text: "then dim it", file: "tests/en/b.yaml" },
        { text: "dim it", file: "tests/en/c.yaml" },
        { text: "not me", file: "tests/en/d.yaml" },
      ],
    ).map((c) => `${c.where} ${c.text}`);
    expect(found).toEqual([
      "x.ts:1 Turn OFF the hall light!",
      "x.ts:1 , then: dim it",
      "X.md:1 Dim it",
      "X.md:1 turn off the hall light",
    ]);
  });
});
