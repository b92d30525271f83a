/**
 * A port of what Supervisor checks in an add-on repository before it offers or starts the
 * add-on (home-assistant/supervisor: supervisor/store/data.py, store/validate.py,
 * apps/validate.py, apps/options.py, validate.py as of 2026.08).
 *
 * - `repositoryFiles(root)`: the files a clone holds (git ls-files); `findAddonConfigs(paths)`:
 *   which of them the store reads as add-on configs.
 * - `validateRepositoryConfig(raw)`, `validateAppConfig(raw)`, `validateTranslations(raw)`: the
 *   voluptuous schemas, returning the list of problems (empty = accepted).
 * - `validateOptions(schema, options)`: AppOptions, returning what Supervisor writes to
 *   /data/options.json, or the problems. Not ported: `!secret` lookups and the host hardware
 *   behind `device` (any string passes).
 */

import { execFileSync } from "node:child_process";

/** What a clone of the repository at `root` holds: tracked files, plus new files not yet committed. */
export function repositoryFiles(root: string): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return out.split("\n").filter((line) => line !== "");
}

export const RE_SCHEMA_ELEMENT = new RegExp(
  "^(?:" +
    "|bool" +
    "|email" +
    "|url" +
    "|port" +
    "|device(?:\\((?<filter>subsystem=[a-z]+)\\))?" +
    "|str(?:\\((?<s_min>\\d+)?,(?<s_max>\\d+)?\\))?" +
    "|password(?:\\((?<p_min>\\d+)?,(?<p_max>\\d+)?\\))?" +
    "|int(?:\\((?<i_min>-?\\d+)?,(?<i_max>-?\\d+)?\\))?" +
    "|float(?:\\((?<f_min>-?\\d*\\.?\\d+)?,(?<f_max>-?\\d*\\.?\\d+)?\\))?" +
    "|match\\((?<match>.*)\\)" +
    "|list\\((?<list>.+)\\)" +
    ")\\??$",
);

const CONFIG_SUFFIXES = [".yaml", ".yml", ".json"];
const ARCH_ALL_COMPAT = ["aarch64", "amd64", "armhf", "armv7", "i386"];
const RE_SLUG_FIELD = /^[-_.A-Za-z0-9]+$/;
const RE_SERVICE = /^(?:mqtt|mysql):(?:provide|want|need)$/;
const RE_DOCKER_PORT = /^\d+(?:\/tcp|\/udp)?$/;
const RE_WATCHDOG = /^(?:https?|\[PROTO:\w+\]|tcp):\/\/\[HOST\]:(\[PORT:\d+\]|\d+).*$/;
const RE_WEBUI = /^(?:https?|\[PROTO:\w+\]):\/\/\[HOST\]:\[PORT:\d+\].*$/;
const STAGES = ["stable", "experimental", "deprecated"];
const STARTUPS = ["initialize", "system", "services", "application", "once"];
const BOOTS = ["auto", "manual", "manual_only"];
const ROLES = ["default", "homeassistant", "backup", "manager", "admin"];
const TRUE_WORDS = ["1", "true", "yes", "on", "enable"];
const FALSE_WORDS = ["0", "false", "no", "off", "disable"];

/** store/data.py `_find_addons`: `glob("**\/config.*")`, suffix filter, no dot-folders, no rootfs. */
export function findAddonConfigs(paths: readonly string[]): string[] {
  return paths.filter((path) => {
    const parts = path.split("/");
    const name = parts[parts.length - 1] ?? "";
    const suffix = name.includes(".") ? name.slice(name.lastIndexOf(".")) : "";
    return (
      name.startsWith("config.") &&
      CONFIG_SUFFIXES.includes(suffix) &&
      !parts.some((part) => part.startsWith(".") || part === "rootfs")
    );
  });
}

