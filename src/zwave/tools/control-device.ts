import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LATE_VERIFY_MS } from "../confirm.js";
import { controlOutput, endpointInput, levelInput, nodeIdInput, type ControlOutput } from "../contract.js";
import { findValue, switchText } from "../device-state.js";
import { valueOn, type NamedEndpoint } from "../endpoints.js";
import { ZwaveToolError } from "../errors.js";
import { CC } from "../functions.js";
import type { WritePlan, ZwaveNetwork } from "../network.js";
import type { ZwaveNode } from "../model.js";
import { levelToPercent, percentToLevel, RESTORE_PREVIOUS } from "../multilevel-switch.js";
import { guarded, ok, writeFields, writeSentence } from "./result.js";

export type SwitchAction = "on" | "off" | "dim";

export interface Control extends WritePlan {
  dimmer: boolean;
}

/** What this tool switches: switches, lights and fans; never a cover, however it is built. */
export const SWITCHED = new Set(["switch", "light", "fan"]);

/** Why an endpoint is not switched here, and what is used for it instead. */
export function notSwitched(e: NamedEndpoint): string {
  switch (e.function) {
    case "cover":
      return e.coverType === "gate" || e.coverType === "garage"
        ? `${e.name} is a ${e.coverType === "gate" ? "gate" : "garage door"} (a cover): open or close it with control_zwave_barrier`
        : `${e.name} is a ${e.coverType ?? "cover"} (a cover): it opens and closes, it is not switched on, off or dimmed; move it with control_zwave_cover`;
    case "barrier":
      return `${e.name} is a ${e.coverType === "gate" ? "gate" : "garage door"} opener: it is not switched on or off; open or close it with control_zwave_barrier`;
    case "lock":
      return `${e.name} is a door lock: lock or unlock it with lock_zwave_door`;
    case "thermostat":
      return `${e.name} is a thermostat: set it with set_zwave_thermostat`;
    default:
      return `${e.name} is not a switch or dimmer, so it cannot be turned on, off or dimmed`;
  }
}

/** The write that switches or dims one endpoint (a switch, light or fan), with how to confirm it. */
export function switchPlan(
  network: ZwaveNetwork,
  node: ZwaveNode,
  endpoint: NamedEndpoint,
  action: SwitchAction,
  level: number | undefined,
): Control {
  const name = endpoint.name;
  const window = network.confirmTimeoutMs;
  const dimmerTarget =
    endpoint.function === "switch"
      ? undefined
      : valueOn(node, endpoint.index, CC.multilevelSwitch, "targetValue");
  if (dimmerTarget) {
    const reportedOn = findValue(node, { ...dimmerTarget, property: "currentValue" }) ?? dimmerTarget;
    const restorable = !!findValue(node, { ...dimmerTarget, property: "restorePrevious" });
    const payload =
      action === "off"
        ? 0
        : level !== undefined
          ? percentToLevel(level)
          : (network.lastOnLevel(node, reportedOn) ?? (restorable ? RESTORE_PREVIOUS : 99));
    const restore = payload === RESTORE_PREVIOUS;
    return {
      dimmer: true,
      target: dimmerTarget,
      reportedOn,
      payload,
      matches: restore ? (v) => typeof v === "number" && v > 0 : (v) => v === payload,
      supervisedValue: restore ? undefined : payload,
      // Multilevel Switch is a "slow" actuator: zwave-js verifies it ~5 s after the Set.
      windowMs: window + LATE_VERIFY_MS,
      askWhenSilent: !restore,
    };
  }
  const switchTarget =
    endpoint.function === "switch"
      ? valueOn(node, endpoint.index, CC.binarySwitch, "targetValue")
      : undefined;
  if (switchTarget) {
    if (action === "dim")
      throw new ZwaveToolError(
        "not_supported",
        `${name} is an on/off switch and cannot be dimmed; use on or off`,
      );
    const reportedOn = findValue(node, { ...switchTarget, property: "currentValue" }) ?? switchTarget;
    const payload = action === "on";
    return {
      dimmer: false,
      target: switchTarget,
      reportedOn,
      payload,
      matches: (v) => v === payload,
      supervisedValue: payload,
      windowMs: window,
      askWhenSilent: true,
    };
  }
  throw new ZwaveToolError("not_supported", notSwitched({ ...endpoint, function: "other" }));
}

export function registerControlDevice(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "control_zwave_device",
    {
      title: "Switch or dim a Z-Wave device",
      description:
        "Turns a Z-Wave switch, light or fan on or off, or dims it (dim with level). 'on' without a level restores a dimmer's last level. Not for covers, garage doors or locks.",
      inputSchema: {
        deviceName: z.string().min(1).describe("Device name, optionally with location"),
        action: z.enum(["on", "off", "dim"]),
        level: levelInput,
        nodeId: nodeIdInput,
        endpoint: endpointInput,
      },
      outputSchema: controlOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ deviceName, action: asked, level, nodeId, endpoint: endpointIndex }) =>
      guarded(async () => {
        if (asked === "dim" && level === undefined) {
          throw new ZwaveToolError("invalid_value", "dim needs a level between 0 and 100 (percent)");
        }
        // Level 0 is off, whatever the verb: a dimmer at 0 % is off, and must be said so.
        const action: SwitchAction = level === 0 ? "off" : asked;
        const found = await network.findTarget(deviceName, nodeId, endpointIndex);
        const { node } = found;
        network.requireAlive(node);
        const endpoint = network.chooseEndpoint(found, (e) => SWITCHED.has(e.function), notSwitched);
        const name = endpoint.name;
        const p = switchPlan(network, node, endpoint, action, action === "off" ? undefined : level);
        const outcome = await network.writeAndConfirm(node, p);
        const value = outcome.value;
        const structured: ControlOutput = {
          ok: true,
          node: network.ref(node, endpoint),
          action,
          requestedLevel:
            p.dimmer && typeof p.payload === "number" && p.payload !== RESTORE_PREVIOUS
              ? levelToPercent(p.payload)
              : null,
          on: typeof value === "boolean" ? value : typeof value === "number" ? value > 0 : null,
          level: p.dimmer && typeof value === "number" && value <= 99 ? levelToPercent(value) : null,
          ...writeFields(outcome),
        };
        const text = writeSentence(name, outcome, switchText(p.reportedOn, value), node.status === "Asleep");
        return ok(text, structured);
      }),
  );
}
