import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LATE_VERIFY_MS } from "../confirm.js";
import { formatValue, modeSetpoint } from "../device-state.js";
import { valueOn, valuesOn, type NamedEndpoint } from "../endpoints.js";
import { ZwaveToolError } from "../errors.js";
import { endpointInput, nodeIdInput, thermostatOutput, type ThermostatOutput } from "../contract.js";
import { CC } from "../functions.js";
import type { ZwaveNetwork } from "../network.js";
import type { ZwaveNode, ZwaveValue } from "../model.js";
import { guarded, ok } from "./result.js";

/** Thermostat Setpoint type (CC 67 propertyKey) 1: Heating. */
const HEATING = 1;

interface Change {
  what: "mode" | "setpoint";
  target: ZwaveValue;
  payload: number;
}

function modeChange(node: ZwaveNode, endpoint: NamedEndpoint, mode: string): Change {
  const name = endpoint.name;
  const modeValue = valueOn(node, endpoint.index, CC.thermostatMode, "mode");
  if (!modeValue) throw new ZwaveToolError("not_supported", `${name} has no thermostat mode`);
  const state = modeValue.states?.find((s) => s.text.toLowerCase() === mode.toLowerCase());
  if (!state || typeof state.value !== "number") {
    const known = modeValue.states?.map((s) => s.text).join(", ") ?? "none listed";
    throw new ZwaveToolError("invalid_value", `${name} has no mode "${mode}"; it supports: ${known}`);
  }
  return { what: "mode", target: modeValue, payload: state.value };
}

/**
 * The setpoint of the mode being set (`mode`, its Thermostat Mode number), else of the mode it is in:
 * that mode's own (device-state.ts, as Home Assistant's climate reads it); for a mode with none
 * (auto, off) the heating one, else whichever it has.
 */
function setpointChange(
  node: ZwaveNode,
  endpoint: NamedEndpoint,
  setpoint: number,
  mode: number | undefined,
): Change {
  const name = endpoint.name;
  const setpoints = valuesOn(node, endpoint.index).filter(
    (v) => v.commandClass === CC.thermostatSetpoint && v.property === "setpoint",
  );
  const now = valueOn(node, endpoint.index, CC.thermostatMode, "mode")?.value;
  const modeThen = mode ?? (typeof now === "number" ? now : undefined);
  const target =
    (modeThen === undefined ? undefined : modeSetpoint(setpoints, modeThen)) ??
    setpoints.find((v) => v.propertyKey === HEATING) ??
    setpoints[0];
  if (!target) throw new ZwaveToolError("not_supported", `${name} has no thermostat setpoint`);
  return { what: "setpoint", target, payload: setpoint };
}

export function registerThermostat(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "set_zwave_thermostat",
    {
      title: "Set a Z-Wave thermostat",
      description:
        "Sets a Z-Wave thermostat's target temperature (in its own unit, usually °C) and/or its mode (e.g. heat, cool, auto, off).",
      inputSchema: {
        deviceName: z.string().min(1).describe("Thermostat name, optionally with location"),
        setpoint: z.number().min(-50).max(120).optional().describe("Target temperature in the device's unit"),
        mode: z
          .string()
          .min(1)
          .optional()
          .describe("Mode name as the device lists it, e.g. heat, cool, auto, off"),
        nodeId: nodeIdInput,
        endpoint: endpointInput,
      },
      outputSchema: thermostatOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ deviceName, setpoint, mode, nodeId, endpoint: endpointIndex }) =>
      guarded(async () => {
        if (setpoint === undefined && mode === undefined)
          throw new ZwaveToolError("invalid_value", "give a setpoint, a mode, or both");
        const found = await network.findTarget(deviceName, nodeId, endpointIndex);
        const { node } = found;
        network.requireAlive(node);
        const endpoint = network.chooseEndpoint(
          found,
          (e) => e.function === "thermostat",
          (e) => `${e.name} is not a thermostat`,
        );
        const name = endpoint.name;
        const changes: Change[] = [];
        const modeSet = mode === undefined ? undefined : modeChange(node, endpoint, mode);
        if (modeSet) changes.push(modeSet);
        if (setpoint !== undefined) changes.push(setpointChange(node, endpoint, setpoint, modeSet?.payload));
        // Both writes go out before waiting: zwave-js verifies each with its own Get ~5 s later.
        const outcomes = await network.writeAllAndConfirm(
          node,
          changes.map((c) => ({
            target: c.target,
            reportedOn: c.target,
            payload: c.payload,
            matches: (v: unknown) => v === c.payload,
            supervisedValue: c.payload,
            windowMs: network.confirmTimeoutMs + LATE_VERIFY_MS,
            askWhenSilent: true,
          })),
        );
        const results = changes.map((change, i) => {
          const outcome = outcomes[i] ?? {
            confirmation: "none" as const,
            value: undefined,
            reportedAfterWrite: false,
          };
          const value = outcome.value;
          return {
            change,
            outcome,
            reported: typeof value === "number" ? value : null,
            text: formatValue(change.target, value),
          };
        });
        const parts = results.map(({ change, outcome, text }) =>
          outcome.confirmation !== "none"
            ? `confirmed ${change.what} ${text}`
            : outcome.reportedAfterWrite
              ? `${change.what} sent, acknowledged but still reports ${text}`
              : `${change.what} sent but not confirmed (last reported ${text})`,
        );
        const all = results.every((r) => r.outcome.confirmation !== "none");
        const structured: ThermostatOutput = {
          ok: true,
          node: network.ref(node, endpoint),
          changes: results.map(({ change, outcome, reported, text }) => ({
            what: change.what,
            requested: change.payload,
            reported,
            text,
            confirmation: outcome.confirmation,
          })),
          // The weakest of the changes' confirmations.
          confirmation: all
            ? results.every((r) => r.outcome.confirmation === "supervised")
              ? "supervised"
              : "device"
            : "none",
          confirmed: all,
          sent: true,
          reportedAfterWrite: results.some((r) => r.outcome.reportedAfterWrite),
        };
        return ok(`${name}: ${parts.join("; ")}`, structured);
      }),
  );
}
