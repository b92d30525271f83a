// Whatever schema an MCP server sends, /mcp serves one that voluptuous-openapi 0.4.1 converts,
// with the same top-level properties: Home Assistant's tool list can never fail on our account.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toServedSchema } from "../../src/mcp/server/served-schema.js";
import type { JsonSchema } from "../../src/tools/types.js";
import { convertToVoluptuous } from "../support/voluptuous-openapi-check.js";

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

const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<unknown>(true, false, {}, null, "string", 3),
    fc.record(
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
        format: fc.constantFrom("date-time", "uri"),
        minimum: fc.integer(),
        maxItems: fc.nat(5),
        multipleOf: fc.constant(2),
        uniqueItems: fc.boolean(),
        nullable: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  ),
}));

const root = fc.record({
  type: fc.constant("object"),
  properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), schema, { maxKeys: 4 }),
  $defs: fc.record({ a: schema }),
});

describe("toServedSchema", () => {
  it("serves every schema as one voluptuous-openapi converts, keeping the top-level properties", () => {
    fc.assert(
      fc.property(fc.oneof(root, schema), (source) => {
        const { schema: served } = toServedSchema(source as JsonSchema);
        expect(served.type).toBe("object");
        expect(() => convertToVoluptuous(served)).not.toThrow();
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
  });

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
});
