import { z } from "zod";
import type { Logger } from "../../log.js";
import type { JsonSchema } from "../../tools/types.js";
import { toServedSchema } from "./served-schema.js";
import { createMcpCallLog, type McpCallLog } from "./call-log.js";
import type { CallToolResult, InputRequiredResult, Tool } from "@modelcontextprotocol/server";
import type { ToolInfo, ToolRegistry } from "../../tools/registry.js";
import type { ToolResult } from "../../tools/types.js";
import { USE_TOOL_NAME, useToolDefinition } from "../../tools/use-tool.js";
import type { McpCaller } from "./caller.js";
import { isObject } from "../../shared/is-object.js";
import { describeIssues } from "../../shared/zod-issues.js";
import {
  confirmationOf,
  heldCallResult,
  refusedConfirmationResult,
  withConfirmArgument,
  type Confirmation,
} from "./confirm-argument.js";
import { createOpenHolds } from "./open-holds.js";

export type McpMode = "auto" | "flat" | "workbench";

/**
 * The protocol era a request speaks: `legacy` up to 2025-11-25 (initialize, sessions), `modern`
 * from 2026-07-28 (per-request `_meta`, multi-round-trip results). A held call is answered with
 * the confirmation arguments in the first and by an InputRequiredResult round in the second.
 */
export type McpEra = "legacy" | "modern";

/** A tools/call as the endpoint hands it over. */
export interface EndpointCall {
  caller: McpCaller;
  era: McpEra;
  signal?: AbortSignal;
  /** A modern retry's answer to an earlier InputRequiredResult. */
  requestState?: string;
  inputResponses?: Record<string, unknown>;
}

/**
 * Under `auto`, up to this many tools are listed flat. Clients cap what they send a model
 * (Cursor sends only the first 40), and accuracy drops as the list grows; above it, clients
 * get the three workbench tools and find the rest through list_tools.
 */
export const WORKBENCH_THRESHOLD = 40;

/**
 * Home Assistant gives a call 10 s, its new session included, then reports only "Timeout when
 * calling tool"; a tool that is slower gets cut off here first, with an error that names it.
 */
export const HOME_ASSISTANT_CALL_MS = 9_000;

export const LIST_TOOLBOXES_NAME = "list_toolboxes";
export const LIST_TOOLS_NAME = "list_tools";
const META_NAMES = new Set([USE_TOOL_NAME, LIST_TOOLS_NAME, LIST_TOOLBOXES_NAME]);

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const listToolboxesTool: Tool = {
  name: LIST_TOOLBOXES_NAME,
  title: "List toolboxes",
  description: "Lists the toolboxes of the bridge: each with its MCP servers and how many tools it holds.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  annotations: { title: "List toolboxes", ...readOnly },
};

const listToolsTool: Tool = {
  name: LIST_TOOLS_NAME,
  title: "List tools",
  description:
    "Lists tools with their identifier {toolbox, server, name}, description and input schema. " +
    "Narrow it with toolbox and with query (words that must all appear in the name or description). " +
    "Call a listed tool with use_tool.",
  inputSchema: {
    type: "object",
    properties: {
      toolbox: { type: "string", description: "Only tools of this toolbox (see list_toolboxes)." },
      query: { type: "string", description: "Words to look for, e.g. 'light kitchen'." },
    },
    additionalProperties: false,
  },
  annotations: { title: "List tools", ...readOnly },
};

const useTool: Tool = {
  name: useToolDefinition.name,
  title: useToolDefinition.annotations?.title ?? "Use a tool",
  description: useToolDefinition.description,
  inputSchema: toServedSchema(useToolDefinition.inputSchema).schema as Tool["inputSchema"],
  ...(useToolDefinition.annotations ? { annotations: useToolDefinition.annotations } : {}),
};

const listToolsArguments = z.strictObject({
  toolbox: z.string().trim().min(1).optional(),
  query: z.string().optional(),
});

