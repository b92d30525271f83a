import { z } from "zod";
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { LocalToolDefinition, ToolExecutor } from "../types.js";
import { callAndConfirm, DEFAULT_CONFIRM_TIMEOUT_MS, findEntity, parseArgs } from "./home-entity.js";

const argsSchema = z.object({
  name: z.string().trim().min(1, "name the media player"),
  level: z.number().min(0).max(100),
});

const definition: LocalToolDefinition = {
  name: "set_volume",
  description: "Set the volume of a Home Assistant media player (speaker, TV) to a level from 0 to 100 %.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "Name, alias or entity id of the media player" },
      level: { type: "number", minimum: 0, maximum: 100, description: "Volume in percent" },
    },
    required: ["name", "level"],
    additionalProperties: false,
  },
  annotations: { title: "Set volume", readOnlyHint: false, destructiveHint: false, idempotentHint: true },
};

export interface SetVolumeOptions {
  /** How long to wait for the player to report its new volume. */
  confirmTimeoutMs?: number;
}

/** `set_volume {name, level}`: `media_player.volume_set` with `volume_level = level / 100`. */
export function setVolumeTool(
  mirror: HomeMirror,
  options: SetVolumeOptions = {},
): { definition: LocalToolDefinition; executor: ToolExecutor } {
  const timeoutMs = options.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS;
  const executor: ToolExecutor = async (args, context) => {
    const parsed = parseArgs(definition.name, argsSchema, args);
    if (!parsed.ok) return parsed.output;
    const { name, level } = parsed.value;
    const found = findEntity(mirror, name, {
      domain: "media_player",
      speakerDeviceId: context.deviceId,
      kind: "media player",
    });
    if (!found.ok) return found.output;
    const player = found.entity;
    const volume = Math.round(level) / 100;
    const confirmed = (view: EntityView) =>
      typeof view.attributes.volume_level === "number" &&
      Math.abs(view.attributes.volume_level - volume) < 0.005;
    const done = await callAndConfirm(
      mirror,
      player,
      { domain: "media_player", service: "volume_set", data: { volume_level: volume } },
      confirmed,
      timeoutMs,
      context.signal,
    );
    if (!done.ok) return done.output;
    const { after } = done;
    const percent = Math.round(volume * 100);
    const structuredContent = {
      entity_id: player.entityId,
      name: player.name,
      volume: percent,
      confirmed: !!after,
    };
    if (after) return { text: `${player.name} volume is now ${percent} %`, structuredContent };
    return {
      text: `sent volume ${percent} % to ${player.name}, but it has not confirmed`,
      structuredContent,
    };
  };
  return { definition, executor };
}