/** store/validate.py SCHEMA_REPOSITORY_CONFIG. */
export function validateRepositoryConfig(raw: unknown): string[] {
  const problems: string[] = [];
  if (!isDict(raw)) return ["repository file must be a dictionary"];
  if (typeof raw.name !== "string") problems.push("name: required string");
  if (raw.url !== undefined && !isUrl(raw.url)) problems.push("url: not a URL");
  if (raw.maintainer !== undefined && typeof raw.maintainer !== "string")
    problems.push("maintainer: not a string");
  return problems;
}

type Check = (value: unknown) => string | undefined;

const str: Check = (v) => (typeof v === "string" ? undefined : "expected a string");
const bool: Check = (v) => (toBoolean(v) === undefined ? "expected a boolean" : undefined);
const oneOf =
  (values: string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v) ? undefined : `expected one of ${values.join(", ")}`;
const matches =
  (re: RegExp): Check =>
  (v) =>
    typeof v === "string" && re.test(v) ? undefined : `does not match ${re}`;
const listOf =
  (item: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return "expected a list";
    return v.map(item).find((p) => p !== undefined);
  };
const port: Check = (v) => {
  const n = coerceInt(v);
  return n !== undefined && n >= 1 && n <= 65535 ? undefined : "expected a port 1-65535";
};
const dockerPorts =
  (value: Check): Check =>
  (v) => {
    if (!isDict(v)) return "expected a dictionary";
    for (const [key, item] of Object.entries(v)) {
      if (!RE_DOCKER_PORT.test(key)) return `bad port key ${key}`;
      const problem = value(item);
      if (problem) return `${key}: ${problem}`;
    }
    return undefined;
  };
const versionTag: Check = (v) =>
  typeof v === "string" || typeof v === "number" ? undefined : "expected a version";
const schemaElement: Check = (v) => schemaElementProblem(v, true);

/** apps/validate.py `_SCHEMA_ADDON_CONFIG`, for the keys an add-on like ours can use. */
const APP_CONFIG: Record<string, { required?: boolean; check: Check }> = {
  name: { required: true, check: str },
  version: { required: true, check: versionTag },
  slug: { required: true, check: matches(RE_SLUG_FIELD) },
  description: { required: true, check: str },
  arch: { required: true, check: listOf(oneOf(ARCH_ALL_COMPAT)) },
  url: { check: (v) => (isUrl(v) ? undefined : "not a URL") },
  startup: { check: oneOf(STARTUPS) },
  boot: { check: oneOf(BOOTS) },
  init: { check: bool },
  stage: { check: oneOf(STAGES) },
  ports: { check: dockerPorts((v) => (v === null ? undefined : port(v))) },
  ports_description: { check: dockerPorts(str) },
  watchdog: { check: matches(RE_WATCHDOG) },
  webui: { check: matches(RE_WEBUI) },
  ingress: { check: bool },
  ingress_port: { check: (v) => (coerceInt(v) === 0 ? undefined : port(v)) },
  ingress_entry: { check: str },
  ingress_stream: { check: bool },
  panel_icon: { check: str },
  panel_title: { check: str },
  panel_admin: { check: bool },
  homeassistant: { check: versionTag },
  host_network: { check: bool },
  hassio_api: { check: bool },
  hassio_role: { check: oneOf(ROLES) },
  homeassistant_api: { check: bool },
  auth_api: { check: bool },
  services: { check: listOf(matches(RE_SERVICE)) },
  discovery: { check: listOf(str) },
  backup_exclude: { check: listOf(str) },
  options: { check: (v) => (isDict(v) ? undefined : "expected a dictionary") },
  schema: {
    check: (v) => {
      if (v === false) return undefined;
      if (!isDict(v)) return "expected a dictionary or false";
      for (const [key, element] of Object.entries(v)) {
        const problem = schemaElement(element);
        if (problem) return `${key}: ${problem}`;
      }
      return undefined;
    },
  },
  timeout: {
    check: (v) => {
      const n = coerceInt(v);
      return n !== undefined && n >= 10 && n <= 300 ? undefined : "expected 10-300";
    },
  },
};

