import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { contentAsText } from "./content-text.js";
import type { ToolAnnotations, ToolCallContext, ToolOutput } from "./types.js";
import { isObject } from "../shared/is-object.js";

/** The MCP SDK client an MCP server's tools are called through. */
export interface McpToolClient {
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    resultSchema?: undefined,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

interface ToolBase {
  name: string;
  description?: string;
  /** For MCP tools, the server's JSON schema. */
  schema: unknown;
  metadata?: Record<string, unknown> & { annotations?: ToolAnnotations };
}

/** A LangChain tool, called through `invoke`. */
interface InvokableTool extends ToolBase {
  invoke(input: Record<string, unknown>, config?: { signal?: AbortSignal }): Promise<unknown>;
  mcpClient?: never;
}

/**
 * An MCP server's tool, called through the server's client: the result's content blocks and
 * structuredContent reach /mcp as the server sent them.
 */
interface McpServerTool extends ToolBase {
  mcpClient: McpToolClient;
  invoke?: never;
}

/** What the registry needs of a tool it did not define itself. */
export type LangChainToolLike = InvokableTool | McpServerTool;

const SERVER_ERROR = /^MCP tool '.*?' on server '.*?' returned an error: ([\s\S]*)$/;

export async function runLangChainTool(
  tool: LangChainToolLike,
  args: Record<string, unknown>,
  context: ToolCallContext,
): Promise<ToolOutput> {
  try {
    if (tool.mcpClient) {
      const result = await tool.mcpClient.callTool({ name: tool.name, arguments: args }, undefined, {
        signal: context.signal,
      });
      return fromCallToolResult(result as CallToolResult);
    }
    return toToolOutput(await tool.invoke(args, { signal: context.signal }));
  } catch (err) {
    return { text: errorText(tool.name, err), isError: true };
  }
}

function fromCallToolResult(result: CallToolResult): ToolOutput {
  const content = Array.isArray(result.content) ? result.content : [];
  const structured = isObject(result.structuredContent) ? result.structuredContent : undefined;
  return {
    text: contentAsText(content, structured),
    content,
    ...(structured ? { structuredContent: structured } : {}),
    ...(result.isError ? { isError: true } : {}),
  };
}

/**
 * The adapter returns a string for one text block, an object when the server sent
 * structuredContent, and a list of blocks otherwise.
 */
function toToolOutput(content: unknown): ToolOutput {
  if (typeof content === "string") return { text: content };
  const blocks = Array.isArray(content) ? content : [content];
  const texts: string[] = [];
  let structuredContent: Record<string, unknown> | undefined;
  for (const block of blocks) {
    if (typeof block === "string") texts.push(block);
    else if (isObject(block)) {
      if (typeof block.text === "string") texts.push(block.text);
      else if (typeof block.type === "string") texts.push(`[${block.type}]`);
      if (isObject(block.structuredContent)) structuredContent = block.structuredContent;
    }
  }
  return { text: texts.join("\n"), ...(structuredContent ? { structuredContent } : {}) };
}

/** The server's own words when it returned an error; otherwise what went wrong on the way. */
function errorText(tool: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const serverError = SERVER_ERROR.exec(message);
  if (serverError?.[1] !== undefined) return serverError[1];
  // Only the SDK's own request timeout and a closed transport are ours to word; a server's
  // message that merely says "timed out" is the server's and passes unchanged.
  if (/MCP error -32001\b/.test(message)) return `${tool} timed out waiting for its MCP server.`;
  if (
    /MCP error -32000: Connection closed|^(Error calling tool \S+: )?(Error: )?Not connected\b/.test(message)
  ) {
    return `The MCP server of ${tool} closed the connection; it is being restarted.`;
  }
  if (/did not match expected schema/i.test(message)) {
    return `The arguments for ${tool} did not match its schema.`;
  }
  return message.replace(/^Error calling tool \S+: /, "");
}
