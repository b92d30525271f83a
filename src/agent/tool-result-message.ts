import { HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";

export interface ToolReply {
  callId: string;
  name: string;
  content: string;
  ok: boolean;
}

/**
 * The results of one round of tool calls, in a form each provider reads a failure from. The text
 * of a failure starts with "Error:" for every provider. @langchain/anthropic drops
 * `ToolMessage.status`, so for Anthropic the results go as `tool_result` blocks, which it passes
 * through unchanged, with `is_error: true` on failures.
 */
export function toolResultMessages(
  provider: string | undefined,
  replies: readonly ToolReply[],
): BaseMessage[] {
  const text = (reply: ToolReply) => (reply.ok ? reply.content : `Error: ${reply.content}`);
  if (provider === "anthropic") {
    if (!replies.length) return [];
    return [
      new HumanMessage({
        content: replies.map((reply) => ({
          type: "tool_result",
          tool_use_id: reply.callId,
          content: text(reply),
          ...(reply.ok ? {} : { is_error: true }),
        })),
      }),
    ];
  }
  return replies.map(
    (reply) =>
      new ToolMessage({
        tool_call_id: reply.callId,
        name: reply.name,
        content: text(reply),
        status: reply.ok ? "success" : "error",
      }),
  );
}
