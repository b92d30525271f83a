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

const attributionSchema = z.object({ name: z.string(), url: z.string() });

/** Fields the Python `Artifact` dataclass requires; description and version may be null but must be present. */
const artifactSchema = z.object({
  name: z.string().min(1),
  attribution: attributionSchema,
  installed: z.boolean(),
  description: z.string().nullable(),
  version: z.string().nullable(),
});

export const handleModelSchema = artifactSchema.extend({ languages: z.array(z.string()) });
export type HandleModel = z.infer<typeof handleModelSchema>;

export const handleProgramSchema = artifactSchema.extend({
  models: z.array(handleModelSchema),
  supports_handled_streaming: z.boolean(),
  supports_home_control: z.boolean(),
});
export type HandleProgram = z.infer<typeof handleProgramSchema>;

/** `info` data. Every list is present (even empty) so no reader has to fill defaults. */
export const infoSchema = z.object({
  asr: z.array(z.unknown()),
  tts: z.array(z.unknown()),
  handle: z.array(handleProgramSchema),
  intent: z.array(z.unknown()),
  wake: z.array(z.unknown()),
  mic: z.array(z.unknown()),
  snd: z.array(z.unknown()),
});
export type Info = z.infer<typeof infoSchema>;

export const handledSchema = z.object({ text: z.string() });
export type Handled = z.infer<typeof handledSchema>;

export const notHandledSchema = z.object({ text: z.string() });
export type NotHandled = z.infer<typeof notHandledSchema>;

export const errorSchema = z.object({ text: z.string(), code: z.string().optional() });
export type WyomingError = z.infer<typeof errorSchema>;

/** ping and pong carry the same optional text; a pong echoes its ping's. */
export const pingSchema = z.object({ text: z.string().nullish() });
export type Pong = { text?: string };

/** Every event this server writes. */
export type OutgoingEvent =
  | { type: "info"; data: Info }
  | { type: "handled"; data: Handled }
  | { type: "not-handled"; data: NotHandled }
  | { type: "error"; data: WyomingError }
  | { type: "pong"; data: Pong };
