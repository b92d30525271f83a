// Whatever schema an MCP server sends, /mcp serves one that both of Home Assistant's clients
// convert (probatio's from_openapi since 2026.9, voluptuous-openapi 0.4.1 before), with the same
// top-level properties: Home Assistant's tool list can never fail on our account.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toServedSchema } from "../../src/mcp/server/served-schema.js";
import type { JsonSchema } from "../../src/tools/types.js";
import { fromOpenapi, ProbatioSchemaError, REFUSED_KEYWORDS } from "../support/probatio-check.js";
import { findRealProbatio } from "../support/probatio-python.js";
import { convertToVoluptuous } from "../support/voluptuous-openapi-check.js";
import { REFUSED } from "../support/probatio-cases.js";

const typeName = fc.constantFrom(
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
  "any",
  "file",
);

/** Keywords probatio refuses, and values it refuses, as third-party servers send them. */
const small = fc.constantFrom<unknown>({}, { type: "string" }, { required: ["a"] }, true, { minLength: -1 });
const hostileKeywords: Record<string, fc.Arbitrary<unknown>> = {
  minLength: fc.constantFrom<unknown>(-1, 0, 2, 1.5, "3"),
  maxItems: fc.constantFrom(-2, 3, 2.5),
  minProperties: fc.constantFrom(-1, 1),
  maximum: fc.constantFrom<unknown>(10, "10", true),
  exclusiveMinimum: fc.constantFrom<unknown>(true, false, 0),
  dependentSchemas: fc.record({ a: small }),
  dependencies: fc.constantFrom<unknown>({ a: ["b"] }, { a: { required: ["b"] } }),
  dependentRequired: fc.constant({ a: ["b"] }),
  unevaluatedProperties: small,
  unevaluatedItems: small,
  $dynamicRef: fc.constantFrom("#node", "#/$defs/a", "#"),
  $dynamicAnchor: fc.constant("node"),
  $recursiveRef: fc.constant("#"),
  if: small,
  propertyNames: small,
  patternProperties: fc.record({ "^a": small }),
  prefixItems: fc.array(small, { maxLength: 2 }),
  contains: small,
  minContains: fc.constantFrom(-1, 1),
};
/** Up to two of them on a schema. */
const hostile = fc
  .array(fc.constantFrom(...Object.keys(hostileKeywords)), { maxLength: 2 })
  .chain((keys) => fc.tuple(...keys.map((k) => hostileKeywords[k]!.map((v) => [k, v] as const))))
  .map((pairs) => Object.fromEntries(pairs));

const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<unknown>(true, false, {}, null, "string", 3),
    fc
      .record(
        {
          type: fc.oneof(typeName, fc.array(typeName, { maxLength: 3 })),
          description: fc.string({ maxLength: 8 }),
          enum: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), fc.constant("x")),
          const: fc.jsonValue({ maxDepth: 1 }),
          properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), tie("schema"), { maxKeys: 3 }),
          required: fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }), fc.constant("ab")),
          items: fc.oneof(tie("schema"), fc.array(tie("schema"), { maxLength: 2 })),
          additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
          anyOf: fc.array(tie("schema"), { maxLength: 3 }),
          oneOf: fc.array(tie("schema"), { maxLength: 3 }),
          allOf: fc.array(tie("schema"), { maxLength: 3 }),
          $ref: fc.constantFrom("#/$defs/a", "#/$defs/missing", "#", "other.json#/x", "#/properties"),
          pattern: fc.constantFrom("^a", "\\p{L}", "(?<n>x)"),
          minimum: fc.integer(),
          maxItems: fc.nat(5),
          multipleOf: fc.constantFrom(2, 0, 0.5),
          uniqueItems: fc.boolean(),
          nullable: fc.boolean(),
          format: fc.constantFrom("date-time", "uri", "email", 7),
        },
        { requiredKeys: [] },
      )
      .chain((base) => hostile.map((extra) => ({ ...base, ...extra }))),
  ),
}));

const root = fc.record({
  type: fc.constant("object"),
  properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), schema, { maxKeys: 4 }),
  $defs: fc.record({ a: schema }),
});

