import { z } from "zod";
import type { JsonSchema } from "../types.js";

/**
 * A local tool's input schema as the model sees it, generated from the zod schema its executor
 * checks the arguments with: declared once, so the two cannot drift apart.
 */
export function inputSchemaOf(schema: z.ZodObject): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema);
  return json as JsonSchema;
}
