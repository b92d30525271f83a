import { Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";
import type { JsonSchema } from "./types.js";
import { isObject } from "../shared/is-object.js";
import { createRefResolver, type RefResolver } from "./schema-refs.js";

export class SchemaConversionError extends Error {
  override name = "SchemaConversionError";
}

const MAX_REF_DEPTH = 16;

/**
 * Turns a server's input schema into the plain object schema providers accept: local `$ref`s
 * inlined (a recursive one ends in "any value", as it cannot be inlined), `allOf` merged,
 * `anyOf`/`oneOf` with `null` reduced to the other branch, `type` lists reduced to their non-null
 * member, and untyped properties kept as "any". Throws SchemaConversionError for what cannot be
 * represented, so that one bad tool is dropped alone.
 */
export function toProviderSchema(input: unknown): JsonSchema {
  if (!isObject(input)) throw new SchemaConversionError("the input schema is not an object");
  const root = input as JsonSchema;
  const converted = convert(root, createRefResolver(root), 0, []);
  if (converted.type !== undefined && converted.type !== "object") {
    throw new SchemaConversionError(
      `the input schema has type ${JSON.stringify(converted.type)}, not object`,
    );
  }
  const properties = converted.properties ?? {};
  const out: JsonSchema = { type: "object", properties };
  if (converted.required?.length) {
    out.required = converted.required.filter((key) => key in properties || !converted.properties);
  }
  if (converted.additionalProperties === false || closedByUnevaluated(converted))
    out.additionalProperties = false;
  if (converted.description) out.description = converted.description;
  return out;
}

/**
 * `unevaluatedProperties: false` on an object whose keys nothing but `properties` evaluates (its
 * allOf merged above) closes it as `additionalProperties: false` would; what else could evaluate
 * keys (a branch, a condition, a pattern) makes it unknowable here, and the object stays open.
 */
function closedByUnevaluated(schema: JsonSchema): boolean {
  const others = [
    "anyOf",
    "oneOf",
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependencies",
    "patternProperties",
  ];
  return (
    schema.unevaluatedProperties === false &&
    schema.additionalProperties === undefined &&
    !others.some((k) => k in schema)
  );
}

function convert(
  schema: JsonSchema,
  resolver: RefResolver,
  depth: number,
  /** The references being inlined on this branch. */
  refs: readonly string[],
): JsonSchema {
  if (depth > MAX_REF_DEPTH) throw new SchemaConversionError("the schema nests too deeply");
  const inner = (sub: JsonSchema, within = refs) => convert(sub, resolver, depth + 1, within);
  const reference = resolver.referenceOf(schema);
  if (reference) {
    const { keyword, target } = reference;
    const rest = { ...schema };
    delete rest[keyword];
    const key = `${keyword}:${String(schema[keyword])}`;
    // A tree of itself cannot be inlined: below the first level it takes any value, and its
    // server still checks it.
    if (refs.includes(key)) return inner(rest);
    if (!target)
      throw new SchemaConversionError(`cannot resolve ${keyword} ${JSON.stringify(schema[keyword])}`);
    return inner({ ...target, ...rest }, [...refs, key]);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$defs" || key === "definitions" || key === "$schema" || key === "$id") continue;
    out[key] = value;
  }
  if (schema.allOf !== undefined) {
    if (!Array.isArray(schema.allOf)) throw new SchemaConversionError("allOf is not a list");
    delete out.allOf;
    for (const branch of schema.allOf) if (isObject(branch)) mergeInto(out, inner(branch));
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (!branches) continue;
    if (!Array.isArray(branches)) throw new SchemaConversionError(`${key} is not a list`);
    const nonNull = branches.filter((b) => !(isObject(b) && b.type === "null"));
    delete out[key];
    if (nonNull.length === 1) Object.assign(out, inner(nonNull[0] as JsonSchema));
    else out[key] = nonNull.map((b) => inner(b));
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== "null");
    out.type = types.length === 1 ? types[0] : types;
  }
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) throw new SchemaConversionError("properties is not an object");
    const properties: Record<string, JsonSchema> = {};
    for (const [name, prop] of Object.entries(schema.properties)) {
      // A property without a type (or `true`) accepts anything: keep it, typeless.
      properties[name] = isObject(prop) ? inner(prop) : {};
    }
    out.properties = { ...out.properties, ...properties };
  }
  if (isObject(schema.items)) out.items = inner(schema.items as JsonSchema);
  if (schema.required !== undefined && !Array.isArray(schema.required)) {
    throw new SchemaConversionError("required is not a list");
  }
  return out;
}

