/** What every provider accepts: OpenAI allows 64 characters, Anthropic 128, both only [a-zA-Z0-9_-]. */
export const PROVIDER_SAFE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const NAMESPACE_SEPARATOR = "__";
const MAX_LENGTH = 64;
const HASH_LENGTH = 6;

export interface ToolKey {
  server: string;
  /** The tool's own name on its server. */
  name: string;
}

export interface PresentedName {
  name: string;
  namespaced: boolean;
  /** Why the name differs from the tool's own name, for the status page. */
  reason?: string;
}

export function sanitizeName(name: string): string {
  const safe = name.replace(/[^a-zA-Z0-9_-]/g, "_");
  return safe === "" ? "_" : safe;
}

/** FNV-1a, base 36: short, stable across runs and platforms. */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(HASH_LENGTH, "0").slice(-HASH_LENGTH);
}

function withHash(name: string, key: ToolKey): string {
  const suffix = `_${stableHash(`${key.server}\u0000${key.name}`)}`;
  return name.slice(0, MAX_LENGTH - suffix.length) + suffix;
}

export function keyOf(key: ToolKey): string {
  return `${key.server}\u0000${key.name}`;
}

/**
 * The names the LLM sees. A tool keeps its own name when no other server has one like it;
 * names two servers share become `<server>__<tool>` for every holder. Everything depends
 * on the set of tools alone, never on the order in which servers connected.
 */
export function presentNames(tools: readonly ToolKey[]): Map<string, PresentedName> {
  const holders = new Map<string, number>();
  for (const tool of tools) holders.set(tool.name, (holders.get(tool.name) ?? 0) + 1);

  const result = new Map<string, PresentedName>();
  const byCandidate = new Map<string, ToolKey[]>();
  for (const tool of tools) {
    const shared = (holders.get(tool.name) ?? 0) > 1;
    let name = sanitizeName(shared ? `${tool.server}${NAMESPACE_SEPARATOR}${tool.name}` : tool.name);
    const reasons: string[] = [];
    if (shared) reasons.push(`'${tool.name}' is offered by ${holders.get(tool.name)} servers`);
    else if (name !== tool.name) reasons.push("characters providers reject were replaced by _");
    if (name.length > MAX_LENGTH) {
      name = withHash(name, tool);
      reasons.push("shortened to 64 characters with a stable hash");
    }
    const presented: PresentedName = { name, namespaced: shared };
    if (reasons.length) presented.reason = reasons.join("; ");
    result.set(keyOf(tool), presented);
    const group = byCandidate.get(name);
    if (group) group.push(tool);
    else byCandidate.set(name, [tool]);
  }
  // Different tools whose sanitised names coincide (`a.b` and `a_b`) each get a hash.
  for (const [name, group] of byCandidate) {
    if (group.length < 2) continue;
    for (const tool of group) {
      const presented = result.get(keyOf(tool));
      if (!presented) continue;
      presented.name = withHash(name, tool);
      presented.reason = [presented.reason, "another tool's name sanitises to the same text"]
        .filter(Boolean)
        .join("; ");
    }
  }
  return result;
}
