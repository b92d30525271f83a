import { request as httpRequest, type IncomingMessage } from "node:http";
import { hostname } from "node:os";
import { z } from "zod";
import type { Logger } from "../log.js";
import { describeIssues } from "../shared/zod-issues.js";

/** Supervisor answers from the same host; anything slower than this is a hung Supervisor. */
const REQUEST_TIMEOUT_MS = 10_000;

export class SupervisorError extends Error {
  override name = "SupervisorError";
}

const mqttServiceSchema = z.object({
  host: z.string().min(1),
  // The Supervisor docs call it a string; the validated record holds an int.
  port: z.coerce.number().int().min(1).max(65535),
  ssl: z.boolean().default(false),
  username: z.string().optional(),
  password: z.string().optional(),
  protocol: z.string().optional(),
});

/** Broker credentials from the MQTT service (normally the Mosquitto broker add-on). */
export type MqttService = z.infer<typeof mqttServiceSchema>;

const discoveryReplySchema = z.object({ uuid: z.string().min(1) });

// An add-on the store offers but nobody installed is described too, with no hostname (null, or
// left out) and state "unknown" (supervisor api/addons.py `info` for an `AddonStore`).
const addonInfoSchema = z.looseObject({
  name: z.string(),
  hostname: z.string().min(1).nullish(),
  state: z.string(),
});

/** Another installed add-on as `GET /addons/<slug>/info` describes it (needs `hassio_api`). */
export type AddonInfo = z.infer<typeof addonInfoSchema> & { hostname: string };

const replySchema = z.discriminatedUnion("result", [
  z.object({ result: z.literal("ok"), data: z.unknown() }),
  z.object({ result: z.literal("error"), message: z.string().optional() }),
]);

export interface SupervisorClientOptions {
  /** SUPERVISOR_TOKEN. */
  token: string;
  /**
   * `process.env.SUPERVISOR_API_URL ?? "http://supervisor"`. The variable is not set by
   * Supervisor; it exists only so the container smoke test can point us at a fake.
   */
  baseUrl: string;
  logger: Logger;
}

export interface SupervisorClient {
  /** `undefined` when no add-on provides MQTT (yet: Mosquitto registers it once its broker is up). */
  mqttService(): Promise<MqttService | undefined>;
  /** `undefined` when the add-on is not installed (or does not exist). */
  addonInfo(slug: string): Promise<AddonInfo | undefined>;
  /** Announces a service to Home Assistant (`discovery:` in config.yaml); returns the message uuid. */
  announceDiscovery(service: string, config: Record<string, unknown>): Promise<string>;
  /** Base of Supervisor's proxy to Home Assistant: `<core>/api/...`, `<core>/api/websocket`. */
  coreUrl(): string;
  /** The `uri` Home Assistant's Wyoming integration connects to: this container on the internal network. */
  wyomingUri(port: number): string;
  /** The `url` Home Assistant's MCP integration connects to, on the same network. */
  mcpUrl(port: number, path: string): string;
}

type Reply = { ok: true; data: unknown } | { ok: false; status: number; message: string };

export function createSupervisorClient({
  token,
  baseUrl,
  logger,
}: SupervisorClientOptions): SupervisorClient {
  const base = baseUrl.replace(/\/+$/, "");

  async function request(method: "GET" | "POST", path: string, body?: unknown): Promise<Reply> {
    const what = `Supervisor ${method} ${path}`;
    let response: { status: number; text: string };
    try {
      response = await send(method, new URL(`${base}${path}`), token, body);
    } catch (err) {
      throw new SupervisorError(`${what} failed: ${describeRequestError(err)}`);
    }
    const { text } = response;
    if (response.status === 401 || (response.status === 403 && !text.trimStart().startsWith("{"))) {
      throw new SupervisorError(
        `${what} was refused (HTTP ${response.status}): the Supervisor token is not valid`,
      );
    }
    const reply = replySchema.safeParse(parseJson(text));
    if (!reply.success) {
      throw new SupervisorError(
        `${what} gave an unexpected reply (HTTP ${response.status}): ${text.slice(0, 200)}`,
      );
    }
    if (reply.data.result === "ok") return { ok: true, data: reply.data.data };
    return { ok: false, status: response.status, message: reply.data.message ?? "no message" };
  }

  function parseData<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    // Issues name fields and what was expected, never values: the MQTT reply carries a password.
    throw new SupervisorError(`${what} gave an unexpected reply: ${describeIssues(parsed.error)}`);
  }

  return {
    async mqttService() {
      const reply = await request("GET", "/services/mqtt");
      if (!reply.ok) {
        // "Service not enabled": no add-on provides MQTT. Other errors (403: config.yaml lacks
        // mqtt:want; 400 "System is not ready") are failures, not an absent broker.
        if (/not enabled/i.test(reply.message)) return undefined;
        throw new SupervisorError(
          `Supervisor GET /services/mqtt failed (HTTP ${reply.status}): ${reply.message}`,
        );
      }
      const service = parseData(mqttServiceSchema, reply.data, "Supervisor GET /services/mqtt");
      logger.info(`MQTT service at ${service.host}:${service.port}${service.ssl ? " (TLS)" : ""}`);
      return service;
    },

    async addonInfo(slug) {
      const reply = await request("GET", `/addons/${encodeURIComponent(slug)}/info`);
      if (!reply.ok) {
        if (reply.status === 400 || reply.status === 404) return undefined;
        throw new SupervisorError(
          `Supervisor GET /addons/${slug}/info failed (HTTP ${reply.status}): ${reply.message}`,
        );
      }
      const info = parseData(addonInfoSchema, reply.data, `Supervisor GET /addons/${slug}/info`);
      return info.hostname ? { ...info, hostname: info.hostname } : undefined;
    },

    async announceDiscovery(service, config) {
      const reply = await request("POST", "/discovery", { service, config });
      if (!reply.ok) {
        throw new SupervisorError(
          `Supervisor refused the ${service} discovery (HTTP ${reply.status}): ${reply.message}`,
        );
      }
      const { uuid } = parseData(discoveryReplySchema, reply.data, "Supervisor POST /discovery");
      logger.info(`announced ${service} to Home Assistant (discovery ${uuid})`);
      return uuid;
    },

    coreUrl: () => `${base}/core`,

    // The container's hostname is its name on the add-on network, which Home Assistant resolves.
    wyomingUri: (port) => `tcp://${hostname()}:${port}`,
    mcpUrl: (port, path) => `http://${hostname()}:${port}${path}`,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One request with node:http, not fetch(): fetch loads undici, Node's whole fetch stack (6-8 MiB
 * resident in the bridge), for a few small JSON requests to a host on the same network. Supervisor
 * speaks plain HTTP; node:https (and node:tls, ~3 MiB resident) loads only for an https:// base.
 */
async function send(
  method: "GET" | "POST",
  url: URL,
  token: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const request = url.protocol === "https:" ? (await import("node:https")).request : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) }),
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(payload);
  });
}

function describeRequestError(err: unknown): string {
  // The timeout's abort reaches the request as an AbortError whose cause is the TimeoutError.
  const reason = err instanceof Error ? (err.cause as Error | undefined) : undefined;
  if (err instanceof Error && (err.name === "TimeoutError" || reason?.name === "TimeoutError")) {
    return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code && code !== "ABORT_ERR" ? code : err instanceof Error ? err.message : String(err);
}
