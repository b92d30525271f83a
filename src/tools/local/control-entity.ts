import { z } from "zod";
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { ToolOutput } from "../types.js";
import { callAndConfirm, failure } from "./home-entity.js";
import { confirmationOutput, entityActionTool } from "./entity-action.js";

/** Domains whose entities HA switches with `<domain>.turn_on|turn_off|toggle`. */
const SWITCHABLE = new Set([
  "light",
  "switch",
  "fan",
  "input_boolean",
  "media_player",
  "climate",
  "humidifier",
  "siren",
  "remote",
]);

/**
 * What on and off mean elsewhere, as HA's own intents have it: covers and valves open and
 * close, scenes and scripts run (they have no off).
 */
const OTHER_SERVICES: Record<string, Partial<Record<"turn_on" | "turn_off" | "toggle", string>>> = {
  cover: { turn_on: "open_cover", turn_off: "close_cover", toggle: "toggle" },
  valve: { turn_on: "open_valve", turn_off: "close_valve", toggle: "toggle" },
  scene: { turn_on: "turn_on" },
  script: { turn_on: "turn_on" },
};
const OPENED = new Set(["open", "opening"]);

/** States that count as "not on"; only "off" and "standby" confirm a turn-off. */
const OFF_STATES = new Set(["off", "standby", "unavailable", "unknown"]);
const CONFIRMED_OFF = new Set(["off", "standby"]);

