// The one action policy, at the one boundary every actuation passes: the tool registry's
// `execute` (the fast path, every LLM tool call, HA's agent fallback through our tools, /mcp).
// It judges a call by its effect on its target (effects.ts), never by which tool carries it or
// what words asked for it. To do that it resolves the call's target the way the tool itself
// will: an HA entity through the mirror (its domain, device class and state), a Z-Wave device
// through the server's own name resolution over the bridge's device list and `haKindOf`. A
// device known to both is judged by both readings, and the stricter wins (readings.ts). Another
// server's tool is judged by what its arguments name (argument-effects.ts), whatever its
// annotations say. A held call comes back with its arguments pinned to that target, so the call
// a yes runs is the call the question named.
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../config/own-servers.js";
import type { DeviceSummary, EndpointSummary } from "../../zwave/contract.js";
import { displayName, resolveDevice } from "../../zwave/name-resolver.js";
import { haKindOf } from "../../zwave-host/ha-kind.js";
import { findEntity } from "../local/home-entity.js";
import type { JsonSchema, ToolAnnotations } from "../types.js";
import { argumentEffects } from "./argument-effects.js";
import { heldEffect, type Act } from "./effects.js";
import type { HeldEffect, HeldKind } from "./held.js";
import {
  asEffect,
  endpointReading,
  entityReading,
  haReadingsOf,
  strictestEffect,
  zwaveReadingsOf,
  type Reading,
} from "./readings.js";

export interface PolicyCall {
  server: string;
  /** The tool's own name on its server. */
  tool: string;
  annotations?: ToolAnnotations | undefined;
  /** The arguments after repair and validation: exactly what the tool would run with. */
  args: Record<string, unknown>;
  /** The satellite that heard the sentence: the tools prefer its area, and so does the judgement. */
  deviceId?: string | undefined;
}

export type Judgement =
  | { hold: false }
  /** `args`: the call pinned to the judged target (an entity id, a node id), to run on a yes. */
  | { hold: true; effects: HeldEffect[]; args: Record<string, unknown> };

export interface ActionPolicy {
  /** False when the user turned confirmations off (`confirm_destructive`): nothing is held. */
  readonly confirms: boolean;
  /** Whether it resolves targets in the home (HA's entities), or judges by the call alone. */
  readonly knowsHome: boolean;
  judge(call: PolicyCall): Promise<Judgement>;
  /** Whether a call of this tool can ever be held: such tools take /mcp's confirmation argument. */
  mayHold(tool: {
    server: string;
    tool: string;
    annotations?: ToolAnnotations | undefined;
    inputSchema?: JsonSchema;
  }): boolean;
  /**
   * The rule itself, for a path that acts on an HA entity without a tool call of ours (HA's
   * agent): judged by both readings of the device (HA's, and the Z-Wave endpoint's it is joined
   * to), the stricter winning; `withState` false judges it whatever state it reports. Undefined acts.
   */
  entityEffect(entity: EntityView, act: Act, withState: boolean): HeldKind | undefined;
}

export interface ActionPolicyOptions {
  /** `confirm_destructive` (default true). */
  confirm?: boolean;
  /** Home Assistant's entities, to judge `control_entity` and `lock_entity` calls. */
  mirror?: HomeMirror;
  /**
   * The bridge's Z-Wave device list, to judge calls of the Z-Wave tools. `refresh` lists now: a
   * call by a node id the list does not hold is judged on a fresh list, never let through.
   */
  zwave?: {
    devices(): readonly DeviceSummary[];
    freshen?(): Promise<boolean>;
    refresh?(): Promise<readonly DeviceSummary[]>;
  };
}

const isBuiltin = (server: string) => server === BUILTIN_TOOLS.server;
const isZwave = (server: string) => server === ZWAVE_TOOLS.server;

/** Tools of ours whose calls can have an effect that is held. */
const MAY_HOLD = { builtin: new Set(["control_entity", "lock_entity"]) };
/** Z-Wave tool actions that may open or unlock something. */
const MAY_OPEN = new Set(["on", "dim", "toggle", "open", "unlock", "set_position"]);

/** The `action` values of the Z-Wave tools, as effects. */
const ZWAVE_ACTS: Record<string, Act> = {
  on: "on",
  off: "off",
  dim: "on",
  toggle: "toggle",
  open: "open",
  close: "close",
  lock: "lock",
  unlock: "unlock",
};

const ENTITY_ACTS: Record<string, Act> = {
  turn_on: "on",
  turn_off: "off",
  toggle: "toggle",
  lock: "lock",
  unlock: "unlock",
};