describe("toServedSchema", () => {
  it("serves every schema as one both clients convert, keeping the top-level properties", () => {
    fc.assert(
      fc.property(fc.oneof(root, schema), (source) => {
        const { schema: served } = toServedSchema(source as JsonSchema);
        expect(served.type).toBe("object");
        expect(() => convertToVoluptuous(served)).not.toThrow();
        expect(() => fromOpenapi(served)).not.toThrow();
        const top = typeof source === "object" && source !== null ? (source as JsonSchema) : {};
        const properties = top.properties;
        if (top.type === "object" && typeof properties === "object" && properties !== null) {
          const kept = Object.entries(properties)
            .filter(([, v]) => (v as unknown) !== false)
            .map(([k]) => k);
          // allOf may add properties; none of the schema's own is lost.
          expect(Object.keys(served.properties ?? {})).toEqual(expect.arrayContaining(kept));
        }
      }),
      { numRuns: 2000 },
    );
    // 2000 runs take seconds alone and far longer on a loaded machine: a limit, not a measure.
  }, 180_000);

  it("merges allOf, resolves $ref with its siblings, and keeps descriptions, enums and required", () => {
    const { schema: served } = toServedSchema({
      type: "object",
      $defs: { level: { type: "integer", enum: [1, 2, 3], description: "Level." } },
      allOf: [
        { properties: { room: { type: "string", description: "Which room." } }, required: ["room"] },
        { properties: { level: { $ref: "#/$defs/level", description: "How bright." } }, required: ["level"] },
      ],
    });
    expect(served).toEqual({
      type: "object",
      properties: {
        room: { type: "string", description: "Which room." },
        level: { type: "integer", enum: [1, 2, 3], description: "How bright." },
      },
      required: ["room", "level"],
      additionalProperties: true,
    });
    expect(convertToVoluptuous(served)({ room: "hall", level: 2 })).toEqual({ room: "hall", level: 2 });
  });

  it("serves each schema probatio refuses, as a tool's argument, as one both clients convert", () => {
    for (const [why, refused] of REFUSED) {
      const source = { type: "object", properties: { value: refused }, required: ["value"] };
      expect(() => fromOpenapi(source), why).toThrow(ProbatioSchemaError);
      const { schema: served } = toServedSchema(source as JsonSchema);
      expect(() => fromOpenapi(served), why).not.toThrow();
      expect(() => convertToVoluptuous(served), why).not.toThrow();
      expect(served.required, why).toEqual(["value"]);
      expect(JSON.stringify(served), why).not.toMatch(
        new RegExp(`"(${REFUSED_KEYWORDS.join("|").replaceAll("$", "\\$")})"`),
      );
    }
  });

  it("keeps what the refused keywords mean where the served subset can say it", () => {
    for (const [name, source, expected, accepts, refuses] of MEANING) {
      const { schema: served } = toServedSchema(source);
      expect(served, name).toMatchObject(expected);
      const probatio = fromOpenapi(served);
      const voluptuous = convertToVoluptuous(served);
      for (const args of accepts) {
        expect(() => probatio(args), `${name}: ${JSON.stringify(args)}`).not.toThrow();
        expect(() => voluptuous(args), `${name}: ${JSON.stringify(args)}`).not.toThrow();
      }
      for (const args of refuses) expect(() => probatio(args), `${name}: ${JSON.stringify(args)}`).toThrow();
    }
  });

  const real = findRealProbatio();
  it.runIf("run" in real)(
    `the real probatio converts every served schema and validates what a model sends (${"describe" in real ? real.describe : real.missing})`,
    () => {
      if (!("run" in real)) return;
      const sources: JsonSchema[] = [
        ...REFUSED.map(([, refused]) => ({ type: "object", properties: { value: refused } }) as JsonSchema),
        ...MEANING.map(([, source]) => source),
        ...(fc.sample(fc.oneof(root, schema), { numRuns: 300, seed: 32 }) as JsonSchema[]),
      ];
      const cases = sources.map((source) => ({ schema: toServedSchema(source).schema, args: [{}] }));
      const meaning = MEANING.map(([, source, , accepts, refuses]) => ({
        schema: toServedSchema(source).schema,
        args: [...accepts, ...refuses],
      }));
      const results = real.run([...cases, ...meaning]);
      results.slice(0, cases.length).forEach((result, i) => {
        expect(result, JSON.stringify(cases[i]!.schema)).toHaveProperty("calls");
        if ("calls" in result)
          expect(result.calls[0], JSON.stringify(cases[i]!.schema)).not.toHaveProperty("refused");
      });
      results.slice(cases.length).forEach((result, i) => {
        const [name, , , accepts] = MEANING[i]!;
        expect(result, name).toHaveProperty("calls");
        if (!("calls" in result)) return;
        result.calls.forEach((call, j) =>
          expect(call, `${name}: call ${j}`).toHaveProperty(j < accepts.length ? "output" : "invalid"),
        );
      });
    },
  );
});

