// Which way the bridge reaches Z-Wave: the Z-Wave JS websocket server (the official Z-Wave JS
// add-on, or Z-Wave JS UI's server) or Z-Wave JS UI's MQTT gateway (options `zwave_transport`,
// `zwave_server_url`, docs/architecture.md, Options).
import { connect } from "node:net";
import type { Logger } from "../log.js";
import type { SupervisorClient } from "../supervisor/client.js";
import { withoutCredentials } from "../shared/redact.js";

/**
 * The add-ons whose server Home Assistant's Z-Wave JS integration uses, official first. Each
 * announces `ws://<its hostname>:3000` to Home Assistant; an add-on cannot read those
 * announcements, so the same address is built from the add-on's info.
 */
const ZWAVE_ADDONS = ["core_zwave_js", "a0d7b954_zwavejs2mqtt"] as const;
const SERVER_PORT = 3000;
/** A server found under `auto` is used only if it takes connections (Z-Wave JS UI's may be off). */
const PROBE_TIMEOUT_MS = 1500;

export type ZwaveTransportChoice =
  { transport: "websocket"; url: string } | { transport: "mqtt" } | { transport: "none"; reason: string };

export interface ZwaveTransportOptions {
  zwave_transport: "auto" | "mqtt" | "websocket";
  zwave_server_url?: string | undefined;
}

/** What a look for Z-Wave found, and what is worth telling the user about it. */
export interface ZwaveLook {
  choice: ZwaveTransportChoice;
  notes: Array<{ level: "info" | "warn" | "error"; message: string }>;
}

export async function chooseZwaveTransport(
  options: ZwaveTransportOptions,
  supervisor: SupervisorClient | undefined,
  logger: Logger,
): Promise<ZwaveTransportChoice> {
  const { choice, notes } = await lookForZwave(options, supervisor);
  for (const note of notes) logger[note.level](note.message);
  return choice;
}

/** One look, logging nothing: a caller that looks again and again says only what changed. */
export async function lookForZwave(
  options: ZwaveTransportOptions,
  supervisor: SupervisorClient | undefined,
): Promise<ZwaveLook> {
  const notes: ZwaveLook["notes"] = [];
  const mode = options.zwave_transport;
  if (mode === "mqtt") return { choice: { transport: "mqtt" }, notes };
  if (options.zwave_server_url) {
    const url = options.zwave_server_url;
    const shown = withoutCredentials(url);
    // A server that is not listening yet (it starts after us) is waited for, not used blind.
    if (!(await acceptsUrl(url))) {
      const reason = `the Z-Wave JS server at ${shown} (zwave_server_url) does not answer yet`;
      notes.push({ level: "warn", message: `Z-Wave: ${reason}` });
      return { choice: { transport: "none", reason }, notes };
    }
    notes.push({ level: "info", message: `Z-Wave: Z-Wave JS server at ${shown} (zwave_server_url)` });
    return { choice: { transport: "websocket", url }, notes };
  }
  const found = supervisor ? await findAddonServer(supervisor, notes, mode === "auto") : undefined;
  if (found) {
    notes.push({ level: "info", message: `Z-Wave: the ${found.name} add-on's server at ${found.url}` });
    return { choice: { transport: "websocket", url: found.url }, notes };
  }
  if (mode === "websocket") {
    const reason =
      "zwave_transport is websocket, but no Z-Wave JS server was found: set zwave_server_url (e.g. ws://core-zwave-js:3000)";
    notes.push({ level: "error", message: reason });
    return { choice: { transport: "none", reason }, notes };
  }
  notes.push({
    level: "info",
    message: "Z-Wave: no Z-Wave JS server set or found; using Z-Wave JS UI's MQTT gateway",
  });
  return { choice: { transport: "mqtt" }, notes };
}

async function findAddonServer(
  supervisor: SupervisorClient,
  notes: ZwaveLook["notes"],
  probe: boolean,
): Promise<{ name: string; url: string } | undefined> {
  for (const slug of ZWAVE_ADDONS) {
    const info = await supervisor.addonInfo(slug).catch((err: Error) => {
      notes.push({
        level: "warn",
        message: `could not ask Supervisor about the ${slug} add-on: ${err.message}`,
      });
      return undefined;
    });
    if (!info) continue;
    if (info.state !== "started") {
      notes.push({
        level: "info",
        message: `Z-Wave: the ${info.name} add-on is installed but ${info.state}`,
      });
      continue;
    }
    // Supervisor says "started" before the add-on's server listens on its port.
    if (probe && !(await accepts(info.hostname, SERVER_PORT))) {
      notes.push({
        level: "info",
        message: `Z-Wave: the ${info.name} add-on's server (${info.hostname}:${SERVER_PORT}) does not answer`,
      });
      continue;
    }
    return { name: info.name, url: `ws://${info.hostname}:${SERVER_PORT}` };
  }
  return undefined;
}

function acceptsUrl(url: string): Promise<boolean> {
  try {
    const { hostname, port, protocol } = new URL(url);
    const host = hostname.replace(/^\[|\]$/g, "");
    return accepts(host, Number(port) || (protocol === "wss:" ? 443 : 80));
  } catch {
    return Promise.resolve(false);
  }
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: PROBE_TIMEOUT_MS });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}
