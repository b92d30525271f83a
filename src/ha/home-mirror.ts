// Home Assistant as the agent, the fast path and the tools see it: the mirror's interface and
// the views it hands out. src/ha/mirror.ts keeps it current; src/ha/unconfigured-mirror.ts stands
// in when there is no Home Assistant.
import type { HaAgentAnswer } from "./conversation.js";
import type { HaRecognition } from "./recognition.js";
import type { Resolution, ResolveOptions } from "./resolver.js";
import type { HomeConfig } from "./schemas.js";
import type { SummaryOptions } from "./summary.js";
import type { ZwaveNodeId, ZwaveOrigin } from "./zwave-node.js";

export interface MirrorStatus {
  /** Home Assistant is configured (false in the stand-alone demo). */
  configured: boolean;
  connected: boolean;
  /** What the mirror holds was not (yet) confirmed by the current connection. */
  stale: boolean;
  /** When the last full sync finished (ISO time). */
  lastSync?: string;
  entityCount: number;
  exposedCount: number;
  /** Why it is not connected, in words a user understands. Never holds the token. */
  error?: string;
  haVersion?: string;
}

export interface Place {
  id: string;
  name: string;
}

export interface EntityView {
  entityId: string;
  name: string;
  domain: string;
  state: string;
  attributes: Record<string, unknown>;
  unit?: string;
  area?: Place;
  floor?: Place;
  deviceId?: string;
  /**
   * The Z-Wave node this entity is a view of (HA's `zwave_js` or Z-Wave JS UI's MQTT discovery),
   * with its value's endpoint and what the device was when HA registered it.
   */
  zwaveNode?: ZwaveOrigin;
  aliases: string[];
  exposed: boolean;
  /** The state may be out of date: Home Assistant is not connected or not yet resynced. */
  stale: boolean;
  /** ISO time of the last state change. */
  lastChanged: string;
}

export interface AreaView extends Place {
  aliases: string[];
  floor?: Place & { aliases: string[] };
  /** The entities in this area that are exposed to Assist. */
  entities: EntityView[];
}

export type MirrorChange =
  { type: "state"; entityIds: string[] } | { type: "registry" } | { type: "status"; status: MirrorStatus };

export interface ServiceTarget {
  entity_id: string | string[];
}

/** Home Assistant as the agent, the fast path and the tools see it. */
export interface HomeMirror {
  status(): MirrorStatus;
  /** Entities a name refers to, best first; see `Resolution`. */
  resolve(query: string, options?: ResolveOptions): Resolution;
  /** The area of a device (a satellite), inherited from its parent device when it has none. */
  areaOfDevice(deviceId: string): Place | undefined;
  entity(entityId: string): EntityView | undefined;
  /** Every entity exposed to Assist, in or out of an area. */
  exposedEntities(): EntityView[];
  /**
   * The entities, exposed or not, that are Home Assistant's view of a Z-Wave node (its device's
   * `zwave_js` identifiers, or Z-Wave JS UI's discovery ids): the same physical device. A null
   * `homeId` (a network whose id is not known yet) reads the node of that id in every network.
   */
  entitiesOfZwaveNode(node: ZwaveNodeId | { homeId: null; nodeId: number }): EntityView[];
  /** Every area that has entities exposed to Assist, with those entities. */
  areas(): AreaView[];
  /** Areas and exposed entities for the LLM's system prompt, within `maxTokens` (default 800). */
  summary(options?: SummaryOptions): string;
  /**
   * Calls a service on entities exposed to Assist (others are refused, as HA's own agents do).
   * Resolves to HA's result; rejects with a HomeAssistantError carrying HA's message.
   */
  callService(
    domain: string,
    service: string,
    data?: Record<string, unknown>,
    target?: ServiceTarget,
  ): Promise<unknown>;
  config(): HomeConfig | undefined;
  /** Asks Home Assistant's built-in conversation agent; rejects when HA is not connected. */
  converse(text: string, language: string): Promise<HaAgentAnswer>;
  /**
   * What HA's built-in agent understands of a sentence said by a satellite (`deviceId`), without
   * acting; rejects when HA is not connected, or with HA's error (an HA too old for it).
   */
  recognize(text: string, language: string, deviceId?: string): Promise<HaRecognition>;
  /** Called after each applied change; returns the function that stops it. */
  onChange(listener: (change: MirrorChange) => void): () => void;
  close(): Promise<void>;
}