/** Returns the problems Supervisor would report; unknown keys are dropped there, so ignored here. */
export function validateAppConfig(raw: unknown): string[] {
  if (!isDict(raw) || !raw.name) return ["Invalid app config!"];
  const problems: string[] = [];
  for (const [key, rule] of Object.entries(APP_CONFIG)) {
    if (!(key in raw)) {
      if (rule.required) problems.push(`${key}: required key not provided`);
      continue;
    }
    const problem = rule.check(raw[key]);
    if (problem) problems.push(`${key}: ${problem}`);
  }
  return problems;
}

/** validate.py SCHEMA_ELEMENT: a type string, a dict of elements, or a list of one of those (no list in a list). */
function schemaElementProblem(value: unknown, listAllowed: boolean): string | undefined {
  if (typeof value === "string") return RE_SCHEMA_ELEMENT.test(value) ? undefined : `unknown type '${value}'`;
  if (Array.isArray(value) && listAllowed) {
    return value.map((item) => schemaElementProblem(item, false)).find((p) => p !== undefined);
  }
  if (isDict(value)) {
    for (const [key, element] of Object.entries(value)) {
      const problem = schemaElementProblem(element, true);
      if (problem) return `${key}: ${problem}`;
    }
    return undefined;
  }
  return "not a schema element";
}

/** apps/validate.py SCHEMA_ADDON_TRANSLATIONS. */
export function validateTranslations(raw: unknown): string[] {
  if (!isDict(raw)) return ["translations must be a dictionary"];
  const problems: string[] = [];
  if (raw.configuration !== undefined) {
    if (!isDict(raw.configuration)) problems.push("configuration: expected a dictionary");
    else
      for (const [key, entry] of Object.entries(raw.configuration))
        problems.push(...translationEntry(entry, key));
  }
  if (raw.network !== undefined) {
    if (!isDict(raw.network)) problems.push("network: expected a dictionary");
    else
      for (const [key, text] of Object.entries(raw.network)) {
        if (typeof text !== "string") problems.push(`network.${key}: expected a string`);
      }
  }
  return problems;
}

function translationEntry(entry: unknown, path: string): string[] {
  if (!isDict(entry)) return [`${path}: expected a dictionary`];
  const problems: string[] = [];
  if (typeof entry.name !== "string") problems.push(`${path}.name: required string`);
  if (
    entry.description !== undefined &&
    entry.description !== null &&
    typeof entry.description !== "string"
  ) {
    problems.push(`${path}.description: expected a string or null`);
  }
  if (entry.fields !== undefined) {
    if (!isDict(entry.fields)) problems.push(`${path}.fields: expected a dictionary`);
    else
      for (const [key, field] of Object.entries(entry.fields))
        problems.push(...translationEntry(field, `${path}.${key}`));
  }
  return problems;
}

export type OptionsResult = { ok: true; options: Record<string, unknown> } | { ok: false; problem: string };

/** apps/options.py AppOptions: drops unknown keys, validates each value, refuses missing required keys. */
export function validateOptions(
  schema: Record<string, unknown>,
  options: Record<string, unknown>,
): OptionsResult {
  try {
    return { ok: true, options: validateDict(schema, options, "root") };
  } catch (err) {
    if (err instanceof OptionsInvalid) return { ok: false, problem: err.message };
    throw err;
  }
}

class OptionsInvalid extends Error {}

function validateElement(type: unknown, value: unknown, key: string): unknown {
  if (Array.isArray(type)) {
    if (!Array.isArray(value)) throw new OptionsInvalid(`Invalid list for option '${key}'`);
    return value.map((item) => validateElement(type[0], item, key));
  }
  if (isDict(type)) return validateDict(type, value, key);
  return validateSingle(String(type), value, key);
}

