import { performance } from "node:perf_hooks";
import type { Logger } from "../log.js";
import type { ParameterMapping } from "../config/options.js";
import { toolIdentifierSchema, type ToolIdentifier } from "./identifier.js";
import { createArgumentValidator, toProviderSchema } from "./json-schema.js";
import { createNameLookup, type LookupEntry } from "./name-lookup.js";
import { keyOf, presentNames } from "./naming.js";
import { createArgumentNormalizer, type ArgumentNormalizer } from "./normalize.js";
import { buildStaticMappings } from "./static-mappings.js";
import { BUILTIN_TOOLS } from "../config/own-servers.js";
import { runMcpTool, type McpTool } from "./mcp-tool.js";
import { callTool, type CallableTool, type ExecuteOptions } from "./tool-call.js";
import { createActionPolicy, type ActionPolicy } from "./policy/action-policy.js";
import type {
  JsonSchema,
  LocalToolDefinition,
  ToolAnnotations,
  ToolExecutor,
  ToolResult,
  ToolSource,
} from "./types.js";
import type { ToolErrorCode } from "./tool-error.js";
import { isObject } from "../shared/is-object.js";
import { describeIssues } from "../shared/zod-issues.js";

export type { ExecuteOptions } from "./tool-call.js";

export const BUILTIN_SERVER = BUILTIN_TOOLS.server;
export const BUILTIN_TOOLBOX = BUILTIN_TOOLS.toolbox;
export const DEFAULT_TOOLBOX = "default";
const DEFAULT_TIMEOUT_MS = 15_000;

export interface ToolOrigin {
  server: string;
  toolbox: string;
}

/** A tool as the status page, /api/tools and the MCP endpoint describe it. */
export interface ToolInfo {
  /** The name the LLM sees. */
  name: string;
  tool: string;
  server: string;
  toolbox: string;
  namespaced: boolean;
  /** Why the presented name differs from the tool's own name. */
  reason?: string;
  source: ToolSource;
  /** The tool's display name: its own `title`, else its annotations' (MCP spec 2025-06-18, Tool). */
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations;
  available: boolean;
}

export interface ToolboxInfo {
  name: string;
  servers: string[];
  tools: number;
}

/** The shape LangChain's `bindTools` takes for every provider. */
export interface ToolDefinitionForProvider {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}

interface Entry extends LookupEntry, CallableTool {
  toolbox: string;
  source: ToolSource;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations;
  normalizer?: ArgumentNormalizer;
  run: ToolExecutor;
  namespaced: boolean;
  reason?: string;
}

/** Compiling a validator costs more than most calls: only tools that are called get one. */
function lazyValidator(schema: JsonSchema): (args: Record<string, unknown>) => string[] {
  let validate: ((args: Record<string, unknown>) => string[]) | undefined;
  return (args) => (validate ??= createArgumentValidator(schema))(args);
}

export interface ToolRegistry {
  /** A local tool, registered by hand; its arguments are passed through untouched. */
  registerTool(definition: LocalToolDefinition, executor: ToolExecutor, origin?: Partial<ToolOrigin>): void;
  /** One MCP server's tool; its schema comes from the server. */
  registerMcpTool(tool: McpTool, origin: ToolOrigin): void;
  /** Replaces every tool of a server at once (a (re)connect); returns the tools dropped and why. */
  replaceServerTools(
    origin: ToolOrigin,
    tools: readonly McpTool[],
  ): { registered: string[]; dropped: Array<{ tool: string; reason: string }> };
  removeServer(server: string): void;
  /** While a server is down its tools stay listed but answer that it is unavailable. */
  setServerAvailability(server: string, available: boolean, reason?: string): void;
  definitions(): ToolDefinitionForProvider[];
  list(): ToolInfo[];
  /** The tool `execute(name)` would run, found the same way; undefined when none or ambiguous. */
  find(name: string): ToolInfo | undefined;
  toolboxes(): ToolboxInfo[];
  execute(name: string, args: unknown, options?: ExecuteOptions): Promise<ToolResult>;
  /** `use_tool`: strict identifier, then the same path as `execute`. */
  executeIdentifier(identifier: unknown, args: unknown, options?: ExecuteOptions): Promise<ToolResult>;
  /** Called after the tool set changes (names, schemas or availability). */
  onChange(listener: () => void): () => void;
  /**
   * The action policy every call passes before it runs (src/tools/policy/). Until the bridge sets
   * the one that knows the home, a policy that holds what declares itself destructive.
   */
  policy(): ActionPolicy;
  setPolicy(policy: ActionPolicy): void;
}

