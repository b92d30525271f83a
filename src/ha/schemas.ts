// The shapes of what Home Assistant sends over its websocket API (home-assistant/core `homeassistant/components/websocket_api/` and the registries' `as_partial_dict`),
// reduced to the fields the mirror uses. Unknown keys are dropped; missing optional keys are tolerated
// so that older and newer Core versions both parse.
import { z } from "zod";
import { isObject } from "../shared/is-object.js";

const nullableString = z.string().nullish();
/** Aliases may hold non-string placeholders in newer Core; keep only real names. */
const aliasList = z
  .array(z.unknown())
  .nullish()
  .transform((list) => (list ?? []).filter((a): a is string => typeof a === "string" && a.trim() !== ""));

export const floorEntrySchema = z.object({
  floor_id: z.string(),
  name: z.string(),
  aliases: aliasList,
  level: z.number().nullish(),
});

export const areaEntrySchema = z.object({
  area_id: z.string(),
  name: z.string(),
  aliases: aliasList,
  floor_id: nullableString,
});

/** Regular and child devices (Core 2026.9): a child has `parent_device_id` and may inherit its area. */
export const deviceEntrySchema = z.object({
  id: z.string(),
  name: nullableString,
  name_by_user: nullableString,
  area_id: nullableString,
  disabled_by: nullableString,
  parent_device_id: nullableString,
  via_device_id: nullableString,
  config_entry_id: nullableString,
  manufacturer: nullableString,
  model: nullableString,
  /** `[domain, id]` pairs: how the integration knows the device (a Z-Wave node's home and node id). */
  identifiers: z.array(z.array(z.unknown())).nullish(),
});

const assistantOptions = z.object({ should_expose: z.boolean().optional() }).loose();

/** `config/entity_registry/list` rows, and `get_entries` values (which add `aliases`). */
export const entityEntrySchema = z.object({
  entity_id: z.string(),
  platform: nullableString,
  unique_id: nullableString,
  device_id: nullableString,
  area_id: nullableString,
  name: nullableString,
  original_name: nullableString,
  has_entity_name: z.boolean().nullish(),
  disabled_by: nullableString,
  hidden_by: nullableString,
  entity_category: nullableString,
  aliases: aliasList,
  options: z.object({ conversation: assistantOptions.nullish() }).loose().nullish(),
});

export const entityEntriesSchema = z.record(z.string(), entityEntrySchema.nullable());

/** `homeassistant/expose_entity/list`: per entity, the assistants it has a setting for. */
export const exposedEntitiesSchema = z.object({
  exposed_entities: z.record(z.string(), z.record(z.string(), z.boolean())),
});

export const configSchema = z.object({
  location_name: z.string().nullish(),
  time_zone: z.string(),
  language: z.string().nullish(),
  country: z.string().nullish(),
  version: z.string().nullish(),
  unit_system: z.record(z.string(), z.string()).nullish(),
});

/** Attributes are free-form per integration: checked to be an object, not copied key by key (10k states). */
const attributesSchema = z.custom<Record<string, unknown>>(isObject, "attributes must be an object");

const contextSchema = z.union([z.string(), z.object({ id: z.string().nullish() }).loose()]);

const compressedStateSchema = z.object({
  s: z.string(),
  a: attributesSchema.default({}),
  c: contextSchema.optional(),
  lc: z.number(),
  lu: z.number().optional(),
});

const stateDiffSchema = z.object({
  "+": z
    .object({
      s: z.string().optional(),
      a: attributesSchema.optional(),
      c: contextSchema.optional(),
      lc: z.number().optional(),
      lu: z.number().optional(),
    })
    .optional(),
  "-": z.object({ a: z.array(z.string()).optional() }).optional(),
});

/** One `subscribe_entities` event: added (full), changed (diff) and removed entities. */
export const entitiesEventSchema = z.object({
  a: z.record(z.string(), compressedStateSchema).optional(),
  c: z.record(z.string(), stateDiffSchema).optional(),
  r: z.array(z.string()).optional(),
});

export const registryUpdatedEventSchema = z.object({
  event_type: z.string(),
  data: z
    .object({
      action: z.string(),
      entity_id: z.string().optional(),
      old_entity_id: z.string().optional(),
    })
    .loose(),
});

/** HA's error object, as haws rejects a command with it (or a whole failed result on connection loss). */
export const haErrorSchema = z.union([
  z.object({ code: z.union([z.string(), z.number()]), message: z.string() }),
  z.object({ error: z.object({ code: z.union([z.string(), z.number()]), message: z.string() }) }),
]);

export type FloorEntry = z.infer<typeof floorEntrySchema>;
export type AreaEntry = z.infer<typeof areaEntrySchema>;
export type DeviceEntry = z.infer<typeof deviceEntrySchema>;
export type EntityEntry = z.infer<typeof entityEntrySchema>;
export type HomeConfig = z.infer<typeof configSchema>;
export type EntitiesEvent = z.infer<typeof entitiesEventSchema>;
