// A fake Home Assistant websocket API (developers.home-assistant docs/api/websocket.md and
// home-assistant/core homeassistant/components/websocket_api/), enough for the mirror, the
// tools and end-to-end tests. It speaks to any client at `<url>/api/websocket`:
//   auth phase (auth_required → auth → auth_ok | auth_invalid + close), strictly increasing ids,
//   result/error framing, supported_features (coalesced array frames), ping, get_config,
//   get_states, subscribe_entities (compressed a/c/r), subscribe_events (+ unsubscribe_events),
//   config/{floor,area,device,entity}_registry/list, config/entity_registry/get_entries,
//   homeassistant/expose_entity/list, and call_service for lights (brightness), switches, fans,
//   input_booleans and media players (volume), covers and valves (open/close), scenes and scripts
//   (turn_on), locks (lock/unlock), emitting state events and registry-updated events.
//   conversation/process and the recognise-only conversation/agent/homeassistant/debug follow
//   HA's contract (core `components/conversation/http.py`) with HA's default agent in miniature
//   (ha-default-agent.ts): the debug command takes a device_id whose area fills templates that need
//   the speaker's area; process carries none. `recognizes: false` is an HA without the debug command.
//
// API:
//   const ha = await startFakeHa({ home?: sampleHome(), token?: "good-token" });
//   ha.url                      HTTP base to give the client (ws URL = url + "/api/websocket")
//   ha.home                     the live data (mutate through the methods below to emit events)
//   ha.setState(id, s, attrs?)  change a state (attrs merged) and emit events; ha.removeState(id)
//   ha.updateEntity(id, {...})  change a registry entry (name, aliases, area_id…) → entity_registry_updated
//   ha.updateDevice(id, {...})  e.g. { name_by_user } → device_registry_updated (+ friendly names)
//   ha.updateArea(id, {...})    → area_registry_updated
//   ha.setExposed(id, bool)     Assist exposure (registry options, or legacy store)
//   ha.setUnresponsive(id, b)   service calls on it succeed but its state never changes
//   ha.setToken(t)              the token accepted from now on
//   ha.dropAll()                close every socket, as a restart does
//   ha.down() / ha.up()         refuse new connections (after dropping all) / accept again;
//                               changes made while down are seen by the client after it resyncs
//   ha.serviceCalls             every call_service received: {domain, service, service_data, target}
//   ha.conversations            every conversation/process received: {text, language, agent_id, conversation_id}
//   ha.recognitions             every conversation/agent/homeassistant/debug received: {sentences, language, device_id}
//   ha.connections()            number of authenticated sockets
//   await ha.close()
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import {
  friendlyName,
  MEDIA_VOLUME_MUTE,
  MEDIA_VOLUME_SET,
  newContextId,
  sampleHome,
  type AreaRow,
  type DeviceRow,
  type EntityRow,
  type FakeHome,
  type FakeState,
} from "./ha-home.js";
import {
  debugResult,
  handle as handleIntent,
  miniatureRecognizer,
  type AgentHome,
  type Recognizer,
} from "./ha-default-agent.js";

export interface ServiceCall {
  domain: string;
  service: string;
  service_data: Record<string, unknown>;
  target: Record<string, unknown>;
}

export interface ConversationRequest {
  text: string;
  language?: string;
  agent_id?: string;
  conversation_id?: string | null;
}

export interface FakeHa {
  url: string;
  home: FakeHome;
  serviceCalls: ServiceCall[];
  conversations: ConversationRequest[];
  /** Every conversation/agent/homeassistant/debug received. */
  recognitions: RecognitionRequest[];
  setState(entityId: string, value: string, attributes?: Record<string, unknown>): void;
  removeState(entityId: string): void;
  updateEntity(entityId: string, changes: Partial<EntityRow>): void;
  updateDevice(deviceId: string, changes: Partial<DeviceRow>): void;
  updateArea(areaId: string, changes: Partial<AreaRow>): void;
  setExposed(entityId: string, exposed: boolean): void;
  setUnresponsive(entityId: string, unresponsive: boolean): void;
  setToken(token: string): void;
  dropAll(): void;
  down(): void;
  up(): void;
  connections(): number;
  close(): Promise<void>;
}