function validateDict(schema: Record<string, unknown>, value: unknown, key: string): Record<string, unknown> {
  if (!isDict(value)) throw new OptionsInvalid(`Invalid dict for option '${key}'`);
  const result: Record<string, unknown> = {};
  for (const [childKey, childValue] of Object.entries(value)) {
    if (!(childKey in schema)) continue;
    result[childKey] = validateElement(schema[childKey], childValue, childKey);
  }
  for (const missing of Object.keys(schema).filter((k) => !(k in result))) {
    let type = schema[missing];
    if (Array.isArray(type) && type.length > 0) type = type[0];
    if (typeof type === "string" && type.endsWith("?")) continue;
    throw new OptionsInvalid(`Missing option '${missing}' in ${key}`);
  }
  return result;
}

function validateSingle(type: string, value: unknown, key: string): unknown {
  if (value === null || value === undefined) throw new OptionsInvalid(`Missing required option '${key}'`);
  const match = RE_SCHEMA_ELEMENT.exec(type);
  if (!match?.groups) throw new OptionsInvalid(`Unknown type '${type}'`);
  const g = match.groups;
  const min = [g.i_min, g.f_min, g.s_min, g.p_min].find((b) => b);
  const max = [g.i_max, g.f_max, g.s_max, g.p_max].find((b) => b);
  const invalid = (why: string) => new OptionsInvalid(`${why} for option '${key}'`);
  const inRange = (n: number) =>
    (min === undefined || n >= Number(min)) && (max === undefined || n <= Number(max));

  if (type.startsWith("str") || type.startsWith("password")) {
    // `vol.All(str(value), vol.Range(...))`: the value must equal its own str(), so only strings
    // pass, and Range on a string always fails.
    if (typeof value !== "string") throw invalid("Expected a string");
    if (min !== undefined || max !== undefined) throw invalid("Invalid value or type");
    return value;
  }
  if (type.startsWith("int")) {
    const n = coerceInt(value);
    if (n === undefined || !inRange(n)) throw invalid("Expected an integer in range");
    return n;
  }
  if (type.startsWith("float")) {
    const n =
      typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : typeof value === "number"
          ? value
          : NaN;
    if (!Number.isFinite(n) || !inRange(n)) throw invalid("Expected a float in range");
    return n;
  }
  if (type.startsWith("bool")) {
    const b = toBoolean(value);
    if (b === undefined) throw invalid("Expected a boolean");
    return b;
  }
  if (type.startsWith("email")) {
    if (typeof value !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))
      throw invalid("Expected an email");
    return value;
  }
  if (type.startsWith("url")) {
    if (!isUrl(value)) throw invalid("Expected a URL");
    return value;
  }
  if (type.startsWith("port")) {
    if (port(value)) throw invalid("Expected a port");
    return coerceInt(value);
  }
  if (type.startsWith("match")) {
    // Python's re.match anchors at the start only.
    if (!new RegExp(`^(?:${g.match})`).test(pyStr(value))) throw invalid("Does not match");
    return pyStr(value);
  }
  if (type.startsWith("list")) {
    if (!(g.list ?? "").split("|").includes(pyStr(value))) throw invalid("Not one of the choices");
    return pyStr(value);
  }
  if (type.startsWith("device")) {
    if (typeof value !== "string") throw invalid("Expected a string");
    return value;
  }
  throw invalid(`Fatal error with type '${type}'`);
}

function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** voluptuous Url(): urlparse must give a scheme and a network location. */
function isUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const parsed = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]+)/.exec(value);
  return parsed !== null;
}

/** voluptuous Boolean(). */
function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") {
    const lowered = value.toLowerCase();
    if (TRUE_WORDS.includes(lowered)) return true;
    if (FALSE_WORDS.includes(lowered)) return false;
  }
  return undefined;
}

/** Python int(): truncates floats, parses integer strings, True is 1. */
function coerceInt(value: unknown): number | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value === "string" && /^\s*[+-]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return undefined;
}

/** Python str() of a JSON value, as `list(...)` and `match(...)` compare it. */
function pyStr(value: unknown): string {
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
}
