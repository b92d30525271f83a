// The one action policy, at the one boundary every actuation passes: the tool registry's
// `execute` (the fast path, every LLM tool call, HA's agent fallback through our tools, /mcp).
// It judges a call by its effect on its target (effects.ts), never by which tool carries it or
// what words asked for it. To do that it resolves the call's target the way the tool itself
// will: an HA entity through the mirror (its domain, device class and state), a Z-Wave device
// through the server's own name resolution over the bridge's device list and `haKindOf`. A held
// call comes back with its arguments pinned to that target, so the call a yes runs is the call
// the question named.
import type { HomeMirror } from "../../ha/mirror.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../config/own-servers.js";
import type { DeviceSummary, EndpointSummary } from "../../zwave/contract.js";
import { displayName, resolveDevice } from "../../zwave/name-resolver.js";
import { haKindOf, type HaKind } from "../../zwave-host/ha-kind.js";
import { findEntity } from "../local/home-entity.js";
import type { JsonSchema, ToolAnnotations } from "../types.js";
import { heldEffect, type Act } from "./effects.js";
import type { HeldEffect, HeldKind } from "./held.js";

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
  /** The rule itself, for a path that acts without a tool call of ours (HA's agent): undefined acts. */
  effectOf(kind: HaKind, act: Act, state?: string): HeldKind | undefined;
}

export interface ActionPolicyOptions {
  /** `confirm_destructive` (default true). */
  confirm?: boolean;
  /** Home Assistant's entities, to judge `control_entity` and `lock_entity` calls. */
  mirror?: HomeMirror;
  /** The bridge's Z-Wave device list, to judge calls of the Z-Wave tools. */
  zwave?: { devices(): readonly DeviceSummary[]; freshen?(): Promise<boolean> };
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
    const deviceClass = entity.attributes.device_class;
    const kind: HaKind = {
      domain: entity.domain,
      ...(typeof deviceClass === "string" ? { deviceClass } : {}),
    };
    const held = heldEffect(kind, act, entity.state);
    if (!held) return { hold: false };
    // A toggle that opens is asked as "open …?": the yes opens it, whatever it reports by then.
    const action = act === "toggle" ? "turn_on" : call.args.action;
    return {
      hold: true,
      effects: [{ kind: held, target: entity.name, entityId: entity.entityId }],
      args: { ...call.args, name: entity.entityId, action },
    };
  }

  /**
   * The endpoints a Z-Wave call may act on, resolved as the server resolves it (node id, else the
   * node or endpoint name through its resolver; an endpoint number narrows it): one endpoint, or
   * every endpoint of the node when the server will choose among them. Empty when not certain.
   */
  async function zwaveEndpoints(
    call: PolicyCall,
  ): Promise<Array<{ device: DeviceSummary; endpoints: EndpointSummary[]; endpoint?: number }>> {
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
      const device = devices().find((d) => d.nodeId === nodeId);
      return device ? [narrowed(device)] : [];
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
    const found = await zwaveEndpoints(call);
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
    // Any other Z-Wave tool that acts: judged by what each endpoint it may reach really is.
    const effects: HeldEffect[] = [];
    for (const { device, endpoints } of found) {
      for (const e of endpoints) {
        // A cover's or barrier's own reported state, where the server gives one.
        const state = e.coverState ?? (e.on === null ? undefined : e.on ? "open" : "closed");
        const held = heldEffect(haKindOf(e), effectiveAct, state);
        if (held) effects.push({ kind: held, target: e.name || device.name, nodeId: device.nodeId });
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
      // A tool whose effect we do not know: its own destructiveHint decides, as MCP says.
      if (call.annotations?.destructiveHint === true) {
        return { hold: true, effects: [{ kind: "destructive", target: call.tool }], args: call.args };
      }
      return { hold: false };
    },
    mayHold(tool) {
      if (!confirms) return false;
      if (isBuiltin(tool.server) && MAY_HOLD.builtin.has(tool.tool)) return true;
      // A Z-Wave tool that acts, with an action that may open or unlock (judged as `judge` does).
      if (isZwave(tool.server) && tool.annotations?.readOnlyHint !== true) {
        const actions = tool.inputSchema?.properties?.action?.enum ?? [];
        if (actions.some((a) => MAY_OPEN.has(String(a)))) return true;
      }
      return tool.annotations?.destructiveHint === true;
    },
    effectOf: (kind, act, state) => (confirms ? heldEffect(kind, act, state) : undefined),
  };
}
