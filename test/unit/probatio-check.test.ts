// The probatio check (test/support/probatio-check.ts) against what probatio documents and does:
// what from_openapi refuses, and how the result validates. With PROBATIO set to a checkout
// of frenck/probatio, every case also runs through the real library, which must agree.
import { describe, expect, it } from "vitest";
import { fromOpenapi, ProbatioInvalid, ProbatioSchemaError } from "../support/probatio-check.js";
import { findRealProbatio } from "../support/probatio-python.js";
import { ACCEPTED, REFUSED } from "../support/probatio-cases.js";

describe("from_openapi (probatio)", () => {
  it("refuses each keyword it cannot enforce and each invalid value", () => {
    for (const [why, schema] of REFUSED) {
      expect(() => fromOpenapi(schema), why).toThrow(ProbatioSchemaError);
    }
  });

  it("accepts its supported keywords with valid values", () => {
    for (const schema of ACCEPTED) expect(() => fromOpenapi(schema), JSON.stringify(schema)).not.toThrow();
  });

  it("validates JSON numbers, nullable, closed objects, and fills defaults", () => {
    const tool = fromOpenapi({
      type: "object",
      properties: {
        level: { type: "number", minimum: 0, maximum: 100 },
        count: { type: "integer" },
        name: { type: "string", nullable: true },
        mode: { type: "string", enum: ["a", "b"], default: "a" },
      },
      required: ["level"],
    });
    expect(tool({ level: 50, count: 2.0, name: null })).toEqual({
      level: 50,
      count: 2,
      name: null,
      mode: "a",
    });
    expect(() => tool({ level: 50, other: 1 })).toThrow(ProbatioInvalid);
    expect(() => tool({ level: 150 })).toThrow(ProbatioInvalid);
    expect(() => tool({ level: 1, count: 1.5 })).toThrow(ProbatioInvalid);
    expect(() => tool({})).toThrow(ProbatioInvalid);
    expect(fromOpenapi({ type: "object" })({ any: 1 })).toEqual({ any: 1 });
  });

  const real = findRealProbatio();
  it.runIf("run" in real)(
    `agrees with the real library (${"describe" in real ? real.describe : real.missing})`,
    () => {
      if (!("run" in real)) return;
      const results = real.run([
        ...REFUSED.map(([, schema]) => ({ schema })),
        ...ACCEPTED.map((schema) => ({ schema })),
      ]);
      REFUSED.forEach(([why], i) => expect(results[i], why).toHaveProperty("refused"));
      ACCEPTED.forEach((schema, i) =>
        expect(results[REFUSED.length + i], JSON.stringify(schema)).toHaveProperty("calls"),
      );
    },
  );
});
