import type { LocalToolDefinition } from "./types.js";

export const USE_TOOL_NAME = "use_tool";

/** Call any tool by its structured identifier, as listed by list_tools. */
export const useToolDefinition: LocalToolDefinition = {
  name: USE_TOOL_NAME,
  description:
    "Call any tool of the bridge by its structured identifier {toolbox, server, name} (as returned by list_tools), with its arguments.",
  inputSchema: {
    type: "object",
    properties: {
      tool: {
        type: "object",
        description: "Which tool to call.",
        properties: {
          toolbox: { type: "string", description: "The toolbox the tool belongs to, e.g. home." },
          server: { type: "string", description: "The MCP server that offers the tool." },
          name: { type: "string", description: "The tool's own name on that server." },
        },
        required: ["toolbox", "server", "name"],
        additionalProperties: false,
      },
      arguments: { type: "object", description: "The tool's arguments." },
    },
    required: ["tool"],
  },
  annotations: { title: "Use a tool", openWorldHint: true },
};
