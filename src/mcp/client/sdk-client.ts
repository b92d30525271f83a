// The MCP SDK's own Client, one per server. Tools are called through it directly, so results keep
// every content block and their structuredContent, and `local` mode loads no LangChain at all.
import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { McpTool, McpToolClient } from "../../tools/mcp-tool.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/client/validators/cf-worker";
import { VERSION } from "../../version.js";
import type { McpServerConfig } from "./server-config.js";

const schemaValidator = new CfWorkerJsonSchemaValidator();

/** Connects to one server: a worker thread, a stdio child, or Streamable HTTP with SSE as fallback. */
export async function connectMcpClient(config: McpServerConfig): Promise<Client> {
  // The Z-Wave worker is our own server, of the same build, and serves both eras: the 2025 one
  // (initialize once) spares every call the 2026-07-28 per-request envelope, which each side
  // stamps, checks with its own schema and routes on, on the path of every Z-Wave action.
  if (config.openWorker) return connected(config.openWorker(), "legacy");
  if (!config.url) {
    // Stdio children are asked in the 2025 way (initialize), which 2.x servers (`serveStdio`) serve
    // too: the SDK's 2026-07-28 probe on stdio starts each child a second time, which doubles the
    // start-up of every stdio server on a small machine.
    return connected(
      new StdioClientTransport({
        command: config.command ?? "",
        args: config.args ?? [],
        // The child gets only the SDK's few safe variables plus what the bridge passes on purpose.
        ...(config.env ? { env: { ...getDefaultEnvironment(), ...config.env } } : {}),
        stderr: "inherit",
      }),
      "legacy",
    );
  }
  const url = new URL(config.url);
  const options = config.headers ? { requestInit: { headers: config.headers } } : {};
  try {
    return await connected(new StreamableHTTPClientTransport(url, options));
  } catch (err) {
    // Servers from before Streamable HTTP speak only the older SSE transport.
    return connected(new SSEClientTransport(url, options)).catch(() => Promise.reject(err));
  }
}

async function connected(transport: Transport, era: "auto" | "legacy" = "auto"): Promise<Client> {
  const client = new Client(
    { name: "mcp-assist-bridge", version: VERSION },
    {
      // The validator the servers use, for the same reasons (src/shared/mcp-schema-validator.ts).
      jsonSchemaValidator: schemaValidator,
      // `auto` asks the server for 2026-07-28 (server/discover) and falls back to initialize for
      // servers of the 2025 revisions: a server that speaks only one era works either way.
      versionNegotiation: { mode: era },
    },
  );
  try {
    await client.connect(transport);
  } catch (err) {
    await transport.close().catch(() => undefined);
    throw err;
  }
  return client;
}

/** The stdio child's pid, to make sure it is gone after close. */
export function childPidOf(client: Client): number | undefined {
  return (client.transport as { pid?: number | null } | undefined)?.pid ?? undefined;
}

/**
 * Every tool of the server (all pages), in the shape the registry takes; each is called through
 * `caller` (the client itself, or src/mcp/client/own-server-caller.ts for our own worker).
 */
export async function listServerTools(client: Client, caller: McpToolClient = client): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    for (const tool of page.tools) {
      tools.push({
        name: tool.name,
        ...(tool.title ? { title: tool.title } : {}),
        ...(tool.description ? { description: tool.description } : {}),
        inputSchema: tool.inputSchema,
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
        client: caller,
      });
    }
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}
