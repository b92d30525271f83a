import { z } from "zod";

/** A decoded Wyoming event: its type and its data (header `data` merged with the data segment). */
export interface WyomingEvent {
  type: string;
  data: Record<string, unknown>;
}

const transcriptContextSchema = z.looseObject({
  conversation_id: z.string().nullish(),
  device_id: z.string().nullish(),
  satellite_id: z.string().nullish(),
});

/** What HA core sends per sentence: `{text, language, context: {conversation_id, device_id?, satellite_id?}}`. */
export const transcriptSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  context: transcriptContextSchema.nullish(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

// What this server writes is typed, not parsed: only incoming events need a schema.

/** Fields the Python `Artifact` dataclass requires; description and version may be null but must be present. */
type Artifact = {
  name: string;
  attribution: { name: string; url: string };
  installed: boolean;
  description: string | null;
  version: string | null;
};

export type HandleModel = Artifact & {
  languages: string[];
};

export type HandleProgram = Artifact & {
  models: HandleModel[];
  supports_handled_streaming: boolean;
  supports_home_control: boolean;
};

/** `info` data. Every list is present (even empty) so no reader has to fill defaults. */
export type Info = {
  asr: unknown[];
  tts: unknown[];
  handle: HandleProgram[];
  intent: unknown[];
  wake: unknown[];
  mic: unknown[];
  snd: unknown[];
};

/** `handled` and `not-handled` both carry the text to speak. */
type Spoken = {
  text: string;
};

type WyomingError = {
  text: string;
  code?: string;
};

/** ping and pong carry the same optional text; a pong echoes its ping's. */
export const pingSchema = z.object({ text: z.string().nullish() });
export type Pong = { text?: string };

/** Every event this server writes. */
export type OutgoingEvent =
  | { type: "info"; data: Info }
  | { type: "handled"; data: Spoken }
  | { type: "not-handled"; data: Spoken }
  | { type: "error"; data: WyomingError }
  | { type: "pong"; data: Pong };