export interface ToolRegistryOptions {
  logger: Logger;
  parameterMappings?: readonly ParameterMapping[];
  defaultTimeoutMs?: number;
  policy?: ActionPolicy;
}

export function createToolRegistry(options: ToolRegistryOptions): ToolRegistry {
  const { logger } = options;
  const mappings = buildStaticMappings(options.parameterMappings);
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const entries = new Map<string, Entry>();
  const unavailable = new Map<string, string>();
  const listeners = new Set<() => void>();
  let policy = options.policy ?? createActionPolicy();
  let lookup: ReturnType<typeof createNameLookup<Entry>> | undefined;

  /** Names are recomputed lazily so registering 2,000 tools costs one pass, not 2,000. */
  function indexed() {
    if (lookup) return lookup;
    const names = presentNames([...entries.values()].map((e) => ({ server: e.server, name: e.tool })));
    for (const entry of entries.values()) {
      const presented = names.get(keyOf({ server: entry.server, name: entry.tool }));
      if (!presented) continue;
      entry.presented = presented.name;
      entry.namespaced = presented.namespaced;
      if (presented.reason) entry.reason = presented.reason;
      else delete entry.reason;
    }
    lookup = createNameLookup([...entries.values()]);
    return lookup;
  }

  function changed() {
    lookup = undefined;
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        logger.warn({ err }, "a tool-set change listener failed");
      }
    }
  }

  function add(entry: Entry) {
    entries.set(keyOf({ server: entry.server, name: entry.tool }), entry);
  }

  function mcpEntry(tool: McpTool, origin: ToolOrigin): Entry {
    const inputSchema = toProviderSchema(tool.inputSchema);
    const { annotations } = tool;
    const title = tool.title ?? annotations?.title;
    return {
      presented: tool.name,
      tool: tool.name,
      server: origin.server,
      toolbox: origin.toolbox,
      source: "mcp",
      ...(title ? { title } : {}),
      description: tool.description ?? "",
      inputSchema,
      ...(annotations ? { annotations } : {}),
      normalizer: createArgumentNormalizer(inputSchema, mappings(origin.server, tool.name)),
      validate: lazyValidator(inputSchema),
      run: (args, context) => runMcpTool(tool, args, context),
      namespaced: false,
    };
  }

  function info(entry: Entry): ToolInfo {
    return {
      name: entry.presented,
      tool: entry.tool,
      server: entry.server,
      toolbox: entry.toolbox,
      namespaced: entry.namespaced,
      ...(entry.reason ? { reason: entry.reason } : {}),
      source: entry.source,
      ...(entry.title ? { title: entry.title } : {}),
      description: entry.description,
      inputSchema: entry.inputSchema,
      ...(entry.annotations ? { annotations: entry.annotations } : {}),
      available: !unavailable.has(entry.server),
    };
  }

  function run(entry: Entry, args: unknown, options: ExecuteOptions, started: number) {
    return callTool(
      entry,
      args,
      {
        ...options,
        logger,
        timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
        unavailable: unavailable.get(entry.server),
        policy,
      },
      started,
    );
  }

  return {
    registerTool(definition, executor, origin = {}) {
      const inputSchema = toProviderSchema(definition.inputSchema);
      add({
        presented: definition.name,
        tool: definition.name,
        server: origin.server ?? BUILTIN_SERVER,
        toolbox: origin.toolbox ?? BUILTIN_TOOLBOX,
        source: "local",
        ...(definition.annotations?.title ? { title: definition.annotations.title } : {}),
        description: definition.description,
        inputSchema,
        ...(definition.annotations ? { annotations: definition.annotations } : {}),
        validate: lazyValidator(inputSchema),
        run: executor,
        namespaced: false,
      });
      changed();
    },

    registerMcpTool(tool, origin) {
      add(mcpEntry(tool, origin));
      changed();
    },

    replaceServerTools(origin, tools) {
      for (const [key, entry] of entries) if (entry.server === origin.server) entries.delete(key);
      const registered: string[] = [];
      const dropped: Array<{ tool: string; reason: string }> = [];
      for (const tool of tools) {
        try {
          add(mcpEntry(tool, origin));
          registered.push(tool.name);
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          dropped.push({ tool: tool.name, reason });
          logger.warn(`MCP server '${origin.server}': dropped tool '${tool.name}': its schema ${reason}`);
        }
      }
      unavailable.delete(origin.server);
      changed();
      return { registered, dropped };
    },

    removeServer(server) {
      for (const [key, entry] of entries) if (entry.server === server) entries.delete(key);
      unavailable.delete(server);
      changed();
    },

    setServerAvailability(server, available, reason) {
      const was = !unavailable.has(server);
      if (available) unavailable.delete(server);
      else unavailable.set(server, reason ?? "");
      if (was !== available) changed();
    },

    definitions() {
      indexed();
      // By name, not by when a server connected: the same tools are the same bytes from start to
      // start, so which tools a model sees never depends on start-up order, and a provider can cache them.
      return [...entries.values()]
        .map((entry) => ({
          type: "function" as const,
          function: { name: entry.presented, description: entry.description, parameters: entry.inputSchema },
        }))
        .sort((a, b) => byName(a.function, b.function));
    },

    list() {
      indexed();
      return [...entries.values()].map(info).sort(byName);
    },

    find(name) {
      const found = indexed().lookup(name);
      return "found" in found ? info(found.found) : undefined;
    },

    toolboxes() {
      const boxes = new Map<string, { servers: Set<string>; tools: number }>();
      for (const entry of entries.values()) {
        let box = boxes.get(entry.toolbox);
        if (!box) boxes.set(entry.toolbox, (box = { servers: new Set(), tools: 0 }));
        box.servers.add(entry.server);
        box.tools++;
      }
      return [...boxes]
        .map(([name, box]) => ({ name, servers: [...box.servers].sort(), tools: box.tools }))
        .sort(byName);
    },

    async execute(name, args, options = {}) {
      const started = performance.now();
      const found = indexed().lookup(String(name));
      if ("found" in found) return run(found.found, args, options, started);
      const error =
        "ambiguous" in found
          ? `'${name}' is ambiguous: it could be ${found.ambiguous.map((e) => e.presented).join(", ")}. Call one of these names.`
          : `Unknown tool '${name}'.${
              found.suggestions.length
                ? ` The closest tools are: ${found.suggestions.map((e) => e.presented).join(", ")}.`
                : ""
            }`;
      return notRun(error, String(name), args, started);
    },

    async executeIdentifier(identifier, args, options = {}) {
      const started = performance.now();
      const parsed = toolIdentifierSchema.safeParse(identifier);
      const failure = (error: string, tool = "") => notRun(error, tool, args, started);
      if (!parsed.success) {
        return notRun(
          `Invalid tool identifier: ${describeIssues(parsed.error)}`,
          "",
          args,
          started,
          "invalid_arguments",
        );
      }
      const id: ToolIdentifier = parsed.data;
      const entry = entries.get(keyOf({ server: id.server, name: id.name }));
      if (!entry) {
        return failure(
          `No tool '${id.name}' on server '${id.server}'. Use list_tools to see what exists.`,
          id.name,
        );
      }
      if (entry.toolbox !== id.toolbox) {
        return failure(
          `Tool '${id.name}' on server '${id.server}' is in toolbox '${entry.toolbox}', not '${id.toolbox}'.`,
          id.name,
        );
      }
      indexed();
      return run(entry, args ?? {}, options, started);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    policy: () => policy,
    setPolicy(next) {
      policy = next;
      // The /mcp listing shows the confirmation argument only where the policy may hold.
      changed();
    },
  };
}

/**
 * Tool and toolbox names are identifiers (provider-safe ASCII), ordered by their characters: a
 * locale's collation would order them by rules meant for words (and load ICU's collation data,
 * ~3 MiB resident, into a bridge that has no other use for it without Home Assistant).
 */
function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** A call that found no tool to run: the error, in the one result shape. */
function notRun(
  error: string,
  name: string,
  args: unknown,
  started: number,
  errorCode: ToolErrorCode = "unknown_tool",
): ToolResult {
  const plainArgs = isObject(args) ? args : {};
  return {
    ok: false,
    content: error,
    error,
    errorCode,
    name,
    tool: name,
    server: "",
    toolbox: "",
    arguments: plainArgs,
    normalizedArguments: plainArgs,
    ms: performance.now() - started,
  };
}
