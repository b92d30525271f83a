import { createNameLookup, describeUnresolved, type LookupEntry } from "../../tools/name-lookup.js";

export type NameResolution = { ok: true; name: string; repairs: string[] } | { ok: false; error: string };

/** The tools the model was offered, as the reply repair needs them. */
export interface OfferedTools {
  /** The sent name to exactly one offered tool, through the registry's own name lookup, or why not. */
  resolve(sent: string): NameResolution;
  /** Every name a tool is known by (presented and own), for finding a call written as text. */
  names: readonly string[];
}

/** Built once per tool set: the same lookup (one folding rule) the registry uses for every caller. */
export function createOfferedTools(entries: readonly LookupEntry[]): OfferedTools {
  const lookup = createNameLookup(entries);
  return {
    resolve(sent) {
      const result = lookup.resolve(sent);
      if ("found" in result) return { ok: true, name: result.found.presented, repairs: result.repairs };
      return { ok: false, error: describeUnresolved(sent, result) };
    },
    names: [...new Set(entries.flatMap((e) => [e.presented, e.tool]))],
  };
}
