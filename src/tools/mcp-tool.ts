import { SdkError, SdkErrorCode, type CallToolResult } from "@modelcontextprotocol/client";
import { contentAsText } from "./content-text.js";
import type { ToolAnnotations, ToolCallContext, ToolOutput } from "./types.js";
import { isObject } from "../shared/is-object.js";

/**
 * The part of the MCP SDK's `Client` a tool is called through. The registry owns this interface
 * so that `tools/` never imports `mcp/` (docs/architecture.md, Folders and imports).
 */
export interface McpToolClient {
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

/** One tool of an MCP server, as the server's `tools/list` describes it, and the client to call it through. */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  /** The server's JSON schema for the arguments, unchecked until the registry converts it. */
  inputSchema: unknown;
  annotations?: ToolAnnotations;
  client: McpToolClient;
}

/** Calls the tool on its server; the result's content blocks and structuredContent are kept whole for /mcp. */
export async function runMcpTool(
  tool: McpTool,
  args: Record<string, unknown>,
  context: ToolCallContext,
): Promise<ToolOutput> {
  try {
    // The signal aborts on the tool's timeout or the turn's end: the SDK then sends
    // notifications/cancelled, so the server stops rather than acting after we said it failed.
    const result = await tool.client.callTool(
      { name: tool.name, arguments: args },
      { signal: context.signal },
    );
    return fromCallToolResult(result as CallToolResult);
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
 * A server's own failure arrives as a result with `isError`, in its own words. What the SDK
 * throws is about the way there: the words for the model depend on the error code, not the text.
 */
function errorText(tool: string, err: unknown): string {
  if (SdkError.isInstance(err)) {
    if (err.code === SdkErrorCode.RequestTimeout) return `${tool} timed out waiting for its MCP server.`;
    if (err.code === SdkErrorCode.ConnectionClosed || err.code === SdkErrorCode.NotConnected) {
      return `The MCP server of ${tool} closed the connection; it is being restarted.`;
    }
  }
  const message = err instanceof Error ? err.message : String(err);
  return message || `${tool} failed`;
}
