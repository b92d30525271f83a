// What Home Assistant's built-in agent understands of a sentence, without acting on it:
// `conversation/agent/homeassistant/debug` (home-assistant/core
// homeassistant/components/conversation/http.py `websocket_hass_agent_debug`, and
// default_agent.py `async_debug_recognize`). It takes the satellite's `device_id`, so templates
// that take their area from the speaker ("turn on the lights in here") match as they would for a
// satellite, which `conversation/process` cannot carry. It returns the intent, its slots and the
// entities HA would target; the bridge then acts through its own tools and its action policy, or,
// for what it does not carry out itself, judges what `conversation/process` would do first.
import type { Connection } from "home-assistant-js-websocket";
import { z } from "zod";
import { fromCommandRejection } from "./errors.js";

const slotValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]);

/** One sentence's result: a sentence trigger of the user's, an intent (matched or not), or null. */
const resultSchema = z
  .object({
    match: z.boolean().optional(),
    source: z.string().optional(),
    sentence_template: z.string().nullable().optional(),
    intent: z.object({ name: z.string() }).optional(),
    slots: z.record(z.string(), slotValue.nullable()).optional(),
    details: z
      .record(
        z.string(),
        z
          .object({ name: z.string().optional(), value: slotValue.nullable().optional(), text: z.unknown() })
          .passthrough(),
      )
      .optional(),
    targets: z.record(z.string(), z.object({ matched: z.boolean().optional() }).passthrough()).optional(),
  })
  .passthrough()
  .nullable();

const debugSchema = z.object({ results: z.array(resultSchema) });

export type SlotValue = z.infer<typeof slotValue>;

export type HaRecognition =
  /** A sentence trigger of the user's own automations matched (HA runs it; it has no intent to judge). */
  | { kind: "trigger" }
  | {
      kind: "intent";
      intent: string;
      /** Every slot filled (the area too when it came from the speaker). */
      match: boolean;
      /** Slot values as HA's handler receives them (`details[*].value`). */
      slots: Record<string, SlotValue>;
      /** The entities HA lists as targets (by name, area, domain and device class; not by exposure or floor). */
      targets: string[];
    }
  /** Not understood. */
  | { kind: "none" };

/** Asks HA's built-in agent what it makes of `text`, as said by `deviceId`; rejects with a HomeAssistantError. */
export async function recognizeWithHomeAssistantAgent(
  conn: Connection,
  text: string,
  language: string,
  deviceId?: string,
): Promise<HaRecognition> {
  let raw: unknown;
  try {
    raw = await conn.sendMessagePromise({
      type: "conversation/agent/homeassistant/debug",
      sentences: [text],
      language,
      ...(deviceId ? { device_id: deviceId } : {}),
    });
  } catch (err) {
    throw fromCommandRejection(err, "conversation/agent/homeassistant/debug");
  }
  const parsed = debugSchema.safeParse(raw);
  if (!parsed.success) {
    throw fromCommandRejection(
      new Error("Home Assistant answered in an unexpected shape"),
      "conversation/agent/homeassistant/debug",
    );
  }
  const result = parsed.data.results[0];
  if (!result) return { kind: "none" };
  if (result.source === "trigger") return { kind: "trigger" };
  if (!result.intent) return { kind: "none" };
  const slots: Record<string, SlotValue> = {};
  for (const [key, value] of Object.entries(result.slots ?? {})) {
    // The value the handler gets is in details; `slots` holds the text when there is one.
    const detail = result.details?.[key]?.value;
    const v = detail ?? value;
    if (v !== null && v !== undefined) slots[key] = v;
  }
  return {
    kind: "intent",
    intent: result.intent.name,
    match: result.match === true,
    slots,
    targets: Object.keys(result.targets ?? {}),
  };
}
