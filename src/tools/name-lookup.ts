import { closestNames, editDistance } from "../shared/edit-distance.js";
import { NAMESPACE_SEPARATOR } from "./naming.js";
import { specialTokens } from "../shared/special-tokens.js";
import { foldSpelling, unquoted } from "./spelling.js";

export interface LookupEntry {
  presented: string;
  server: string;
  tool: string;
}

export type LookupResult<T extends LookupEntry> =
  { found: T } | { ambiguous: T[] } | { missing: true; suggestions: T[] };

/** A lookup that also names each step it took from the sent name to the tool (for the repair log). */
export type Resolution<T extends LookupEntry> =
  | { found: T; repairs: string[] }
  | { ambiguous: T[]; repairs: string[] }
  | { missing: true; suggestions: T[]; repairs: string[] };

export type NameLookup<T extends LookupEntry> = ReturnType<typeof createNameLookup<T>>;

const QUALIFIED_SEPARATORS = [NAMESPACE_SEPARATOR, ":", ".", "/"];
/** Namespaces chat templates put in front of function names (gpt-oss, Gemma/Gemini, Kimi, others). */
const HARNESS_PREFIX = /^(?:functions|function|default_api|tools|tool|api)(?:\.|::?)/i;
/** Special tokens of any family (`<|channel|>`, `<|tool_call>`, `<｜tool▁sep｜>`, `[ARGS]`). */
const SPECIAL_TOKEN = specialTokens();
/** What may follow a name in a sloppy template: a format word, a call index, a channel name. */
const SUFFIX_NOISE =
  /^(?:[\s_.:/|-]*(?:json|xml|python|args|arguments|call|tool|function|commentary|analysis|constrain|message|channel|end|\d+))*[\s_.:/|-]*$/i;
/** Shorter names are too easily one edit away from a different word. */
const MIN_NEAR_MISS_LENGTH = 6;

/** The one folding rule (spelling.ts): quotes, case, and `_`, `-`, `.` and spaces, do not tell tool names apart. */
export const foldName = foldSpelling;

/**
 * Finds a tool from any form a model or client might send back, and says which steps it took:
 * the presented name; the own name when unique; `server:tool`, `server.tool`, `server/tool`,
 * `server__tool`, `mcp__server__tool`, `mcp_server_tool`; a harness prefix (`functions.`,
 * `default_api.`); quotes, special tokens or a format suffix around the name; another spelling
 * style (case, `_`, `-`, spaces); one edit away from exactly one tool. When two tools fit
 * equally, or none does, it says so instead of guessing.
 */