/**
 * Third-party schemas as servers write them, each with a refused keyword whose meaning the served
 * schema keeps, or keeps as far as it can: [name, source, served (in part), arguments both
 * clients accept, arguments probatio refuses].
 */
const MEANING: Array<[string, JsonSchema, Record<string, unknown>, unknown[], unknown[]]> = [
  [
    "unevaluatedProperties: false closes the object (JSON Schema 2019-09 style)",
    {
      type: "object",
      allOf: [{ properties: { room: { type: "string" } }, required: ["room"] }],
      properties: { level: { type: "integer", minimum: 0, maximum: 100 } },
      unevaluatedProperties: false,
    },
    { additionalProperties: false, required: ["room"] },
    [{ room: "hall", level: 40 }],
    [
      { room: "hall", colour: "red" },
      { room: "hall", level: 140 },
    ],
  ],
  [
    "unevaluatedProperties as a schema types the other keys",
    { type: "object", properties: { a: { type: "string" } }, unevaluatedProperties: { type: "boolean" } },
    { additionalProperties: { type: "boolean" } },
    [{ a: "x", b: true }],
    [{ a: "x", b: "y" }],
  ],
  [
    "unevaluatedItems gives an array its items",
    { type: "object", properties: { tags: { type: "array", unevaluatedItems: { type: "string" } } } },
    { properties: { tags: { type: "array", items: { type: "string" } } } },
    [{ tags: ["a", "b"] }],
    [{ tags: [1] }],
  ],
  [
    "a $dynamicRef tree (JSON Schema 2020-12) keeps its nodes' shape",
    {
      $dynamicAnchor: "node",
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $dynamicRef: "#node" } } },
      required: ["name"],
    },
    { properties: { children: { type: "array", items: { type: "object", required: ["name"] } } } },
    [{ name: "house", children: [{ name: "hall", children: [{ name: "cupboard" }] }] }],
    [{ name: "house", children: [{ children: [] }] }],
  ],
  [
    "a $recursiveRef tree (JSON Schema 2019-09) likewise",
    {
      $recursiveAnchor: true,
      type: "object",
      properties: { name: { type: "string" }, parts: { type: "array", items: { $recursiveRef: "#" } } },
    },
    {
      properties: {
        parts: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } },
      },
    },
    [{ name: "a", parts: [{ name: "b" }] }],
    [{ parts: [{ name: 3 }] }],
  ],
  [
    "an invalid count is dropped, the valid bound beside it stays",
    { type: "object", properties: { code: { type: "string", minLength: -1, maxLength: 4 } } },
    { properties: { code: { type: "string", maxLength: 4 } } },
    [{ code: "" }, { code: "abcd" }],
    [{ code: "abcde" }],
  ],
  [
    "a boolean exclusiveMaximum keeps its maximum, a stray exclusiveMinimum goes",
    {
      type: "object",
      properties: { n: { type: "integer", maximum: 10, exclusiveMaximum: true, exclusiveMinimum: true } },
    },
    { properties: { n: { type: "integer", maximum: 10, exclusiveMaximum: true } } },
    [{ n: 9 }],
    [{ n: 10 }],
  ],
  [
    "dependentSchemas, dependencies and if/then go; the properties stay",
    {
      type: "object",
      properties: { card: { type: "string" }, address: { type: "string" } },
      dependentSchemas: { card: { required: ["address"] } },
      dependencies: { address: ["card"] },
      if: { required: ["card"] },
      then: { required: ["address"] },
    },
    { properties: { card: { type: "string" }, address: { type: "string" } }, additionalProperties: true },
    [{ card: "1234" }, { address: "Main St" }],
    [{ card: 1234 }],
  ],
];
