import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { Logger } from "../log.js";
import type { BridgeView } from "./bridge-view.js";
import { parseJsonBody, readBody, requireJsonContentType } from "./body.js";
import { HttpError, sendJson } from "./respond.js";
import { isObject } from "../shared/is-object.js";
import { describeIssues } from "../shared/zod-issues.js";

/** A sentence and its metadata fit many times over; anything bigger is not a conversation turn. */
export const API_BODY_LIMIT = 64 * 1024;

const optionalText = () => z.string({ error: "must be a string" }).trim().min(1).optional();

export const conversationRequestSchema = z.object({
  text: z
    .string({ error: (issue) => (issue.input === undefined ? "required" : "must be a string") })
    .trim()
    .min(1, "cannot be empty"),
  language: optionalText(),
  conversation_id: optionalText(),
  device_id: optionalText(),
});

/** POST /api/conversation: one turn through the agent, answered with its TurnResult. */
export async function handleConversation(
  req: IncomingMessage,
  res: ServerResponse,
  deps: BridgeView,
  logger: Logger,
): Promise<void> {
  requireJsonContentType(req);
  const json = parseJsonBody(await readBody(req, API_BODY_LIMIT));
  if (!isObject(json)) {
    throw new HttpError(400, 'Send a JSON object such as {"text": "turn on the kitchen light"}.');
  }
  const parsed = conversationRequestSchema.safeParse(json);
  if (!parsed.success) {
    throw new HttpError(400, describeIssues(parsed.error));
  }
  const { text, language, conversation_id, device_id } = parsed.data;
  // A client that hangs up stops its turn: no tool should act for nobody.
  const gone = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) gone.abort(new Error("client disconnected"));
  });
  try {
    const result = await deps.agent.handle({
      text,
      ...(language ? { language } : {}),
      ...(conversation_id ? { conversationId: conversation_id } : {}),
      ...(device_id ? { deviceId: device_id } : {}),
      signal: gone.signal,
    });
    sendJson(res, 200, result);
  } catch (err) {
    if (gone.signal.aborted) return;
    logger.error({ err }, "the conversation agent failed on an /api/conversation request");
    throw new HttpError(500, "The conversation agent failed; the add-on log has the details.");
  }
}

/** GET /api/tools: every tool with its presented name, own name and origin. */
export function handleTools(res: ServerResponse, deps: BridgeView): void {
  const tools = deps.registry.list().map((t) => ({
    name: t.name,
    tool: t.tool,
    server: t.server,
    toolbox: t.toolbox,
    namespaced: t.namespaced,
    source: t.source,
    ...(t.reason ? { reason: t.reason } : {}),
    ...(t.annotations ? { annotations: t.annotations } : {}),
  }));
  sendJson(res, 200, tools);
}
