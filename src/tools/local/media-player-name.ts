import { z } from "zod";

/** The `name` argument of the media player tools (`set_volume`, `set_mute`): one wording for both. */
export const mediaPlayerName = z
  .string()
  .trim()
  .min(1, "name the media player")
  .describe("Name, alias or entity id of the media player");
