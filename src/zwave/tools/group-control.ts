// Several Z-Wave loads in one command ("turn off the lights downstairs"): those that take the same
// write go out together as one multicast frame, so they switch at once rather than one after the
// other. zwave-js neither verifies a multicast nor updates each device from a report, so each
// device is then asked for its state (a Get, its own word); one that does not show the new state
// gets its own write, confirmed as control_zwave_device confirms. The answer names each device that
// did not confirm, and why.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import {
  endpointInput,
  groupControlOutput,
  levelInput,
  nodeIdInput,
  type GroupControlOutput,
  type NodeRef,
  type ZwaveError,
} from "../contract.js";
import { switchText } from "../device-state.js";
import type { NamedEndpoint } from "../endpoints.js";
import { ZwaveToolError } from "../errors.js";
import { valueKey, type ZwaveNode } from "../model.js";
import { levelToPercent } from "../multilevel-switch.js";
import type { WriteOutcome, ZwaveNetwork } from "../network.js";
import { notSwitched, switchPlan, SWITCHED, type Control, type SwitchAction } from "./control-device.js";
import { failure, guarded, ok } from "./result.js";

type Member = GroupControlOutput["devices"] extends (infer M)[] | undefined ? M : never;

/** One device the call names, once resolved: what to write to it, or why nothing is. */
type Resolved =
  | { deviceName: string; node: ZwaveNode; endpoint: NamedEndpoint; plan: Control }
  | { deviceName: string; error: ZwaveError };

async function resolve(
  network: ZwaveNetwork,
  device: { deviceName: string; nodeId?: number | undefined; endpoint?: number | undefined },
  action: SwitchAction,
  level: number | undefined,
): Promise<Resolved> {
  try {
    const found = await network.findTarget(device.deviceName, device.nodeId, device.endpoint);
    network.requireAlive(found.node);
    const endpoint = network.chooseEndpoint(found, (e) => SWITCHED.has(e.function), notSwitched);
    const plan = switchPlan(network, found.node, endpoint, action, action === "off" ? undefined : level);
    return { deviceName: device.deviceName, node: found.node, endpoint, plan };
  } catch (err) {
    const e =
      err instanceof ZwaveToolError
        ? err
        : new ZwaveToolError("failed", err instanceof Error ? err.message : String(err));
    return {
      deviceName: device.deviceName,
      error: { code: e.code, message: e.message, ...(e.candidates ? { candidates: e.candidates } : {}) },
    };
  }
}

type Writable = Extract<Resolved, { plan: Control }>;

/** The same write on the same kind of value: they may share one multicast frame. */
function frameKey(r: Writable): string {
  const t = r.plan.target;
  return `${t.commandClass}|${t.endpoint}|${t.property}|${JSON.stringify(r.plan.payload)}`;
}

interface Done {
  outcome: WriteOutcome;
  via: "multicast" | "singlecast";
}

/** After a multicast: the device's answer confirms it, else it gets its own write. */
async function confirmMember(network: ZwaveNetwork, r: Writable): Promise<Done> {
  const asked = await network.confirmByPolling(
    r.node,
    [{ value: r.plan.reportedOn, matches: r.plan.matches }],
    0,
  );
  if (asked.confirmed)
    return {
      outcome: { confirmation: "device", value: asked.values[0], reportedAfterWrite: true },
      via: "multicast",
    };
  return { outcome: await network.writeAndConfirm(r.node, r.plan), via: "singlecast" };
}

async function writeAll(
  network: ZwaveNetwork,
  writable: Writable[],
): Promise<Map<Writable, Done | ZwaveError>> {
  const byFrame = new Map<string, Writable[]>();
  for (const r of writable) byFrame.set(frameKey(r), [...(byFrame.get(frameKey(r)) ?? []), r]);
  const results = new Map<Writable, Done | ZwaveError>();
  /** One device's outcome, or the error that stopped it. */
  const settle = async (r: Writable, run: () => Promise<Done>) => {
    try {
      results.set(r, await run());
    } catch (err) {
      const e = err instanceof ZwaveToolError ? err : new ZwaveToolError("failed", String(err));
      results.set(r, { code: e.code, message: e.message });
    }
  };
  const single = (r: Writable) =>
    settle(r, async () => ({ outcome: await network.writeAndConfirm(r.node, r.plan), via: "singlecast" }));
  await Promise.all(
    [...byFrame.values()].map(async (members) => {
      const [first] = members;
      if (members.length < 2 || !first) return Promise.all(members.map(single));
      const sent = await network.multicast(
        members.map((m) => m.node),
        first.plan.target,
        first.plan.payload,
      );
      if (!sent) return Promise.all(members.map(single));
      return Promise.all(members.map((m) => settle(m, () => confirmMember(network, m))));
    }),
  );
  return results;
}

