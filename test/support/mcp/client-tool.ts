// An MCP tool as the registry receives it from `listServerTools`: a name, the server's schema and
// a client with the MCP SDK Client's `callTool` contract. A server's answer is a CallToolResult (a
// failure in the server's words is `isError: true`); what goes wrong on the way is thrown, as the
// SDK throws it (an McpError with its code, or "Not connected").
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpTool } from "../../../src/tools/mcp-tool.js";

export type ServerAnswer = (args: Record<string, unknown>) => CallToolResult | Promise<CallToolResult>;

export function clientTool(
  name: string,
  inputSchema: Record<string, unknown>,
  answer: ServerAnswer,
  extra: Partial<Pick<McpTool, "description" | "annotations">> = {},
): McpTool {
  return {
    name,
    description: extra.description ?? name,
    inputSchema,
    ...(extra.annotations ? { annotations: extra.annotations } : {}),
    client: {
      async callTool(params) {
        if (params.name !== name) throw new Error(`unknown tool ${params.name}`);
        return answer(params.arguments);
      },
    },
  };
}

/** A server tool that answers with the arguments it received, as JSON text. */
export function echoTool(name: string, inputSchema: Record<string, unknown>): McpTool {
  return clientTool(
    name,
    inputSchema,
    (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }),
    {
      description: `${name} (echo)`,
    },
  );
}

/** A tool whose every call the client fails with `error`, before any server answers. */
export function failingTool(name: string, error: Error): McpTool {
  return clientTool(name, { type: "object", properties: {} }, () => Promise.reject(error));
}