export interface FakeHaOptions {
  home?: FakeHome;
  token?: string;
  haVersion?: string;
  /** What HA's default agent recognises (default: a few English and Swedish sentences). */
  recognizer?: Recognizer;
  /** Whether it offers `conversation/agent/homeassistant/debug` (default true; false: an older HA). */
  recognizes?: boolean;
}

export interface RecognitionRequest {
  sentences: string[];
  language?: string;
  device_id?: string;
}

type Message = Record<string, unknown> & { id?: number; type?: string };

interface Client {
  ws: WebSocket;
  lastId: number;
  coalesce: boolean;
  outbox: unknown[];
  /** subscription id → filter: "entities" or an event type ("*" = all). */
  subscriptions: Map<number, string>;
}

class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const now = () => Date.now() / 1000;

function compress(s: FakeState): Record<string, unknown> {
  const out: Record<string, unknown> = { s: s.state, a: s.attributes, c: s.contextId, lc: s.lastChanged };
  if (s.lastUpdated !== s.lastChanged) out.lu = s.lastUpdated;
  return out;
}

function fullState(entityId: string, s: FakeState): Record<string, unknown> {
  return {
    entity_id: entityId,
    state: s.state,
    attributes: s.attributes,
    last_changed: new Date(s.lastChanged * 1000).toISOString(),
    last_updated: new Date(s.lastUpdated * 1000).toISOString(),
    context: { id: s.contextId, parent_id: null, user_id: null },
  };
}

/** The registry list omits the extended fields that only get_entries returns. */
function listRow(row: EntityRow): Record<string, unknown> {
  const { aliases: _aliases, ...rest } = row;
  return rest;
}

function ids(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" ? [value] : [];
}

