import type { Logger } from "../../log.js";
import type { ConversationAgent, TurnRecord } from "../../agent/types.js";
import type { MirrorStatus } from "../../ha/mirror.js";
import { withoutCredentials } from "../../shared/redact.js";
import type { McpServerStatus } from "../../mcp/client/server-connection.js";
import type { McpCallRecord } from "../../mcp/server/call-log.js";
import type { EndpointTools } from "../../mcp/server/endpoint-tools.js";
import { ZWAVE_TOOLS } from "../../tools/own-servers.js";
import type { ToolInfo } from "../../tools/registry.js";
import type { BridgeView } from "../bridge-view.js";

const ZWAVE_LIST_TOOL = "list_zwave_devices";
/** The page refreshes on every turn; the Z-Wave list is one MCP call, so it is reused briefly. */
const DEVICE_CACHE_MS = 5_000;
const DEVICE_TIMEOUT_MS = 3_000;

export interface ZwaveDeviceRow {
  name: string;
  location?: string;
  nodeId?: number;
  state?: string;
  online?: boolean;
  value?: string;
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
  }>;
}

/** Everything the status page shows, as `status.json` serves it. Holds no secret. */
export interface StatusSnapshot {
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  health: {
    home: MirrorStatus;
    broker?: { url: string; connected: boolean };
    zwaveGateway?: { name?: string; online: boolean };
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
  const { deps, endpoint, logger } = options;
  let cached: { at: number; value: Promise<StatusSnapshot["devices"]["zwave"]> } | undefined;

  async function fetchZwaveDevices(tool: ToolInfo): Promise<StatusSnapshot["devices"]["zwave"]> {
    const result = await deps.registry.executeIdentifier(
      { server: tool.server, toolbox: tool.toolbox, name: tool.tool },
      { includeInactive: true },
      { timeoutMs: DEVICE_TIMEOUT_MS },
    );
    if (!result.ok) return { devices: [], error: withoutCredentials(result.content) };
    const rows = result.structuredContent?.devices;
    return { devices: Array.isArray(rows) ? rows.map(deviceRow) : [] };
  }

  function zwaveDevices(tools: ToolInfo[]): Promise<StatusSnapshot["devices"]["zwave"]> {
    const tool = tools.find((t) => t.server === ZWAVE_TOOLS.server && t.tool === ZWAVE_LIST_TOOL);
    if (!tool) return Promise.resolve(undefined);
    if (cached && Date.now() - cached.at < DEVICE_CACHE_MS) return cached.value;
    const value = fetchZwaveDevices(tool).catch((err: unknown) => {
      logger.debug({ err }, "status page: the Z-Wave device list failed");
      return { devices: [], error: "The Z-Wave device list could not be read." };
    });
    cached = { at: Date.now(), value };
    return value;
  }

  return {
    async build() {
      const tools = deps.registry.list();
      const home = deps.mirror.status();
      const broker = deps.broker();
      const gateway = deps.zwaveGateway();
      return {
        version: deps.version,
        startedAt: new Date(deps.startedAt).toISOString(),
        uptimeSeconds: Math.max(0, Math.round((Date.now() - deps.startedAt) / 1000)),
        health: {
          home: { ...home, ...(home.error ? { error: withoutCredentials(home.error) } : {}) },
          ...(broker ? { broker: { url: withoutCredentials(broker.url), connected: broker.connected } } : {}),
          ...(gateway ? { zwaveGateway: gateway } : {}),
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
        devices: { ...optional("zwave", await zwaveDevices(tools)), areas: areaRows(deps) },
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
    })),
  }));
}

function deviceRow(raw: unknown): ZwaveDeviceRow {
  const row = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const out: ZwaveDeviceRow = { name: text(row.name) ?? "?" };
  if (text(row.location)) out.location = text(row.location);
  if (typeof row.nodeId === "number") out.nodeId = row.nodeId;
  if (text(row.state)) out.state = text(row.state);
  if (typeof row.online === "boolean") out.online = row.online;
  // The typed device list (src/zwave/contract.ts) gives a state: asleep devices still answer.
  else if (out.state) out.online = out.state === "online" || out.state === "asleep";
  if (text(row.value)) out.value = text(row.value);
  return out;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
