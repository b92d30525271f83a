import { schemaTypes } from "./json-schema.js";
import type { JsonSchema } from "./types.js";

export interface NormalizedArguments {
  args: Record<string, unknown>;
  changed: boolean;
  /** One line per alias dropped because the explicit name was also sent. */
  collisions: string[];
}

export interface ArgumentNormalizer {
  normalize(args: Record<string, unknown>): NormalizedArguments;
}

/** `device_name` → `deviceName`; runs of underscores count as one (`device__name` → `deviceName`). */
export function snakeToCamel(name: string): string {
  return name.replace(/_+([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

export function camelToSnake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Repairs the argument names and values an LLM sends, guided by the tool's schema:
 * static mappings first, then snake→camel only where the camel name exists in the schema
 * (or the schema declares nothing), camel→snake where only the snake name exists, then
 * safe value coercions. A snake_case server is never broken by blind camelCasing.
 */
export function createArgumentNormalizer(
  schema: JsonSchema,
  mappings: ReadonlyMap<string, string> = new Map(),
): ArgumentNormalizer {
  const properties = schema.properties ?? {};
  const declared = new Set(Object.keys(properties));
  const hasProperties = declared.size > 0;
  // Key decisions depend only on the key, so they are computed once per distinct key.
  const targets = new Map<string, string>();

  function targetFor(key: string): string {
    let target = targets.get(key);
    if (target !== undefined) return target;
    target = mappings.get(key) ?? key;
    if (target === key && !declared.has(key)) {
      if (key.includes("_")) {
        const camel = snakeToCamel(key);
        if (camel !== key && (declared.has(camel) || !hasProperties)) target = camel;
      } else if (/[A-Z]/.test(key)) {
        const snake = camelToSnake(key);
        if (declared.has(snake)) target = snake;
      }
    }
    if (targets.size < 1024) targets.set(key, target);
    return target;
  }

  return {
    normalize(args) {
      const out: Record<string, unknown> = {};
      const collisions: string[] = [];
      let changed = false;
      for (const key in args) {
        const value = args[key];
        const target = targetFor(key);
        if (target !== key) {
          changed = true;
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
        }
        const coerced = coerceValue(properties[target], value);
        if (coerced !== value) changed = true;
        // Not `out[target] =`: a "__proto__" key from the model must stay a key, not become the prototype.
        Object.defineProperty(out, target, {
          value: coerced,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return { args: changed ? out : args, changed, collisions };
    },
  };
}

/** Only conversions that cannot change meaning: numeric strings, "true"/"false", enum case. */
function coerceValue(schema: JsonSchema | undefined, value: unknown): unknown {
  if (schema === undefined || typeof value !== "string") return value;
  if (schema.enum) {
    if (schema.enum.includes(value)) return value;
    const lower = value.toLowerCase();
    const matches = schema.enum.filter((e) => typeof e === "string" && e.toLowerCase() === lower);
    return matches.length === 1 ? matches[0] : value;
  }
  const types = schemaTypes(schema);
  if (!types || types.includes("string")) return value;
  if (types.includes("number") || types.includes("integer")) {
    const trimmed = value.trim();
    if (trimmed !== "" && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) {
      const number = Number(trimmed);
      if (types.includes("number") || Number.isInteger(number)) return number;
    }
  }
  if (types.includes("boolean")) {
    const lower = value.trim().toLowerCase();
    if (lower === "true") return true;
    if (lower === "false") return false;
  }
  return value;
}

/** `{device_name, command}`: keys only, for the one-line change log (values may be secrets). */
export function formatArgumentKeys(args: Record<string, unknown>): string {
  return `{${Object.keys(args).join(", ")}}`;
}
