/**
 * A fake of the Home Assistant Supervisor HTTP API as an add-on sees it at http://supervisor
 * (home-assistant/supervisor: supervisor/api/middleware/security.py, api/services.py,
 * api/discovery.py, api/proxy.py).
 *
 *   const supervisor = await startFakeSupervisor({ mqtt: { host: "127.0.0.1", port: 1883 } });
 *   // point the product at it: SUPERVISOR_API_URL=supervisor.url SUPERVISOR_TOKEN=supervisor.token
 *   supervisor.discoveries   // [{ uuid, service, config }] announced so far
 *   supervisor.calls         // every request: { method, path, authorized, body }
 *   supervisor.setMqtt(undefined)   // the Mosquitto add-on goes away
 *   supervisor.setAddon("core_zwave_js", { name: "Z-Wave JS", hostname: "127.0.0.1", state: "started" })
 *   await supervisor.close()
 *
 * Routes:
 * - `GET /services/mqtt` → `{result:"ok",data:{host,port,ssl,protocol,username,password,addon}}`;
 *   HTTP 400 `Service not enabled` when no MQTT provider; HTTP 403 when `services` lacks "mqtt".
 * - `POST /discovery` `{service, config}` → `{result:"ok",data:{uuid}}`. Re-posting a service keeps
 *   its uuid and replaces its config; HTTP 403 when the service is not in `discovery`. A new or
 *   changed message is pushed to Core at once, an identical one is not (supervisor/discovery/
 *   __init__.py `send`): `supervisor.onDiscovery(listener)` hears those pushes.
 * - `DELETE /discovery/<uuid>` removes the message (Home Assistant then removes the config entry
 *   it created from it, hassio/discovery.py); HTTP 400 for an unknown uuid.
 * - `GET /addons/<slug>/info` → `{result:"ok",data:{name,slug,hostname,state,…}}` for the add-ons
 *   given in `addons`; for one in the store but not installed (`installed: false`) the store's
 *   record, with `hostname` null, `version` null and `state` "unknown" (api/addons.py `info` for
 *   an `AddonStore`); HTTP 400 `App does not exist` otherwise.
 * - `/core/api/*`: a stub of the proxy to Home Assistant Core. `GET /core/api/` answers
 *   `{"message":"API running."}`, other paths 404.
 * Authentication as Supervisor does it: no token → 401, an unknown token → 403 (plain text), both
 * before any route; the core proxy checks the token itself and answers 401.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeMqttService {
  host: string;
  port: number;
  ssl?: boolean;
  protocol?: string;
  username?: string;
  password?: string;
}

export interface FakeSupervisorOptions {
  /** The add-on's SUPERVISOR_TOKEN. Default: a random hex token. */
  token?: string;
  /** The MQTT service's data; `undefined` = no broker add-on installed. */
  mqtt?: FakeMqttService;
  /** config.yaml `services` names the add-on may use. Default `["mqtt"]`. */
  services?: string[];
  /** config.yaml `discovery`. Default `["wyoming", "mcp"]`, as config.yaml lists. */
  discovery?: string[];
  /** Other installed add-ons by slug, e.g. `{ core_zwave_js: { name: "Z-Wave JS", hostname: "core-zwave-js", state: "started" } }`. */
  addons?: Record<string, FakeAddon>;
}

/** An add-on as Supervisor knows it; `installed: false` is one the store offers but nobody installed. */
export type FakeAddon =
  { name: string; hostname: string; state: "started" | "stopped" } | { name: string; installed: false };

export interface RecordedCall {
  method: string;
  path: string;
  /** Whether the request carried the add-on's token. */
  authorized: boolean;
  body: unknown;
}

export interface DiscoveryMessage {
  uuid: string;
  service: string;
  config: Record<string, unknown>;
}

export interface FakeSupervisor {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  token: string;
  calls: RecordedCall[];
  discoveries: DiscoveryMessage[];
  /**
   * Supervisor's push to Home Assistant Core (`POST /api/hassio_push/discovery/<uuid>`): a new or
   * changed message, or a deleted one. Core that is not running misses it and reads
   * `discoveries` (`GET /discovery`) when it starts.
   */
  onDiscovery(listener: (message: DiscoveryMessage, change: "new" | "delete") => void): () => void;
  setMqtt(service: FakeMqttService | undefined): void;
  /** An add-on is installed, started or stopped (`undefined`: it does not exist). */
  setAddon(slug: string, addon: FakeAddon | undefined): void;
  close(): Promise<void>;
}

const ADDON_SLUG = "local_mcp_assist_bridge";

