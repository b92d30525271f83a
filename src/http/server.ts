import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../log.js";
import type { DiscoveryPath } from "../mcp/server/discovery-secret.js";
import { createMcpEndpoint } from "../mcp/server/endpoint.js";
import { handleConversation, handleTools } from "./api.js";
import { createAuth, type AuthOptions } from "./auth.js";
import { readBody, requireJsonContentType } from "./body.js";
import type { BridgeView } from "./bridge-view.js";
import { refuseCrossSite } from "./cross-site.js";
import { createHostCheck } from "./host-check.js";
import { canonicalPath } from "./request-path.js";
import { HttpError, sendError, sendJson } from "./respond.js";
import { createStatusLogin } from "./status-page/login.js";
import { createStatusPage, STATUS_PATHS } from "./status-page/routes.js";

/** MCP requests carry one JSON-RPC message (or a small batch) with a tool's arguments. */
const MCP_BODY_LIMIT = 1024 * 1024;
/** Methods that only read; every other one may act on the home. */
const SAFE_METHODS = ["GET", "HEAD", "OPTIONS"];

export interface HttpServerOptions {
  port: number;
  /** Interface to listen on; default all (Ingress, Home Assistant and LAN clients reach the add-on). */
  host?: string;
  deps: BridgeView;
  auth: AuthOptions;
  logger: Logger;
  /** Host names, besides localhost, IP literals and this machine's name, accepted from clients without a token. */
  allowedHosts?: readonly string[];
  /** The secret /mcp path announced to Home Assistant through Supervisor discovery; needs no token. */
  mcpDiscovery?: DiscoveryPath;
}

export interface HttpServer {
  port: number;
  close(): Promise<void>;
}

/** /api/conversation, /api/tools, /healthz, /mcp and the status page (docs/architecture.md, Network). */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const { deps, logger } = options;
  const auth = createAuth(options.auth);
  const hostAllowed = createHostCheck(options.allowedHosts);
  const endpoint = createMcpEndpoint({
    registry: deps.registry,
    mode: deps.mcpMode,
    version: deps.version,
    logger,
    ...(deps.toolsListed ? { toolsListed: deps.toolsListed } : {}),
  });
  const page = createStatusPage({ deps, endpoint, logger });
  // With an api_token, a browser that opens the page directly can sign in with it.
  const login = auth.hasToken ? createStatusLogin(auth) : undefined;

  async function route(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === "/healthz") {
      allowMethods(req, ["GET", "HEAD"]);
      return sendJson(res, 200, { status: "ok", version: deps.version });
    }
    if (options.mcpDiscovery?.admit(path)) {
      if (!SAFE_METHODS.includes(req.method ?? "")) refuseCrossSite(req, false);
      return endpoint.handle(req, res, await mcpBody(req), "home-assistant");
    }
    // Not (or no longer) a discovery path. Home Assistant's MCP client starts a re-authentication
    // on a 401, which an entry made from discovery cannot finish; a 404 it retries, and takes
    // the new URL from the discovery meanwhile (mcp/coordinator.py).
    if (path.startsWith("/mcp/")) throw new HttpError(404, "Nothing is at this /mcp path.");
    const decision = auth.check(req);
    if (!decision.allowed) {
      if (login?.admits(req, path, STATUS_PATHS)) return page.handle(req, res, path);
      if (await login?.handle(req, res, path)) return;
      return sendError(res, 401, decision.error, { "WWW-Authenticate": 'Bearer realm="mcp-assist-bridge"' });
    }
    if (decision.via === "loopback" && !hostAllowed(req.headers.host)) {
      throw new HttpError(
        403,
        "This Host name is not accepted from clients without a token (protection against DNS rebinding); use localhost or set api_token.",
      );
    }
    if (!SAFE_METHODS.includes(req.method ?? "")) refuseCrossSite(req, decision.via === "ingress");
    switch (path) {
      case "/api/conversation":
        allowMethods(req, ["POST"]);
        return handleConversation(req, res, deps, logger);
      case "/api/tools":
        allowMethods(req, ["GET"]);
        return handleTools(res, deps);
      case "/mcp":
        return endpoint.handle(req, res, await mcpBody(req), decision.via);
    }
    if ((STATUS_PATHS as readonly string[]).includes(path)) {
      allowMethods(req, ["GET"]);
      return page.handle(req, res, path);
    }
    throw new HttpError(404, `Nothing is at ${path}.`);
  }

  function fail(res: ServerResponse, err: unknown) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof HttpError) return sendError(res, err.status, err.message, err.headers);
    // The client closed the connection before its request was read (Node's "aborted"): no one is
    // left to answer, and nothing here failed.
    if ((err as NodeJS.ErrnoException | undefined)?.code === "ECONNRESET" || res.destroyed) {
      logger.debug({ err: String(err) }, "HTTP client went away before its request was read");
      res.destroy();
      return;
    }
    logger.error({ err }, "HTTP request failed");
    sendError(res, 500, "Internal error; the add-on log has the details.");
  }

  const server = createServer((req, res) => {
    const path = canonicalPath(req.url);
    // A discovery path is a credential, and a wrong one may be an old one: neither reaches the log.
    const shown = path?.startsWith("/mcp/") ? "/mcp/<discovery secret>" : path;
    res.on("finish", () =>
      logger.debug(`HTTP ${req.method} ${shown ?? "(invalid path)"} → ${res.statusCode}`),
    );
    if (path === undefined)
      return fail(res, new HttpError(400, "The request path is not in canonical form."));
    route(req, res, path).catch((err: unknown) => fail(res, err));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  logger.info(`HTTP API, /mcp and the status page listen on port ${port}`);

  return {
    port,
    async close() {
      page.close();
      await endpoint.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

async function mcpBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method !== "POST") return undefined;
  requireJsonContentType(req);
  return readBody(req, MCP_BODY_LIMIT);
}

function allowMethods(req: IncomingMessage, methods: string[]): void {
  if (!methods.includes(req.method ?? "")) {
    throw new HttpError(405, `Use ${methods.join(" or ")} here, not ${req.method}.`, {
      Allow: methods.join(", "),
    });
  }
}