/** One `allOf` branch into the schema that holds it: properties and required add up. */
function mergeInto(out: JsonSchema, branch: JsonSchema): void {
  const { properties, required, ...rest } = branch;
  for (const [key, value] of Object.entries(rest)) if (out[key] === undefined) out[key] = value;
  if (properties) out.properties = { ...properties, ...out.properties };
  if (required) out.required = [...new Set([...(out.required ?? []), ...required])];
}

/** The JSON types a schema accepts, or undefined for "anything". */
export function schemaTypes(schema: JsonSchema | undefined): string[] | undefined {
  if (!schema?.type) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/**
 * What a server would reject, as short problems a model can fix ("missing required parameter
 * 'deviceName'", "'level' must be at most 100"), checked by @cfworker/json-schema (the validator
 * @langchain/core uses). Null values count as absent, as most servers treat them.
 */
export function createArgumentValidator(schema: JsonSchema): (args: Record<string, unknown>) => string[] {
  const validator = new Validator(schema as Schema, "2020-12", false);
  return (args) => {
    const present: Record<string, unknown> = {};
    for (const key in args) {
      if (args[key] !== null && args[key] !== undefined) {
        Object.defineProperty(present, key, { value: args[key], enumerable: true });
      }
    }
    const { valid, errors } = validator.validate(present);
    if (valid) return [];
    const problems = new Set<string>();
    for (const error of errors) {
      const problem = describeError(schema, error);
      if (problem) problems.add(problem);
    }
    return problems.size ? [...problems] : ["the arguments do not match the tool's schema"];
  };
}

/** One validator error in the words a model can act on; undefined for the summaries around it. */
function describeError(schema: JsonSchema, error: OutputUnit): string | undefined {
  const path = error.instanceLocation.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodePointer);
  const where = path.length ? `'${path.join(".")}'` : "the arguments";
  const at = resolveSchema(schema, error.keywordLocation);
  switch (error.keyword) {
    case "required": {
      const missing = /"([^"]+)"/.exec(error.error)?.[1];
      return `missing required parameter '${[...path, missing].filter(Boolean).join(".")}'`;
    }
    case "additionalProperties":
      return undefined;
    case "false":
      return path.length ? `unknown parameter '${path.join(".")}'` : undefined;
    case "enum":
      return `${where} must be one of ${(at as unknown[] | undefined)?.map((v) => JSON.stringify(v)).join(", ") ?? "the listed values"}`;
    case "const":
      return `${where} must be ${JSON.stringify(at)}`;
    case "type": {
      const types = Array.isArray(at) ? at.join(" or ") : String(at);
      return `${where} must be ${types}`;
    }
    case "minimum":
    case "exclusiveMinimum":
      return `${where} must be at least ${String(at)}${error.keyword === "exclusiveMinimum" ? " (exclusive)" : ""}`;
    case "maximum":
    case "exclusiveMaximum":
      return `${where} must be at most ${String(at)}${error.keyword === "exclusiveMaximum" ? " (exclusive)" : ""}`;
    case "minLength":
      return `${where} must have at least ${String(at)} characters`;
    case "maxLength":
      return `${where} must have at most ${String(at)} characters`;
    case "pattern":
      return `${where} must match ${String(at)}`;
    case "properties":
    case "items":
    case "prefixItems":
    case "$ref":
    case "allOf":
      return undefined;
    default:
      return `${where}: ${error.error}`;
  }
}

function decodePointer(part: string): string {
  return decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The value at a `#/properties/level/maximum` location in the schema. */
function resolveSchema(schema: JsonSchema, location: string): unknown {
  let node: unknown = schema;
  for (const part of location.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[decodePointer(part)];
  }
  return node;
}
