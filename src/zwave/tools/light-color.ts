// A colour light's colour (Color Switch CC) by name, hue and saturation, RGB, or a white by its
// colour temperature; its brightness (Multilevel Switch) is kept, and a light that is off comes on
// at its last level, as Home Assistant's zwave_js light does when given a colour. Color Switch
// updates its channels in zwave-js's value DB itself when a Set is acknowledged (ColorSwitchCC
// `updateCurrentColor`), so a value event after the write proves nothing: the device is asked for
// each channel it was sent (a Get each, the device's own word), unless it confirmed a supervised Set.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { colorSwitchOf, reportedColor } from "../color-switch.js";
import {
  channelValues,
  colorOf,
  hsToRgb,
  nameToRequest,
  parseHex,
  WHITE_TEMPERATURES,
  type ChannelValues,
  type ColorChannel,
  type ColorName,
  type ColorRequest,
  type WhiteTemperature,
} from "../colors.js";
import {
  colorName,
  colorOutput,
  endpointInput,
  nodeIdInput,
  whiteTemperature,
  type ColorOutput,
  type ColorState,
  type Confirmation,
} from "../contract.js";
import { endpointState } from "../device-state.js";
import { valueOn } from "../endpoints.js";
import { ZwaveToolError } from "../errors.js";
import { CC } from "../functions.js";
import { levelToPercent } from "../multilevel-switch.js";
import { SetValueStatus } from "../set-value-status.js";
import type { WriteOutcome, ZwaveNetwork } from "../network.js";
import { switchPlan } from "./control-device.js";
import { guarded, ok } from "./result.js";

interface ColorArgs {
  color?: ColorName | undefined;
  rgb?: string | undefined;
  hue?: number | undefined;
  saturation?: number | undefined;
  white?: WhiteTemperature | undefined;
  kelvin?: number | undefined;
}

