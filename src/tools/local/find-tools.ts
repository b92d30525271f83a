import { z } from "zod";
import type { LocalTool, LocalToolDefinition, ToolExecutor } from "../types.js";
import type { ToolSearch } from "../tool-search.js";
import { failure, parseArgs } from "./home-entity.js";
import { inputSchemaOf } from "./input-schema.js";

export const FIND_TOOLS = "find_tools";
const MAX_RESULTS = 5;

const argsSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, "say what the tool should do")
    .describe('What the tool should do, e.g. "thermostat setpoint"'),
});

const definition: LocalToolDefinition = {
  name: FIND_TOOLS,
  description: "Find more tools by what they do. Returns their definitions; they can be called next.",
  inputSchema: inputSchemaOf(argsSchema),
  annotations: { title: "Find tools", readOnlyHint: true, idempotentHint: true },
};

/** One found tool as the model reads it: what it needs to call it, and no more. */
export interface FoundTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * `find_tools {query}`: the tool search (docs/architecture.md, Tools offered per turn). A model is
 * offered the tools its sentence needs, not every tool; this finds the others. The found tools are
 * typed in `structuredContent.tools`, so the agent offers them by name in its next request.
 */
export function findToolsTool(search: ToolSearch): LocalTool {
  const executor: ToolExecutor = async (args) => {
    const parsed = parseArgs(definition.name, argsSchema, args);
    if (!parsed.ok) return parsed.output;
    const matches = await search.search(parsed.value.query, {
      limit: MAX_RESULTS,
      filter: (tool) => tool.name !== FIND_TOOLS && tool.available,
    });
    if (!matches.length)
      return failure("not_found", `No tool matches "${parsed.value.query}". Try other words.`);
    const tools: FoundTool[] = matches.map(({ tool }) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
    }));
    return { text: JSON.stringify(tools), structuredContent: { tools } };
  };
  return { definition, executor };
}
