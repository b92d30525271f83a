import { isObject } from "../../shared/is-object.js";
import type { JsonSchema } from "../../tools/types.js";
import { createRefResolver, type RefResolver } from "../../tools/schema-refs.js";

/**
 * A tool's inputSchema as /mcp serves it: the same arguments, in the subset of JSON Schema that
 * both of Home Assistant's MCP clients convert. One schema either refuses fails HA's whole tool
 * list, so every served schema is built from an allow-list of keywords, each checked for a valid
 * value, never by passing the rest through:
 * - HA from 2026.9: probatio's `from_openapi` (frenck/probatio `codecs/jsonschema.py`). It
 *   refuses the keywords it cannot enforce (`if`, `propertyNames`, `patternProperties`,
 *   `dependentSchemas`, `dependencies`, `unevaluatedProperties`, `unevaluatedItems`,
 *   `$dynamicRef`, `$recursiveRef`; `dependentRequired` unless symmetric; `prefixItems` unless
 *   closed), invalid values (a count that is not a non-negative integer, a bound that is not a
 *   number, a boolean `exclusiveMinimum` without `minimum`, a `multipleOf` that is not a non-zero
 *   whole number, a `pattern` Python cannot compile or that may backtrack), an unknown `type`,
 *   and a document nested deeper than 100 levels.
 * - HA before 2026.9: voluptuous-openapi 0.4.1 `convert_to_voluptuous`, which also refuses
 *   `allOf`, `multipleOf` and `uniqueItems`, needs a `type` (or an enum or combinator) on every
 *   schema and `items` on every array, reads `number` as Python's float, and anchors `pattern`.
 * What changes, and why:
 * - `$ref`, `$dynamicRef` and `$recursiveRef` are resolved (a recursive one ends in an open
 *   object), `allOf` is merged;
 * - `unevaluatedProperties` and `unevaluatedItems` become `additionalProperties` and `items`
 *   where nothing else evaluates the object or array, as they then mean the same;
 * - a type list becomes `nullable` or `anyOf`; an untyped schema gets a type (or every type);
 * - `number` becomes number-or-integer, since voluptuous checks `float` and a model's `50` is an int;
 * - an object without `additionalProperties: false` keeps JSON Schema's "other keys allowed",
 *   which both clients would otherwise refuse; an array gets `items`;
 * - `const` becomes a one-value `enum`;
 * - dropped: `multipleOf`, `uniqueItems`, `pattern`, `format: date-time` (voluptuous then wants
 *   fractional seconds), `contains`, `prefixItems`, `dependentRequired`, `dependentSchemas`,
 *   `dependencies`, `if`/`then`/`else`, `not`, `propertyNames`, `patternProperties`, an invalid
 *   bound or count, and anyOf/oneOf on an object (one of some keys, variants). The tool's own
 *   server still checks all of these.
 * Descriptions, titles, enums, defaults, examples, valid bounds and counts, and `required` stay.
 */
export function toServedSchema(schema: JsonSchema): { schema: JsonSchema; simplified?: string } {
  const shaped = shape(schema, {
    refs: createRefResolver(schema),
    expanding: [],
    depth: 0,
    budget: { nodes: MAX_NODES },
  });
  if (shaped.type === "object") return { schema: shaped };
  // MCP tools take an object; one whose arguments can only be described as a choice of shapes
  // is served as an object that takes any keys, and its server checks the arguments.
  return {
    schema: { type: "object", additionalProperties: true },
    simplified: "its arguments are not one object, so /mcp serves them as an open object",
  };
}

interface Context {
  refs: RefResolver;
  /** The references being expanded on this branch, to end recursion. */
  expanding: string[];
  /** Schema levels above this one. */
  depth: number;
  /** Schemas left to shape: references expanded inside references multiply a schema. */
  budget: { nodes: number };
}

