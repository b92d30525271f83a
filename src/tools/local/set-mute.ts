import { z } from "zod";
import type { EntityView } from "../../ha/mirror.js";
import { callAndConfirm } from "./home-entity.js";
import { entityActionTool } from "./entity-action.js";
import { mediaPlayerName } from "./media-player-name.js";

/** `set_mute {name, muted}`: `media_player.volume_mute` with `is_volume_muted`. */
export const setMuteTool = entityActionTool({
  definition: {
    name: "set_mute",
    description: "Mute or unmute a Home Assistant media player (speaker, TV).",
    annotations: { title: "Mute", readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  args: z.object({
    name: mediaPlayerName,
    muted: z.boolean().describe("true to mute, false to unmute"),
  }),
  target: { domain: "media_player", kind: "media player" },
  async act(player, { muted }, { mirror, timeoutMs, context }) {
    const confirmed = (view: EntityView) => view.attributes.is_volume_muted === muted;
    const done = await callAndConfirm(
      mirror,
      player,
      { domain: "media_player", service: "volume_mute", data: { is_volume_muted: muted } },
      confirmed,
      timeoutMs,
      context.signal,
    );
    if (!done.ok) return done.output;
    const structuredContent = {
      entity_id: player.entityId,
      name: player.name,
      muted,
      confirmed: !!done.after,
    };
    const word = muted ? "muted" : "unmuted";
    if (done.after) return { text: `${player.name} is ${word}`, structuredContent };
    return { text: `sent ${word} to ${player.name}, but it has not confirmed`, structuredContent };
  },
});
