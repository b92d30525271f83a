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
import type { DeviceSummary } from "../../zwave/contract.js";
import { displayName, resolveDevice } from "../../zwave/name-resolver.js";
import { haKindOf, type HaKind } from "../../zwave-host/ha-kind.js";
import { findEntity } from "../local/home-entity.js";
import type { ToolAnnotations } from "../types.js";
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
  mayHold(tool: { server: string; tool: string; annotations?: ToolAnnotations | undefined }): boolean;
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
const MAY_HOLD = {
  builtin: new Set(["control_entity", "lock_entity"]),
  zwave: new Set(["control_zwave_device", "lock_zwave_door"]),
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
    const act = ENTITY_ACTS[String(call.args.action)];
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

  async function zwaveDevice(call: PolicyCall): Promise<DeviceSummary | undefined> {
    const devices = () => zwave?.devices() ?? [];
    const nodeId = call.args.nodeId;
    if (typeof nodeId === "number") return devices().find((d) => d.nodeId === nodeId);
    const name = call.args.deviceName;
    if (typeof name !== "string") return undefined;
    // The server's own resolver over the same devices: the node it would pick.
    const resolve = () =>
      resolveDevice(
        name,
        devices().map((d) => ({ id: d.nodeId, name: d.name, loc: d.location, device: d })),
      );
    let found = resolve();
    // As the server does, a name not found is looked up once more (a device just renamed or added).
    if (found.kind === "none" && (await zwave?.freshen?.())) found = resolve();
    return found.kind === "found" ? found.device.device : undefined;
  }

  async function zwaveCall(call: PolicyCall): Promise<Judgement> {
    const device = await zwaveDevice(call);
    const action = call.args.action;
    const pin = device ? { nodeId: device.nodeId } : {};
    const target = device ? displayName({ id: device.nodeId, name: device.name, loc: device.location }) : "";
    if (call.tool === "lock_zwave_door") {
      // Whatever the node is, this tool unlocks: judged as a lock.
      if (action !== "unlock") return { hold: false };
      const name = target || (typeof call.args.deviceName === "string" ? call.args.deviceName : "the lock");
      return {
        hold: true,
        effects: [{ kind: "unlock", target: name, ...(device ? { nodeId: device.nodeId } : {}) }],
        args: { ...call.args, ...pin },
      };
    }
    if (!device) return { hold: false };
    const level = call.args.level;
    const act: Act | undefined =
      action === "on"
        ? "on"
        : action === "off"
          ? "off"
          : action === "dim"
            ? typeof level === "number" && level > 0
              ? "on"
              : "off"
            : undefined;
    const held = act && heldEffect(haKindOf(device), act);
    if (!held) return { hold: false };
    return {
      hold: true,
      effects: [{ kind: held, target, nodeId: device.nodeId }],
      args: { ...call.args, ...pin },
    };
  }

  return {
    confirms,
    knowsHome: mirror !== undefined,
    async judge(call) {
      if (!confirms) return { hold: false };
      if (isBuiltin(call.server) && call.tool === "control_entity") return entityCall(call);
      if (isBuiltin(call.server) && call.tool === "lock_entity") return entityCall(call, "lock");
      if (isZwave(call.server) && MAY_HOLD.zwave.has(call.tool)) return zwaveCall(call);
      // A tool whose effect we do not know: its own destructiveHint decides, as MCP says.
      if (call.annotations?.destructiveHint === true) {
        return { hold: true, effects: [{ kind: "destructive", target: call.tool }], args: call.args };
      }
      return { hold: false };
    },
    mayHold(tool) {
      if (!confirms) return false;
      if (isBuiltin(tool.server) && MAY_HOLD.builtin.has(tool.tool)) return true;
      if (isZwave(tool.server) && MAY_HOLD.zwave.has(tool.tool)) return true;
      return tool.annotations?.destructiveHint === true;
    },
    effectOf: (kind, act, state) => (confirms ? heldEffect(kind, act, state) : undefined),
  };
}
