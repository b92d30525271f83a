import { schemaTypes } from "./json-schema.js";
import { foldSpelling, unquoted } from "./spelling.js";
import { isObject } from "../shared/is-object.js";
import type { JsonSchema } from "./types.js";

export interface NormalizedArguments {
  args: Record<string, unknown>;
  changed: boolean;
  /** One line per alias dropped because the explicit name was also sent. */
  collisions: string[];
  /** Each repair, named: "keys: device_name→deviceName", "value: level: \"40%\"→40". */
  repairs: string[];
  /** Keys left alone on purpose, with why (for the log). */
  kept: string[];
  /** Why the call cannot run as sent, for the model (a key no field fits, or two fields fit). */
  problems: string[];
}

export interface ArgumentNormalizer {
  normalize(args: Record<string, unknown>): NormalizedArguments;
}

/** Keys models wrap the real arguments in, one level down. */
const WRAPPERS = new Set(["input", "arguments", "args", "parameters", "params", "kwargs", "properties"]);
/** The schema's own keywords, when a model echoes `{"type": "object", "properties": {…}}` back. */
const SCHEMA_ECHO = new Set(["type", "properties", "required", "additionalProperties", "$schema"]);
/** Verb forms of an enum value: "turn_on", "switch_on", "turnOn", "set_off". */
const VERB = /^(turn|switch|set|power)[\s_-]?/i;
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const PERCENT_TEXT = /^([-+]?(?:\d+\.?\d*|\.\d+))\s*(%|percent)$/i;