/**
 * Deeper than this, a value is served as "any value" (itself three levels deep): probatio refuses
 * documents nested past 100 levels, and no tool's arguments need more.
 */
const MAX_DEPTH = 32;
/** Past this many shaped schemas, what is left is served as "any value" (real tools need a few hundred). */
const MAX_NODES = 5_000;

/** Annotations kept wherever they are valid: they change no validation. */
const ANNOTATIONS: Record<string, (value: unknown) => boolean> = {
  description: (v) => typeof v === "string",
  title: (v) => typeof v === "string",
  default: () => true,
  examples: Array.isArray,
};

/** Keywords kept per served type, each with the values both clients accept. */
const KEPT: Record<string, Record<string, (value: unknown, schema: JsonSchema) => boolean>> = {
  string: {
    minLength: isCount,
    maxLength: isCount,
    format: (v) => typeof v === "string" && v !== "date-time",
  },
  number: {
    minimum: isNumber,
    maximum: isNumber,
    exclusiveMinimum: (v, s) => isNumber(v) || (typeof v === "boolean" && isNumber(s.minimum)),
    exclusiveMaximum: (v, s) => isNumber(v) || (typeof v === "boolean" && isNumber(s.maximum)),
  },
  array: { minItems: isCount, maxItems: isCount },
  object: { minProperties: isCount, maxProperties: isCount },
  boolean: {},
  null: {},
};
KEPT.integer = KEPT.number!;

const ANY_VALUE: JsonSchema[] = [
  { type: "string" },
  { type: "number" },
  { type: "integer" },
  { type: "boolean" },
  { type: "object", additionalProperties: true },
  {
    type: "array",
    items: {
      anyOf: [
        { type: "string" },
        { type: "number" },
        { type: "integer" },
        { type: "boolean" },
        { type: "object", additionalProperties: true },
      ],
    },
  },
];

/**
 * Subschema keywords through which something besides `properties` and `additionalProperties`
 * may evaluate an object's keys (JSON Schema 2020-12, unevaluatedProperties), or besides `items`
 * an array's items. `not` never does: it keeps no annotations.
 */
const APPLICATORS = ["allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "dependencies"];
const EVALUATES_KEYS = ["properties", "patternProperties", "additionalProperties", "unevaluatedProperties"];
const EVALUATES_ITEMS = ["items", "prefixItems", "contains", "unevaluatedItems"];
const REFERENCES = ["$ref", "$dynamicRef", "$recursiveRef"];

/** Whether any subschema of `schema` (not `schema` itself) may evaluate what `keywords` evaluate. */
function othersEvaluate(schema: JsonSchema, keywords: string[]): boolean {
  const evaluates = (sub: unknown): boolean =>
    isSchema(sub) &&
    ([...keywords, ...REFERENCES].some((k) => k in sub) ||
      APPLICATORS.some((k) => subschemas(k, sub[k]).some(evaluates)));
  return (
    (keywords === EVALUATES_KEYS && "patternProperties" in schema) ||
    (keywords === EVALUATES_ITEMS && ("prefixItems" in schema || "contains" in schema)) ||
    APPLICATORS.some((k) => subschemas(k, schema[k]).some(evaluates))
  );
}

/** The subschemas an applicator holds: a list (allOf), a map (dependentSchemas) or one schema (if). */
function subschemas(keyword: string, value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isSchema(value)) return [];
  return keyword === "dependentSchemas" || keyword === "dependencies" ? Object.values(value) : [value];
}

