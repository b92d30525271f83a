import { closestNames } from "../shared/edit-distance.js";
import { NAMESPACE_SEPARATOR } from "./naming.js";

export interface LookupEntry {
  presented: string;
  server: string;
  tool: string;
}

export type LookupResult<T extends LookupEntry> =
  { found: T } | { ambiguous: T[] } | { missing: true; suggestions: T[] };

const QUALIFIED_SEPARATORS = [NAMESPACE_SEPARATOR, ":", ".", "/"];

/**
 * Finds a tool from any form a model might send back: the presented name, `server:tool`,
 * `server.tool`, `server/tool`, `server__tool`, `mcp__server__tool`, the bare own name when
 * it is unique, and any of these case-insensitively when that is unambiguous.
 */
export function createNameLookup<T extends LookupEntry>(entries: readonly T[]) {
  const byPresented = new Map<string, T>();
  const byOwnName = new Map<string, T[]>();
  const byQualified = new Map<string, T>();
  const folded = new Map<string, T[]>();
  const servers = new Set<string>();

  const addFolded = (text: string, entry: T) => {
    const key = text.toLowerCase();
    const list = folded.get(key);
    if (!list) folded.set(key, [entry]);
    else if (!list.includes(entry)) list.push(entry);
  };
  for (const entry of entries) {
    byPresented.set(entry.presented, entry);
    const own = byOwnName.get(entry.tool);
    if (own) own.push(entry);
    else byOwnName.set(entry.tool, [entry]);
    byQualified.set(`${entry.server}\u0000${entry.tool}`, entry);
    servers.add(entry.server);
    addFolded(entry.presented, entry);
    addFolded(entry.tool, entry);
    addFolded(`${entry.server}\u0000${entry.tool}`, entry);
  }

  /** Every (server, tool) reading of a qualified name whose prefix is a known server. */
  function qualifiedReadings(name: string): Array<[string, string]> {
    const text = name.startsWith(`mcp${NAMESPACE_SEPARATOR}`) ? name.slice(5) : name;
    const readings: Array<[string, string]> = [];
    for (const separator of QUALIFIED_SEPARATORS) {
      let at = text.indexOf(separator);
      while (at > 0) {
        const server = text.slice(0, at);
        if (servers.has(server) || [...servers].some((s) => s.toLowerCase() === server.toLowerCase())) {
          readings.push([server, text.slice(at + separator.length)]);
        }
        at = text.indexOf(separator, at + 1);
      }
    }
    return readings;
  }

  return {
    lookup(name: string): LookupResult<T> {
      const exact = byPresented.get(name);
      if (exact) return { found: exact };
      const own = byOwnName.get(name);
      if (own?.length === 1) return { found: own[0] as T };
      if (own && own.length > 1) return { ambiguous: own };
      const readings = qualifiedReadings(name);
      for (const [server, tool] of readings) {
        const qualified = byQualified.get(`${server}\u0000${tool}`);
        if (qualified) return { found: qualified };
      }
      const candidates = new Set<T>();
      for (const list of [folded.get(name.toLowerCase()) ?? []]) list.forEach((e) => candidates.add(e));
      for (const [server, tool] of readings) {
        (folded.get(`${server}\u0000${tool}`.toLowerCase()) ?? []).forEach((e) => candidates.add(e));
      }
      if (candidates.size === 1) return { found: [...candidates][0] as T };
      if (candidates.size > 1) return { ambiguous: [...candidates] };
      return { missing: true, suggestions: suggest(entries, name) };
    },
  };
}

/** The few tools whose names are closest to what was sent: with thousands of tools, listing all helps no one. */
function suggest<T extends LookupEntry>(entries: readonly T[], name: string): T[] {
  const byName = new Map(entries.map((e) => [e.presented, e]));
  return closestNames(name, byName.keys(), 5).map((n) => byName.get(n) as T);
}
