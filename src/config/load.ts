import { existsSync, readFileSync } from "node:fs";
import { optionsSchema, type Options } from "./options.js";
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
}

/**
 * `--options FILE`, else /data/options.json when it exists, else the environment
 * (each option key in upper case: LLM_PROVIDER, MQTT_URL, …; lists as JSON).
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
  if (path) return { options: parseOptions(readJsonFile(path), path), source: { kind: "file", path } };
  if (existsSync(supervisorFile)) {
    return {
      options: parseOptions(readJsonFile(supervisorFile), supervisorFile),
      source: { kind: "file", path: supervisorFile },
    };
  }
  return { options: parseOptions(optionsFromEnv(env), "the environment"), source: { kind: "environment" } };
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

const LIST_KEYS = new Set(["mcp_servers", "parameter_mappings"]);

function optionsFromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(optionsSchema.shape)) {
    const value = env[key.toUpperCase()];
    if (value === undefined) continue;
    if (LIST_KEYS.has(key)) {
      try {
        raw[key] = JSON.parse(value);
      } catch {
        throw new ConfigError(`${key.toUpperCase()} must be a JSON list`);
      }
    } else if (key === "confirm_destructive") {
      raw[key] = !/^(0|false|no|off)$/i.test(value);
    } else {
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