function shape(input: unknown, context: Context): JsonSchema {
  if (input === true || input === undefined) return anyValue();
  if (!isSchema(input)) return anyValue();
  if (context.depth > MAX_DEPTH || --context.budget.nodes < 0) return withAnnotations(anyValue(), input);
  let schema: JsonSchema = input;

  const reference = context.refs.referenceOf(schema);
  if (reference) {
    const { keyword, target } = reference;
    const siblings = { ...schema };
    delete siblings[keyword];
    const key = `${keyword}:${String(schema[keyword])}`;
    if (context.expanding.includes(key)) {
      // Recursive: an open object ends what would be an endless schema.
      return withAnnotations({ type: "object", additionalProperties: true }, siblings);
    }
    // Keywords next to a reference apply too; they come first, so their description wins.
    const combined =
      target === undefined ? siblings : Object.keys(siblings).length ? { allOf: [siblings, target] } : target;
    return shape(combined, { ...context, expanding: [...context.expanding, key] });
  }
  if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema);
  const nested: Context = { ...context, depth: context.depth + 1 };

  const out = annotations(schema);
  const enumValues = Array.isArray(schema.enum)
    ? schema.enum
    : "const" in schema
      ? [schema.const]
      : undefined;
  // An enum of whole argument objects says less to a model than the properties do; the server checks it.
  const isObjectSchema = schema.type === "object" || isSchema(schema.properties);
  if (enumValues !== undefined && !isObjectSchema) {
    out.enum = enumValues;
    if (typeof schema.type === "string" && schema.type in KEPT) out.type = schema.type;
    if (schema.nullable === true) out.nullable = true;
    return out;
  }

  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    // On an object, the branches only narrow it (one of some keys, variants): the object stays,
    // and the tool's server checks the rest.
    if (isObjectSchema) continue;
    // oneOf becomes anyOf: probatio refuses a value two branches accept (50 is a number and an
    // integer), which the served number-or-integer would make of every number.
    const shaped = branches.map((b) => shape(b, nested));
    if (shaped.length === 1 && schema.type === undefined) return { ...shaped[0], ...out };
    if (shaped.length) return { ...out, anyOf: shaped };
  }

  const type = schema.type ?? inferType(schema);
  if (type === undefined) return withAnnotations(anyValue(), schema);
  if (Array.isArray(type)) return typeList(type, schema, out, nested);
  if (typeof type !== "string") return withAnnotations(anyValue(), schema);
  return shapeTyped(type, schema, out, nested, schema.nullable === true);
}

/** `out` (the annotations so far) with the keywords of `type` that `schema` holds validly. */
function shapeTyped(
  type: string,
  schema: JsonSchema,
  out: JsonSchema,
  context: Context,
  nullable: boolean,
): JsonSchema {
  const kept = KEPT[type];
  if (!kept) return withAnnotations(anyValue(), schema);
  const typed: JsonSchema = { ...out, type };
  for (const [keyword, valid] of Object.entries(kept)) {
    if (keyword in schema && valid(schema[keyword], schema)) typed[keyword] = schema[keyword];
  }
  if (nullable) typed.nullable = true;
  switch (type) {
    case "number": {
      // voluptuous checks float: a model's whole number (json 50) is an int and would be refused.
      const bounds: JsonSchema = {};
      for (const [keyword, value] of Object.entries(typed)) {
        if (!(keyword in ANNOTATIONS) && keyword !== "nullable") bounds[keyword] = value;
      }
      return {
        ...out,
        anyOf: [bounds, { ...bounds, type: "integer" }, ...(nullable ? [{ type: "null" }] : [])],
      };
    }
    case "array": {
      let items: unknown = schema.items;
      if (items === undefined && !othersEvaluate(schema, EVALUATES_ITEMS)) items = schema.unevaluatedItems;
      typed.items = isSchema(items) ? shape(items, context) : anyValue();
      return typed;
    }
    case "object":
      return shapeObject(schema, typed, context);
    default:
      return typed;
  }
}