/** `device_name` → `deviceName`; runs of underscores count as one. Never from a leading underscore. */
export function snakeToCamel(name: string): string {
  return name.replace(/(?<=[A-Za-z0-9])_+([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** A key in any spelling, quotes kept by a server included: the one rule names fold by too (spelling.ts). */
export const foldKey = foldSpelling;

/**
 * Repairs the argument names and values a caller sends, guided by the tool's schema. A key is
 * renamed only to a declared key: by a static mapping whose source the schema does not declare,
 * or because it is the same name in another spelling (case, `_`, `-`, space) of exactly one
 * declared key. A schema that declares nothing keeps the seed's snake→camel rule. One wrapper
 * level (`{"input": {…}}`) is removed. Values change only where the schema makes the reading
 * certain; anything else is left for validation to report.
 */
export function createArgumentNormalizer(
  schema: JsonSchema,
  mappings: ReadonlyMap<string, string> = new Map(),
): ArgumentNormalizer {
  const properties = schema.properties ?? {};
  const declared = new Set(Object.keys(properties));
  const hasProperties = declared.size > 0;
  const byFold = new Map<string, string | null>();
  for (const key of declared) {
    const folded = foldKey(key);
    byFold.set(folded, byFold.has(folded) ? null : key);
  }
  // A mapping's source in another spelling ("COMMAND", "Brightness") is the same source.
  const foldedMappings = new Map<string, string | null>();
  for (const [from, to] of mappings) {
    const folded = foldKey(from);
    foldedMappings.set(folded, foldedMappings.has(folded) && foldedMappings.get(folded) !== to ? null : to);
  }
  const required = new Set(schema.required ?? []);
  /**
   * A key the schema lacks, moved to the one free field its value fits: by enum membership
   * first, then by type, then by a word the key and the field share. Two fits, or none, is a
   * problem for the model, naming the valid fields; never a guess.
   */
  function placeUnknown(
    key: string,
    value: unknown,
    args: Record<string, unknown>,
    out: Record<string, unknown>,
  ): string | { problem: string } {
    const free = [...declared].filter(
      (field) =>
        !Object.hasOwn(out, field) && !Object.keys(args).some((k) => k !== key && targetFor(k) === field),
    );
    const byEnum = free.filter((field) => fitsEnum(properties[field]!, value));
    let fits = byEnum.length ? byEnum : free.filter((field) => fitsType(properties[field]!, value));
    if (fits.length > 1) {
      // A word the key shares with the field's name, else with the field's own description
      // ("brightness_pct" and level's "Brightness in percent"): one such field is the one meant.
      const words = wordsOf(key);
      const shares = (text: string) => wordsOf(text).some((w) => w.length > 2 && words.includes(w));
      const named = fits.filter((field) => shares(field));
      const described = fits.filter((field) => shares(properties[field]!.description ?? ""));
      if (named.length) fits = named;
      else if (described.length) fits = described;
    }
    if (fits.length === 1) return fits[0]!;
    const valid = [...declared].join(", ");
    return {
      problem:
        fits.length > 1
          ? `'${key}' is not a parameter; it could be any of ${fits.join(", ")}. Send it under one of these names`
          : `'${key}' is not a parameter, and no free field takes its value. The valid fields are: ${valid}`,
    };
  }

  // Key decisions depend only on the key, so they are computed once per distinct key.
  const targets = new Map<string, string>();

  function targetFor(key: string): string {
    let target = targets.get(key);
    if (target !== undefined) return target;
    target = key;
    if (!declared.has(key)) {
      const mapped = mappings.get(key) ?? foldedMappings.get(foldKey(key)) ?? undefined;
      if (mapped !== undefined && declared.has(mapped)) target = mapped;
      else if (hasProperties) target = byFold.get(foldKey(key)) ?? key;
      else if (key.includes("_")) target = snakeToCamel(key);
    }
    if (targets.size < 1024) targets.set(key, target);
    return target;
  }

  /** The real arguments one level down (`{"input": {…}}`, or that object as JSON text), with the step's name. */
  function unwrap(
    args: Record<string, unknown>,
  ): { inner: Record<string, unknown>; step: string } | undefined {
    const keys = Object.keys(args);
    if (
      keys.length > 1 &&
      keys.includes("properties") &&
      keys.every((k) => SCHEMA_ECHO.has(k) && !declared.has(k))
    ) {
      return isObject(args.properties)
        ? { inner: args.properties, step: "keys: unwrapped an echoed schema {type, properties: …}" }
        : undefined;
    }
    if (keys.length !== 1) return undefined;
    const key = keys[0]!;
    if (!WRAPPERS.has(key) || declared.has(key)) return undefined;
    let inner = args[key];
    let step = `keys: unwrapped {${key}: …}`;
    if (typeof inner === "string") {
      try {
        inner = JSON.parse(inner);
        step = `keys: unwrapped {${key}: "…"} (an object as JSON text)`;
      } catch {
        return undefined;
      }
    }
    if (!isObject(inner)) return undefined;
    // Only when what is inside fits the schema better than the wrapper does.
    if (hasProperties && !Object.keys(inner).some((k) => declared.has(targetFor(k)))) return undefined;
    return { inner, step };
  }

  return {
    normalize(sent) {
      const repairs: string[] = [];
      const kept: string[] = [];
      const collisions: string[] = [];
      let args = sent;
      const wrapped = unwrap(sent);
      if (wrapped) {
        args = wrapped.inner;
        repairs.push(wrapped.step);
      }
      const out: Record<string, unknown> = {};
      const problems: string[] = [];
      for (const key in args) {
        const value = args[key];
        let target = targetFor(key);
        if (value === null && !required.has(target) && !allowsNull(properties[target])) {
          // An optional field sent as null means "not given"; the tool would reject the null.
          repairs.push(`value: dropped ${target}: null (optional)`);
          continue;
        }
        if (hasProperties && !declared.has(target)) {
          const placed = placeUnknown(key, value, args, out);
          if (typeof placed !== "string") {
            problems.push(placed.problem);
            continue;
          }
          target = placed;
        }
        if (target !== key) {
          if (Object.hasOwn(args, target)) {
            collisions.push(`both '${key}' and '${target}' were sent; kept '${target}' and dropped '${key}'`);
            continue;
          }
          if (Object.hasOwn(out, target)) {
            collisions.push(
              `'${key}' is another alias of '${target}', which was already set; dropped '${key}'`,
            );
            continue;
          }
          repairs.push(`keys: ${key}→${target}`);
        } else if (!hasProperties && key.startsWith("_") && key.length > 1) {
          kept.push(`'${key}' kept as sent: a leading underscore is not a word boundary`);
        }
        const coerced = coerceValue(properties[target], value);
        if (coerced !== value)
          repairs.push(`value: ${target}: ${JSON.stringify(value)}→${JSON.stringify(coerced)}`);
        // Not `out[target] =`: a "__proto__" key from the model must stay a key, not become the prototype.
        Object.defineProperty(out, target, {
          value: coerced,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      const changed = repairs.length > 0 || collisions.length > 0 || problems.length > 0;
      return { args: changed ? out : sent, changed, collisions, repairs, kept, problems };
    },
  };
}

function allowsNull(schema: JsonSchema | undefined): boolean {
  if (schema === undefined) return false;
  return (
    schema.type === "null" ||
    (schemaTypes(schema)?.includes("null") ?? false) ||
    (schema.enum?.includes(null) ?? false)
  );
}

function fitsEnum(schema: JsonSchema, value: unknown): boolean {
  if (!schema.enum) return false;
  return schema.enum.includes(coerceValue(schema, value));
}

/** Whether a value could be this field's, as sent or by the safe coercions below. */
function fitsType(schema: JsonSchema, value: unknown): boolean {
  if (schema.enum) return false;
  const types = schemaTypes(schema);
  if (!types) return false;
  if (typeof value === "string") {
    if (types.includes("string")) return true;
    return coerceValue(schema, value) !== value;
  }
  if (typeof value === "number") {
    const typed = types.includes("number") || (types.includes("integer") && Number.isInteger(value));
    return (
      typed &&
      !(typeof schema.minimum === "number" && value < schema.minimum) &&
      !(typeof schema.maximum === "number" && value > schema.maximum)
    );
  }
  if (typeof value === "boolean") return types.includes("boolean");
  if (Array.isArray(value)) return types.includes("array");
  return isObject(value) && types.includes("object");
}

/** `brightness_pct` → [brightness, pct]; `deviceName` → [device, name]. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter((w) => w.length > 1);
}

/** Only readings with one possible meaning: numbers in text, "40%" on a 0–100 scale, enum spellings. */
function coerceValue(schema: JsonSchema | undefined, value: unknown): unknown {
  if (schema === undefined || typeof value !== "string") return value;
  if (schema.enum) {
    if (schema.enum.includes(value)) return value;
    const read = enumValue(schema.enum, value);
    return read === value ? enumValue(schema.enum, unquoted(value)) : read;
  }
  const types = schemaTypes(schema);
  // A free string is data (a file's content, a message): its quotes may be meant, so they stay.
  // Names still resolve, since name matching ignores quotes (spoken-name.ts).
  if (types?.includes("string")) return value;
  if (!types) return value;
  // A number or a truth value in quotes a server kept (`"\"75\""`) is the number: one quote rule (spelling.ts).
  const text = unquoted(value).trim();
  if (types.includes("number") || types.includes("integer")) {
    const number = numberIn(text, schema);
    if (number !== undefined && (types.includes("number") || Number.isInteger(number))) return number;
  }
  if (types.includes("boolean")) {
    const lower = text.toLowerCase();
    if (lower === "true") return true;
    if (lower === "false") return false;
  }
  return value;
}

function numberIn(text: string, schema: JsonSchema): number | undefined {
  let digits = text;
  const percent = PERCENT_TEXT.exec(text);
  if (percent) {
    // "40%" means 40 only on a percentage scale; on 0–1 it would mean 0.4.
    if (schema.maximum !== 100) return undefined;
    digits = percent[1]!;
  }
  if (!NUMBER_TEXT.test(digits)) return undefined;
  const number = Number(digits);
  return Number.isFinite(number) ? number : undefined;
}

function enumValue(options: readonly unknown[], value: string): unknown {
  if (options.includes(value)) return value;
  const numeric = NUMBER_TEXT.test(value.trim()) ? Number(value.trim()) : undefined;
  if (numeric !== undefined && Number.isFinite(numeric) && options.includes(numeric)) return numeric;
  const strings = options.filter((o): o is string => typeof o === "string");
  const one = (candidates: string[]) => (candidates.length === 1 ? candidates[0] : undefined);
  const lower = value.trim().toLowerCase();
  const byCase = one(strings.filter((o) => o.toLowerCase() === lower));
  if (byCase !== undefined) return byCase;
  const verb = value.trim().replace(VERB, "");
  if (verb === value.trim() || !verb) return value;
  return one(strings.filter((o) => foldKey(o) === foldKey(verb))) ?? value;
}

/** `{device_name, command}`: keys only, for the one-line change log (values may be secrets). */
export function formatArgumentKeys(args: Record<string, unknown>): string {
  return `{${Object.keys(args).join(", ")}}`;
}