export function createNameLookup<T extends LookupEntry>(entries: readonly T[]) {
  const byPresented = new Map<string, T>();
  const byOwnName = new Map<string, T[]>();
  const folded = new Map<string, T[]>();
  /** Server names by lower case: `J` and `j` are two servers, and a prefix in another case is neither. */
  const servers = new Map<string, string[]>();
  const push = (map: Map<string, T[]>, key: string, entry: T) => {
    const list = map.get(key);
    if (!list) map.set(key, [entry]);
    else if (!list.includes(entry)) list.push(entry);
  };
  for (const entry of entries) {
    byPresented.set(entry.presented, entry);
    push(byOwnName, entry.tool, entry);
    push(folded, foldName(entry.presented), entry);
    push(folded, foldName(entry.tool), entry);
    const sameLetters = servers.get(entry.server.toLowerCase()) ?? [];
    if (!sameLetters.includes(entry.server))
      servers.set(entry.server.toLowerCase(), [...sameLetters, entry.server]);
  }
  // Longest first, so `list_devices_all` is found before `list_devices` inside a noisy name.
  const foldedNames = [...folded.keys()].sort((a, b) => b.length - a.length);

  /** Every (server, rest) reading of a qualified name whose prefix is a known server. */
  function qualifiedReadings(name: string): Array<{ server: string; rest: string; prefix: string }> {
    const mcp = /^mcp(?:__|_)/i.exec(name)?.[0] ?? "";
    const text = name.slice(mcp.length);
    const readings: Array<{ server: string; rest: string; prefix: string }> = [];
    for (const separator of mcp === "mcp_" ? ["_", ...QUALIFIED_SEPARATORS] : QUALIFIED_SEPARATORS) {
      let at = text.indexOf(separator);
      while (at > 0) {
        const prefix = text.slice(0, at);
        const sameLetters = servers.get(prefix.toLowerCase()) ?? [];
        const server = sameLetters.includes(prefix)
          ? prefix
          : sameLetters.length === 1
            ? sameLetters[0]
            : undefined;
        if (server !== undefined) {
          const cut = at + separator.length;
          readings.push({ server, rest: text.slice(cut), prefix: name.slice(0, mcp.length + cut) });
        }
        at = text.indexOf(separator, at + 1);
      }
    }
    return readings;
  }

  /** Tools whose name, in the one folding rule, is `name`, within a server when one was named. */
  function byFold(name: string, server?: string): T[] {
    return (folded.get(foldName(name)) ?? []).filter((e) => server === undefined || e.server === server);
  }

  /** A server's tool by its own name, else by the folding rule; empty when none. */
  function inServer(name: string, server: string): T[] {
    const own = (byOwnName.get(name) ?? []).filter((e) => e.server === server);
    return own.length ? own : byFold(name, server);
  }

  /** The name's own forms: another spelling of the whole, a harness prefix, a server prefix. */
  function forms(sent: string, before: string[]): Resolution<T> | undefined {
    const repairs = [...before];
    const outcome = (list: T[], step?: string): Resolution<T> | undefined => {
      if (list.length === 1) return { found: list[0]!, repairs: step ? [...repairs, step] : repairs };
      if (list.length > 1) return { ambiguous: list, repairs };
      return undefined;
    };
    let name = sent;
    // "control zwave device": another spelling of a whole name.
    const whole = /\S\s+\S/.test(name) ? byFold(name) : [];
    if (whole.length === 1) return outcome(whole, `name: ${name} → ${whole[0]!.presented} (spelling style)`);
    const own = byOwnName.get(name);
    if (own) return outcome(own);
    const harness = HARNESS_PREFIX.exec(name);
    if (harness) {
      repairs.push(`name: ${harness[0]} prefix`);
      name = name.slice(harness[0].length);
    }
    const presented = byPresented.get(name);
    const exact = presented ? [presented] : (byOwnName.get(name) ?? []);
    if (exact.length) return outcome(exact);
    // A template that derives a namespace from a tool's own name (Glimmer's `fn.*` recipients,
    // ollama model/parsers/glimmer.go) gets `fn.fn` back: the same name twice is that name.
    const doubled = /^([\w-]+)\.([\w-]+)$/.exec(name);
    if (doubled && doubled[1] === doubled[2]) {
      const once = byPresented.get(doubled[2]!);
      const twice = outcome(
        once ? [once] : (byOwnName.get(doubled[2]!) ?? []),
        `name: ${name} is ${doubled[2]} twice`,
      );
      if (twice) return twice;
    }
    // A server prefix read exactly is surer than another spelling of the whole name.
    const readings = qualifiedReadings(name);
    for (const reading of readings) {
      const own = (byOwnName.get(reading.rest) ?? []).filter((e) => e.server === reading.server);
      const found = outcome(own, `name: server prefix ${reading.prefix}`);
      if (found) return found;
    }
    const direct = byFold(name);
    if (direct.length) {
      const style = direct.length === 1 && direct[0]!.presented !== name && direct[0]!.tool !== name;
      const bare = unquoted(name);
      const step =
        bare === direct[0]!.presented || bare === direct[0]!.tool
          ? "name: removed quotes"
          : `name: ${name} → ${direct[0]!.presented} (spelling style)`;
      return outcome(direct, style ? step : undefined);
    }
    for (const reading of readings) {
      const found = outcome(inServer(reading.rest, reading.server), `name: server prefix ${reading.prefix}`);
      if (found) return found;
    }
    return undefined;
  }

  function resolve(sent: string): Resolution<T> {
    const exact = byPresented.get(sent);
    if (exact) return { found: exact, repairs: [] };
    const repairs: string[] = [];
    const outcome = (list: T[], step?: string): Resolution<T> | undefined => {
      if (list.length === 1) {
        if (step) repairs.push(step);
        return { found: list[0]!, repairs };
      }
      if (list.length > 1) return { ambiguous: list, repairs };
      return undefined;
    };
    // As sent first: a tool's own name may hold what looks like noise (a space, a quote).
    const asSent = forms(sent, []);
    if (asSent) return asSent;
    let name = sent;
    const head = sent.split(SPECIAL_TOKEN)[0]!;
    if (head !== sent || /\S\s+\S/.test(sent)) {
      // Special tokens or words around the name ("assistant<|channel|>commentary to=functions.x"):
      // exactly one offered tool among the pieces, or none is guessed.
      const found = new Map<T, Resolution<T>>();
      for (const piece of piecesOf(sent)) {
        const result = forms(piece, []);
        if (result && "found" in result) found.set(result.found, result);
      }
      if (found.size > 1) return { ambiguous: [...found.keys()], repairs };
      const [only] = found.values();
      if (only && "found" in only) {
        const fromHead = head.trim() ? forms(head.trim(), []) : undefined;
        const step =
          fromHead && "found" in fromHead && fromHead.found === only.found
            ? `name: removed ${JSON.stringify(sent.slice(head.length))} after the name`
            : `name: found ${only.found.presented} among ${JSON.stringify(sent.length > 48 ? `${sent.slice(0, 48)}…` : sent)}`;
        return { found: only.found, repairs: [step, ...only.repairs] };
      }
      name = sent.replace(SPECIAL_TOKEN, " ");
      repairs.push(`name: removed special tokens around the name`);
    }
    const trimmed = name.trim();
    const bare = unquoted(trimmed);
    if (bare !== trimmed || trimmed !== name) {
      repairs.push(bare !== trimmed ? "name: removed quotes" : "name: trimmed spaces");
      name = bare;
    }
    const cleaned = name === sent ? undefined : forms(name, repairs);
    if (cleaned) return cleaned;
    const harness = HARNESS_PREFIX.exec(name);
    if (harness) name = name.slice(harness[0].length);
    const inside = insideNoisyName(name);
    if (inside) return outcome(inside.tools, `name: found ${inside.tools[0]!.presented} inside ${name}`)!;
    const letters = foldName(name);
    if (letters.length >= MIN_NEAR_MISS_LENGTH) {
      // One edit in the letters, whatever the spelling style ("ControlZwaveDevices").
      const near = entries.filter(
        (e) =>
          editDistance(letters, foldName(e.presented), 1) <= 1 ||
          editDistance(letters, foldName(e.tool), 1) <= 1,
      );
      const found = outcome(
        near,
        near[0] ? `name: ${name} → ${near[0].presented} (one edit away)` : undefined,
      );
      if (found) return found;
    }
    return { missing: true, suggestions: suggest(entries, name), repairs };
  }

  /**
   * An offered name inside a longer one, where what surrounds it is only noise: a known server
   * or `mcp` in front, a format word or call index behind (`mcp_zwave_x`, `x.json`, `x:0`).
   */
  function insideNoisyName(name: string): { tools: T[] } | undefined {
    const letters = name.toLowerCase();
    const flat = foldName(name);
    for (const key of foldedNames) {
      if (key.length < 3) continue;
      const at = flat.indexOf(key);
      if (at < 0) continue;
      // In front: nothing, `mcp`, a harness namespace glued on without its dot (an id used as the
      // name: `functionscontrol_zwave_device5`), or the tool's own server.
      const before = flat
        .slice(0, at)
        .replace(/[^a-z0-9]/g, "")
        .replace(/^(?:mcp|functions|function|defaultapi|tools|tool|api)/, "");
      const tools = folded.get(key)!.filter((e) => before === "" || foldName(e.server) === before);
      // Behind, judged on the unfolded text where its separators still show: only noise.
      const tail = letters.slice(letters.length - (flat.length - at - key.length));
      const afterOk = flat.length === at + key.length || SUFFIX_NOISE.test(tail);
      if (tools.length && afterOk) return { tools };
    }
    return undefined;
  }

  return {
    resolve,
    lookup(name: string): LookupResult<T> {
      const { repairs: _repairs, ...result } = resolve(name);
      return result;
    },
  };
}

