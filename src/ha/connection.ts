import {
  createConnection,
  createLongLivedTokenAuth,
  ERR_CANNOT_CONNECT,
  ERR_INVALID_AUTH,
  type Connection,
} from "home-assistant-js-websocket";
import { WebSocket as WsWebSocket } from "ws";
import type { Logger } from "../log.js";
import { withoutCredentials } from "../shared/redact.js";
import { createBackoff, type BackoffPolicy } from "../shared/backoff.js";
import type { Options } from "../config/options.js";

/** Supervisor's proxy to Core (home-assistant/supervisor `supervisor/api/proxy.py`). */
export const SUPERVISOR_CORE_URL = "http://supervisor/core";

export interface HaEndpoint {
  /** HTTP base; the websocket is at `<url>/api/websocket`. */
  url: string;
  token: string;
  viaSupervisor: boolean;
}

/**
 * Where Home Assistant is: `ha_url` + `ha_token` when both are set, else Supervisor's proxy when
 * `SUPERVISOR_TOKEN` is in the environment, else nowhere (the stand-alone demo).
 */
export function haEndpoint(
  options: Pick<Options, "ha_url" | "ha_token">,
  env: NodeJS.ProcessEnv = process.env,
  supervisorUrl = SUPERVISOR_CORE_URL,
): HaEndpoint | undefined {
  if (options.ha_url && options.ha_token) {
    return { url: options.ha_url.replace(/\/+$/, ""), token: options.ha_token, viaSupervisor: false };
  }
  const token = env.SUPERVISOR_TOKEN || env.HASSIO_TOKEN;
  if (token) return { url: supervisorUrl, token, viaSupervisor: true };
  return undefined;
}

/**
 * haws opens its socket with the global WebSocket. Node 20 has none, and Node 22's is undici's:
 * even asking whether it exists loads Node's whole fetch stack (several MiB resident) into a
 * bridge that may never fetch. So the global is ws's on every Node, the one the tests use too.
 */
function installWebSocket(): void {
  (globalThis as { WebSocket?: unknown }).WebSocket = WsWebSocket;
}

/** haws rejects with bare numbers; say what they mean. Never includes the token. */
export function describeConnectError(err: unknown, url: string): string {
  if (err === ERR_INVALID_AUTH) return "Home Assistant rejected the token";
  if (err === ERR_CANNOT_CONNECT) return `cannot reach Home Assistant at ${url}`;
  if (err instanceof Error) return `cannot connect to Home Assistant at ${url}: ${err.message}`;
  return `cannot connect to Home Assistant at ${url} (error ${String(err)})`;
}

const DEFAULT_RETRY: BackoffPolicy = { initialMs: 1000, maxMs: 30_000 };

export interface HaLinkOptions {
  url: string;
  token: string;
  logger: Logger;
  retry?: BackoffPolicy;
  /** A socket is authenticated and ready: first connect, or any reconnect. */
  onReady: (conn: Connection) => void;
  /** The socket is gone; haws or this link is trying again. */
  onDisconnected: (reason: string) => void;
}

export interface HaLink {
  state(): { connected: boolean; error?: string; haVersion?: string };
  /** The authenticated connection while connected. */
  connection(): Connection | undefined;
  close(): void;
}

/**
 * Keeps one authenticated connection to Home Assistant, forever. haws reconnects a dropped
 * socket itself (0…5 s apart) but gives up on a rejected token; then, and when the first
 * connect fails, this link retries with a doubling delay up to `retry.maxMs`.
 */
export function connectHomeAssistant(options: HaLinkOptions): HaLink {
  const { logger } = options;
  const endpoint = { url: options.url, token: options.token };
  const backoff = createBackoff(options.retry ?? DEFAULT_RETRY);
  let conn: Connection | undefined;
  let connected = false;
  let error: string | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const ready = (c: Connection) => {
    if (closed || c !== conn) return;
    connected = true;
    error = undefined;
    backoff.reset();
    logger.info(`connected to Home Assistant ${c.haVersion} at ${withoutCredentials(endpoint.url)}`);
    options.onReady(c);
  };

  const attempt = async (): Promise<void> => {
    if (closed) return;
    try {
      installWebSocket();
      const c = await createConnection({
        auth: createLongLivedTokenAuth(endpoint.url, endpoint.token),
        setupRetry: 0,
      });
      if (closed) {
        c.close();
        return;
      }
      conn = c;
      c.addEventListener("ready", () => ready(c));
      c.addEventListener("disconnected", () => {
        if (c !== conn) return;
        connected = false;
        error = `lost the connection to Home Assistant at ${endpoint.url}; reconnecting`;
        logger.warn(error);
        options.onDisconnected(error);
      });
      // haws stops retrying on a rejected token; a token fixed later must still be picked up.
      c.addEventListener("reconnect-error", () => {
        if (c !== conn) return;
        c.close();
        conn = undefined;
        connected = false;
        error = describeConnectError(ERR_INVALID_AUTH, endpoint.url);
        later(backoff.next(), attempt);
      });
      ready(c);
    } catch (err) {
      error = describeConnectError(err, endpoint.url);
      const delayMs = backoff.next();
      logger.warn(`${error}; retrying in ${(delayMs / 1000).toFixed(1)} s`);
      options.onDisconnected(error);
      later(delayMs, attempt);
    }
  };

  function later(delayMs: number, run: () => Promise<void>): void {
    if (closed) return;
    timer = setTimeout(() => void run(), delayMs);
  }

  void attempt();

  return {
    state: () => ({ connected, error, haVersion: conn?.haVersion }),
    connection: () => (connected ? conn : undefined),
    close: () => {
      closed = true;
      connected = false;
      clearTimeout(timer);
      conn?.close();
      conn = undefined;
    },
  };
}
