import type { Logger } from "../../log.js";
import type { ConversationAgent, TurnRecord } from "../../agent/types.js";
import type { MirrorStatus } from "../../ha/mirror.js";
import { withoutCredentials } from "../../shared/redact.js";
import type { McpServerStatus } from "../../mcp/client/server-connection.js";
import type { McpCallRecord } from "../../mcp/server/call-log.js";
import type { EndpointTools } from "../../mcp/server/endpoint-tools.js";
import type { ToolInfo } from "../../tools/registry.js";
import { homeTwins } from "../../ha/zwave-twins.js";
import type { ZwaveLink } from "../../zwave-host/zwave-client.js";
import type { BridgeView } from "../bridge-view.js";

export interface ZwaveDeviceRow {
  name: string;
  location?: string;
  nodeId?: number;
  /** The endpoint, for one load of a device with several. */
  endpoint?: number;
  state?: string;
  online?: boolean;
  /** Its state in English words ("on at 40 %", "21.5 °C"), for what the typed fields below don't say. */
  value?: string;
  /** What the device reported, typed, for the page to say in the reader's language. */
  on?: boolean;
  /** A light's or fan's level in percent. */
  level?: number;
  /** A cover's position in percent open, and its or a barrier's state ("opening"). */
  position?: number;
  coverState?: string;
  /** Open or closed: a cover, a barrier, or a door or window sensor. */
  open?: boolean;
}

export interface AreaRow {
  id: string;
  name: string;
  floor?: string;
  entities: Array<{
    entityId: string;
    name: string;
    domain: string;
    state: string;
    unit?: string;
    stale: boolean;
    /** The Z-Wave node this entity is a view of (one device, listed here only). */
    zwaveNode?: number;
  }>;
}

/** Everything the status page shows, as `status.json` serves it. Holds no secret. */
export interface StatusSnapshot {
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  health: {
    home: MirrorStatus;
    /** The Z-Wave link: "waiting" (for Z-Wave JS), "connected", … with what it reaches. */
    zwave: ZwaveLink;
    mcpServers: McpServerStatus[];
    agent: ReturnType<ConversationAgent["describe"]>;
    mcp: { configured: string; listing: "flat" | "workbench"; tools: number; sessions: number };
  };
  tools: ToolInfo[];
  devices: { zwave?: { devices: ZwaveDeviceRow[]; error?: string }; areas: AreaRow[] };
  turns: TurnRecord[];
  /** Recent tool calls through /mcp (Home Assistant's MCP integration, token clients). */
  mcpCalls: McpCallRecord[];
}

export interface StatusSnapshots {
  build(): Promise<StatusSnapshot>;
}

export function createStatusSnapshots(options: {
  deps: BridgeView;
  endpoint: { tools: EndpointTools; sessionCount(): number };
  logger: Logger;
}): StatusSnapshots {
  const { deps, endpoint } = options;
  /** The Z-Wave client's collection, read as it is: listing is the client's job, not the page's. */
  function zwaveDevices(): StatusSnapshot["devices"]["zwave"] {
    const link = deps.zwave.link();
    if (link.state === "off") return undefined;
    // A node Home Assistant knows is listed once, with HA's entities in its area (`zwaveNode`).
    const devices = homeTwins(deps.zwave, deps.mirror)
      .zwaveOnly()
      .map((d) => ({
        name: d.name,
        ...(d.location ? { location: d.location } : {}),
        nodeId: d.nodeId,
        ...(d.wholeNode ? {} : { endpoint: d.endpoint }),
        state: d.state,
        online: d.state === "online" || d.state === "asleep",
        ...(d.value !== null ? { value: d.value } : {}),
        ...(d.on !== null ? { on: d.on } : {}),
        ...(d.level !== null ? { level: d.level } : {}),
        ...(typeof d.reports.position === "number" ? { position: d.reports.position } : {}),
        ...(d.reports.coverState ? { coverState: d.reports.coverState } : {}),
        ...(typeof d.reports.open === "boolean" ? { open: d.reports.open } : {}),
      }));
    const error = link.error?.message ?? (link.state === "waiting" ? link.reason : undefined);
    return { devices, ...(error ? { error: withoutCredentials(error) } : {}) };
  }

  return {
    async build() {
      const tools = deps.registry.list();
      const home = deps.mirror.status();
      return {
        version: deps.version,
        startedAt: new Date(deps.startedAt).toISOString(),
        uptimeSeconds: Math.max(0, Math.round((Date.now() - deps.startedAt) / 1000)),
        health: {
          home: { ...home, ...(home.error ? { error: withoutCredentials(home.error) } : {}) },
          zwave: deps.zwave.link(),
          mcpServers: deps.mcpServers().map((s) => ({
            ...s,
            ...(s.lastError ? { lastError: withoutCredentials(s.lastError) } : {}),
          })),
          agent: deps.agent.describe(),
          mcp: {
            configured: deps.mcpMode,
            listing: endpoint.tools.mode(),
            tools: tools.length,
            sessions: endpoint.sessionCount(),
          },
        },
        tools,
        devices: { ...optional("zwave", zwaveDevices()), areas: areaRows(deps) },
        turns: deps.agent.recentTurns(),
        mcpCalls: endpoint.tools.calls.recent(),
      };
    },
  };
}

function areaRows(deps: BridgeView): AreaRow[] {
  // Attributes are left out on purpose: some carry tokens (a camera's access_token).
  return deps.mirror.areas().map((area) => ({
    id: area.id,
    name: area.name,
    ...(area.floor ? { floor: area.floor.name } : {}),
    entities: area.entities.map((e) => ({
      entityId: e.entityId,
      name: e.name,
      domain: e.domain,
      state: e.state,
      ...(e.unit ? { unit: e.unit } : {}),
      stale: e.stale,
      ...(e.zwaveNode ? { zwaveNode: e.zwaveNode.nodeId } : {}),
    })),
  }));
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