/** The words of a noisy name: split at special tokens and spaces, without `to=` and quotes. */
function piecesOf(sent: string): string[] {
  return sent
    .split(SPECIAL_TOKEN)
    .flatMap((segment) => segment.split(/\s+/))
    .map((piece) => piece.replace(/^to=/, "").replace(/^["'`]+|["'`]+$/g, ""))
    .filter((piece) => piece.length >= 3);
}

/** What the model hears when its name did not resolve, so it can call again by the exact name. */
export function describeUnresolved<T extends LookupEntry>(sent: string, result: Resolution<T>): string {
  if ("ambiguous" in result) {
    return `'${sent}' could be any of ${result.ambiguous.map((e) => e.presented).join(", ")}. Call one of them by its exact name.`;
  }
  if ("missing" in result) {
    const close = result.suggestions.map((e) => e.presented);
    return `Unknown tool '${sent}'.${close.length ? ` The closest tools are: ${close.join(", ")}.` : ""} Call one of the offered tools by its exact name.`;
  }
  return "";
}

/** The few tools whose names are closest to what was sent: with thousands of tools, listing all helps no one. */
function suggest<T extends LookupEntry>(entries: readonly T[], name: string): T[] {
  const byName = new Map(entries.map((e) => [e.presented, e]));
  // Only the leading name-like part is compared: tool names are at most 64 characters (naming.ts), and
  // markup or prose after them is noise that costs the edit distance dearly.
  const head = /^\W*([\w.:/-]{1,64})/.exec(name)?.[1] ?? name.slice(0, 64);
  return closestNames(head, byName.keys(), 5).map((n) => byName.get(n) as T);
}