function shapeObject(schema: JsonSchema, typed: JsonSchema, context: Context): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(isSchema(schema.properties) ? schema.properties : {})) {
    if ((value as unknown) !== false) properties[key] = shape(value, context);
  }
  typed.properties = properties;
  const required = Array.isArray(schema.required)
    ? [...new Set(schema.required.filter((r): r is string => typeof r === "string" && r in properties))]
    : [];
  if (required.length) typed.required = required;
  let extra: unknown = schema.additionalProperties;
  // With nothing else looking at the keys, "every key not evaluated" is "every key not listed".
  if (extra === undefined && !othersEvaluate(schema, EVALUATES_KEYS)) extra = schema.unevaluatedProperties;
  if (extra === false) {
    typed.additionalProperties = false;
    return typed;
  }
  typed.additionalProperties =
    isSchema(extra) && Object.keys(extra).some((k) => !(k in ANNOTATIONS)) ? shape(extra, context) : true;
  return typed;
}

/** `["string", "null"]` → nullable string; several types → anyOf, one branch per type. */
function typeList(types: unknown[], schema: JsonSchema, out: JsonSchema, context: Context): JsonSchema {
  const named = [...new Set(types.filter((t): t is string => typeof t === "string" && t in KEPT))];
  const nullable = named.includes("null") || schema.nullable === true;
  const real = named.filter((t) => t !== "null");
  if (real.length === 0) return named.length ? { ...out, type: "null" } : withAnnotations(anyValue(), schema);
  if (real.length === 1) return shapeTyped(real[0]!, schema, out, context, nullable);
  return {
    ...out,
    anyOf: [
      ...real.map((t) => shapeTyped(t, schema, {}, context, false)),
      ...(nullable ? [{ type: "null" }] : []),
    ],
  };
}

/** allOf's branches folded into one schema: properties and required united, the first of anything else. */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  const { allOf, ...base } = schema;
  const merged: JsonSchema = { ...base };
  for (const branch of allOf ?? []) {
    if (!isSchema(branch)) continue;
    for (const [key, value] of Object.entries(branch)) {
      if (key === "properties" && isSchema(value)) {
        const properties: Record<string, JsonSchema> = { ...(merged.properties ?? {}) };
        for (const [name, sub] of Object.entries(value)) {
          const existing = properties[name];
          properties[name] = existing ? { allOf: [existing, sub as JsonSchema] } : (sub as JsonSchema);
        }
        merged.properties = properties;
      } else if (key === "required" && Array.isArray(value)) {
        merged.required = [...new Set([...(merged.required ?? []), ...(value as string[])])];
      } else if (key === "allOf" && Array.isArray(value)) {
        Object.assign(merged, mergeAllOf({ ...merged, allOf: value as JsonSchema[] }));
      } else if (!(key in merged)) {
        merged[key] = value;
      }
    }
  }
  return merged;
}

function inferType(schema: JsonSchema): string | undefined {
  if (
    isSchema(schema.properties) ||
    schema.additionalProperties !== undefined ||
    schema.unevaluatedProperties !== undefined ||
    Array.isArray(schema.required)
  ) {
    return "object";
  }
  if (schema.items !== undefined || schema.minItems !== undefined || schema.maxItems !== undefined)
    return "array";
  if (schema.minLength !== undefined || schema.maxLength !== undefined) return "string";
  if (schema.minimum !== undefined || schema.maximum !== undefined) return "number";
  return undefined;
}

/** A non-negative integer, as every count keyword must be. */
function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function annotations(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, valid] of Object.entries(ANNOTATIONS)) {
    if (keyword in schema && valid(schema[keyword])) out[keyword] = schema[keyword];
  }
  return out;
}

function anyValue(): JsonSchema {
  return { anyOf: structuredClone(ANY_VALUE) };
}

/** "Any value", still with the source's description and title. */
function withAnnotations(schema: JsonSchema, source: JsonSchema): JsonSchema {
  const { description, title } = annotations(source);
  return {
    ...(description === undefined ? {} : { description }),
    ...(title === undefined ? {} : { title }),
    ...schema,
  };
}

/** A JSON object read as a schema. */
function isSchema(value: unknown): value is JsonSchema {
  return isObject(value);
}
