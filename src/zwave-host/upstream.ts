// Where the Z-Wave MCP server gets Z-Wave from, and the search for it that goes on until a way is
// up. Under Supervisor the add-ons start in order (Mosquitto, Z-Wave JS, then us) but are not
// ready in that order: Z-Wave JS reports "started" before its server listens on 3000, and
// `/services/mqtt` answers "Service not enabled" until Mosquitto's broker is up. So one look at
// start-up is not enough: the bridge looks again, with the shared backoff, and moves to the
// websocket server when it appears after MQTT was chosen. Once the way in use works (the bridge's
// Z-Wave client lists the devices), looking stops: each look probes the add-ons' port, which their
// logs would show every 15 s. It starts again when that way has been lost for a while (longer than
// an add-on takes to restart, which its own transport rides out), and then may move either way
// (docs/architecture.md, "Beside the path").
import type { Logger } from "../log.js";
import { createBackoff, type BackoffPolicy } from "../shared/backoff.js";
import { withoutCredentials } from "../shared/redact.js";
import type { SupervisorClient } from "../supervisor/client.js";
import { lookForZwave, type ZwaveLook, type ZwaveTransportOptions } from "./choose-transport.js";

export interface Broker {
  url: string;
  username?: string;
  password?: string;
  source: "options" | "supervisor" | "demo";
}

/** Z-Wave JS UI over a broker, or Z-Wave JS's websocket server (the better one: it can say more). */
export type ZwaveUpstream = { transport: "mqtt"; broker: Broker } | { transport: "websocket"; url: string };

export type UpstreamState =
  | { state: "waiting"; for: string }
  | { state: "found"; upstream: ZwaveUpstream }
  | { state: "off"; reason: string };

/** For people and the log: never holds credentials. */
export function describeUpstream(upstream: ZwaveUpstream): string {
  return upstream.transport === "websocket"
    ? `Z-Wave JS at ${withoutCredentials(upstream.url)}`
    : `Z-Wave JS UI over ${withoutCredentials(upstream.broker.url)} (${upstream.broker.source})`;
}

export interface UpstreamSearchOptions {
  /** How long the way in use may be lost before the search starts again. */
  lostAfterMs?: number;
  options: ZwaveTransportOptions & {
    mqtt_url?: string | undefined;
    mqtt_username?: string | undefined;
    mqtt_password?: string | undefined;
  };
  supervisor: SupervisorClient | undefined;
  logger: Logger;
  /** The broker when neither the options nor Supervisor have one (the stand-alone demo's). */
  fallbackBroker?: () => Promise<Broker | undefined>;
  /** Each change, awaited before the search goes on: the bridge starts or moves its Z-Wave server. */
  onChange: (state: UpstreamState) => Promise<void>;
  backoff?: BackoffPolicy;
}

export interface UpstreamSearch {
  /** Settles after the first look, whatever it found. */
  firstLook: Promise<UpstreamState>;
  /** The way in use works: looking stops. */
  linkUp(): void;
  /** The way in use fails: looking starts again if it stays so for `lostAfterMs`. */
  linkLost(): void;
  close(): void;
}

/** Looking again costs two Supervisor GETs and a TCP connect at most. */
const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 15_000 };
/**
 * Longer than an add-on takes to restart or update (its server back on port 3000, or its gateway
 * back on the broker): a restart is ridden out by the transport's own reconnect, not a move.
 */
const DEFAULT_LOST_AFTER_MS = 60_000;
const WAITING_FOR = "Z-Wave JS";

