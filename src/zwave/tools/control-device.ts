import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { LATE_VERIFY_MS } from "../confirm.js";
import { findOnAnyEndpoint, findValue, levelToPercent, percentToLevel, switchText } from "../device-state.js";
import { ZwaveUserError } from "../errors.js";
import { displayName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import type { ZwaveNode, ZwaveValue } from "../model.js";
import { guarded, ok } from "./result.js";

/** Multilevel Switch: 255 means "back to the last non-zero level" (sheet §1.7). */
const RESTORE_PREVIOUS = 0xff;

interface Plan {
  target: ZwaveValue;
  current: ZwaveValue;
  payload: boolean | number;
  matches(value: unknown): boolean;
}

function plan(
  network: ZwaveNetwork,
  node: ZwaveNode,
  action: "on" | "off" | "dim",
  level: number | undefined,
): Plan {
  const name = displayName(node);
  const dimmerTarget = findOnAnyEndpoint(node, 38, "targetValue");
  if (dimmerTarget) {
    const current = findValue(node, { ...dimmerTarget, property: "currentValue" }) ?? dimmerTarget;
    const restorable = !!findValue(node, { ...dimmerTarget, property: "restorePrevious" });
    const payload =
      action === "off"
        ? 0
        : level !== undefined
          ? percentToLevel(level)
          : (network.lastOnLevel(node, current) ?? (restorable ? RESTORE_PREVIOUS : 99));
    const matches =
      payload === RESTORE_PREVIOUS
        ? (v: unknown) => typeof v === "number" && v > 0
        : (v: unknown) => v === payload;
    return { target: dimmerTarget, current, payload, matches };
  }
  const switchTarget = findOnAnyEndpoint(node, 37, "targetValue");
  if (switchTarget) {
    if (action === "dim")
      throw new ZwaveUserError(`${name} is an on/off switch and cannot be dimmed; use on or off`);
    const current = findValue(node, { ...switchTarget, property: "currentValue" }) ?? switchTarget;
    const payload = action === "on";
    return { target: switchTarget, current, payload, matches: (v) => v === payload };
  }
  throw new ZwaveUserError(`${name} is not a switch or dimmer, so it cannot be turned on, off or dimmed`);
}

export function registerControlDevice(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "control_zwave_device",
    {
      title: "Switch or dim a Z-Wave device",
      description:
        "Turns a Z-Wave switch or dimmer on or off, or dims it to a level in percent. deviceName is the device's " +
        "name, optionally with its location ('kitchen light', 'dimmer in the kitchen'). 'on' without a level " +
        "restores a dimmer's previous level; 'dim' needs level (0-100). The answer says whether the device " +
        "confirmed the new state or only that the command was sent.",
      inputSchema: {
        deviceName: z.string().min(1).describe("Device name, optionally with location"),
        action: z.enum(["on", "off", "dim"]),
        level: z
          .number()
          .min(0)
          .max(100)
          .optional()
          .describe("Brightness in percent, 0-100 (for dim, or on at a level)"),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ deviceName, action, level }) =>
      guarded(async () => {
        if (action === "dim" && level === undefined) {
          throw new ZwaveUserError("dim needs a level between 0 and 100 (percent)");
        }
        const node = await network.findDevice(deviceName);
        network.requireAlive(node);
        const name = displayName(node);
        const p = plan(network, node, action, level);
        const pending = network.expect(node, p.current, p.matches);
        let via: "set" | "api";
        try {
          via = await network.write(node, p.target, p.payload);
        } catch (err) {
          pending.cancel();
          throw err;
        }
        const { confirmed, value } = await pending.wait(
          network.confirmTimeoutMs + (p.payload === RESTORE_PREVIOUS ? LATE_VERIFY_MS : 0),
        );
        const state = switchText(p.current, value);
        const asleep =
          node.status === "Asleep" ? ` (${name} is asleep; it applies commands when it wakes up)` : "";
        const text = confirmed
          ? `confirmed: ${name} is ${state}`
          : `sent, but ${name} has not confirmed${asleep}; it last reported ${state}`;
        return ok(text, {
          device: name,
          nodeId: node.id,
          location: node.loc,
          action,
          target: p.payload,
          level:
            typeof p.payload === "number" && p.payload !== RESTORE_PREVIOUS
              ? levelToPercent(p.payload)
              : null,
          confirmed,
          currentValue: value ?? null,
          via,
        });
      }),
  );
}
