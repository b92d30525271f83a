import { createArgumentValidator } from "../../tools/json-schema.js";
import { createNameLookup, describeUnresolved, type LookupEntry } from "../../tools/name-lookup.js";
import { createArgumentNormalizer, type ArgumentNormalizer } from "../../tools/normalize.js";
import { buildStaticMappings } from "../../tools/static-mappings.js";
import type { JsonSchema } from "../../tools/types.js";

export type NameResolution = { ok: true; name: string; repairs: string[] } | { ok: false; error: string };

/** An offered tool as the reply repair knows it: its names, and the schema its arguments follow. */
export interface OfferedEntry extends LookupEntry {
  inputSchema?: JsonSchema;
}

/** The tools the model was offered, as the reply repair needs them. */
export interface OfferedTools {
  /** The sent name to exactly one offered tool, through the registry's own name lookup, or why not. */
  resolve(sent: string): NameResolution;
  /** Every name a tool is known by (presented and own), for finding a call written as text. */
  names: readonly string[];
  /** The schema of the tool a sent name resolves to, for reading its arguments. */
  schemaOf(sent: string): JsonSchema | undefined;
  /**
   * Why these arguments are not a whole call of the tool (a key no parameter takes, a required
   * parameter missing), after the same key and value repair the registry makes; with `validate`,
   * also a value the schema does not take, by the registry's own validation. Undefined when whole.
   */
  incomplete(name: string, args: Record<string, unknown>, validate?: boolean): string | undefined;
}

const builtInMappings = buildStaticMappings();

/** Built once per tool set: the same lookup (one folding rule) the registry uses for every caller. */
export function createOfferedTools(entries: readonly OfferedEntry[]): OfferedTools {
  const lookup = createNameLookup(entries);
  const byPresented = new Map(entries.map((e) => [e.presented, e]));
  const checks = new Map<
    string,
    { normalizer: ArgumentNormalizer; validate: (args: Record<string, unknown>) => string[] }
  >();
  const resolve = (sent: string): NameResolution => {
    const result = lookup.resolve(sent);
    if ("found" in result) return { ok: true, name: result.found.presented, repairs: result.repairs };
    return { ok: false, error: describeUnresolved(sent, result) };
  };
  return {
    resolve,
    names: [...new Set(entries.flatMap((e) => [e.presented, e.tool]))],
    schemaOf(sent) {
      const found = resolve(sent);
      return found.ok ? byPresented.get(found.name)?.inputSchema : undefined;
    },
    incomplete(name, args, validate = false) {
      const entry = byPresented.get(name);
      const schema = entry?.inputSchema;
      if (!entry || !schema) return undefined;
      // Built on the first call read as text: compiling a validator costs more than most calls.
      let check = checks.get(name);
      if (!check) {
        check = {
          normalizer: createArgumentNormalizer(schema, builtInMappings(entry.server, entry.tool)),
          validate: createArgumentValidator(schema),
        };
        checks.set(name, check);
      }
      const normalized = check.normalizer.normalize(args);
      if (normalized.problems.length) return normalized.problems.join("; ");
      const missing = (schema.required ?? []).filter((key) => !Object.hasOwn(normalized.args, key));
      if (missing.length) return `it lacks ${missing.map((k) => `'${k}'`).join(", ")}`;
      if (!validate) return undefined;
      const invalid = check.validate(normalized.args);
      return invalid.length ? invalid.join("; ") : undefined;
    },
  };
}
