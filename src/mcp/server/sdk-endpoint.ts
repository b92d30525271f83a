// The SDK side of /mcp: a server per caller and era, the sessions of the 2025 era, the Node HTTP
// adapter. It loads with the first request to /mcp (endpoint.ts): the SDK's server package is
// ~500 KiB of code that a bridge whose /mcp nobody calls never runs.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type * as NodeAdapter from "@modelcontextprotocol/node";
import type { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  Server,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import type { Logger } from "../../log.js";
import { mcpSchemaValidator } from "../../shared/mcp-schema-validator.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { McpCaller } from "./caller.js";
import type { EndpointTools, McpEra } from "./endpoint-tools.js";

/**
 * The SDK's Node HTTP adapter loads with the first request to /mcp. Loading it makes Node load
 * its fetch classes (undici's Request, Response, Headers), ~13 MiB of resident memory
 * (bench/footprint), which a bridge whose /mcp nobody calls, and that has no other use for fetch,
 * never needs.
 */
let nodeAdapter: Promise<typeof NodeAdapter> | undefined;
function loadNodeAdapter(): Promise<typeof NodeAdapter> {
  return (nodeAdapter ??= import("@modelcontextprotocol/node"));
}

/**
 * How long a 2026-07-28 client may keep a tool listing (`ttlMs`). The listing is the caller's own
 * (Home Assistant's differs from a token client's), hence `private`; a change within it reaches
 * clients that listen (`subscriptions/listen`) at once.
 */
const TOOL_LIST_TTL_MS = 30_000;

/** Clients that never send DELETE would otherwise leave their sessions behind forever. */
const MAX_SESSIONS = 100;
/**
 * The longest a listing asked during start-up waits for the start-up's tools: within the 10 s
 * Home Assistant's MCP client gives a connection and its listing (components/mcp/coordinator.py
 * `TIMEOUT`), so that it gets an answer rather than a failed setup.
 */
const STARTUP_LISTING_WAIT_MS = 8000;
/** A server that restarts fires several registry changes in a row; clients get one notification. */
const LIST_CHANGED_DELAY_MS = 50;

interface Session {
  server: Server;
  transport: NodeStreamableHTTPServerTransport;
  caller: McpCaller;
}

/** What of the endpoint (endpoint.ts) runs on the SDK: all but its tools. */
export interface SdkEndpoint {
  /** `body` is what a POST carried (already read, within the server's size limit). */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer | undefined,
    caller: McpCaller,
  ): Promise<void>;
  /** Open stateful sessions. */
  sessionCount(): number;
  close(): Promise<void>;
}

