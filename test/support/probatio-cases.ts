// Schemas probatio refuses and accepts, each for one reason its decoder documents
// (frenck/probatio src/probatio/codecs/jsonschema.py): the cases test/unit/probatio-check.test.ts
// holds the check to, and test/unit/mcp-served-schema.test.ts serves.

/** Schemas probatio refuses at conversion, each for one reason it documents. */
export const REFUSED: Array<[string, unknown]> = [
  ["if/then", { type: "object", if: { required: ["a"] }, then: { required: ["b"] } }],
  ["propertyNames", { type: "object", propertyNames: { maxLength: 3 } }],
  ["patternProperties", { type: "object", patternProperties: { "^x-": { type: "string" } } }],
  ["dependentSchemas", { type: "object", dependentSchemas: { a: { required: ["b"] } } }],
  ["dependencies", { type: "object", properties: { a: {}, b: {} }, dependencies: { a: ["b"] } }],
  ["unevaluatedProperties", { type: "object", properties: { a: {} }, unevaluatedProperties: false }],
  ["unevaluatedItems", { type: "array", unevaluatedItems: false }],
  ["$dynamicRef", { type: "object", properties: { t: { $dynamicRef: "#node" } }, $dynamicAnchor: "node" }],
  ["$recursiveRef", { type: "object", properties: { t: { $recursiveRef: "#" } } }],
  ["a nested refused keyword", { type: "object", properties: { a: { type: "object", propertyNames: {} } } }],
  ["minLength -1", { type: "string", minLength: -1 }],
  ["maxLength 1.5", { type: "string", maxLength: 1.5 }],
  ["minItems as a string", { type: "array", items: {}, minItems: "1" }],
  ["minProperties -1", { type: "object", minProperties: -1 }],
  ["minimum as a string", { type: "number", minimum: "0" }],
  ["maximum true", { type: "integer", maximum: true }],
  ["exclusiveMinimum true without minimum", { type: "number", exclusiveMinimum: true }],
  ["multipleOf 0", { type: "integer", multipleOf: 0 }],
  ["multipleOf 0.5", { type: "number", multipleOf: 0.5 }],
  ["a typeless negative minLength", { minLength: -1 }],
  ["an unknown type", { type: "any" }],
  ["a type list with a number", { type: ["string", 5] }],
  ["required as a string", { type: "object", required: "a" }],
  ["required with a number", { type: "object", required: [1] }],
  ["properties as a list", { type: "object", properties: [] }],
  ["enum as a string", { enum: "a" }],
  ["anyOf as an object", { anyOf: { type: "string" } }],
  ["positional items", { type: "array", items: [{ type: "string" }] }],
  ["open prefixItems", { type: "array", prefixItems: [{ type: "string" }] }],
  ["an external $ref", { type: "object", properties: { a: { $ref: "other.json#/x" } } }],
  ["an anchor $ref", { type: "object", properties: { a: { $ref: "#a" } } }],
  ["a $ref to nowhere", { type: "object", properties: { a: { $ref: "#/$defs/missing" } } }],
  [
    "asymmetric dependentRequired",
    { type: "object", properties: { a: {}, b: {} }, dependentRequired: { a: ["b"] } },
  ],
  ["a node that is a string", { type: "object", properties: { a: "string" } }],
  ["a document 101 levels deep", nest(101)],
];

/** Schemas probatio converts: its supported keywords with valid values. */
export const ACCEPTED: unknown[] = [
  { type: "object", properties: { a: { type: "string", minLength: 0, maxLength: 3 } }, required: ["a"] },
  { type: "object", additionalProperties: true },
  { type: "object", properties: { n: { type: "integer", minimum: 0, maximum: 100, multipleOf: 5 } } },
  { type: "number", minimum: 0, exclusiveMinimum: true },
  { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true },
  { type: "array", prefixItems: [{ type: "string" }], items: false },
  { type: ["string", "null"] },
  { type: "string", nullable: true, enum: ["a", "b"] },
  { anyOf: [{ type: "string" }, { type: "integer" }] },
  { type: "object", properties: { t: { $ref: "#" } } },
  { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "boolean" } } },
  { type: "object", properties: { a: {}, b: {} }, dependentRequired: { a: ["b"], b: ["a"] } },
  { type: "string", format: "uri", $anchor: "x", $dynamicAnchor: "y" },
  { type: "object", properties: { x: { const: 3 } }, not: { required: ["y"] } },
  nest(100),
];

function nest(levels: number): unknown {
  let schema: unknown = { type: "string" };
  for (let i = 1; i < levels; i++) schema = { type: "array", items: schema };
  return schema;
}
