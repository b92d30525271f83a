/**
 * A client that uses an MCP server the way Home Assistant's `mcp` integration does
 * (homeassistant/components/mcp/coordinator.py, helpers/llm.py):
 * - no Authorization header (a discovered entry has no token);
 * - a new Streamable HTTP session for every listing and every call: initialize, the one request,
 *   then the session is ended; each within 10 s (`TIMEOUT = 10`), initialize included;
 * - every tool's inputSchema converted, and one that fails fails the whole listing
 *   (`UpdateFailed`): with probatio's `from_openapi` from 2026.9 (the default here), with
 *   voluptuous-openapi's `convert_to_voluptuous` before (`{ client: "voluptuous-openapi" }`);
 * - the tool's top-level `title`, and its four hints mapped to HA's own annotations;
 * - an HTTP 401 on a listing or a call starts a re-authentication (`ConfigEntryAuthFailed`),
 *   any other failure is `UpdateFailed` (retried) or `HomeAssistantError` (for a call);
 * - a call's arguments go through the converted schema first (llm.py `tool.parameters(args)`);
 * - the result is the CallToolResult's JSON (`model_dump(exclude_unset, exclude_none)`).
 *
 *   const tools = await haListTools(url);
 *   const result = await haCallTool(url, tools, "control_zwave_device", { ... });
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { fromOpenapi } from "./probatio-check.js";
import { convertToVoluptuous } from "./voluptuous-openapi-check.js";

/** coordinator.py TIMEOUT: a listing or a call, each in its own session, initialize included. */
export const HA_TIMEOUT_MS = 10_000;

/** Which schema conversion the HA version uses: probatio from 2026.9, voluptuous-openapi before. */
export type HaSchemaClient = "probatio" | "voluptuous-openapi";

export class UpdateFailed extends Error {
  override name = "UpdateFailed";
}

/** A 401: HA starts a re-authentication flow for the entry (coordinator.py). */
export class ConfigEntryAuthFailed extends Error {
  override name = "ConfigEntryAuthFailed";
}

export interface HaTool {
  name: string;
  /** The top-level `title` HA passes on (`tool.title`). */
  title: string | undefined;
  description: string | undefined;
  parameters: (args: unknown) => unknown;
  inputSchema: Tool["inputSchema"];
  /** `_tool_annotations`: the hints the server declares, under HA's names. */
  annotations: { read_only?: boolean; destructive?: boolean; idempotent?: boolean; open_world?: boolean };
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
  } catch (err) {
    if ((err as { code?: unknown }).code === 401) {
      throw new ConfigEntryAuthFailed(`The MCP server requires authentication: ${(err as Error).message}`);
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** `_async_update_data`: list, then convert every schema; the first failure fails them all. */
export async function haListTools(url: URL, options: { client?: HaSchemaClient } = {}): Promise<HaTool[]> {
  const convert = (options.client ?? "probatio") === "probatio" ? fromOpenapi : convertToVoluptuous;
  let tools: Tool[];
  try {
    ({ tools } = await withSession(url, (client) => client.listTools()));
  } catch (err) {
    if (err instanceof ConfigEntryAuthFailed) throw err;
    throw new UpdateFailed(`Error communicating with API: ${(err as Error).message}`);
  }
  return tools.map((tool) => {
    let parameters: (args: unknown) => unknown;
    try {
      parameters = convert(tool.inputSchema);
    } catch (err) {
      throw new UpdateFailed(
        `Error converting schema ${(err as Error).message}: ${JSON.stringify(tool.inputSchema)}`,
      );
    }
    const hints = tool.annotations ?? {};
    const annotations = Object.fromEntries(
      (
        [
          ["read_only", hints.readOnlyHint],
          ["destructive", hints.destructiveHint],
          ["idempotent", hints.idempotentHint],
          ["open_world", hints.openWorldHint],
        ] as const
      ).filter(([, value]) => value !== undefined),
    );
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      parameters,
      inputSchema: tool.inputSchema,
      annotations,
    };
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
