/**
 * What Home Assistant's MCP client does with a tool's inputSchema since 2026.9: probatio's
 * `from_openapi` (homeassistant/components/mcp/coordinator.py; frenck/probatio
 * `src/probatio/codecs/jsonschema.py`, read at v0.11.0+69, August 2026):
 *
 *   const validate = fromOpenapi(tool.inputSchema); // throws ProbatioSchemaError where probatio refuses
 *   validate({ deviceName: "Switch One" });         // throws ProbatioInvalid where validation fails
 *
 * The refusals follow the decoder node by node, in its order: a node nested past 100 levels; a
 * node that is neither an object nor a boolean; the keywords it refuses rather than ignore (`if`,
 * `propertyNames`, `patternProperties`, `dependentSchemas`, `dependencies`,
 * `unevaluatedProperties`, `unevaluatedItems`, `$dynamicRef`, `$recursiveRef`); a `$ref` that is
 * not a local JSON pointer or does not resolve; an `enum`, `anyOf`, `allOf` or `oneOf` that is
 * not an array; a `type` that is not one of the seven names (or a list of strings); `properties`
 * not an object; `required` not a list of strings; a `dependentRequired` that is not symmetric
 * over declared optional properties; `prefixItems` unless `items: false`; a positional `items`
 * list; a count (`minLength`, `maxItems`, `minProperties`, `minContains`, …) that is not a
 * non-negative integer; a bound that is not a number; a boolean `exclusiveMinimum` without
 * `minimum`; a `multipleOf` that is not a non-zero whole number. probatio compiles a `pattern`
 * with Python's `re` and refuses shapes that may backtrack catastrophically; this check cannot
 * run Python's `re`, so it refuses every `pattern` (stricter than probatio: what passes here
 * passes there). `test/support/probatio-python.ts` runs the real library where it is available.
 *
 * Validation follows probatio's reading of the decoded schema: JSON Schema's meaning (JSON
 * numbers, `integer` any whole number, `oneOf` exactly one), OpenAPI's `nullable`, an object with
 * declared `properties` closed unless `additionalProperties` says otherwise (probatio's strict
 * default), and an optional property's `default` filled in. It runs on @cfworker/json-schema.
 */
import { Validator, type Schema } from "@cfworker/json-schema";

export class ProbatioSchemaError extends Error {
  override name = "ProbatioSchemaError";
}

export class ProbatioInvalid extends Error {
  override name = "ProbatioInvalid";
}

type Dict = Record<string, unknown>;

const MAX_DEPTH = 100;

export const REFUSED_KEYWORDS = [
  "if",
  "propertyNames",
  "patternProperties",
  "dependentSchemas",
  "dependencies",
  "unevaluatedProperties",
  "unevaluatedItems",
  "$dynamicRef",
  "$recursiveRef",
] as const;

const TYPES = new Set(["boolean", "null", "object", "array", "string", "integer", "number"]);
const NUMERIC_BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
const OBJECT_KEYWORDS = [
  "properties",
  "required",
  "additionalProperties",
  "minProperties",
  "maxProperties",
  "dependentRequired",
];
const ARRAY_KEYWORDS = ["items", "prefixItems", "minItems", "maxItems"];

/** `from_openapi(schema)`: throws where probatio refuses; else a validator as HA's llm.py applies it. */
export function fromOpenapi(schema: unknown): (args: unknown) => unknown {
  const decoder = new Decoder(schema);
  decoder.node(schema, 0);
  const validator = new Validator(asJsonSchema(schema, new Set()) as Schema, "2020-12", false);
  return (args) => {
    const result = validator.validate(args);
    if (!result.valid) {
      const first = result.errors.at(-1);
      throw new ProbatioInvalid(first ? `${first.instanceLocation}: ${first.error}` : "invalid");
    }
    return withDefaults(schema, args);
  };
}

class Decoder {
  private readonly refs = new Set<string>();
  constructor(private readonly root: unknown) {}