/** Exactly one way of naming the colour, as data. */
function requestOf(args: ColorArgs): { request: ColorRequest; said: string } {
  const given = [
    args.color !== undefined,
    args.rgb !== undefined,
    args.hue !== undefined || args.saturation !== undefined,
    args.white !== undefined,
    args.kelvin !== undefined,
  ].filter(Boolean).length;
  if (given !== 1)
    throw new ZwaveToolError(
      "invalid_value",
      "give exactly one of: color (a name), rgb ('#rrggbb'), hue with saturation, white (warm, neutral, cold) or kelvin",
    );
  if (args.color !== undefined) return { request: nameToRequest(args.color), said: args.color };
  if (args.rgb !== undefined) {
    const rgb = parseHex(args.rgb);
    if (!rgb) throw new ZwaveToolError("invalid_value", `"${args.rgb}" is no colour: give rgb as '#rrggbb'`);
    return { request: { rgb }, said: args.rgb.toLowerCase().replace(/^#?/, "#") };
  }
  if (args.white !== undefined)
    return { request: { kelvin: WHITE_TEMPERATURES[args.white] }, said: `${args.white} white` };
  if (args.kelvin !== undefined)
    return { request: { kelvin: args.kelvin }, said: `white at ${args.kelvin} K` };
  if (args.hue === undefined)
    throw new ZwaveToolError("invalid_value", "saturation needs a hue (0-360) beside it");
  const rgb = hsToRgb(args.hue, args.saturation ?? 100);
  return { request: { rgb }, said: `hue ${args.hue}, saturation ${args.saturation ?? 100} %` };
}

/** The weakest of several confirmations: all from the device, or none. */
function weakest(confirmations: Confirmation[]): Confirmation {
  if (confirmations.includes("none")) return "none";
  return confirmations.every((c) => c === "supervised") ? "supervised" : "device";
}

function describe(color: ColorState | null): string {
  if (!color) return "an unknown colour";
  if (color.rgb) return color.rgb;
  return color.kelvin ? `white at ${color.kelvin} K` : "dark";
}

export function registerLightColor(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "set_zwave_light_color",
    {
      title: "Set a Z-Wave light's colour",
      description:
        "Sets a Z-Wave colour light's colour: exactly one of color, rgb, hue (with saturation), white or kelvin. Brightness stays; a light that is off comes on.",
      inputSchema: {
        deviceName: z.string().min(1).describe("Light name, optionally with location"),
        color: colorName.optional().describe("A colour by name"),
        rgb: z
          .string()
          .regex(/^#?[0-9a-fA-F]{6}$/)
          .optional()
          .describe("A colour as '#rrggbb'"),
        hue: z
          .number()
          .min(0)
          .max(360)
          .optional()
          .describe("Hue in degrees, 0-360 (red 0, green 120, blue 240)"),
        saturation: z
          .number()
          .min(0)
          .max(100)
          .optional()
          .describe("Saturation in percent, with hue (default 100)"),
        white: whiteTemperature
          .optional()
          .describe("A white: warm (2700 K), neutral (4000 K) or cold (6500 K)"),
        kelvin: z
          .number()
          .min(1000)
          .max(12000)
          .optional()
          .describe("A white by its colour temperature in kelvin"),
        nodeId: nodeIdInput,
        endpoint: endpointInput,
      },
      outputSchema: colorOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guarded(async () => {
        const { request, said } = requestOf(args);
        const found = await network.findTarget(args.deviceName, args.nodeId, args.endpoint);
        const { node } = found;
        network.requireAlive(node);
        const endpoint = network.chooseEndpoint(
          found,
          (e) => !!colorSwitchOf(node, e.index),
          (e) => `${e.name} has no colour to set (no Color Switch)`,
        );
        const name = endpoint.name;
        const colors = colorSwitchOf(node, endpoint.index)!;
        const channels = channelValues(request, new Set(colors.channels.keys()));
        if (typeof channels === "string")
          throw new ZwaveToolError("not_supported", `${name} cannot show ${said}: ${channels}`);

        // The light that is off comes on at its last level; one that is on keeps its level.
        const level = valueOn(node, endpoint.index, CC.multilevelSwitch, "currentValue");
        const off = level !== undefined && level.value === 0;
        const status = await network.writeOnly(node, colors.target, channels);
        const turningOn: Promise<WriteOutcome> | undefined = off
          ? network.writeAndConfirm(node, switchPlan(network, node, endpoint, "on", undefined))
          : undefined;
        const written = Object.entries(channels) as [ColorChannel, number][];
        const requested = colorOf(channels);
        let color: ColorState | null;
        let colorConfirmation: Confirmation;
        let answered = false;
        if (status === SetValueStatus.Success) {
          colorConfirmation = "supervised";
          color = requested;
        } else {
          const polled = await network.confirmByPolling(
            node,
            written.map(([channel, value]) => ({
              value: colors.channels.get(channel)!,
              matches: (v: unknown) => v === value,
            })),
            network.confirmTimeoutMs,
          );
          colorConfirmation = polled.confirmed ? "device" : "none";
          answered = polled.answered;
          const reported: ChannelValues = {};
          written.forEach(([channel], i) => {
            const v = polled.values[i] ?? colors.channels.get(channel)?.value;
            if (typeof v === "number") reported[channel] = v;
          });
          color = Object.keys(reported).length === written.length ? colorOf(reported) : reportedColor(colors);
        }
        const on = turningOn ? await turningOn : undefined;
        const now = endpointState(node, endpoint);
        const confirmation = weakest([colorConfirmation, ...(on ? [on.confirmation] : [])]);
        const onValue = on?.value;
        const structured: ColorOutput = {
          ok: true,
          node: network.ref(node, endpoint),
          requested,
          color,
          on: typeof onValue === "number" ? onValue > 0 : now.on,
          level: typeof onValue === "number" && onValue <= 99 ? levelToPercent(onValue) : now.level,
          confirmation,
          confirmed: confirmation !== "none",
          sent: true,
          reportedAfterWrite: answered || (on?.reportedAfterWrite ?? false),
        };
        const shows = color && requested.rgb === color.rgb && requested.kelvin === color.kelvin;
        const text =
          confirmation !== "none"
            ? `confirmed: ${name} is ${said}${on ? " and on" : ""}`
            : answered
              ? `sent; ${name} answered but shows ${shows ? said : describe(color)}${on && on.confirmation === "none" ? ", and has not confirmed it is on" : ""}`
              : `sent, but ${name} has not confirmed its colour`;
        return ok(text, structured);
      }),
  );
}
