import { existsSync, readFileSync } from "node:fs";
import type { z } from "zod";
import { optionsSchema, type Options } from "./options.js";
import { closestNames, editDistance } from "../shared/edit-distance.js";
import { isObject } from "../shared/is-object.js";
import { describeIssues } from "../shared/zod-issues.js";

export const SUPERVISOR_OPTIONS_FILE = "/data/options.json";

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Which source the options came from, for the startup summary. */
export type OptionsSource = { kind: "file"; path: string } | { kind: "environment" };

export interface LoadedOptions {
  options: Options;
  source: OptionsSource;
  /** The keys the environment set on top of an `--options` file, for the start-up log. */
  fromEnvironment: string[];
  /** What the user should read at start-up: keys the schema does not know, with the closest valid one. */
  warnings: string[];
}

const OPTION_KEYS = Object.keys(optionsSchema.shape);

/**
 * Where options come from (docs/architecture.md, Options):
 * - `--options FILE`: the file, then each option set in the environment on top of it;
 * - else /data/options.json when it exists (under Supervisor, whose container environment is not
 *   the user's, so it is not read);
 * - else the environment alone.
 * An option's variable is its key in upper case (LLM_PROVIDER, WYOMING_PORT, …).
 */
export function loadOptions(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
  // OPTIONS_FILE moves /data/options.json for the container smoke test; Supervisor never sets it.
  supervisorFile = env.OPTIONS_FILE ?? SUPERVISOR_OPTIONS_FILE,
): LoadedOptions {
  const flag = argv.indexOf("--options");
  const inline = argv.find((a) => a.startsWith("--options="));
  const path = inline ? inline.slice("--options=".length) : flag >= 0 ? argv[flag + 1] : undefined;
  if (flag >= 0 && !path) throw new ConfigError("--options needs a file path");
  if (path) {
    const file = readJsonFile(path);
    const fromEnv = optionsFromEnv(env);
    const fromEnvironment = Object.keys(fromEnv);
    const raw = isObject(file) ? { ...file, ...fromEnv } : file;
    const from = fromEnvironment.length ? `${path} and the environment` : path;
    return {
      options: parseOptions(raw, from),
      source: { kind: "file", path },
      fromEnvironment,
      warnings: unknownKeys(file, path),
    };
  }
  if (existsSync(supervisorFile)) {
    const file = readJsonFile(supervisorFile);
    return {
      options: parseOptions(file, supervisorFile),
      source: { kind: "file", path: supervisorFile },
      fromEnvironment: [],
      warnings: unknownKeys(file, supervisorFile),
    };
  }
  return {
    options: parseOptions(optionsFromEnv(env), "the environment"),
    source: { kind: "environment" },
    fromEnvironment: [],
    warnings: [],
  };
}

function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new ConfigError(`cannot read options file ${path}: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`options file ${path} is not valid JSON: ${(err as Error).message}`);
  }
}

/**
 * An unknown key is not an error (an options file from another version must still start), but
 * a misspelt one would otherwise be ignored without a word. Only the file is checked: the
 * environment holds many variables that are not ours.
 */
function unknownKeys(raw: unknown, from: string): string[] {
  if (!isObject(raw)) return [];
  return Object.keys(raw)
    .filter((key) => !OPTION_KEYS.includes(key))
    .map((key) => {
      const closest = closestNames(key, OPTION_KEYS, 1)[0];
      const near = closest !== undefined && editDistance(key.toLowerCase(), closest, 3) <= 3;
      return `${from}: '${key}' is not an option, so it is ignored${near ? `; did you mean '${closest}'?` : ""}`;
    });
}

type ValueKind = "boolean" | "number" | "list" | "text";

/** What a schema field holds underneath its defaults, optionals, preprocessing and refinements. */
function kindOf(schema: z.core.$ZodType): ValueKind {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  switch (def.type) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "array":
      return "list";
    case "default":
    case "prefault":
    case "optional":
    case "nullable":
    case "readonly":
    case "catch":
      return def.innerType ? kindOf(def.innerType) : "text";
    case "pipe":
      // z.preprocess(fn, schema) is a pipe from a transform into the schema; x.transform(fn) the reverse.
      if (def.in && def.in._zod.def.type !== "transform") return kindOf(def.in);
      return def.out ? kindOf(def.out) : "text";
    default:
      return "text";
  }
}

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

/** Each option set in the environment, read as its schema says: booleans, numbers, JSON lists. */
function optionsFromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(optionsSchema.shape)) {
    const name = key.toUpperCase();
    const value = env[name];
    if (value === undefined) continue;
    switch (kindOf(schema)) {
      case "list":
        try {
          raw[key] = JSON.parse(value);
        } catch {
          throw new ConfigError(`${name} must be a JSON list`);
        }
        break;
      case "boolean":
        // Anything else reaches the schema as text, which names the option in its error.
        if (value.trim() !== "") raw[key] = TRUE.test(value) ? true : FALSE.test(value) ? false : value;
        break;
      case "number":
        if (value.trim() !== "") raw[key] = Number.isFinite(Number(value)) ? Number(value) : value;
        break;
      default:
        raw[key] = value;
    }
  }
  return raw;
}

/** Validates options; the error names each bad key but never echoes a value (it may be a secret). */
export function parseOptions(raw: unknown, from: string): Options {
  const result = optionsSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ConfigError(`invalid options in ${from}: ${describeIssues(result.error)}`);
}
