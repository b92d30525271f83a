// Which templates the matcher tries on a sentence (src/understanding/template-starts.ts): by its
// first word, and by the words each template cannot match without.
import { describe, expect, it } from "vitest";
import { createStartIndex } from "../../src/understanding/template-starts.js";

const templates = [
  { id: "turn {name} off", starts: new Set(["turn"]), needs: [["turn"], ["off"]] },
  { id: "{name} off", starts: undefined, needs: [["off"]] },
  { id: "{name} (in the|at) {area}", starts: undefined, needs: [["in", "at"]] },
  { id: "{name} to {level}", starts: undefined, needs: [["to"]] },
];
const index = createStartIndex(templates);
const tried = (sentence: string) => index.candidates(sentence.split(" ")).map((t) => t.id);

describe("the templates tried on a sentence", () => {
  it("tries those that start with its first word and those that start with a slot", () => {
    expect(tried("turn the kitchen light off")).toEqual(["turn {name} off", "{name} off"]);
  });

  it("leaves out a template whose required word the sentence does not hold", () => {
    expect(tried("tell me a joke about cats")).toEqual([]);
    expect(tried("kitchen light to fifty")).toEqual(["{name} to {level}"]);
  });

  it("takes any one of a required part's alternatives", () => {
    expect(tried("lamp at hall")).toEqual(["{name} (in the|at) {area}"]);
    expect(tried("lamp in the hall")).toEqual(["{name} (in the|at) {area}"]);
  });

  it("keeps the grammar's order, which decides between two templates that both read it", () => {
    expect(tried("turn it off in the hall")).toEqual([
      "turn {name} off",
      "{name} off",
      "{name} (in the|at) {area}",
    ]);
  });
});
