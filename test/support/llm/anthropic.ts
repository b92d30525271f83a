/** Anthropic Messages API, `POST /v1/messages`: JSON, or SSE when the request says `stream: true`. */
import {
  argsText,
  contentText,
  json,
  list,
  sse,
  streamPieces,
  type PromptCache,
  type ProviderApi,
} from "./types.js";

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

const USAGE = { input_tokens: 12, output_tokens: 6 };
let messageCount = 0;

/**
 * Usage as Anthropic reports it: the prefix up to the last `cache_control` block (tools, then
 * system) is written to the cache the first time and read from it after (tokens ≈ chars / 4; the
 * real API caches only prefixes above its minimum length).
 */
function usageFor(body: Record<string, unknown>, cache: PromptCache) {
  const system = Array.isArray(body.system) ? list(body.system) : [];
  const marked = system.findLastIndex((block) => block.cache_control !== undefined);
  if (marked < 0) return USAGE;
  const prefix = JSON.stringify([body.tools ?? [], system.slice(0, marked + 1)]);
  const tokens = Math.ceil(prefix.length / 4);
  // The prefixes marked with cache_control so far: the next identical one is a cache read.
  const seen = cache.includes(prefix);
  if (!seen) cache.push(prefix);
  return seen
    ? { ...USAGE, cache_read_input_tokens: tokens, cache_creation_input_tokens: 0 }
    : { ...USAGE, cache_read_input_tokens: 0, cache_creation_input_tokens: tokens };
}

export const anthropicApi: ProviderApi = {
  provider: "anthropic",
  path: "/v1/messages",

  parse(body) {
    const messages = list(body.messages);
    const toolResults = messages
      .filter((m) => m.role === "user")
      .flatMap((m) => list(m.content).filter((block) => block.type === "tool_result"))
      .map((block) => ({ toolCallId: String(block.tool_use_id), content: contentText(block.content) }));
    const lastUser = messages
      .filter((m) => m.role === "user" && !list(m.content).some((block) => block.type === "tool_result"))
      .at(-1);
    return {
      model: String(body.model),
      stream: body.stream === true,
      system: body.system === undefined ? undefined : contentText(body.system),
      userText: lastUser ? contentText(lastUser.content) : undefined,
      tools: list(body.tools).map((t) => ({
        name: String(t.name),
        description: t.description as string | undefined,
        parameters: t.input_schema,
      })),
      toolResults,
    };
  },

  errorBody(status, message) {
    return { type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message } };
  },

  write(res, answer, request, cache) {
    const id = `msg_fake_${++messageCount}`;
    const stopReason = answer.toolCalls.length > 0 ? "tool_use" : "end_turn";
    const blocks = [
      ...(answer.text ? [{ type: "text" as const, text: answer.text }] : []),
      ...answer.toolCalls.map((call) => ({
        type: "tool_use" as const,
        id: call.id,
        name: call.name,
        args: call.args,
      })),
    ];
    if (!request.stream) {
      json(res, 200, {
        id,
        type: "message",
        role: "assistant",
        model: request.model,
        content: blocks.map((block) =>
          block.type === "text"
            ? block
            : { type: "tool_use", id: block.id, name: block.name, input: block.args },
        ),
        stop_reason: stopReason,
        stop_sequence: null,
        usage: usageFor(request.body, cache),
      });
      return;
    }
    const message = { id, type: "message", role: "assistant", model: request.model, content: [] };
    const events: { event: string; data: unknown }[] = [
      {
        event: "message_start",
        data: {
          type: "message_start",
          message: {
            ...message,
            stop_reason: null,
            stop_sequence: null,
            usage: usageFor(request.body, cache),
          },
        },
      },
    ];
    blocks.forEach((block, index) => {
      const start =
        block.type === "text"
          ? { type: "text", text: "" }
          : { type: "tool_use", id: block.id, name: block.name, input: {} };
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: start },
      });
      const pieces = block.type === "text" ? streamPieces(block.text) : streamPieces(argsText(block.args));
      for (const piece of pieces) {
        const delta =
          block.type === "text"
            ? { type: "text_delta", text: piece }
            : { type: "input_json_delta", partial_json: piece };
        events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta } });
      }
      events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    });
    events.push(...closingEvents(stopReason));
    sse(res, events);
  },

  writeNative(res, native, request) {
    const blocks = list(native);
    const id = `msg_fake_${++messageCount}`;
    const stopReason = blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
    if (!request.stream) {
      json(res, 200, {
        id,
        type: "message",
        role: "assistant",
        model: request.model,
        content: blocks,
        stop_reason: stopReason,
        stop_sequence: null,
        usage: USAGE,
      });
      return;
    }
    const message = { id, type: "message", role: "assistant", model: request.model, content: [] };
    const events: { event: string; data: unknown }[] = [
      {
        event: "message_start",
        data: {
          type: "message_start",
          message: { ...message, stop_reason: null, stop_sequence: null, usage: USAGE },
        },
      },
    ];
    blocks.forEach((block, index) => {
      const isTool = block.type === "tool_use";
      const start = isTool ? { ...block, input: {} } : { ...block, text: "" };
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: start },
      });
      const delta = isTool
        ? { type: "input_json_delta", partial_json: JSON.stringify(block.input ?? {}) }
        : { type: "text_delta", text: String(block.text ?? "") };
      events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta } });
      events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    });
    events.push(...closingEvents(stopReason));
    sse(res, events);
  },
};

/** The two events that end every streamed message. */
function closingEvents(stopReason: string): { event: string; data: unknown }[] {
  return [
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: USAGE.output_tokens },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  ];
}