/** Covers and valves are confirmed by their open/closed state; scenes and scripts by HA accepting the call. */
async function runOther(
  mirror: HomeMirror,
  entity: EntityView,
  service: string,
  action: "turn_on" | "turn_off" | "toggle",
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ToolOutput> {
  const runs = entity.domain === "scene" || entity.domain === "script";
  const wantOpen = action === "turn_on" || (action === "toggle" && !OPENED.has(entity.state));
  // A scene or script has no state that confirms it ran: HA accepting the call is all there is.
  const done = await callAndConfirm(
    mirror,
    entity,
    { domain: entity.domain, service },
    (v) => runs || v.state === (wantOpen ? "open" : "closed"),
    runs ? 0 : timeoutMs,
    signal,
  );
  if (!done.ok) return done.output;
  if (runs) {
    return {
      text: `activated: ${entity.name}`,
      structuredContent: { entity_id: entity.entityId, name: entity.name, confirmed: true },
    };
  }
  return confirmationOutput(mirror, entity, done.after);
}

/**
 * Home Assistant's colour names the tool takes (`light.turn_on` `color_name`), each with the hue of
 * the CSS colour HA turns it into: what the light reports back, not what a Z-Wave bulb is sent
 * (src/zwave/colors.ts).
 */
const COLOR_HUES = {
  red: 0,
  orange: 39,
  yellow: 60,
  green: 120,
  cyan: 180,
  blue: 240,
  purple: 300,
  magenta: 300,
  pink: 350,
  white: undefined,
} as const;
type ColorName = keyof typeof COLOR_HUES;
const COLOR_NAMES = Object.keys(COLOR_HUES) as [ColorName, ...ColorName[]];

/** How far a reported colour may be from the one asked for and still be it. */
const HUE_TOLERANCE = 30;
const KELVIN_TOLERANCE = 150;

/** Whether a light reports the colour asked for: its hue (a white: low saturation) or colour temperature. */
function showsColor(view: EntityView, color: ColorName | undefined, kelvin: number | undefined): boolean {
  if (kelvin !== undefined) {
    const reported = view.attributes.color_temp_kelvin;
    return typeof reported === "number" && Math.abs(reported - kelvin) <= KELVIN_TOLERANCE;
  }
  if (color === undefined) return true;
  const hs = view.attributes.hs_color;
  if (!Array.isArray(hs) || typeof hs[0] !== "number" || typeof hs[1] !== "number") return false;
  const hue = COLOR_HUES[color];
  if (hue === undefined) return hs[1] <= 20;
  const distance = Math.abs(((hs[0] - hue + 540) % 360) - 180);
  return distance <= HUE_TOLERANCE && hs[1] > 20;
}

/** Where a cover is: its reported position, or 100/0 from its state when it has none. */
function coverPosition(view: EntityView): number | undefined {
  const p = view.attributes.current_position;
  if (typeof p === "number") return p;
  return view.state === "open" ? 100 : view.state === "closed" ? 0 : undefined;
}

/** A cover stopped or set to a position, confirmed by what it reports after. */
async function moveCover(
  mirror: HomeMirror,
  entity: EntityView,
  move: { stop: true } | { position: number },
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ToolOutput> {
  const done =
    "stop" in move
      ? await callAndConfirm(
          mirror,
          entity,
          { domain: "cover", service: "stop_cover" },
          (v) => v.state !== "opening" && v.state !== "closing",
          timeoutMs,
          signal,
        )
      : await callAndConfirm(
          mirror,
          entity,
          { domain: "cover", service: "set_cover_position", data: { position: move.position } },
          (v) => {
            const at = coverPosition(v);
            return (
              at !== undefined &&
              Math.abs(at - move.position) <= 1 &&
              v.state !== "opening" &&
              v.state !== "closing"
            );
          },
          timeoutMs,
          signal,
        );
  if (!done.ok) return done.output;
  const output = confirmationOutput(mirror, entity, done.after, (v) => {
    const at = coverPosition(v);
    return at === undefined ? v.state : `${v.state} at ${at} %`;
  });
  const at = done.after ? coverPosition(done.after) : undefined;
  return at === undefined
    ? output
    : { ...output, structuredContent: { ...output.structuredContent, position: at } };
}

function describe(view: EntityView): string {
  const brightness = view.attributes.brightness;
  const pct =
    typeof brightness === "number" && view.state === "on"
      ? ` at ${Math.round((brightness / 255) * 100)} %`
      : "";
  return `${view.state}${pct}`;
}

/** `control_entity {name, action, brightness?}`: a service call confirmed by the state change that follows. */
export const controlEntityTool = entityActionTool({
  definition: {
    name: "control_entity",
    description:
      "Turn a Home Assistant device on, off or toggle it; set a light's brightness, colour or colour temperature; open (turn_on), close (turn_off), stop or position a cover or valve; run a scene or script (turn_on).",
    annotations: {
      title: "Control entity",
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    },
  },
  args: z.object({
    name: z
      .string()
      .trim()
      .min(1, "name the device or entity")
      .describe('Name, alias or entity id, e.g. "Kitchen Light"'),
    action: z.enum(["turn_on", "turn_off", "toggle", "stop"]),
    brightness: z.number().min(0).max(100).optional().describe("Light brightness in percent"),
    position: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe("A cover's position in percent open, with turn_on"),
    color: z.enum(COLOR_NAMES).optional().describe("A light's colour by name, with turn_on"),
    color_temp_kelvin: z
      .number()
      .min(1000)
      .max(10000)
      .optional()
      .describe("A light's white by colour temperature in kelvin (2700 warm, 6500 cold), with turn_on"),
  }),
  async act(
    entity,
    { action, brightness, position, color, color_temp_kelvin: kelvin },
    { mirror, timeoutMs, context },
  ) {
    if (action === "stop" || position !== undefined) {
      if (entity.domain !== "cover")
        return failure(
          "not_supported",
          `${entity.name} is not a cover; only covers stop or take a position.`,
        );
      if (action === "stop")
        return position === undefined
          ? moveCover(mirror, entity, { stop: true }, timeoutMs, context.signal)
          : failure("invalid_value", "stop takes no position.");
      if (action !== "turn_on" || position === undefined)
        return failure("invalid_value", "a position goes with turn_on.");
      return moveCover(mirror, entity, { position }, timeoutMs, context.signal);
    }
    if (
      (color !== undefined || kelvin !== undefined) &&
      (entity.domain !== "light" || action !== "turn_on")
    ) {
      return failure("invalid_value", "color and color_temp_kelvin apply only to turning on a light.");
    }
    if (color !== undefined && kelvin !== undefined) {
      return failure("invalid_value", "give a color or a color_temp_kelvin, not both.");
    }
    const service = SWITCHABLE.has(entity.domain) ? action : OTHER_SERVICES[entity.domain]?.[action];
    if (!service) {
      const kind = entity.domain.replace(/_/g, " ");
      return failure(
        "not_supported",
        OTHER_SERVICES[entity.domain]
          ? `${entity.name} is a ${kind}; it can only be activated (turn_on).`
          : `${entity.name} is a ${kind}; it can't be turned on or off.`,
      );
    }
    if (!SWITCHABLE.has(entity.domain))
      return runOther(mirror, entity, service, action, timeoutMs, context.signal);
    if (brightness !== undefined && (entity.domain !== "light" || action !== "turn_on")) {
      return failure("invalid_value", "brightness applies only to turning on a light.");
    }

    const wasOn = !OFF_STATES.has(entity.state);
    const wantOn = action === "turn_on" ? brightness !== 0 : action === "turn_off" ? false : !wasOn;
    const wantBrightness =
      wantOn && brightness !== undefined ? Math.round((brightness * 255) / 100) : undefined;
    const confirmed = (view: EntityView) => {
      if (!wantOn) return CONFIRMED_OFF.has(view.state);
      if (OFF_STATES.has(view.state)) return false;
      const b = view.attributes.brightness;
      if (!showsColor(view, color, kelvin)) return false;
      return wantBrightness === undefined || (typeof b === "number" && Math.abs(b - wantBrightness) <= 3);
    };
    const data = {
      ...(brightness !== undefined ? { brightness_pct: brightness } : {}),
      ...(color !== undefined ? { color_name: color } : {}),
      ...(kelvin !== undefined ? { color_temp_kelvin: kelvin } : {}),
    };
    const done = await callAndConfirm(
      mirror,
      entity,
      {
        domain: entity.domain,
        service: action,
        ...(Object.keys(data).length ? { data } : {}),
      },
      confirmed,
      timeoutMs,
      context.signal,
    );
    return done.ok ? confirmationOutput(mirror, entity, done.after, describe) : done.output;
  },
});