  node(node: unknown, depth: number): void {
    if (depth + 1 > MAX_DEPTH) refuse(`JSON Schema nests deeper than ${MAX_DEPTH} levels`);
    if (typeof node === "boolean") return;
    if (!isDict(node)) refuse(`JSON Schema node must be an object or boolean, got ${typeName(node)}`);
    const refused = REFUSED_KEYWORDS.filter((k) => k in node);
    if (refused.length) refuse(`JSON Schema keyword(s) not supported: ${[...refused].sort().join(", ")}`);
    const next = depth + 1;
    if ("$ref" in node) this.ref(node.$ref, next);
    if (!("const" in node) && "enum" in node && !Array.isArray(node.enum)) refuse("'enum' must be an array");
    if ("not" in node) this.node(node.not, next);
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      if (!(keyword in node)) continue;
      const branches = node[keyword];
      if (!Array.isArray(branches)) refuse(`'${keyword}' must be an array`);
      for (const branch of branches) this.node(branch, next);
    }
    if ("type" in node) this.typed(node, node.type, next);
    else this.constraints(node, next);
  }

  private ref(ref: unknown, depth: number): void {
    if (typeof ref !== "string") refuse("'$ref' must be a string");
    if (this.refs.has(ref)) return;
    this.refs.add(ref);
    this.node(resolvePointer(ref, this.root), depth);
  }

  private typed(node: Dict, type: unknown, depth: number): void {
    if (Array.isArray(type)) {
      if (!type.every((t) => typeof t === "string")) refuse("'type' array entries must be strings");
      for (const t of type) if (t !== "null") this.typed(node, t, depth);
      return;
    }
    if (typeof type !== "string") refuse(`'type' must be a string or array, got ${typeName(type)}`);
    if (!TYPES.has(type)) refuse(`'type' is not a recognized type name: ${type}`);
    if (type === "object") this.object(node, depth);
    else if (type === "array") this.array(node, depth);
    else if (type === "string") this.string(node);
    else if (type === "integer" || type === "number") this.number(node);
  }

  /** A node without `type`: its constraint keywords still apply, each checked as for its type. */
  private constraints(node: Dict, depth: number): void {
    const hasArray = ARRAY_KEYWORDS.some((k) => k in node);
    if (NUMERIC_BOUNDS.some((k) => k in node) || "multipleOf" in node) this.number(node);
    this.string(node);
    if ("contains" in node && !hasArray) this.contains(node, depth);
    if (OBJECT_KEYWORDS.some((k) => k in node)) this.object(node, depth);
    if (hasArray) this.array(node, depth);
  }

  private object(node: Dict, depth: number): void {
    const properties = node.properties ?? {};
    if (!isDict(properties)) refuse("'properties' must be an object");
    const required = node.required ?? [];
    if (!Array.isArray(required)) refuse("'required' must be an array");
    if (!required.every((r) => typeof r === "string")) refuse("'required' must contain only strings");
    for (const sub of Object.values(properties)) if (sub !== false) this.node(sub, depth);
    if (isDict(node.additionalProperties)) this.node(node.additionalProperties, depth);
    if ("dependentRequired" in node) dependentRequired(node.dependentRequired, properties, required);
    count(node, "minProperties");
    count(node, "maxProperties");
  }

  private array(node: Dict, depth: number): void {
    const prefix = node.prefixItems;
    if (prefix !== undefined && prefix !== null) {
      if (!Array.isArray(prefix)) refuse("'prefixItems' must be an array");
      if (node.items !== false) refuse("'prefixItems' is only supported with 'items': false");
      for (const sub of prefix) this.node(sub, depth);
      return;
    }
    const items = node.items;
    if (items !== undefined && items !== null && typeof items !== "boolean" && !isDict(items))
      refuse("array 'items' must be an object; the positional list form is not supported");
    count(node, "minItems");
    count(node, "maxItems");
    if (isDict(items)) {
      const keys = Object.keys(items);
      if (keys.length === 1 && keys[0] === "anyOf") {
        if (!Array.isArray(items.anyOf)) refuse("'anyOf' must be an array");
        for (const sub of items.anyOf) this.node(sub, depth);
      } else this.node(items, depth);
    }
    if ("contains" in node) this.contains(node, depth);
  }

  private contains(node: Dict, depth: number): void {
    this.node(node.contains, depth);
    count(node, "minContains");
    count(node, "maxContains");
  }

  private string(node: Dict): void {
    count(node, "minLength");
    count(node, "maxLength");
    if ("pattern" in node) refuse("'pattern': checked by Python's re and a backtracking guard (see above)");
  }

  private number(node: Dict): void {
    for (const [inclusive, exclusive] of [
      ["minimum", "exclusiveMinimum"],
      ["maximum", "exclusiveMaximum"],
    ] as const) {
      numeric(node, inclusive);
      if (typeof node[exclusive] === "boolean") {
        if (node[inclusive] === undefined || node[inclusive] === null)
          refuse(`boolean '${exclusive}' (Draft 4 form) requires '${inclusive}' beside it`);
      } else numeric(node, exclusive);
    }
    if ("multipleOf" in node && node.multipleOf !== null) {
      numeric(node, "multipleOf");
      const factor = node.multipleOf as number;
      if (!Number.isInteger(factor) || factor === 0)
        refuse("MultipleOf factor must be a non-zero whole number");
    }
  }
}

