import type { JsonSchema } from "./types.js";
import { isObject } from "../shared/is-object.js";

export class SchemaConversionError extends Error {
  override name = "SchemaConversionError";
}

const MAX_REF_DEPTH = 16;

/**
 * Turns a server's input schema into the plain object schema providers accept: local `$ref`s
 * inlined, `anyOf`/`oneOf` with `null` reduced to the other branch, `type` lists reduced to
 * their non-null member, and untyped properties kept as "any". Throws SchemaConversionError
 * for what cannot be represented, so that one bad tool is dropped alone.
 */
export function toProviderSchema(input: unknown): JsonSchema {
  if (!isObject(input)) throw new SchemaConversionError("the input schema is not an object");
  const root = input as JsonSchema;
  const defs = { ...(root.definitions ?? {}), ...(root.$defs ?? {}) };
  const converted = convert(root, defs, 0, root);
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
  if (converted.additionalProperties === false) out.additionalProperties = false;
  if (converted.description) out.description = converted.description;
  return out;
}

function convert(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  depth: number,
  root: JsonSchema,
): JsonSchema {
  if (depth > MAX_REF_DEPTH) throw new SchemaConversionError("the schema nests or recurses too deeply");
  if (schema.$ref !== undefined) {
    const target = resolveRef(schema.$ref, defs, root);
    const { $ref: _ref, ...rest } = schema;
    return convert({ ...target, ...rest }, defs, depth + 1, root);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$defs" || key === "definitions" || key === "$schema" || key === "$id") continue;
    out[key] = value;
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (!branches) continue;
    if (!Array.isArray(branches)) throw new SchemaConversionError(`${key} is not a list`);
    const nonNull = branches.filter((b) => !(isObject(b) && b.type === "null"));
    delete out[key];
    if (nonNull.length === 1) Object.assign(out, convert(nonNull[0] as JsonSchema, defs, depth + 1, root));
    else out[key] = nonNull.map((b) => convert(b, defs, depth + 1, root));
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
      properties[name] = isObject(prop) ? convert(prop, defs, depth + 1, root) : {};
    }
    out.properties = properties;
  }
  if (isObject(schema.items)) out.items = convert(schema.items as JsonSchema, defs, depth + 1, root);
  if (schema.required !== undefined && !Array.isArray(schema.required)) {
    throw new SchemaConversionError("required is not a list");
  }
  return out;
}

function resolveRef(ref: string, defs: Record<string, JsonSchema>, root: JsonSchema): JsonSchema {
  const local = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (local?.[2] !== undefined) {
    const target = defs[decodeURIComponent(local[2])];
    if (target) return target;
  }
  if (ref === "#") return root;
  throw new SchemaConversionError(`cannot resolve $ref ${JSON.stringify(ref)}`);
}

/** The JSON types a schema accepts, or undefined for "anything". */
export function schemaTypes(schema: JsonSchema | undefined): string[] | undefined {
  if (!schema?.type) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/**
 * What a server would reject, as short problems a model can fix: missing required
 * arguments, unknown ones where the schema forbids extras, wrong types and enum values.
 */
export function findArgumentProblems(schema: JsonSchema, args: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const properties = schema.properties ?? {};
  for (const key of schema.required ?? []) {
    if (args[key] === undefined) problems.push(`missing required parameter '${key}'`);
  }
  const declared = Object.keys(properties).length > 0;
  for (const [key, value] of Object.entries(args)) {
    const prop = properties[key];
    if (!prop) {
      if (declared && schema.additionalProperties === false) problems.push(`unknown parameter '${key}'`);
      continue;
    }
    const problem = valueProblem(prop, value);
    if (problem) problems.push(`'${key}' ${problem}`);
  }
  return problems;
}

function valueProblem(schema: JsonSchema, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (schema.enum && !schema.enum.includes(value)) {
    return `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  const types = schemaTypes(schema);
  if (types && !types.some((t) => matchesType(t, value))) return `must be ${types.join(" or ")}`;
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum)
      return `must be at least ${schema.minimum}`;
    if (typeof schema.maximum === "number" && value > schema.maximum)
      return `must be at most ${schema.maximum}`;
  }
  return undefined;
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    default:
      return true;
  }
}
