import { z } from "zod";
import type { EntityView } from "../../ha/mirror.js";
import { callAndConfirm } from "./home-entity.js";
import { entityActionTool } from "./entity-action.js";
import { mediaPlayerName } from "./media-player-name.js";

/** `set_volume {name, level}`: `media_player.volume_set` with `volume_level = level / 100`. */
export const setVolumeTool = entityActionTool({
  definition: {
    name: "set_volume",
    description: "Set a Home Assistant media player's volume (speaker, TV).",
    annotations: { title: "Set volume", readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  args: z.object({
    name: mediaPlayerName,
    level: z.number().min(0).max(100).describe("Volume in percent"),
  }),
  target: { domain: "media_player", kind: "media player" },
  async act(player, { level }, { mirror, timeoutMs, context }) {
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
    const percent = Math.round(volume * 100);
    const structuredContent = {
      entity_id: player.entityId,
      name: player.name,
      volume: percent,
      confirmed: !!done.after,
    };
    if (done.after) return { text: `${player.name} volume is now ${percent} %`, structuredContent };
    return {
      text: `sent volume ${percent} % to ${player.name}, but it has not confirmed`,
      structuredContent,
    };
  },
});
