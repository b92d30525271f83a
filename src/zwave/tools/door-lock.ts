import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LATE_VERIFY_MS } from "../confirm.js";
import { doorLockOutput, endpointInput, nodeIdInput, type DoorLockOutput } from "../contract.js";
import { findValue, SECURED } from "../device-state.js";
import { valueOn } from "../endpoints.js";
import { ZwaveToolError } from "../errors.js";
import { CC } from "../functions.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok, writeFields, writeSentence } from "./result.js";

/** Door Lock CC's mode "Unsecured". */
const UNSECURED = 0;

export function registerDoorLock(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "lock_zwave_door",
    {
      title: "Lock or unlock a Z-Wave door lock",
      description: "Locks or unlocks a Z-Wave door lock. Unlock only when the user clearly asked.",
      inputSchema: {
        deviceName: z.string().min(1).describe("Lock name, optionally with location"),
        action: z.enum(["lock", "unlock"]),
        nodeId: nodeIdInput,
        endpoint: endpointInput,
      },
      outputSchema: doorLockOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ deviceName, action, nodeId, endpoint: endpointIndex }) =>
      guarded(async () => {
        const found = await network.findTarget(deviceName, nodeId, endpointIndex);
        const { node } = found;
        network.requireAlive(node);
        const endpoint = network.chooseEndpoint(
          found,
          (e) => !!valueOn(node, e.index, CC.doorLock, "targetMode"),
          (e) => `${e.name} is not a door lock`,
        );
        const name = endpoint.name;
        const target = valueOn(node, endpoint.index, CC.doorLock, "targetMode");
        if (!target) throw new ZwaveToolError("not_supported", `${name} is not a door lock`);
        const reportedOn = findValue(node, { ...target, property: "currentMode" }) ?? target;
        const mode = action === "lock" ? SECURED : UNSECURED;
        const outcome = await network.writeAndConfirm(node, {
          target,
          reportedOn,
          payload: mode,
          matches: (v) => v === mode,
          supervisedValue: mode,
          // zwave-js verifies a Door Lock Set ~5 s after it; a bolt still moving when asked at once
          // is confirmed by that Get.
          windowMs: network.confirmTimeoutMs + LATE_VERIFY_MS,
          askWhenSilent: true,
        });
        const value = outcome.value;
        const state =
          value === SECURED ? "locked" : typeof value === "number" ? "unlocked" : "in an unknown state";
        const structured: DoorLockOutput = {
          ok: true,
          node: network.ref(node, endpoint),
          action,
          locked: typeof value === "number" ? value === SECURED : null,
          ...writeFields(outcome),
        };
        return ok(writeSentence(name, outcome, state, node.status === "Asleep"), structured);
      }),
  );
}
