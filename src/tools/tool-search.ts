import type MiniSearch from "minisearch";
import type { ToolInfo, ToolRegistry } from "./registry.js";

/** A tool as the search ranks it: the registry's view of it. */
export interface ToolMatch {
  tool: ToolInfo;
  score: number;
}

export interface ToolSearchOptions {
  limit: number;
  /** Only tools this accepts. */
  filter?: (tool: ToolInfo) => boolean;
}

export interface ToolSearch {
  /** The tools whose names, descriptions and parameter names best match `query`, best first. */
  search(query: string, options: ToolSearchOptions): Promise<ToolMatch[]>;
}

/**
 * A small lexical index over every registered tool (MiniSearch: BM25 with prefix and fuzzy terms),
 * rebuilt after the tool set changes. No network and no model: a home's few hundred tools index in
 * a few milliseconds. MiniSearch loads on the first search, so a bridge that never searches
 * (no language model) never holds it.
 */
export function createToolSearch(registry: ToolRegistry): ToolSearch {
  let index: Promise<Index> | undefined;
  registry.onChange(() => (index = undefined));

  return {
    async search(query, options) {
      const built = await (index ??= buildIndex(registry.list()));
      const words = query.trim();
      if (!words) return [];
      const hits = built.miniSearch.search(words, {
        prefix: (term) => term.length > 3,
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        boost: { name: 3, parameters: 1.5 },
        combineWith: "OR",
        ...(options.filter ? { filter: (hit) => options.filter!(built.tools.get(String(hit.id))!) } : {}),
      });
      // Equal scores keep the name order, so the same query chooses the same tools every time.
      return hits
        .map((hit) => ({ tool: built.tools.get(String(hit.id))!, score: hit.score }))
        .sort((a, b) => b.score - a.score || (a.tool.name < b.tool.name ? -1 : 1))
        .slice(0, options.limit);
    },
  };
}

interface Index {
  miniSearch: MiniSearch<IndexedTool>;
  tools: Map<string, ToolInfo>;
}

interface IndexedTool {
  id: string;
  name: string;
  description: string;
  parameters: string;
}

async function buildIndex(tools: readonly ToolInfo[]): Promise<Index> {
  const { default: Search } = await import("minisearch");
  const miniSearch = new Search<IndexedTool>({
    fields: ["name", "description", "parameters"],
    tokenize: (text) => words(text),
    processTerm: (term) => (term.length > 1 && !STOP_WORDS.has(term) ? term : null),
  });
  miniSearch.addAll(
    tools.map((tool) => ({
      id: tool.name,
      name: `${tool.name} ${tool.title ?? ""}`,
      description: tool.description,
      parameters: parameterText(tool),
    })),
  );
  return { miniSearch, tools: new Map(tools.map((tool) => [tool.name, tool])) };
}

/** Identifiers split into words ("control_zwave_device", "deviceName"), lower-cased. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function parameterText(tool: ToolInfo): string {
  const properties = tool.inputSchema.properties;
  if (!properties || typeof properties !== "object") return "";
  return Object.entries(properties as Record<string, { description?: unknown; enum?: unknown }>)
    .map(([key, schema]) =>
      [key, Array.isArray(schema?.enum) ? schema.enum.join(" ") : ""].filter(Boolean).join(" "),
    )
    .join(" ");
}

/** Words that say nothing about which tool is meant, in the bridge's six languages. */
const STOP_WORDS = new Set(
  [
    "the a an of to in on at for and or is are be it this that my me please can you what how",
    "der die das ein eine und oder ist im in am bitte den dem mir mich",
    "le la les un une et ou est du des de au dans moi",
    "el los las uno una y o es del en por favor",
    "de het een en of is in op mij",
    "il lo gli uno una e o è di del nel per",
  ]
    .join(" ")
    .split(" "),
);