export function searchZwaveUpstream(search: UpstreamSearchOptions): UpstreamSearch {
  const { options, supervisor, logger } = search;
  const backoff = createBackoff(search.backoff ?? DEFAULT_BACKOFF);
  let current: ZwaveUpstream | undefined;
  let reported: UpstreamState | undefined;
  let said = new Set<string>();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let brokerMissing = false;
  /** The way in use works (the client said so); no looking meanwhile. */
  let up = false;
  let looking = false;
  let lostTimer: NodeJS.Timeout | undefined;

  /** Says what is new since the last look, so a long wait logs each fact once. */
  function tell(notes: ZwaveLook["notes"]) {
    const now = new Set<string>();
    for (const note of notes) {
      now.add(note.message);
      if (!said.has(note.message)) logger[note.level](note.message);
    }
    said = now;
  }

  async function report(state: UpstreamState) {
    if (reported && JSON.stringify(reported) === JSON.stringify(state)) return;
    reported = state;
    // A new way has yet to prove it works.
    up = false;
    await search.onChange(state);
  }

  async function broker(): Promise<Broker | undefined> {
    if (options.mqtt_url) {
      return {
        url: options.mqtt_url,
        ...(options.mqtt_username ? { username: options.mqtt_username } : {}),
        ...(options.mqtt_password ? { password: options.mqtt_password } : {}),
        source: "options",
      };
    }
    if (!supervisor) return search.fallbackBroker?.();
    const service = await supervisor.mqttService().catch((err: Error) => {
      logger.error(`could not ask Supervisor for the MQTT broker: ${err.message}`);
      return undefined;
    });
    if (!service) {
      if (!brokerMissing) logger.info("no MQTT service yet: waiting for the Mosquitto broker add-on");
      brokerMissing = true;
      return undefined;
    }
    brokerMissing = false;
    return {
      url: `${service.ssl ? "mqtts" : "mqtt"}://${service.host}:${service.port}`,
      ...(service.username ? { username: service.username } : {}),
      ...(service.password ? { password: service.password } : {}),
      source: "supervisor",
    };
  }

  /** One look; true when looking again could find something better. */
  async function look(): Promise<boolean> {
    const { choice, notes } = await lookForZwave(options, supervisor);
    tell(notes);
    if (choice.transport === "websocket") {
      if (current?.transport !== "websocket" || current.url !== choice.url) {
        current = { transport: "websocket", url: choice.url };
        await report({ state: "found", upstream: current });
      }
      return false;
    }
    // MQTT when nothing was in use, or when the websocket server in use is gone.
    if (choice.transport === "mqtt" && current?.transport !== "mqtt") {
      const found = await broker();
      if (found) {
        if (current) logger.info(`Z-Wave: ${describeUpstream(current)} is gone`);
        current = { transport: "mqtt", broker: found };
        logger.info(`Z-Wave: ${describeUpstream(current)}`);
        await report({ state: "found", upstream: current });
      }
    }
    // Only Supervisor can bring an add-on later; elsewhere the options already say all there is.
    const addonMayCome =
      supervisor !== undefined && options.zwave_transport !== "mqtt" && !options.zwave_server_url;
    if (current) return addonMayCome;
    // Nothing more can come without Supervisor, unless a server the options name starts later.
    if (choice.transport === "none" && !supervisor && !options.zwave_server_url) {
      await report({ state: "off", reason: choice.reason });
      return false;
    }
    await report({ state: "waiting", for: WAITING_FOR });
    return true;
  }

  function lookSafely(): Promise<boolean> {
    return look().catch((err: unknown) => {
      logger.error(`looking for Z-Wave failed: ${err instanceof Error ? err.message : String(err)}`);
      return true;
    });
  }

  /** Looks again after the backoff, unless the way in use works by then. */
  function next(again: boolean): void {
    looking = again && !closed && !up;
    if (looking) timer = setTimeout(() => void lookSafely().then(next), backoff.next());
  }

  looking = true;
  const firstLook = lookSafely().then((again) => {
    next(again);
    return reported ?? ({ state: "waiting", for: WAITING_FOR } as const);
  });

  return {
    firstLook,
    linkUp() {
      clearTimeout(lostTimer);
      lostTimer = undefined;
      if (up) return;
      up = true;
      clearTimeout(timer);
      looking = false;
      backoff.reset();
    },
    linkLost() {
      if (closed || looking || lostTimer) return;
      lostTimer = setTimeout(() => {
        lostTimer = undefined;
        if (closed) return;
        if (up) logger.info("Z-Wave: the connection stays lost; looking for Z-Wave again");
        up = false;
        next(true);
      }, search.lostAfterMs ?? DEFAULT_LOST_AFTER_MS);
      lostTimer.unref();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(lostTimer);
    },
  };
}
