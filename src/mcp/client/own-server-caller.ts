// How the bridge calls the tools of its own Z-Wave server in the worker thread: a plain
// `tools/call` request through the SDK's `Client.request` with a result check of our own, instead
// of `Client.callTool`. The wire is the same MCP request and result; what is left out is work the
// SDK does on top of it for a server it cannot trust:
// - before each request, `Protocol.request` probes the era's result schema by validating
//   `undefined` against it, and formats the ZodError that fails (`codecResultValidator`);
// - after it, `callTool` checks the structuredContent against the tool's outputSchema, which the
//   server (`McpServer.validateToolOutput`) has just checked against the same schema, in the same
//   build, and which the bridge reads through zod schemas of its own again
//   (src/zwave-host/zwave-client.ts, src/agent/turn-tool-call.ts).
// User-configured servers are still called through `callTool`.
import type { Client, StandardSchemaV1 } from "@modelcontextprotocol/client";
import type { McpToolClient } from "../../tools/mcp-tool.js";
import { isObject } from "../../shared/is-object.js";

/** What the registry reads of a result (src/tools/mcp-tool.ts): an object whose `content` is a list. */
const toolResult: StandardSchemaV1<unknown, Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "mcp-assist-bridge",
    validate(value) {
      if (!isObject(value)) return { issues: [{ message: "the result is not an object" }] };
      if (!Array.isArray(value.content)) return { issues: [{ message: "the result has no content list" }] };
      if (value.structuredContent !== undefined && !isObject(value.structuredContent))
        return { issues: [{ message: "its structuredContent is not an object" }] };
      return { value };
    },
  },
};

export function ownServerCaller(client: Pick<Client, "request">): McpToolClient {
  return {
    callTool: (params, options) =>
      client.request(
        { method: "tools/call", params },
        toolResult,
        options?.signal ? { signal: options.signal } : {},
      ),
  };
}
