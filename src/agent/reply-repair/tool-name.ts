import { closestNames, editDistance } from "../../shared/edit-distance.js";

/** A tool as it was offered to the model. */
export interface OfferedTool {
  /** The name the model saw. */
  name: string;
  server: string;
  /** The tool's own name on its server. */
  tool: string;
}

export type NameResolution = { ok: true; name: string; repairs: string[] } | { ok: false; error: string };

export type ToolNameResolver = (sent: string) => NameResolution;

/** Namespaces chat templates put in front of function names (gpt-oss, Gemma/Gemini, others). */
const HARNESS_PREFIX = /^(functions|default_api|tools|tool|api)[.:]/i;
/** Everything after the first character no tool name (or qualified name) contains. */
const NAME_PART = /^[A-Za-z0-9_.:/-]+/;
const QUALIFIERS = ["__", ".", ":", "/"];
/** Shorter names are too easily one edit away from a different word. */
const MIN_NEAR_MISS_LENGTH = 6;

const fold = (name: string) => name.toLowerCase().replace(/[\s_.-]+/g, "");

/**
 * Maps a name a model sent to exactly one offered tool, naming each step; when more than one tool
 * fits as well as another, or none does, it says so instead of guessing.
 */
export function createToolNameResolver(offered: readonly OfferedTool[]): ToolNameResolver {
  const byName = new Map(offered.map((t) => [t.name, t]));
  const servers = new Map(offered.map((t) => [t.server.toLowerCase(), t.server]));
  const folded = new Map<string, OfferedTool[]>();
  for (const tool of offered) {
    for (const key of new Set([fold(tool.name), fold(tool.tool)])) {
      const list = folded.get(key);
      if (!list) folded.set(key, [tool]);
      else if (!list.includes(tool)) list.push(tool);
    }
  }

  function unknown(sent: string, repairs: string[]): NameResolution {
    const close = closestNames(sent, byName.keys(), 5);
    const tried = repairs.length ? ` (read as '${sent}')` : "";
    return {
      ok: false,
      error: `Unknown tool '${sent}'${tried}.${close.length ? ` The closest tools are: ${close.join(", ")}.` : ""} Call one of the offered tools by its exact name.`,
    };
  }

  return (sent) => {
    if (byName.has(sent)) return { ok: true, name: sent, repairs: [] };
    const repairs: string[] = [];
    let name = sent.trim();
    // "control zwave device": other spelling of a whole name, before anything is cut off it.
    const whole = folded.get(fold(name));
    if (whole?.length === 1 && /\s/.test(name)) {
      repairs.push(`name: ${name} → ${whole[0]!.name} (spelling style)`);
      return { ok: true, name: whole[0]!.name, repairs };
    }
    const part = NAME_PART.exec(name)?.[0];
    if (!part) return unknown(sent, repairs);
    if (part !== sent) {
      const junk = name.slice(part.length);
      repairs.push(junk ? `name: removed ${JSON.stringify(junk)} after the name` : "name: trimmed spaces");
      name = part;
    }
    if (byName.has(name)) return { ok: true, name, repairs };
    const harness = HARNESS_PREFIX.exec(name);
    if (harness) {
      repairs.push(`name: ${harness[0]} prefix`);
      name = name.slice(harness[0].length);
      if (byName.has(name)) return { ok: true, name, repairs };
    }
    let scope: string | undefined;
    const unprefixed = /^mcp__/i.test(name) ? name.slice(5) : name;
    for (const separator of QUALIFIERS) {
      const at = unprefixed.indexOf(separator);
      const server = at > 0 ? servers.get(unprefixed.slice(0, at).toLowerCase()) : undefined;
      if (!server) continue;
      repairs.push(
        `name: server prefix ${name.slice(0, name.length - unprefixed.length + at + separator.length)}`,
      );
      scope = server;
      name = unprefixed.slice(at + separator.length);
      break;
    }
    const inScope = (tool: OfferedTool) => scope === undefined || tool.server === scope;
    const exact = offered.filter((t) => inScope(t) && (t.name === name || t.tool === name));
    if (exact.length === 1) return { ok: true, name: exact[0]!.name, repairs };
    const sameLetters = (folded.get(fold(name)) ?? []).filter(inScope);
    if (sameLetters.length === 1) {
      const found = sameLetters[0]!;
      repairs.push(`name: ${name} → ${found.name} (spelling style)`);
      return { ok: true, name: found.name, repairs };
    }
    if (sameLetters.length > 1 || exact.length > 1) {
      const names = (sameLetters.length > 1 ? sameLetters : exact).map((t) => t.name);
      return {
        ok: false,
        error: `'${sent}' could be any of ${names.join(", ")}. Call one of them by its exact name.`,
      };
    }
    const letters = fold(name);
    if (letters.length >= MIN_NEAR_MISS_LENGTH) {
      // One edit in the letters, whatever the spelling style ("ControlZwaveDevices").
      const near = offered.filter(
        (t) =>
          inScope(t) &&
          (editDistance(letters, fold(t.name), 1) <= 1 || editDistance(letters, fold(t.tool), 1) <= 1),
      );
      if (near.length === 1) {
        repairs.push(`name: ${name} → ${near[0]!.name} (one edit away)`);
        return { ok: true, name: near[0]!.name, repairs };
      }
      if (near.length > 1) {
        return {
          ok: false,
          error: `'${sent}' is one edit away from ${near.map((t) => t.name).join(" and ")}. Call one of them by its exact name.`,
        };
      }
    }
    return unknown(sent, repairs);
  };
}