export function createActionPolicy(options: ActionPolicyOptions = {}): ActionPolicy {
  const confirms = options.confirm ?? true;
  const { mirror, zwave } = options;

  function entityCall(call: PolicyCall, domain?: string): Judgement {
    // A cover sent to position 0 closes; to any other position it opens (as far as that).
    const act =
      call.args.action === "turn_on" && call.args.position === 0
        ? "off"
        : ENTITY_ACTS[String(call.args.action)];
    const name = call.args.name;
    if (!act || typeof name !== "string") return { hold: false };
    // Without the home to look in, what this tool does is still known: lock_entity unlocks.
    if (!mirror) {
      return domain === "lock" && act === "unlock"
        ? { hold: true, effects: [{ kind: "unlock", target: name }], args: call.args }
        : { hold: false };
    }
    // The tool's own lookup: what it would act on is what is judged.
    const found = findEntity(mirror, name, {
      ...(domain ? { domain } : {}),
      ...(call.deviceId ? { speakerDeviceId: call.deviceId } : {}),
    });
    if (!found.ok) return { hold: false };
    const { entity } = found;
    // control_entity refuses locks (lock_entity is theirs): such a call has no effect to hold.
    if (call.tool === "control_entity" && entity.domain === "lock") return { hold: false };
    const held = strictestEffect(readingsOfEntity(entity, true), act);
    if (!held) return { hold: false };
    // A toggle that opens is asked as "open …?": the yes opens it, whatever it reports by then.
    const action = act === "toggle" ? "turn_on" : call.args.action;
    return {
      hold: true,
      effects: [{ kind: held.kind, target: entity.name, entityId: entity.entityId }],
      args: { ...call.args, name: entity.entityId, action },
    };
  }

  /**
   * An HA entity as HA reads it, and as the Z-Wave endpoint it is joined to does. Without
   * `withState`, judged whatever state either reports (a toggle, for a path that cannot pin it).
   */
  function readingsOfEntity(entity: EntityView, withState: boolean): Reading[] {
    const readings = [entityReading(entity), ...zwaveReadingsOf(entity, zwave?.devices() ?? [])];
    return withState ? readings : readings.map((r) => ({ ...r, state: undefined }));
  }

  /**
   * The endpoints a Z-Wave call may act on, resolved as the server resolves it (node id, else the
   * node or endpoint name through its resolver; an endpoint number narrows it): one endpoint, or
   * every endpoint of the node when the server will choose among them. Empty when not certain.
   */
  async function zwaveEndpoints(
    call: PolicyCall,
  ): Promise<Array<{ device: DeviceSummary; endpoints: EndpointSummary[]; endpoint?: number }> | "unknown"> {
    const devices = () => zwave?.devices() ?? [];
    const { nodeId, deviceName, endpoint } = call.args;
    const narrowed = (device: DeviceSummary, index?: number) => {
      const chosen = typeof endpoint === "number" ? endpoint : index;
      return {
        device,
        endpoints:
          chosen === undefined ? device.endpoints : device.endpoints.filter((e) => e.endpoint === chosen),
        ...(chosen === undefined ? {} : { endpoint: chosen }),
      };
    };
    if (typeof nodeId === "number") {
      const byId = () => devices().find((d) => d.nodeId === nodeId);
      // A node just included, or listed before the server was heard from: the list now decides.
      let device = byId();
      if (!device && zwave?.refresh) {
        await zwave.refresh().catch(() => undefined);
        device = byId();
      }
      return device ? [narrowed(device)] : "unknown";
    }
    if (typeof deviceName !== "string") return [];
    const resolve = () =>
      resolveDevice(
        deviceName,
        devices().flatMap((device) => {
          const node = { id: device.nodeId, name: device.name, loc: device.location };
          return [
            { ...node, device, index: undefined as number | undefined },
            ...device.endpoints
              .filter((e) => e.name !== displayName(node))
              .map((e) => ({ ...node, name: e.name, device, index: e.endpoint })),
          ];
        }),
      );
    let found = resolve();
    // As the server does, a name not found is looked up once more (a device just renamed or added).
    if (found.kind === "none" && (await zwave?.freshen?.())) found = resolve();
    if (found.kind === "found") return [narrowed(found.device.device, found.device.index)];
    // "Smart Plug" names the device and, partly, each of its outlets: the server takes the device.
    if (found.kind === "ambiguous") {
      const whole = found.candidates.find((c) => c.index === undefined);
      if (whole && found.candidates.every((c) => c.device === whole.device)) return [narrowed(whole.device)];
    }
    return [];
  }

  /** What a Z-Wave call's action does: a position above closed opens (a cover's set_position). */
  function zwaveAct(args: Record<string, unknown>): Act | undefined {
    if (args.action === "set_position")
      return typeof args.position === "number" && args.position <= 0 ? "close" : "open";
    const act = ZWAVE_ACTS[String(args.action)];
    // Dimmed to 0 is off; to any other level, as open as "on".
    return act === "on" && args.action === "dim" && args.level === 0 ? "off" : act;
  }

  /**
   * A call that names several devices (control_zwave_group): each member judged as a call of its
   * own with the group's action, and the yes runs the group with every member pinned.
   */
  async function zwaveGroupCall(call: PolicyCall, members: unknown[]): Promise<Judgement> {
    const effects: HeldEffect[] = [];
    const pinned: unknown[] = [];
    const { devices: _group, ...shared } = call.args;
    for (const member of members) {
      if (typeof member !== "object" || member === null) {
        pinned.push(member);
        continue;
      }
      const judged = await zwaveCall({ ...call, args: { ...shared, ...member } });
      if (judged.hold) {
        effects.push(...judged.effects);
        const { nodeId, endpoint } = judged.args;
        pinned.push({ ...member, nodeId, ...(endpoint === undefined ? {} : { endpoint }) });
      } else pinned.push(member);
    }
    return effects.length
      ? { hold: true, effects, args: { ...call.args, devices: pinned } }
      : { hold: false };
  }

  async function zwaveCall(call: PolicyCall): Promise<Judgement> {
    if (Array.isArray(call.args.devices)) return zwaveGroupCall(call, call.args.devices);
    const effectiveAct = zwaveAct(call.args);
    if (!effectiveAct) return { hold: false };
    const listed = await zwaveEndpoints(call);
    if (listed === "unknown") {
      // A node the bridge cannot see even on a fresh list: what it is cannot be told, so anything
      // but locking or closing it waits (the server would act on it if it knows it by now).
      if (effectiveAct === "lock" || effectiveAct === "close") return { hold: false };
      return {
        hold: true,
        effects: [{ kind: "unknown", target: `Z-Wave node ${String(call.args.nodeId)}` }],
        args: call.args,
      };
    }
    const found = listed;
    // Pinned to the node (and endpoint) judged, so the yes runs on exactly that.
    const pin = (f: { device: DeviceSummary; endpoint?: number }) => ({
      nodeId: f.device.nodeId,
      ...(f.endpoint === undefined ? {} : { endpoint: f.endpoint }),
    });
    if (call.tool === "lock_zwave_door") {
      // Whatever the node is, this tool locks and unlocks: judged as a lock.
      const held = heldEffect({ domain: "lock" }, effectiveAct);
      if (!held) return { hold: false };
      const [first] = found;
      const target =
        (first &&
          displayName({ id: first.device.nodeId, name: first.device.name, loc: first.device.location })) ||
        (typeof call.args.deviceName === "string" ? call.args.deviceName : "the lock");
      return {
        hold: true,
        effects: [{ kind: held, target, ...(first ? { nodeId: first.device.nodeId } : {}) }],
        args: { ...call.args, ...(first ? pin(first) : {}) },
      };
    }
    // Any other Z-Wave tool that acts: judged by what each endpoint it may reach is, to Z-Wave
    // and to Home Assistant (the stricter wins); the barrier tool's endpoints as barriers too.
    const effects: HeldEffect[] = [];
    for (const { device, endpoints } of found) {
      for (const e of endpoints) {
        const own = endpointReading(device, e);
        const readings: Reading[] = [
          own,
          ...haReadingsOf(mirror, device, e.endpoint),
          ...(call.tool === "control_zwave_barrier"
            ? [{ ...own, kind: haKindOf({ function: "barrier", coverType: e.coverType }) }]
            : []),
        ];
        const held = strictestEffect(readings, effectiveAct);
        if (held) effects.push(asEffect(held));
      }
    }
    const [first] = found;
    if (!effects.length || !first) return { hold: false };
    return { hold: true, effects, args: { ...call.args, ...pin(first) } };
  }

  return {
    confirms,
    knowsHome: mirror !== undefined,
    async judge(call) {
      if (!confirms) return { hold: false };
      if (isBuiltin(call.server) && call.tool === "control_entity") return entityCall(call);
      if (isBuiltin(call.server) && call.tool === "lock_entity") return entityCall(call, "lock");
      // Every Z-Wave tool that acts, known or added later, is judged by its effect.
      if (isZwave(call.server) && call.annotations?.readOnlyHint !== true) return zwaveCall(call);
      if (call.annotations?.readOnlyHint === true) return { hold: false };
      // Any other tool that may act: by what its arguments name, whatever its annotations say.
      const effects = argumentEffects({ tool: call.tool, args: call.args }, mirror);
      if (effects.length) return { hold: true, effects, args: call.args };
      // Nothing it names can be told: a tool that declares itself destructive is held, as MCP says.
      if (call.annotations?.destructiveHint === true) {
        return { hold: true, effects: [{ kind: "destructive", target: call.tool }], args: call.args };
      }
      return { hold: false };
    },
    mayHold(tool) {
      if (!confirms) return false;
      if (tool.annotations?.readOnlyHint === true) return false;
      if (isBuiltin(tool.server)) return MAY_HOLD.builtin.has(tool.tool);
      // A Z-Wave tool that acts, with an action that may open or unlock (judged as `judge` does).
      if (isZwave(tool.server)) {
        const actions = tool.inputSchema?.properties?.action?.enum ?? [];
        return actions.some((a) => MAY_OPEN.has(String(a))) || tool.annotations?.destructiveHint === true;
      }
      // Another server's tool that may act: what it names may be held.
      return true;
    },
    entityEffect: (entity, act, withState) =>
      confirms ? strictestEffect(readingsOfEntity(entity, withState), act)?.kind : undefined,
  };
}
