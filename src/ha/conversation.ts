// Home Assistant's own conversation agent, asked over the websocket API (`conversation/process`,
// home-assistant/core `components/conversation/http.py`). Always the built-in agent by its fixed id: asking "the
// default" could name this add-on, and a sentence would then come back to us.
import type { Connection } from "home-assistant-js-websocket";
import { z } from "zod";
import { fromCommandRejection } from "./errors.js";

/** The built-in agent, never a configurable one: the one agent that can't be us. */
export const HOME_ASSISTANT_AGENT_ID = "conversation.home_assistant";

const speechSchema = z.object({ speech: z.string() });

/** `ConversationResult.as_dict()`: an IntentResponse with its speech, type and data. */
const processResultSchema = z.object({
  response: z.object({
    response_type: z.enum(["action_done", "query_answer", "error"]),
    language: z.string().optional(),
    speech: z.object({ plain: speechSchema.optional(), ssml: speechSchema.optional() }).partial().default({}),
    data: z
      .object({
        code: z.string().optional(),
        success: z
          .array(z.object({ name: z.string(), type: z.string(), id: z.string().optional() }))
          .optional(),
        failed: z
          .array(z.object({ name: z.string(), type: z.string(), id: z.string().optional() }))
          .optional(),
      })
      .passthrough()
      .default({}),
  }),
  conversation_id: z.string().nullable().optional(),
  continue_conversation: z.boolean().optional(),
});

export interface HaAgentAnswer {
  responseType: "action_done" | "query_answer" | "error";
  /** As Home Assistant said it (plain speech, else SSML). */
  speech: string;
  /** For errors: `no_intent_match`, `no_valid_targets`, `failed_to_handle`, `unknown`, … */
  errorCode?: string;
  /** The targets HA reports it acted on. */
  success: Array<{ name: string; type: string; id?: string }>;
}

/** Asks HA's built-in agent to handle `text` in `language`; rejects with a HomeAssistantError. */
export async function processWithHomeAssistantAgent(
  conn: Connection,
  text: string,
  language: string,
): Promise<HaAgentAnswer> {
  let raw: unknown;
  try {
    raw = await conn.sendMessagePromise({
      type: "conversation/process",
      text,
      language,
      agent_id: HOME_ASSISTANT_AGENT_ID,
    });
  } catch (err) {
    throw fromCommandRejection(err, "conversation/process");
  }
  const parsed = processResultSchema.safeParse(raw);
  if (!parsed.success) {
    throw fromCommandRejection(
      new Error("Home Assistant answered in an unexpected shape"),
      "conversation/process",
    );
  }
  const { response } = parsed.data;
  return {
    responseType: response.response_type,
    speech: response.speech.plain?.speech ?? response.speech.ssml?.speech ?? "",
    ...(response.data.code ? { errorCode: response.data.code } : {}),
    success: response.data.success ?? [],
  };
}
