import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { ToolDefinitionForProvider, ToolInfo, ToolRegistry } from "../../tools/registry.js";
import { createOfferedTools, type OfferedTools } from "../reply-repair/offered-tools.js";

/** The model with tools bound; rebinding costs ~2 ms, so a tool set is bound once. */
export type ToolBoundModel = NonNullable<ReturnType<NonNullable<BaseChatModel["bindTools"]>>>;

export interface RegisteredTool {
  info: ToolInfo;
  definition: ToolDefinitionForProvider;
}

/** What one request offers: the model bound to those tools, and the same tools for the reply repair. */
export interface Offer {
  model: ToolBoundModel;
  /** Every registered tool, as the reply repair reads calls against them (llm-turn.ts says why). */
  callable: OfferedTools;
  names: readonly string[];
  definitions: readonly ToolDefinitionForProvider[];
}

/** The tools of one turn: those chosen up front, and those found or asked for since. */
export interface TurnTools {
  current(): Offer;
  /** Offers these registered tools from the next request on; returns the ones that were new. */
  add(names: readonly string[]): string[];
  /** Whether the name is offered now (its presented name). */
  offers(name: string): boolean;
}

/** The registry's tools by presented name, and bound models by tool set, rebuilt when the tools change. */
export function createToolCatalog(model: BaseChatModel, registry: ToolRegistry) {
  let tools: Map<string, RegisteredTool> | undefined;
  let callable: OfferedTools | undefined;
  const bound = new Map<string, ToolBoundModel>();
  registry.onChange(() => {
    tools = undefined;
    callable = undefined;
    bound.clear();
  });

  function all(): ReadonlyMap<string, RegisteredTool> {
    if (tools) return tools;
    const definitions = new Map(registry.definitions().map((d) => [d.function.name, d]));
    tools = new Map(
      registry.list().flatMap((info) => {
        const definition = definitions.get(info.name);
        return definition ? [[info.name, { info, definition }] as const] : [];
      }),
    );
    return tools;
  }

  function offer(names: readonly string[]): Offer | undefined {
    const known = all();
    const sorted = [...new Set(names)].filter((n) => known.has(n)).sort();
    const key = sorted.join("\n");
    const chosen = sorted.map((name) => known.get(name)!);
    const definitions = chosen.map((t) => t.definition);
    let withTools = bound.get(key);
    if (!withTools) {
      withTools = model.bindTools?.(definitions);
      if (!withTools) return undefined;
      // A few tool sets recur (the same sentences, the same follow-ups); the rest are rebound.
      if (bound.size >= 64) bound.delete(bound.keys().next().value!);
      bound.set(key, withTools);
    }
    callable ??= createOfferedTools(
      [...known.values()].map(({ info }) => ({
        presented: info.name,
        server: info.server,
        tool: info.tool,
        inputSchema: info.inputSchema,
      })),
    );
    return { model: withTools, callable, names: sorted, definitions };
  }

  return {
    all,
    /** Whether this model can be offered tools at all. */
    canCallTools: () => typeof model.bindTools === "function",
    turn(initial: readonly string[]): TurnTools {
      const names = new Set(initial);
      let current: Offer | undefined;
      return {
        current() {
          return (current ??= offer([...names])!);
        },
        add(more) {
          const added = more.filter((name) => all().has(name) && !names.has(name));
          for (const name of added) names.add(name);
          if (added.length) current = undefined;
          return added;
        },
        offers: (name) => names.has(name),
      };
    },
  };
}

export type ToolCatalog = ReturnType<typeof createToolCatalog>;
