/**
 * A client that uses an MCP server the way Home Assistant's `mcp` integration does
 * (homeassistant/components/mcp/coordinator.py, helpers/llm.py):
 * - no Authorization header (a discovered entry has no token);
 * - a new Streamable HTTP session for every listing and every call: initialize, the one request,
 *   then the session is ended; each within 10 s (`TIMEOUT = 10`), initialize included;
 * - every tool's inputSchema through voluptuous-openapi's `convert_to_voluptuous`, and one that
 *   fails fails the whole listing (`UpdateFailed`);
 * - a call's arguments go through the converted schema first (llm.py `tool.parameters(args)`);
 * - the result is the CallToolResult's JSON (`model_dump(exclude_unset, exclude_none)`).
 *
 *   const tools = await haListTools(url);
 *   const result = await haCallTool(url, tools, "control_zwave_device", { ... });
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { convertToVoluptuous, type Validator } from "./voluptuous-openapi-check.js";

/** coordinator.py TIMEOUT: a listing or a call, each in its own session, initialize included. */
export const HA_TIMEOUT_MS = 10_000;

export class UpdateFailed extends Error {
  override name = "UpdateFailed";
}

export interface HaTool {
  name: string;
  description: string | undefined;
  parameters: Validator;
  inputSchema: Tool["inputSchema"];
}

async function withSession<T>(url: URL, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: "mcp", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(url);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HA_TIMEOUT_MS / 1000} s`)), HA_TIMEOUT_MS);
  });
  const work = (async () => {
    try {
      await client.connect(transport);
      return await use(client);
    } finally {
      // The Python client ends its session with DELETE when the context manager exits.
      await transport.terminateSession().catch(() => undefined);
      await client.close().catch(() => undefined);
    }
  })();
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `_async_update_data`: list, then convert every schema; the first failure fails them all. */
export async function haListTools(url: URL): Promise<HaTool[]> {
  const { tools } = await withSession(url, (client) => client.listTools());
  return tools.map((tool) => {
    let parameters: Validator;
    try {
      parameters = convertToVoluptuous(tool.inputSchema);
    } catch (err) {
      throw new UpdateFailed(
        `Error converting schema ${(err as Error).message}: ${JSON.stringify(tool.inputSchema)}`,
      );
    }
    return { name: tool.name, description: tool.description, parameters, inputSchema: tool.inputSchema };
  });
}

/** llm.py + `ModelContextProtocolTool.async_call`: validate, then one session for the call. */
export async function haCallTool(
  url: URL,
  tools: readonly HaTool[],
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`Tool "${name}" not found`);
  const validated = tool.parameters(args) as Record<string, unknown>;
  const result = await withSession(url, (client) => client.callTool({ name, arguments: validated }));
  return JSON.parse(JSON.stringify(result)) as CallToolResult;
}
