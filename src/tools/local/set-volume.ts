import { z } from "zod";
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { LocalToolDefinition, ToolExecutor } from "../types.js";
import {
  callAndConfirm,
  type ConfirmOptions,
  DEFAULT_CONFIRM_TIMEOUT_MS,
  findEntity,
  parseArgs,
} from "./home-entity.js";
import { inputSchemaOf } from "./input-schema.js";

const argsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "name the media player")
    .describe("Name, alias or entity id of the media player"),
  level: z.number().min(0).max(100).describe("Volume in percent"),
});

const definition: LocalToolDefinition = {
  name: "set_volume",
  description: "Set the volume of a Home Assistant media player (speaker, TV) to a level from 0 to 100 %.",
  inputSchema: inputSchemaOf(argsSchema),
  annotations: { title: "Set volume", readOnlyHint: false, destructiveHint: false, idempotentHint: true },
};

/** `set_volume {name, level}`: `media_player.volume_set` with `volume_level = level / 100`. */
export function setVolumeTool(
  mirror: HomeMirror,
  options: ConfirmOptions = {},
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
