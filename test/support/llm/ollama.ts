/** Ollama, `POST /api/chat`: NDJSON unless the request says `stream: false` (ChatOllama always streams). */
import { contentText, json, list, streamPieces, type ProviderApi } from "./types.js";

export const ollamaApi: ProviderApi = {
  provider: "ollama",
  path: "/api/chat",

  parse(body) {
    const messages = list(body.messages);
    const system = messages.filter((m) => m.role === "system");
    const lastUser = messages.filter((m) => m.role === "user").at(-1);
    return {
      model: String(body.model),
      // Ollama streams unless told not to.
      stream: body.stream !== false,
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
        .map((m) => ({ content: contentText(m.content) })),
    };
  },

  errorBody(_status, message) {
    return { error: message };
  },

  write(res, answer, request) {
    const base = () => ({ model: request.model, created_at: new Date().toISOString() });
    // Arguments travel as an object; a string (malformed output) goes out as a JSON string.
    const toolCalls = answer.toolCalls.map((call) => ({
      function: { name: call.name, arguments: call.args },
    }));
    const final = {
      done: true,
      done_reason: "stop",
      total_duration: 1_000_000,
      load_duration: 100_000,
      // What the runner evaluated: what was kept of the prompt when it was cut (context-window.ts).
      prompt_eval_count: request.reached?.kept ?? 12,
      prompt_eval_duration: 200_000,
      eval_count: 6,
      eval_duration: 500_000,
    };
    if (!request.stream) {
      const message = {
        role: "assistant",
        content: answer.text,
        ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
      };
      json(res, 200, { ...base(), message, ...final });
      return;
    }
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
    for (const piece of streamPieces(answer.text)) {
      line({ ...base(), message: { role: "assistant", content: piece }, done: false });
    }
    // Ollama sends all tool calls of a turn together, in one chunk.
    if (toolCalls.length)
      line({ ...base(), message: { role: "assistant", content: "", tool_calls: toolCalls }, done: false });
    line({ ...base(), message: { role: "assistant", content: "" }, ...final });
    res.end();
  },

  writeNative(res, native, request) {
    const message = (native ?? {}) as Record<string, unknown>;
    const final = { done: true, done_reason: "stop", eval_count: 6 };
    const base = () => ({ model: request.model, created_at: new Date().toISOString() });
    if (!request.stream) {
      json(res, 200, { ...base(), message, ...final });
      return;
    }
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
    // As Ollama does for a thinking model: the reasoning streams first, in `thinking`.
    for (const piece of streamPieces(typeof message.thinking === "string" ? message.thinking : "")) {
      line({ ...base(), message: { role: "assistant", content: "", thinking: piece }, done: false });
    }
    for (const piece of streamPieces(String(message.content ?? ""))) {
      line({ ...base(), message: { role: "assistant", content: piece }, done: false });
    }
    // As Ollama does: the text streams first, then every tool call of the turn in one chunk.
    if (message.tool_calls !== undefined) {
      line({
        ...base(),
        message: { role: "assistant", content: "", tool_calls: message.tool_calls },
        done: false,
      });
    }
    line({ ...base(), message: { role: "assistant", content: "" }, ...final });
    res.end();
  },
};
