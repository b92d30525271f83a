import type { ToolInfo, ToolRegistry } from "./registry.js";

/** A tool as the search ranks it: the registry's view of it. */
export interface ToolMatch {
  tool: ToolInfo;
  score: number;
}

export interface ToolSearchOptions {
  /** At most this many; every match without it. */
  limit?: number;
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
      const ranked = [...built.rank(query)].flatMap(([id, score]) => {
        const tool = built.tools.get(id)!;
        return !options.filter || options.filter(tool) ? [{ tool, score }] : [];
      });
      // Equal scores keep the name order, so the same query chooses the same tools every time.
      return ranked
        .sort((a, b) => b.score - a.score || (a.tool.name < b.tool.name ? -1 : 1))
        .slice(0, options.limit);
    },
  };
}

const SEARCH = {
  prefix: (term: string) => term.length > 3,
  fuzzy: (term: string) => (term.length > 5 ? 0.2 : false),
  boost: { name: 3, parameters: 1.5 },
} as const;

/** Query terms whose matches are kept: a sentence's words recur from turn to turn. */
const KEPT_TERMS = 512;

interface Index {
  /** Each matching tool's score for a query, by tool name. */
  rank(query: string): Map<string, number>;
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
    processTerm: (term) => (keepTerm(term) ? term : null),
  });
  miniSearch.addAll(
    tools.map((tool) => ({
      id: tool.name,
      name: `${tool.name} ${tool.title ?? ""}`,
      description: tool.description,
      parameters: parameterText(tool),
    })),
  );
  // A term's matches (its prefix and fuzzy neighbours in the index, scored) depend on the term and
  // the index alone, and the fuzzy walk is most of a search's cost: each term is searched once and
  // kept. The terms' scores then add up, times the number of terms a tool matched, as MiniSearch's
  // OR does (its search(): `score * quality`), so the ranking is the one of the whole query.
  const termHits = new Map<string, ReadonlyArray<readonly [string, number]>>();
  const hitsOf = (term: string) => {
    let hits = termHits.get(term);
    if (!hits) {
      if (termHits.size >= KEPT_TERMS) termHits.clear();
      hits = miniSearch.search(term, SEARCH).map((hit) => [String(hit.id), hit.score] as const);
      termHits.set(term, hits);
    }
    return hits;
  };
  return {
    rank(query) {
      const sums = new Map<string, { score: number; terms: Set<string> }>();
      for (const term of words(query).filter(keepTerm)) {
        for (const [id, score] of hitsOf(term)) {
          const sum = sums.get(id);
          if (sum) {
            sum.score += score;
            sum.terms.add(term);
          } else sums.set(id, { score, terms: new Set([term]) });
        }
      }
      return new Map([...sums].map(([id, sum]) => [id, sum.score * sum.terms.size]));
    },
    tools: new Map(tools.map((tool) => [tool.name, tool])),
  };
}

function keepTerm(term: string): boolean {
  return term.length > 1 && !STOP_WORDS.has(term);
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
