/**
 * What a local server does with a prompt longer than its context, so tests see what really reached
 * the model. The prompt is laid out as chat templates lay it out (Qwen's, Llama's): the system
 * prompt, then every tool's definition as JSON, then the messages. It is counted with cl100k, not
 * the bridge's o200k: a server's tokenizer is never the bridge's own.
 *
 *   Ollama:    `options.num_ctx`, else 4,096 (its default on a GPU under 24 GiB), capped at the
 *              model's trained context; a longer prompt is cut as its runner cuts it: the first 4
 *              tokens are kept and the oldest after them dropped (ollama/ollama runner, numKeep);
 *              `prompt_eval_count` reports what was kept. `showsTrained: false` plays a model
 *              whose `/api/show` names no context length: the runner still caps at the trained one.
 *   llama.cpp: a prompt of the slot's `n_ctx` tokens or more is refused with HTTP 400
 *              `exceed_context_size_error`, `n_prompt_tokens` and `n_ctx` beside the message
 *              (server_task_result_error::to_json, tools/server of ggml-org/llama.cpp).
 *   vLLM:      a prompt over `max_model_len` is refused with HTTP 400 in its ErrorResponse
 *              (`{ error: { message, type, param, code } }`, vllm/entrypoints/openai/protocol.py),
 *              worded as TokenizeParams._token_len_check words it (vllm/renderers/params.py).
 *   LM Studio: a prompt over the loaded context is refused with HTTP 400 and its message as a
 *              bare string under `error` (lmstudio-ai/lmstudio-bug-tracker#546, #237).
 */
import { decode, encode } from "gpt-tokenizer/encoding/cl100k_base";
import { contentText, list } from "./types.js";

export type ContextServer =
  | { kind: "ollama"; trained: number; showsTrained?: boolean }
  | ((
      | { kind: "llama.cpp"; nCtx: number }
      | { kind: "vllm"; maxModelLen: number }
      | {
          kind: "lm-studio";
          loaded: number;
          most: number;
          /** false: the model is not loaded yet; LM Studio loads it on the first request. */
          listsLoaded?: boolean;
        }
    ) & {
      /** Behind a proxy that passes only the chat API (LiteLLM, a reverse proxy): it says no context. */
      proxied?: boolean;
    });

/** What of one request reached the model. */
export interface Reached {
  /** Tokens of the prompt as sent, and as kept. */
  sent: number;
  kept: number;
  /** The context the server used. */
  context: number;
  cut: boolean;
  /** The tools whose whole definition is in what was kept. */
  tools: string[];
  /** The system prompt's rules are in what was kept. */
  rules: boolean;
  /** The user's last sentence is in what was kept. */
  userText: boolean;
}

export const OLLAMA_DEFAULT_CONTEXT = 4096;
const NUM_KEEP = 4;

export function contextOf(server: ContextServer, body: Record<string, unknown>): number {
  if (server.kind === "llama.cpp") return server.nCtx;
  if (server.kind === "vllm") return server.maxModelLen;
  if (server.kind === "lm-studio") return server.loaded;
  const asked = (body.options as { num_ctx?: unknown } | undefined)?.num_ctx;
  return Math.min(typeof asked === "number" && asked > 0 ? asked : OLLAMA_DEFAULT_CONTEXT, server.trained);
}

export function reachedOf(server: ContextServer, body: Record<string, unknown>): Reached {
  const messages = list(body.messages);
  const tools = list(body.tools).map((t) => (t.function ?? t) as Record<string, unknown>);
  const system = messages.filter((m) => m.role === "system").map((m) => contentText(m.content));
  const toolText = tools.map((t) => JSON.stringify({ type: "function", function: t }));
  const rest = messages
    .filter((m) => m.role !== "system")
    .map(
      (m) =>
        `<|${String(m.role)}|>${contentText(m.content)}${m.tool_calls ? JSON.stringify(m.tool_calls) : ""}`,
    );
  const prompt = [...system, "<tools>", ...toolText, "</tools>", ...rest].join("\n");
  const tokens = encode(prompt);
  const context = contextOf(server, body);
  const cut = tokens.length > context;
  const keptText = cut
    ? decode([...tokens.slice(0, NUM_KEEP), ...tokens.slice(tokens.length - (context - NUM_KEEP))])
    : prompt;
  const lastUser = messages.filter((m) => m.role === "user").at(-1);
  return {
    sent: tokens.length,
    kept: Math.min(tokens.length, context),
    context,
    cut,
    tools: tools.filter((_, i) => keptText.includes(toolText[i]!)).map((t) => String(t.name)),
    rules: system.length > 0 && keptText.includes(system[0]!.split("\n").slice(0, 3).join("\n")),
    userText: lastUser ? keptText.includes(contentText(lastUser.content)) : false,
  };
}

/** Whether the server refuses this prompt (all but Ollama refuse what does not fit). */
export function refuses(server: ContextServer, reached: Reached): boolean {
  if (server.kind === "ollama") return false;
  // llama.cpp needs one free cell to decode: a prompt of exactly n_ctx tokens is refused too.
  return server.kind === "llama.cpp" ? reached.sent >= reached.context : reached.cut;
}

/** The server's HTTP 400 body for a prompt over its context, in its own shape and words. */
export function refusalBody(server: ContextServer, reached: Reached): unknown {
  const { sent, context } = reached;
  switch (server.kind) {
    case "vllm":
      return {
        error: {
          message: `You passed ${sent} input tokens and requested 0 output tokens. However, the model's context length is only ${context} tokens, resulting in a maximum input length of ${context} tokens. Please reduce the length of the input prompt.`,
          type: "BadRequestError",
          param: "input_tokens",
          code: 400,
        },
      };
    case "lm-studio":
      return {
        error: `Trying to keep the first ${sent} tokens when context the overflows. However, the model is loaded with context length of only ${context} tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input`,
      };
    default:
      return {
        error: {
          code: 400,
          message: `request (${sent} tokens) exceeds the available context size (${context} tokens), try increasing it`,
          type: "exceed_context_size_error",
          n_prompt_tokens: sent,
          n_ctx: context,
        },
      };
  }
}