/** `_symmetric_groups` and `_optional_key`: all-or-none groups of declared optional properties only. */
function dependentRequired(value: unknown, properties: Dict, required: unknown[]): void {
  if (!isDict(value)) refuse("'dependentRequired' must be an object");
  for (const [name, deps] of Object.entries(value)) {
    if (!Array.isArray(deps) || !deps.every((d) => typeof d === "string"))
      refuse(`'dependentRequired[${name}]' must be an array of property names`);
    if (deps.includes(name)) refuse(`'dependentRequired[${name}]' cannot depend on itself`);
    for (const dep of deps) {
      const back = value[dep];
      if (!Array.isArray(back) || !back.includes(name))
        refuse("asymmetric 'dependentRequired' is not supported");
    }
  }
  for (const [name, deps] of Object.entries(value)) {
    if (!(deps as unknown[]).length) continue;
    const sub = properties[name];
    const optional =
      name in properties &&
      !required.includes(name) &&
      sub !== false &&
      !(isDict(sub) && sub.writeOnly === true);
    if (!optional) refuse(`'dependentRequired' names '${name}', which is not a declared optional property`);
  }
}

function resolvePointer(ref: string, root: unknown): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) refuse(`only local JSON pointers are supported, got ${ref}`);
  let target: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const token = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(target) && /^-?\d+$/.test(token) && Number(token) < target.length) {
      target = target.at(Number(token));
    } else if (isDict(target) && token in target) target = target[token];
    else refuse(`cannot resolve JSON pointer ${ref}`);
  }
  return target;
}

function count(node: Dict, key: string): void {
  const value = node[key];
  if (value === undefined || value === null) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    refuse(`'${key}' must be a non-negative integer, got ${JSON.stringify(value)}`);
}

function numeric(node: Dict, key: string): void {
  const value = node[key];
  if (value === undefined || value === null || typeof value === "number") return;
  refuse(`'${key}' must be a number, got ${typeName(value)}`);
}

function refuse(message: string): never {
  throw new ProbatioSchemaError(message);
}

/**
 * The decoded schema's meaning as plain JSON Schema: OpenAPI's `nullable` as a null branch, and
 * probatio's closed objects (declared properties and no `additionalProperties`).
 */
function asJsonSchema(node: unknown, seen: Set<unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => asJsonSchema(n, seen));
  if (!isDict(node) || seen.has(node)) return node;
  seen.add(node);
  const out: Dict = {};
  for (const [key, value] of Object.entries(node)) {
    const literal = key === "enum" || key === "const" || key === "default" || key === "examples";
    out[key] = literal
      ? value
      : key === "properties" && isDict(value)
        ? mapValues(value, seen)
        : asJsonSchema(value, seen);
  }
  seen.delete(node);
  if ("properties" in out && out.additionalProperties === undefined) out.additionalProperties = false;
  // OpenAPI 3.0's boolean form (Draft 4), which probatio reads: the bound beside it turns exclusive.
  for (const [inclusive, exclusive] of [
    ["minimum", "exclusiveMinimum"],
    ["maximum", "exclusiveMaximum"],
  ] as const) {
    if (typeof out[exclusive] !== "boolean") continue;
    if (out[exclusive]) out[exclusive] = out[inclusive];
    if (out[exclusive] === true || out[exclusive] === false) delete out[exclusive];
    else delete out[inclusive];
  }
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

function mapValues(properties: Dict, seen: Set<unknown>): Dict {
  return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, asJsonSchema(v, seen)]));
}

function withDefaults(schema: unknown, args: unknown): unknown {
  if (!isDict(schema) || !isDict(args) || !isDict(schema.properties)) return args;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const out: Dict = { ...args };
  for (const [key, sub] of Object.entries(schema.properties)) {
    if (!(key in out) && !required.includes(key) && isDict(sub) && "default" in sub) out[key] = sub.default;
  }
  return out;
}

function isDict(value: unknown): value is Dict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "list" : typeof value;
}