function names(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

export function registerGroupControl(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "control_zwave_group",
    {
      title: "Switch or dim several Z-Wave devices at once",
      description:
        "Switches or dims several Z-Wave switches, lights or fans at once (the lights of a room or floor). Not for covers, garage doors or locks.",
      inputSchema: {
        devices: z
          .array(
            z.object({
              deviceName: z.string().min(1).describe("Device name, optionally with location"),
              nodeId: nodeIdInput,
              endpoint: endpointInput,
            }),
          )
          .min(1)
          .max(64)
          .describe("The devices, each by name (and node id and endpoint when known)"),
        action: z.enum(["on", "off", "dim"]),
        level: levelInput,
      },
      outputSchema: groupControlOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ devices, action: asked, level }) =>
      guarded(async () => {
        if (asked === "dim" && level === undefined)
          throw new ZwaveToolError("invalid_value", "dim needs a level between 0 and 100 (percent)");
        const action: SwitchAction = level === 0 ? "off" : asked;
        const resolved = await Promise.all(devices.map((d) => resolve(network, d, action, level)));
        // A device named twice is written once.
        const seen = new Map<string, Writable>();
        const keyOf = (r: Writable) => `${r.node.id}:${valueKey(r.plan.target)}`;
        for (const r of resolved) if ("plan" in r && !seen.has(keyOf(r))) seen.set(keyOf(r), r);
        const writable = [...seen.values()];
        const results = await writeAll(network, writable);

        const members: Member[] = resolved.map((r) => {
          if (!("plan" in r))
            return { deviceName: r.deviceName, ok: false, error: r.error, sent: false, confirmed: false };
          const result = results.get(seen.get(keyOf(r))!)!;
          const ref = network.ref(r.node, r.endpoint);
          if (!("outcome" in result))
            return {
              deviceName: r.deviceName,
              ok: false,
              node: ref,
              error: result,
              sent: false,
              confirmed: false,
            };
          const { outcome, via } = result;
          const v = outcome.value;
          return {
            deviceName: r.deviceName,
            ok: true,
            node: ref,
            via,
            on: typeof v === "boolean" ? v : typeof v === "number" ? v > 0 : null,
            level: r.plan.dimmer && typeof v === "number" && v <= 99 ? levelToPercent(v) : null,
            confirmation: outcome.confirmation,
            confirmed: outcome.confirmation !== "none",
            sent: true,
            reportedAfterWrite: outcome.reportedAfterWrite,
          };
        });

        const sent = members.filter((m) => m.sent);
        if (!sent.length) {
          const codes = new Set(members.map((m) => m.error?.code));
          const [code] = codes;
          return failure(
            new ZwaveToolError(
              codes.size === 1 && code ? code : "failed",
              `nothing was sent: ${members.map((m) => `${m.deviceName}: ${m.error?.message ?? "not sent"}`).join("; ")}`,
            ),
          );
        }
        const confirmed = members.filter((m) => m.confirmed);
        const notConfirmed = members.filter((m) => !m.confirmed);
        const nameOf = (m: Member) => m.node?.endpointName ?? m.node?.name ?? m.deviceName;
        const state = action === "off" ? "off" : action === "dim" ? `at ${level} %` : "on";
        const multicast = members.some((m) => m.via === "multicast");
        const parts: string[] = [];
        if (confirmed.length)
          parts.push(
            `confirmed: ${names(confirmed.map(nameOf))} ${confirmed.length === 1 ? "is" : "are"} ${state}${multicast ? " (one multicast)" : ""}`,
          );
        // members[i] is resolved[i]'s outcome: two endpoints of one device share its name.
        for (const [i, m] of members.entries()) {
          if (m.confirmed) continue;
          if (m.error) parts.push(`${nameOf(m)}: ${m.error.message}`);
          else {
            const r = resolved[i];
            const last =
              r && "plan" in r ? switchText(r.plan.reportedOn, r.plan.reportedOn.value) : "unknown";
            parts.push(
              m.reportedAfterWrite
                ? `sent; ${nameOf(m)} acknowledged but still reports ${m.on === null ? last : m.on ? "on" : "off"}`
                : `sent, but ${nameOf(m)} has not confirmed`,
            );
          }
        }
        const structured: GroupControlOutput = {
          ok: true,
          action,
          requestedLevel: action !== "off" && level !== undefined ? level : null,
          devices: members,
          confirmed: notConfirmed.length === 0,
          multicast,
          notConfirmed: notConfirmed.flatMap((m): NodeRef[] => (m.node ? [m.node] : [])),
        };
        return ok(parts.join("; "), structured);
      }),
  );
}
