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
      "Turn a Home Assistant device on or off, toggle it, or set a light's brightness (0–100 %). " +
      "For covers and valves turn_on opens and turn_off closes; turn_on runs a scene or script. " +
      "Only entities exposed to Assist can be controlled. Reports whether the device confirmed.",
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
    action: z.enum(["turn_on", "turn_off", "toggle"]),
    brightness: z.number().min(0).max(100).optional().describe("Light brightness in percent"),
  }),
  async act(entity, { action, brightness }, { mirror, timeoutMs, context }) {
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
      return wantBrightness === undefined || (typeof b === "number" && Math.abs(b - wantBrightness) <= 3);
    };
    const done = await callAndConfirm(
      mirror,
      entity,
      {
        domain: entity.domain,
        service: action,
        ...(brightness !== undefined ? { data: { brightness_pct: brightness } } : {}),
      },
      confirmed,
      timeoutMs,
      context.signal,
    );
    return done.ok ? confirmationOutput(mirror, entity, done.after, describe) : done.output;
  },
});