export async function startFakeHa(options: FakeHaOptions = {}): Promise<FakeHa> {
  const home = options.home ?? sampleHome();
  const recognizes = options.recognizes ?? true;
  const haVersion = options.haVersion ?? String(home.config.version ?? "2026.9.1");
  let token = options.token ?? "good-token";
  let accepting = true;
  const clients = new Set<Client>();
  const unresponsive = new Set<string>();
  const serviceCalls: ServiceCall[] = [];
  const conversations: ConversationRequest[] = [];
  const recognitions: RecognitionRequest[] = [];

  const http: Server = createServer((_req, res) => {
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ noServer: true });
  http.on("upgrade", (req, socket: Socket, head) => {
    if (!accepting || !req.url?.startsWith("/api/websocket")) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws));
  });

  const flush = (client: Client) => {
    const batch = client.outbox.splice(0);
    if (batch.length === 0 || client.ws.readyState !== client.ws.OPEN) return;
    client.ws.send(JSON.stringify(batch.length === 1 ? batch[0] : batch));
  };
  const send = (client: Client, message: unknown) => {
    if (!client.coalesce) {
      if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message));
      return;
    }
    // HA coalesces what is ready in one loop iteration into one array frame.
    if (client.outbox.push(message) === 1) setImmediate(() => flush(client));
  };
  const result = (client: Client, id: number, value: unknown = null) =>
    send(client, { id, type: "result", success: true, result: value });
  const error = (client: Client, id: number | undefined, code: string, message: string) =>
    send(client, { id, type: "result", success: false, error: { code, message } });

  const broadcastEvent = (eventType: string, data: Record<string, unknown>) => {
    const event = {
      event_type: eventType,
      data,
      origin: "LOCAL",
      time_fired: new Date().toISOString(),
      context: { id: newContextId(), parent_id: null, user_id: null },
    };
    for (const client of clients) {
      for (const [subId, filter] of client.subscriptions) {
        if (filter === eventType || filter === "*") send(client, { id: subId, type: "event", event });
      }
    }
  };
  const broadcastEntities = (payload: Record<string, unknown>) => {
    for (const client of clients) {
      for (const [subId, filter] of client.subscriptions) {
        if (filter === "entities") send(client, { id: subId, type: "event", event: payload });
      }
    }
  };

  const writeState = (entityId: string, value: string, attributes: Record<string, unknown>) => {
    const old = home.states.get(entityId);
    const t = now();
    const changedState = !old || old.state !== value;
    const next: FakeState = {
      state: value,
      attributes: { ...(old?.attributes ?? {}), ...attributes },
      lastChanged: changedState ? t : old.lastChanged,
      lastUpdated: t,
      contextId: newContextId(),
    };
    if (old && !changedState && JSON.stringify(old.attributes) === JSON.stringify(next.attributes)) return;
    home.states.set(entityId, next);
    if (!old) {
      broadcastEntities({ a: { [entityId]: compress(next) } });
    } else {
      const plus: Record<string, unknown> = { c: next.contextId };
      if (changedState) {
        plus.s = value;
        plus.lc = next.lastChanged;
      } else plus.lu = next.lastUpdated;
      const changedAttrs: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(next.attributes)) {
        if (JSON.stringify(old.attributes[k]) !== JSON.stringify(v)) changedAttrs[k] = v;
      }
      const removed = Object.keys(old.attributes).filter((k) => !(k in next.attributes));
      if (Object.keys(changedAttrs).length) plus.a = changedAttrs;
      const diff: Record<string, unknown> = { "+": plus };
      if (removed.length) diff["-"] = { a: removed };
      broadcastEntities({ c: { [entityId]: diff } });
    }
    broadcastEvent("state_changed", {
      entity_id: entityId,
      old_state: old ? fullState(entityId, old) : null,
      new_state: fullState(entityId, next),
    });
  };

  const refreshFriendlyName = (row: EntityRow) => {
    const s = home.states.get(row.entity_id);
    const name = friendlyName(home, row);
    if (s && s.attributes.friendly_name !== name) writeState(row.entity_id, s.state, { friendly_name: name });
  };

  const isExposed = (entityId: string): boolean | undefined => {
    const row = home.entities.find((e) => e.entity_id === entityId);
    if (row) return row.options.conversation?.should_expose as boolean | undefined;
    return home.legacyExposure.get(entityId);
  };

  /** The hue and saturation Home Assistant reports for a few CSS colour names. */
  const CSS_HS: Record<string, [number, number]> = {
    red: [0, 100],
    orange: [38.8, 100],
    yellow: [60, 100],
    green: [120, 100],
    cyan: [180, 100],
    blue: [240, 100],
    purple: [300, 100],
    magenta: [300, 100],
    pink: [349.5, 24.7],
    white: [0, 0],
  };

  const callService = (msg: Message): Record<string, unknown> => {
    const domain = String(msg.domain);
    const service = String(msg.service);
    const data = (msg.service_data ?? {}) as Record<string, unknown>;
    const target = (msg.target ?? {}) as Record<string, unknown>;
    serviceCalls.push({ domain, service, service_data: data, target });
    const toggleDomains = ["light", "switch", "fan", "input_boolean", "media_player"];
    const other: Record<string, Record<string, (state: string) => string>> = {
      cover: {
        open_cover: () => "open",
        close_cover: () => "closed",
        toggle: (s) => (s === "open" ? "closed" : "open"),
        // A cover halts where it is: one on its way is then open (neither fully open nor closed).
        stop_cover: (s) => (s === "opening" || s === "closing" ? "open" : s),
        set_cover_position: (s) => s,
      },
      valve: {
        open_valve: () => "open",
        close_valve: () => "closed",
        toggle: (s) => (s === "open" ? "closed" : "open"),
      },
      lock: { lock: () => "locked", unlock: () => "unlocked" },
      // A thermostat switched on goes back to heating; off is its own HVAC mode (climate.turn_on/off).
      climate: { turn_on: (s) => (s === "off" ? "heat" : s), turn_off: () => "off" },
      // A scene's state is when it was last activated; a script is "off" again once it has run.
      scene: { turn_on: () => new Date().toISOString() },
      script: { turn_on: () => "off" },
    };
    const known =
      (toggleDomains.includes(domain) && ["turn_on", "turn_off", "toggle"].includes(service)) ||
      (domain === "media_player" && (service === "volume_set" || service === "volume_mute")) ||
      other[domain]?.[service] !== undefined;
    if (!known) throw new CommandError("not_found", `Action ${domain}.${service} not found.`);
    const entityIds = [...ids(target.entity_id), ...ids(data.entity_id)];
    if (service === "volume_set") {
      const level = data.volume_level;
      if (typeof level !== "number" || level < 0 || level > 1) {
        throw new CommandError(
          "invalid_format",
          "value must be at most 1 for dictionary value @ data['volume_level']",
        );
      }
    }
    for (const entityId of entityIds) {
      // HA skips referenced entities that don't exist (it only logs a warning).
      const current = home.states.get(entityId);
      if (!current || !entityId.startsWith(`${domain}.`)) continue;
      if (service === "volume_set" || service === "volume_mute") {
        const features = Number(current.attributes.supported_features ?? 0);
        if (!(features & (service === "volume_set" ? MEDIA_VOLUME_SET : MEDIA_VOLUME_MUTE))) {
          throw new CommandError(
            "home_assistant_error",
            `Entity ${entityId} does not support action media_player.${service}`,
          );
        }
      }
      if (unresponsive.has(entityId)) continue;
      if (domain === "cover" && service === "set_cover_position") {
        const position = Number(data.position);
        writeState(entityId, position > 0 ? "open" : "closed", { current_position: position });
        continue;
      }
      const next = other[domain]?.[service];
      if (next) {
        writeState(entityId, next(current.state), {});
        continue;
      }
      if (service === "volume_set") {
        writeState(entityId, current.state, { volume_level: data.volume_level });
        continue;
      }
      if (service === "volume_mute") {
        writeState(entityId, current.state, { is_volume_muted: data.is_volume_muted === true });
        continue;
      }
      const isOn = current.state !== "off";
      const turnOn = service === "turn_on" || (service === "toggle" && !isOn);
      const attrs: Record<string, unknown> = {};
      if (domain === "light") {
        let brightness: number | undefined;
        if (typeof data.brightness_pct === "number")
          brightness = Math.round((data.brightness_pct * 255) / 100);
        if (typeof data.brightness === "number") brightness = data.brightness;
        if (turnOn && brightness === 0) {
          writeState(entityId, "off", { brightness: null });
          continue;
        }
        if (turnOn) attrs.brightness = brightness ?? (isOn ? current.attributes.brightness : 255);
        else attrs.brightness = null;
        // A colour by name is reported as its hue and saturation (HA's colour names are CSS's).
        if (turnOn && typeof data.color_name === "string") {
          attrs.hs_color = CSS_HS[data.color_name] ?? null;
          attrs.color_mode = "hs";
        }
        if (turnOn && typeof data.color_temp_kelvin === "number") {
          attrs.color_temp_kelvin = data.color_temp_kelvin;
          attrs.color_mode = "color_temp";
        }
      }
      writeState(entityId, turnOn ? "on" : "off", attrs);
    }
    return { context: { id: newContextId(), parent_id: null, user_id: null }, response: null };
  };

  const agentHome: AgentHome = {
    home,
    isExposed: (entityId) => isExposed(entityId) === true,
    namesOf: (entityId) => {
      const row = home.entities.find((e) => e.entity_id === entityId);
      const friendly = home.states.get(entityId)?.attributes.friendly_name;
      return [...(typeof friendly === "string" ? [friendly] : []), ...(row?.aliases ?? [])];
    },
    areaOf: (entityId) => {
      const row = home.entities.find((e) => e.entity_id === entityId);
      if (row?.area_id) return row.area_id;
      const device = row?.device_id ? home.devices.find((d) => d.id === row.device_id) : undefined;
      return device?.area_id ?? undefined;
    },
  };
  const recognizer = options.recognizer ?? miniatureRecognizer;

  /** `_make_intent_context`: the area of the device the request named, when it has one. */
  const contextOf = (deviceId: unknown) => {
    const device = typeof deviceId === "string" ? home.devices.find((d) => d.id === deviceId) : undefined;
    const area = device?.area_id ? home.areas.find((a) => a.area_id === device.area_id) : undefined;
    return area ? { area: { id: area.area_id, name: area.name } } : {};
  };

  const agentIdOf = (msg: Message) => {
    const agentId = msg.agent_id;
    if (agentId !== undefined && (typeof agentId !== "string" || !/^conversation\.\w+$/.test(agentId))) {
      throw new CommandError("invalid_format", `invalid agent ID for dictionary value @ data['agent_id']`);
    }
    return agentId;
  };

  /** HA's default agent (ha-default-agent.ts), answering as `ConversationResult.as_dict()` does. */
  const converse = (msg: Message): Record<string, unknown> => {
    if (typeof msg.text !== "string") {
      throw new CommandError("invalid_format", "required key not provided @ data['text']");
    }
    const agentId = agentIdOf(msg);
    const language = typeof msg.language === "string" ? msg.language : String(home.config.language);
    conversations.push({
      text: msg.text,
      ...(typeof msg.language === "string" ? { language: msg.language } : {}),
      ...(typeof agentId === "string" ? { agent_id: agentId } : {}),
      ...(msg.conversation_id !== undefined ? { conversation_id: msg.conversation_id as string | null } : {}),
    });
    // `conversation/process` carries no device: recognised without the speaker's area.
    const heard = recognizer(msg.text, language, {}, agentHome);
    const outcome = handleIntent(agentHome, heard, language, (domain, service, entityId) =>
      callService({ domain, service, service_data: {}, target: { entity_id: entityId } }),
    );
    return {
      response: {
        response_type: outcome.type,
        language,
        speech: { plain: { speech: outcome.speech, extra_data: null } },
        card: {},
        data:
          outcome.type === "error"
            ? { code: outcome.code }
            : { targets: [], success: outcome.success ?? [], failed: [] },
      },
      conversation_id: typeof msg.conversation_id === "string" ? msg.conversation_id : newContextId(),
      continue_conversation: false,
    };
  };

  /** `conversation/agent/homeassistant/debug`: what the default agent recognises, without acting. */
  const debug = (msg: Message): Record<string, unknown> => {
    const sentences = msg.sentences;
    if (!Array.isArray(sentences) || !sentences.every((t) => typeof t === "string")) {
      throw new CommandError("invalid_format", "required key not provided @ data['sentences']");
    }
    const language = typeof msg.language === "string" ? msg.language : String(home.config.language);
    recognitions.push({
      sentences: sentences as string[],
      ...(typeof msg.language === "string" ? { language: msg.language } : {}),
      ...(typeof msg.device_id === "string" ? { device_id: msg.device_id } : {}),
    });
    const context = contextOf(msg.device_id);
    return {
      results: (sentences as string[]).map((text) =>
        debugResult(agentHome, recognizer(text, language, context, agentHome)),
      ),
    };
  };

  const handle = (client: Client, msg: Message) => {
    const id = msg.id;
    if (typeof id !== "number" || id <= client.lastId) {
      error(client, id, "id_reuse", "Identifier values have to increase.");
      return;
    }
    client.lastId = id;
    try {
      switch (msg.type) {
        case "supported_features": {
          const features = (msg.features ?? {}) as Record<string, unknown>;
          result(client, id);
          client.coalesce = features.coalesce_messages === 1;
          return;
        }
        case "ping":
          send(client, { id, type: "pong" });
          return;
        case "get_config":
          return result(client, id, home.config);
        case "get_states":
          return result(
            client,
            id,
            [...home.states].map(([e, s]) => fullState(e, s)),
          );
        case "config/floor_registry/list":
          return result(client, id, home.floors);
        case "config/area_registry/list":
          return result(client, id, home.areas);
        case "config/device_registry/list":
          return result(client, id, home.devices);
        case "config/entity_registry/list":
          return result(client, id, home.entities.map(listRow));
        case "config/entity_registry/get_entries": {
          const rows = new Map(home.entities.map((e) => [e.entity_id, e]));
          const out: Record<string, unknown> = {};
          for (const entityId of ids(msg.entity_ids)) out[entityId] = rows.get(entityId) ?? null;
          return result(client, id, out);
        }
        case "homeassistant/expose_entity/list": {
          const exposed: Record<string, Record<string, boolean>> = {};
          for (const [entityId, value] of home.legacyExposure) exposed[entityId] = { conversation: value };
          for (const row of home.entities) {
            const setting = row.options.conversation?.should_expose;
            exposed[row.entity_id] = typeof setting === "boolean" ? { conversation: setting } : {};
          }
          return result(client, id, { exposed_entities: exposed });
        }
        case "subscribe_events":
          client.subscriptions.set(id, typeof msg.event_type === "string" ? msg.event_type : "*");
          return result(client, id);
        case "subscribe_entities": {
          client.subscriptions.set(id, "entities");
          result(client, id);
          const all: Record<string, unknown> = {};
          for (const [entityId, s] of home.states) all[entityId] = compress(s);
          send(client, { id, type: "event", event: { a: all } });
          return;
        }
        case "unsubscribe_events": {
          if (!client.subscriptions.delete(Number(msg.subscription))) {
            throw new CommandError("not_found", "Subscription not found.");
          }
          return result(client, id);
        }
        case "call_service":
          return result(client, id, callService(msg));
        case "conversation/process":
          return result(client, id, converse(msg));
        case "conversation/agent/homeassistant/debug":
          if (!recognizes) throw new CommandError("unknown_command", "Unknown command.");
          return result(client, id, debug(msg));
        default:
          throw new CommandError("unknown_command", "Unknown command.");
      }
    } catch (err) {
      if (err instanceof CommandError) error(client, id, err.code, err.message);
      else error(client, id, "unknown_error", (err as Error).message);
    }
  };

  const accept = (ws: WebSocket) => {
    let authed = false;
    const client: Client = { ws, lastId: 0, coalesce: false, outbox: [], subscriptions: new Map() };
    ws.send(JSON.stringify({ type: "auth_required", ha_version: haVersion }));
    const authTimer = setTimeout(() => ws.close(), 10_000);
    ws.on("message", (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        ws.close();
        return;
      }
      if (!authed) {
        const msg = parsed as Message;
        clearTimeout(authTimer);
        if (msg.type === "auth" && msg.access_token === token) {
          authed = true;
          clients.add(client);
          ws.send(JSON.stringify({ type: "auth_ok", ha_version: haVersion }));
        } else {
          ws.send(JSON.stringify({ type: "auth_invalid", message: "Invalid access token or password" }));
          ws.close();
        }
        return;
      }
      for (const msg of Array.isArray(parsed) ? parsed : [parsed]) handle(client, msg as Message);
    });
    ws.on("close", () => {
      clearTimeout(authTimer);
      clients.delete(client);
    });
  };

  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;

  const dropAll = () => {
    for (const client of clients) client.ws.terminate();
    for (const ws of wss.clients) ws.terminate();
    clients.clear();
  };

  const entityRowOf = (entityId: string) => {
    const row = home.entities.find((e) => e.entity_id === entityId);
    if (!row) throw new Error(`no registry entry ${entityId}`);
    return row;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    home,
    serviceCalls,
    conversations,
    recognitions,
    setState: (entityId, value, attributes = {}) => writeState(entityId, value, attributes),
    removeState: (entityId) => {
      if (!home.states.delete(entityId)) return;
      broadcastEntities({ r: [entityId] });
    },
    updateEntity: (entityId, changes) => {
      const row = entityRowOf(entityId);
      const old: Record<string, unknown> = {};
      for (const key of Object.keys(changes)) old[key] = row[key as keyof EntityRow];
      Object.assign(row, changes);
      broadcastEvent("entity_registry_updated", { action: "update", entity_id: entityId, changes: old });
      refreshFriendlyName(row);
    },
    updateDevice: (deviceId, changes) => {
      const device = home.devices.find((d) => d.id === deviceId);
      if (!device) throw new Error(`no device ${deviceId}`);
      const old: Record<string, unknown> = {};
      for (const key of Object.keys(changes)) old[key] = device[key];
      Object.assign(device, changes);
      broadcastEvent("device_registry_updated", { action: "update", device_id: deviceId, changes: old });
      for (const row of home.entities.filter((e) => e.device_id === deviceId)) refreshFriendlyName(row);
    },
    updateArea: (areaId, changes) => {
      const area = home.areas.find((a) => a.area_id === areaId);
      if (!area) throw new Error(`no area ${areaId}`);
      Object.assign(area, changes);
      broadcastEvent("area_registry_updated", { action: "update", area_id: areaId });
    },
    setExposed: (entityId, exposed) => {
      const row = home.entities.find((e) => e.entity_id === entityId);
      if (!row) {
        home.legacyExposure.set(entityId, exposed);
        return;
      }
      if (isExposed(entityId) === exposed) return;
      const old = { ...row.options };
      row.options = { ...row.options, conversation: { ...row.options.conversation, should_expose: exposed } };
      broadcastEvent("entity_registry_updated", {
        action: "update",
        entity_id: entityId,
        changes: { options: old },
      });
    },
    setUnresponsive: (entityId, value) => {
      if (value) unresponsive.add(entityId);
      else unresponsive.delete(entityId);
    },
    setToken: (t) => {
      token = t;
    },
    dropAll,
    down: () => {
      accepting = false;
      dropAll();
    },
    up: () => {
      accepting = true;
    },
    connections: () => clients.size,
    close: async () => {
      accepting = false;
      dropAll();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
