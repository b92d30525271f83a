/** OpenAI Chat Completions, `POST /v1/chat/completions`: JSON, or SSE when the request says `stream: true`. */
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
  401: "invalid_request_error",
  404: "invalid_request_error",
  429: "rate_limit_exceeded",
};

const USAGE = { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 };
let completionCount = 0;

/**
 * OpenAI caches the longest prompt prefix it has seen before on its own (the real API from 1,024
 * tokens on); here the prompt is the tools, then the messages, and tokens ≈ chars / 4.
 */
function usageFor(body: Record<string, unknown>, seenPrompts: PromptCache) {
  const prompt = JSON.stringify([body.tools ?? [], body.messages ?? []]);
  const tokens = Math.ceil(prompt.length / 4);
  let common = 0;
  for (const seen of seenPrompts) {
    let n = 0;
    while (n < seen.length && n < prompt.length && seen[n] === prompt[n]) n++;
    common = Math.max(common, n);
  }
  seenPrompts.push(prompt);
  // A few recent prompts are enough to find a repeated prefix; load tests send thousands.
  if (seenPrompts.length > 16) seenPrompts.shift();
  return {
    prompt_tokens: tokens,
    completion_tokens: USAGE.completion_tokens,
    total_tokens: tokens + USAGE.completion_tokens,
    prompt_tokens_details: { cached_tokens: Math.floor(common / 4) },
  };
}

export const openaiApi: ProviderApi = {
  provider: "openai",
  path: "/v1/chat/completions",

  parse(body) {
    const messages = list(body.messages);
    const system = messages.filter((m) => m.role === "system" || m.role === "developer");
    const lastUser = messages.filter((m) => m.role === "user").at(-1);
    return {
      model: String(body.model),
      stream: body.stream === true,
      system: system.length ? system.map((m) => contentText(m.content)).join("\n") : undefined,
      userText: lastUser ? contentText(lastUser.content) : undefined,
      tools: list(body.tools).map((t) => {
        const fn = (t.function ?? {}) as Record<string, unknown>;
        return {
          name: String(fn.name),
          description: fn.description as string | undefined,
          parameters: fn.parameters,
        };
      }),
      toolResults: messages
        .filter((m) => m.role === "tool")
        .map((m) => ({ toolCallId: String(m.tool_call_id), content: contentText(m.content) })),
    };
  },

  errorBody(status, message) {
    return { error: { message, type: ERROR_TYPES[status] ?? "server_error", param: null, code: null } };
  },

  write(res, answer, request, cache) {
    const base = {
      id: `chatcmpl-fake${++completionCount}`,
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      system_fingerprint: null,
    };
    const finishReason = answer.toolCalls.length > 0 ? "tool_calls" : "stop";
    if (!request.stream) {
      const toolCalls = answer.toolCalls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.name, arguments: argsText(call.args) },
      }));
      json(res, 200, {
        ...base,
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: answer.text || null,
              refusal: null,
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage: usageFor(request.body, cache),
      });
      return;
    }
    const chunk = (delta: unknown, finish: string | null = null) => ({
      data: {
        ...base,
        object: "chat.completion.chunk",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      },
    });
    const events: { data: unknown }[] = [chunk({ role: "assistant", content: "", refusal: null })];
    for (const piece of streamPieces(answer.text)) events.push(chunk({ content: piece }));
    answer.toolCalls.forEach((call, index) => {
      events.push(
        chunk({
          tool_calls: [
            { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
          ],
        }),
      );
      for (const piece of streamPieces(argsText(call.args))) {
        events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    events.push(chunk({}, finishReason));
    const options = (request.body.stream_options ?? {}) as Record<string, unknown>;
    if (options.include_usage === true) {
      events.push({
        data: { ...base, object: "chat.completion.chunk", choices: [], usage: usageFor(request.body, cache) },
      });
    }
    sse(res, [...events, { data: "[DONE]" }]);
  },

  writeNative(res, native, request) {
    const message = (native ?? {}) as Record<string, unknown>;
    const calls = list(message.tool_calls);
    const base = {
      id: `chatcmpl-fake${++completionCount}`,
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      system_fingerprint: null,
    };
    const finishReason = calls.length > 0 ? "tool_calls" : "stop";
    if (!request.stream) {
      json(res, 200, {
        ...base,
        object: "chat.completion",
        choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
        usage: USAGE,
      });
      return;
    }
    const chunk = (delta: unknown, finish: string | null = null) => ({
      data: {
        ...base,
        object: "chat.completion.chunk",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      },
    });
    const events = [chunk({ role: "assistant", content: message.content ?? "" })];
    calls.forEach((call, index) => events.push(chunk({ tool_calls: [{ index, ...call }] })));
    events.push(chunk({}, finishReason));
    sse(res, [...events, { data: "[DONE]" }]);
  },
};