/** The tools /mcp offers and how a call reaches the registry. */
export interface EndpointTools {
  /**
   * The listing a caller gets now (default: a token client). Under `auto`, Home Assistant gets
   * the flat list, and other clients the workbench above WORKBENCH_THRESHOLD tools.
   */
  mode(caller?: McpCaller): "flat" | "workbench";
  /** Sorted by name (use_tool last): the listing changes only when a tool does. */
  list(caller: McpCaller, era?: McpEra): Tool[];
  call(name: string, args: unknown, call: EndpointCall): Promise<CallToolResult | InputRequiredResult>;
  /** The recent calls that reached a tool, for the status page. */
  calls: McpCallLog;
}

export function createEndpointTools(
  registry: ToolRegistry,
  configured: McpMode,
  logger: Logger,
): EndpointTools {
  const calls = createMcpCallLog();
  /** What /mcp held and asked its callers to confirm (open-holds.ts). */
  const holds = createOpenHolds();
  /** Shaped once per schema the registry holds: listings are frequent, schemas rarely change. */
  const served = new WeakMap<JsonSchema, JsonSchema | null>();

  /** null: the tool is left out of the listing (still callable by name and through use_tool). */
  function servedSchema(tool: ToolInfo): JsonSchema | null {
    const cached = served.get(tool.inputSchema);
    if (cached !== undefined) return cached;
    let schema: JsonSchema | null;
    try {
      const shaped = toServedSchema(tool.inputSchema);
      if (shaped.simplified)
        logger.warn(`/mcp: tool '${tool.name}' of server '${tool.server}': ${shaped.simplified}`);
      schema = shaped.schema;
    } catch (err) {
      // One schema must never fail the listing: Home Assistant would drop every tool.
      logger.warn(
        { err },
        `/mcp: tool '${tool.name}' of server '${tool.server}' is left out of the listing: its schema could not be served`,
      );
      schema = null;
    }
    served.set(tool.inputSchema, schema);
    return schema;
  }

  /** Registry tools under a meta-tool's name (the agent's own use_tool) stay reachable through use_tool. */
  function registryTools(): ToolInfo[] {
    // By name: servers connect in any order, and clients may cache a listing by its text.
    return registry
      .list()
      .filter((t) => !META_NAMES.has(t.name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Tools whose calls the action policy may hold take the confirmation argument. */
  const mayHold = (t: ToolInfo) => registry.policy().mayHold(t);

  function modeFor(caller: McpCaller, count: number): "flat" | "workbench" {
    if (configured !== "auto") return configured;
    // HA's agents send every listed tool to the model anyway; a workbench only adds a model round
    // per action and escapes HA's argument check (bench/mcp-listing.bench.ts, DOCS.md).
    if (caller === "home-assistant") return "flat";
    return count <= WORKBENCH_THRESHOLD ? "flat" : "workbench";
  }

  function listTools(args: unknown, era: McpEra): CallToolResult {
    const parsed = listToolsArguments.safeParse(args ?? {});
    if (!parsed.success) {
      return errorResult(
        `Invalid arguments for list_tools: ${describeIssues(parsed.error)}. Parameters: toolbox?, query?.`,
      );
    }
    const { toolbox, query } = parsed.data;
    let tools = registryTools();
    if (toolbox !== undefined) {
      const boxes = registry.toolboxes().map((b) => b.name);
      if (!boxes.includes(toolbox)) {
        return errorResult(`No toolbox '${toolbox}'. Toolboxes: ${boxes.join(", ")}.`);
      }
      tools = tools.filter((t) => t.toolbox === toolbox);
    }
    const words = (query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length) {
      tools = tools.filter((t) => {
        const haystack = `${t.name} ${t.tool} ${t.server} ${t.toolbox} ${t.description}`.toLowerCase();
        return words.every((w) => haystack.includes(w));
      });
    }
    const listed = tools.map((t) => ({
      tool: { toolbox: t.toolbox, server: t.server, name: t.tool },
      ...(t.title ? { title: t.title } : {}),
      ...(era === "legacy" && mayHold(t)
        ? withConfirmArgument(t.description, t.inputSchema)
        : { description: t.description, inputSchema: t.inputSchema }),
      ...(t.annotations ? { annotations: t.annotations } : {}),
      ...(t.available ? {} : { available: false }),
    }));
    return jsonResult({ tools: listed });
  }

  return {
    mode: (caller = "token") => modeFor(caller, registryTools().length),

    list(caller, era = "legacy") {
      const tools = registryTools();
      if (modeFor(caller, tools.length) === "workbench") return [listToolboxesTool, listToolsTool, useTool];
      return [
        ...tools.flatMap((t): Tool[] => {
          const schema = servedSchema(t);
          if (!schema) return [];
          // The modern era asks through an InputRequiredResult: no argument for the model to set.
          const { description, inputSchema } =
            era === "legacy" && mayHold(t)
              ? withConfirmArgument(t.description, schema)
              : { description: t.description, inputSchema: schema };
          return [
            {
              name: t.name,
              // Home Assistant shows a tool by its top-level title and ignores annotations.title.
              ...(t.title ? { title: t.title } : {}),
              description,
              inputSchema: inputSchema as Tool["inputSchema"],
              ...(t.annotations ? { annotations: t.annotations } : {}),
            },
          ];
        }),
        useTool,
      ];
    },

    calls,

    async call(name, args, { caller, era, signal, requestState, inputResponses }) {
      const options = {
        ...(signal ? { signal } : {}),
        ...(caller === "home-assistant" ? { timeoutMs: HOME_ASSISTANT_CALL_MS } : {}),
      };
      const viaUseTool = name === USE_TOOL_NAME;
      /**
       * /mcp has no voice to ask with: a held call is answered by the caller, with the id its hold
       * gave (or `confirm: true` for the one open hold of the same call), once and in time. A
       * confirmation that answers no hold runs nothing.
       */
      const answered = async (
        result: ToolResult,
        confirmation: Confirmation,
      ): Promise<CallToolResult | InputRequiredResult> => {
        calls.record(caller, name, result);
        const held = result.held;
        if (!held) return toCallToolResult(result);
        if (era === "modern") {
          // The 2026-07-28 client is asked; the round that answers this hold's question (its id
          // is the requestState) with a yes runs the call. Confirmation arguments mean nothing here.
          // The question is made with the SDK's server helpers (confirm-input.ts), which load
          // with /mcp's first request (endpoint.ts): a modern call comes only through them.
          const { confirmationAnswer, confirmationRequest, declinedResult } =
            await import("./confirm-input.js");
          const taken = requestState !== undefined ? holds.take(requestState, held.call) : undefined;
          if (!taken?.ok) return confirmationRequest(result, holds.open(held).id);
          if (confirmationAnswer(inputResponses) !== "yes") return declinedResult(name);
        } else if (confirmation && "id" in confirmation) {
          const taken = holds.take(confirmation.id, held.call);
          if (!taken.ok) return refusedConfirmationResult(taken.why, name);
        } else if (!confirmation || !holds.takeOnly(held.call).ok) {
          return heldCallResult(result, name, holds.open(held), {
            viaUseTool,
            unanswered: confirmation !== undefined,
          });
        }
        const { toolbox, server, name: tool, args: pinned } = held.call;
        const ran = await registry.executeIdentifier({ toolbox, server, name: tool }, pinned, {
          ...options,
          confirmed: true,
        });
        calls.record(caller, name, ran);
        return toCallToolResult(ran);
      };
      if (viaUseTool) {
        const input = isObject(args) ? args : {};
        const id = isObject(input.tool) ? input.tool : {};
        const tool = registry
          .list()
          .find((t) => t.toolbox === id.toolbox && t.server === id.server && t.tool === id.name);
        const inner = confirmationOf(tool, input.arguments ?? {});
        return answered(
          await registry.executeIdentifier(input.tool, inner.args, options),
          inner.confirmation,
        );
      }
      if (modeFor(caller, registryTools().length) === "workbench") {
        if (name === LIST_TOOLBOXES_NAME) return jsonResult({ toolboxes: registry.toolboxes() });
        if (name === LIST_TOOLS_NAME) return listTools(args, era);
      }
      // A tool called by name in workbench mode still works: the registry resolves every name form.
      const given = confirmationOf(registry.find(name), args ?? {});
      return answered(await registry.execute(name, given.args, options), given.confirmation);
    },
  };
}

/** An MCP tool's result as its server sent it; a local tool's (or a failure's) text otherwise. */
function toCallToolResult(result: ToolResult): CallToolResult {
  return {
    content: result.contentBlocks ?? [{ type: "text", text: result.content }],
    ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
    ...(result.ok ? {} : { isError: true }),
  };
}

function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