export function createSdkEndpoint(options: {
  registry: ToolRegistry;
  tools: EndpointTools;
  version: string;
  logger: Logger;
  toolsListed?: Promise<void>;
}): SdkEndpoint {
  const { registry, tools, logger } = options;
  // Home Assistant lists the tools when it sets up its entry, and next 30 minutes later, in a
  // session that hears no tools/list_changed (docs/architecture.md, /mcp). An entry set up (or
  // retried) while the bridge starts would otherwise keep a listing without the Z-Wave tools.
  const startup =
    options.toolsListed &&
    Promise.race([
      options.toolsListed,
      new Promise<void>((resolve) => setTimeout(resolve, STARTUP_LISTING_WAIT_MS).unref()),
    ]);
  // Insertion order is recency order: a session is re-inserted on every request.
  const sessions = new Map<string, Session>();
  /** The 2026-07-28 handler per caller: each serves its caller's listing and calls. */
  const modern = new Map<McpCaller, McpHttpHandler>();
  let notifyTimer: NodeJS.Timeout | undefined;

  function createServer(caller: McpCaller, era: McpEra): Server {
    const server = new Server(
      // Home Assistant titles its config entry (and the LLM API its agents offer) with `name`.
      { name: "mcp-assist-bridge", title: "MCP Assist Bridge", version: options.version },
      {
        capabilities: { tools: { listChanged: true } },
        jsonSchemaValidator: mcpSchemaValidator,
        cacheHints: { "tools/list": { ttlMs: TOOL_LIST_TTL_MS, cacheScope: "private" } },
      },
    );
    server.setRequestHandler("tools/list", async () => {
      await startup;
      return { tools: tools.list(caller, era) };
    });
    server.setRequestHandler("tools/call", (request, ctx) => {
      const state = ctx.mcpReq.requestState();
      return tools.call(request.params.name, request.params.arguments, {
        caller,
        era,
        signal: ctx.mcpReq.signal,
        ...(typeof state === "string" ? { requestState: state } : {}),
        ...(ctx.mcpReq.inputResponses ? { inputResponses: ctx.mcpReq.inputResponses } : {}),
      });
    });
    return server;
  }

  function modernHandler(caller: McpCaller): McpHttpHandler {
    let handler = modern.get(caller);
    if (!handler) {
      handler = createMcpHandler(() => createServer(caller, "modern"), {
        // 2025-era requests never reach it: they are served below, with sessions as before.
        legacy: "reject",
        onerror: (err) => logger.debug({ err }, "/mcp: 2026-07-28 request failed"),
      });
      modern.set(caller, handler);
    }
    return handler;
  }

  const stopListening = registry.onChange(() => {
    if (notifyTimer || (sessions.size === 0 && modern.size === 0)) return;
    notifyTimer = setTimeout(() => {
      notifyTimer = undefined;
      for (const handler of modern.values()) handler.notify.toolsChanged();
      for (const [id, session] of sessions) {
        session.server.sendToolListChanged().catch((err: unknown) => {
          logger.debug({ err, session: id }, "MCP session: tools/list_changed not delivered");
        });
      }
    }, LIST_CHANGED_DELAY_MS);
    notifyTimer.unref();
  });

  async function closeSession(id: string, session: Session) {
    sessions.delete(id);
    await session.transport.close().catch(() => undefined);
    await session.server.close().catch(() => undefined);
  }

  async function openSession(req: IncomingMessage, res: ServerResponse, body: unknown, caller: McpCaller) {
    const { NodeStreamableHTTPServerTransport: Transport } = await loadNodeAdapter();
    const server = createServer(caller, "legacy");
    const transport: NodeStreamableHTTPServerTransport = new Transport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessions.set(id, { server, transport, caller });
        const oldest = sessions.size > MAX_SESSIONS ? sessions.entries().next().value : undefined;
        if (oldest) {
          logger.debug(`MCP session ${oldest[0]} closed: more than ${MAX_SESSIONS} sessions open`);
          void closeSession(oldest[0], oldest[1]);
        }
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** A request without a session id that is not `initialize`: answered by a server of its own. */
  async function answerStateless(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    caller: McpCaller,
  ) {
    const { NodeStreamableHTTPServerTransport: Transport } = await loadNodeAdapter();
    const server = createServer(caller, "legacy");
    const transport = new Transport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on("close", () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  return {
    async handle(req, res, raw, caller) {
      let body: unknown;
      if (req.method === "POST") {
        try {
          body = JSON.parse(raw?.toString("utf8") ?? "");
        } catch {
          return rpcError(res, 400, -32700, "Parse error: Invalid JSON");
        }
      }
      const adapter = await loadNodeAdapter();
      if (!(await isLegacyRequest(await adapter.toWebRequest(req, body), body))) {
        return adapter.toNodeHandler(modernHandler(caller))(req, res, body);
      }
      const sessionId = req.headers["mcp-session-id"];
      if (typeof sessionId === "string" && sessionId !== "") {
        const session = sessions.get(sessionId);
        // A session belongs to the way it was opened: the discovery path's sessions are not a token client's.
        if (session?.caller !== caller) return rpcError(res, 404, -32001, "Session not found");
        sessions.delete(sessionId);
        sessions.set(sessionId, session);
        return session.transport.handleRequest(req, res, body);
      }
      if (req.method === "POST") {
        const initialize = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
        return initialize ? openSession(req, res, body, caller) : answerStateless(req, res, body, caller);
      }
      if (req.method === "GET") {
        // Only a session has a stream of its own for server notifications.
        return rpcError(res, 405, -32000, "Method not allowed: GET needs an Mcp-Session-Id", {
          Allow: "POST, DELETE",
        });
      }
      if (req.method === "DELETE")
        return rpcError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
      return rpcError(res, 405, -32000, "Method not allowed", { Allow: "GET, POST, DELETE" });
    },

    sessionCount: () => sessions.size,

    async close() {
      stopListening();
      clearTimeout(notifyTimer);
      await Promise.all([
        ...[...sessions].map(([id, session]) => closeSession(id, session)),
        ...[...modern.values()].map((handler) => handler.close()),
      ]);
    },
  };
}

function rpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