export async function startFakeSupervisor(options: FakeSupervisorOptions = {}): Promise<FakeSupervisor> {
  const token = options.token ?? randomUUID().replaceAll("-", "");
  const services = options.services ?? ["mqtt"];
  const allowedDiscovery = options.discovery ?? ["wyoming", "mcp"];
  let mqtt = options.mqtt;
  const addons = new Map(Object.entries(options.addons ?? {}));
  const calls: RecordedCall[] = [];
  const discoveries: DiscoveryMessage[] = [];
  const pushes = new Set<(message: DiscoveryMessage, change: "new" | "delete") => void>();
  const push = (message: DiscoveryMessage, change: "new" | "delete") => {
    for (const listener of pushes) listener({ ...message, config: { ...message.config } }, change);
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      sendJson(res, 500, { result: "error", message: String(err) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://supervisor").pathname;
    const method = req.method ?? "GET";
    const presented = bearerToken(req);
    const text = await readBody(req);
    const body = text === "" ? undefined : parseJson(text);
    calls.push({ method, path, authorized: presented === token, body });

    if (path.startsWith("/core/api/") || path === "/core/websocket") {
      // The proxy has its own token check (api/proxy.py) and answers 401 either way.
      if (presented !== token) return sendText(res, 401, "401: Unauthorized");
      if (method === "GET" && path === "/core/api/") return sendJson(res, 200, { message: "API running." });
      return sendJson(res, 404, { message: "Not found" });
    }
    if (presented === undefined) return sendText(res, 401, "401: Unauthorized");
    if (presented !== token) return sendText(res, 403, "403: Forbidden");

    if (method === "GET" && path === "/services/mqtt") {
      if (!services.includes("mqtt")) return sendError(res, 403, "No access to mqtt service!");
      if (!mqtt) return sendError(res, 400, "Service not enabled");
      return sendOk(res, {
        host: mqtt.host,
        port: mqtt.port,
        ssl: mqtt.ssl ?? false,
        protocol: mqtt.protocol ?? "3.1.1",
        ...(mqtt.username === undefined ? {} : { username: mqtt.username }),
        ...(mqtt.password === undefined ? {} : { password: mqtt.password }),
        addon: "core_mosquitto",
      });
    }
    const addon = /^\/addons\/([^/]+)\/info$/.exec(path)?.[1];
    if (method === "GET" && addon && addon !== "self") {
      const info = addons.get(addon);
      if (!info) return sendError(res, 400, "App does not exist");
      if ("installed" in info) {
        return sendOk(res, { name: info.name, slug: addon, hostname: null, version: null, state: "unknown" });
      }
      return sendOk(res, { slug: addon, version: "1.0.0", ...info });
    }
    if (method === "POST" && path === "/discovery") {
      if (!isDiscoveryBody(body))
        return sendError(res, 400, "Invalid discovery message: needs service and config");
      if (!allowedDiscovery.includes(body.service)) {
        return sendError(
          res,
          403,
          `App ${ADDON_SLUG} attempted to send discovery for service ${body.service} which is not listed in its config.`,
        );
      }
      const existing = discoveries.find((d) => d.service === body.service);
      if (existing) {
        const changed = JSON.stringify(existing.config) !== JSON.stringify(body.config);
        existing.config = body.config;
        sendOk(res, { uuid: existing.uuid });
        if (changed) push(existing, "new");
        return;
      }
      const message = { uuid: randomUUID().replaceAll("-", ""), service: body.service, config: body.config };
      discoveries.push(message);
      sendOk(res, { uuid: message.uuid });
      push(message, "new");
      return;
    }
    const deleted = /^\/discovery\/([^/]+)$/.exec(path);
    if (method === "DELETE" && deleted) {
      const index = discoveries.findIndex((d) => d.uuid === deleted[1]);
      if (index < 0) return sendError(res, 400, "Discovery message not found");
      const [removed] = discoveries.splice(index, 1);
      sendOk(res, {});
      if (removed) push(removed, "delete");
      return;
    }
    return sendError(res, 404, `Unknown path ${path}`);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    discoveries,
    onDiscovery(listener) {
      pushes.add(listener);
      return () => pushes.delete(listener);
    },
    setMqtt(service) {
      mqtt = service;
    },
    setAddon(slug, addon) {
      if (addon) addons.set(slug, addon);
      else addons.delete(slug);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Supervisor also accepts the token in X-Supervisor-Token (api/utils.py extract_supervisor_token). */
function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length);
  const legacy = req.headers["x-supervisor-token"];
  return typeof legacy === "string" ? legacy : undefined;
}

function isDiscoveryBody(body: unknown): body is { service: string; config: Record<string, unknown> } {
  if (typeof body !== "object" || body === null) return false;
  const { service, config } = body as Record<string, unknown>;
  return (
    typeof service === "string" && typeof config === "object" && config !== null && !Array.isArray(config)
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendOk(res: ServerResponse, data: unknown): void {
  sendJson(res, 200, { result: "ok", data });
}

function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { result: "error", message });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(text);
}
