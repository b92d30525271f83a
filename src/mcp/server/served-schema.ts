import { isObject } from "../../shared/is-object.js";
import type { JsonSchema } from "../../tools/types.js";

/**
 * A tool's inputSchema as /mcp serves it: the same arguments, in the subset of JSON Schema that
 * Home Assistant's MCP client converts (voluptuous-openapi 0.4.1 `convert_to_voluptuous`; one
 * schema it cannot convert fails HA's whole tool list). What changes, and why:
 * - `$ref` is resolved (a recursive one ends in an open object), `allOf` is merged;
 * - a type list becomes `nullable` or `anyOf`; an untyped schema gets a type (or every type);
 * - `number` becomes number-or-integer, since HA checks `float` and a model's `50` is an int;
 * - an object without `additionalProperties: false` keeps JSON Schema's "other keys allowed",
 *   which HA would otherwise refuse; an array gets `items`;
 * - `const` becomes a one-value `enum`;
 * - dropped: `multipleOf`, `uniqueItems`, `pattern` (HA anchors it, Python reads it otherwise),
 *   `format: date-time` (HA then wants fractional seconds), and anyOf/oneOf on an object (one of
 *   some keys, variants). The tool's own server still checks all of these.
 * Descriptions, enums, defaults, bounds and `required` stay.
 */
export function toServedSchema(schema: JsonSchema): { schema: JsonSchema; simplified?: string } {
  const shaped = shape(schema, { root: schema, refs: [] });
  if (shaped.type === "object") return { schema: shaped };
  // MCP tools take an object; one whose arguments can only be described as a choice of shapes
  // is served as an object that takes any keys, and its server checks the arguments.
  return {
    schema: { type: "object", additionalProperties: true },
    simplified: "its arguments are not one object, so /mcp serves them as an open object",
  };
}

interface Context {
  root: JsonSchema;
  /** The `$ref`s being expanded on this branch, to end recursion. */
  refs: string[];
}

/** Keywords that say nothing the converted schema uses, or that the shaping replaces. */
const DROPPED = new Set([
  "$schema",
  "$id",
  "$defs",
  "definitions",
  "$comment",
  "multipleOf",
  "uniqueItems",
  "pattern",
  "const",
  "allOf",
  "prefixItems",
  "propertyNames",
  "patternProperties",
  "not",
  "if",
  "then",
  "else",
]);

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

function shape(input: unknown, context: Context): JsonSchema {
  if (input === true || input === undefined) return anyValue();
  if (!isSchema(input)) return anyValue();
  let schema: JsonSchema = input;

  if (typeof schema.$ref === "string") {
    const { $ref, ...siblings } = schema;
    if (context.refs.includes($ref)) {
      // Recursive: an open object ends what would be an endless schema.
      return withDescription({ type: "object", additionalProperties: true }, siblings.description);
    }
    const target = resolveRef($ref, context.root);
    // Keywords next to $ref apply too; they come first, so their description wins.
    const combined =
      target === undefined ? siblings : Object.keys(siblings).length ? { allOf: [siblings, target] } : target;
    return shape(combined, { ...context, refs: [...context.refs, $ref] });
  }
  if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema);

  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!DROPPED.has(key) && key !== "$ref") out[key] = value;
  }
  if (schema.format === "date-time") delete out.format;
  if (!Array.isArray(out.enum)) delete out.enum;
  if (out.enum === undefined && "const" in schema) out.enum = [schema.const];
  if (out.enum !== undefined) {
    if (typeof out.type !== "string") delete out.type;
    return out;
  }

  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (branches === undefined) continue;
    delete out[keyword];
    if (!Array.isArray(branches)) continue;
    // On an object, the branches only narrow it (one of some keys, variants): the object stays,
    // and the tool's server checks the rest.
    if (schema.type === "object" || isSchema(schema.properties)) continue;
    const shaped = branches.map((b) => shape(b, context));
    if (shaped.length === 1 && schema.type === undefined) return { ...shaped[0], ...describe(out) };
    if (shaped.length) return { ...describe(out), anyOf: shaped };
  }

  const type = schema.type ?? inferType(schema);
  if (type === undefined) return withDescription(anyValue(), schema.description);
  if (Array.isArray(type)) return typeList(type, out, context);
  if (typeof type !== "string") return withDescription(anyValue(), schema.description);
  out.type = type;
  return shapeTyped(out, context);
}

function shapeTyped(out: JsonSchema, context: Context): JsonSchema {
  switch (out.type) {
    case "null":
    case "string":
    case "integer":
    case "boolean":
      return out;
    case "number": {
      // HA checks float: a model's whole number (json 50) is an int and would be refused.
      const { description, nullable, ...bounds } = out;
      return {
        ...(description === undefined ? {} : { description }),
        anyOf: [bounds, { ...bounds, type: "integer" }, ...(nullable === true ? [{ type: "null" }] : [])],
      };
    }
    case "array":
      out.items =
        Array.isArray(out.items) || out.items === undefined ? anyValue() : shape(out.items, context);
      return out;
    case "object": {
      const properties: Record<string, JsonSchema> = {};
      for (const [key, value] of Object.entries(isSchema(out.properties) ? out.properties : {})) {
        if ((value as unknown) !== false) properties[key] = shape(value, context);
      }
      out.properties = properties;
      if (Array.isArray(out.required)) {
        const required = out.required.filter((r) => typeof r === "string" && r in properties);
        if (required.length) out.required = required;
        else delete out.required;
      } else delete out.required;
      const extra = out.additionalProperties;
      if (extra === false) return out;
      out.additionalProperties =
        isSchema(extra) && Object.keys(extra).some((k) => k !== "description") ? shape(extra, context) : true;
      return out;
    }
    default:
      return withDescription(anyValue(), out.description);
  }
}

/** `["string", "null"]` → nullable string; several types → anyOf, one branch per type. */
function typeList(types: unknown[], out: JsonSchema, context: Context): JsonSchema {
  const named = [...new Set(types.filter((t): t is string => typeof t === "string"))];
  const nullable = named.includes("null");
  const real = named.filter((t) => t !== "null");
  if (real.length === 0) return { ...describe(out), type: "null" };
  if (real.length === 1)
    return shapeTyped({ ...out, type: real[0], ...(nullable ? { nullable: true } : {}) }, context);
  const { description, ...rest } = out;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [
      ...real.map((t) => shapeTyped({ ...rest, type: t }, context)),
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

function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith("#")) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(1).split("/").filter(Boolean)) {
    const part = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    current =
      isSchema(current) || Array.isArray(current) ? (current as Record<string, unknown>)[part] : undefined;
  }
  return isSchema(current) ? current : undefined;
}

function anyValue(): JsonSchema {
  return { anyOf: structuredClone(ANY_VALUE) };
}

function describe(schema: JsonSchema): JsonSchema {
  return schema.description === undefined ? {} : { description: schema.description };
}

function withDescription(schema: JsonSchema, description: unknown): JsonSchema {
  return typeof description === "string" ? { description, ...schema } : schema;
}

/** A JSON object read as a schema. */
function isSchema(value: unknown): value is JsonSchema {
  return isObject(value);
}
