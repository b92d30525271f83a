import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { findOnAnyEndpoint, findValue } from "../device-state.js";
import { ZwaveUserError } from "../errors.js";
import { displayName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

/** Door Lock CC modes: 0 Unsecured, 255 Secured. */
const SECURED = 255;
const UNSECURED = 0;

export function registerDoorLock(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "lock_zwave_door",
    {
      title: "Lock or unlock a Z-Wave door lock",
      description:
        "Locks or unlocks a Z-Wave door lock. Unlocking opens the home to anyone: only do it when the user " +
        "clearly asked for it. The answer says whether the lock confirmed its new state.",
      inputSchema: {
        deviceName: z.string().min(1).describe("Lock name, optionally with location"),
        action: z.enum(["lock", "unlock"]),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ deviceName, action }) =>
      guarded(async () => {
        const node = await network.findDevice(deviceName);
        network.requireAlive(node);
        const name = displayName(node);
        const target = findOnAnyEndpoint(node, 98, "targetMode");
        if (!target) throw new ZwaveUserError(`${name} is not a door lock`);
        const current = findValue(node, { ...target, property: "currentMode" }) ?? target;
        const mode = action === "lock" ? SECURED : UNSECURED;
        const pending = network.expect(node, current, (v) => v === mode);
        try {
          await network.write(node, target, mode);
        } catch (err) {
          pending.cancel();
          throw err;
        }
        const { confirmed, value } = await pending.wait(network.confirmTimeoutMs);
        const state =
          value === SECURED ? "locked" : typeof value === "number" ? "unlocked" : "in an unknown state";
        const text = confirmed
          ? `confirmed: ${name} is ${state}`
          : `sent, but ${name} has not confirmed; it last reported ${state}`;
        return ok(text, {
          device: name,
          nodeId: node.id,
          action,
          target: mode,
          confirmed,
          currentValue: value ?? null,
        });
      }),
  );
}
