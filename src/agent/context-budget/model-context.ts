/**
 * How much context the server will really give the model. Each server says it in its own place:
 * Ollama in `/api/show` (`model_info["<architecture>.context_length"]`, what the model was trained
 * for; the request asks for `num_ctx` up to that); llama.cpp's server in `/props`
 * (`default_generation_settings.n_ctx`, the context of one slot: get_props in
 * tools/server/server-context.cpp of ggml-org/llama.cpp); vLLM in `/v1/models` (`max_model_len`
 * of each model card, vllm/entrypoints/openai/protocol.py); LM Studio in `/api/v1/models`
 * (`loaded_instances[].config.context_length` of a loaded model, and `max_context_length`, the
 * most it can be loaded with: 1_developer/2_rest/list.md of lmstudio-ai/docs). A server that says
 * none is asked for the configured `llm_context`, capped at the model's most where that is known.
 */
import type { LlmProvider } from "../chat-model.js";

export interface ModelContext {
  /** Tokens the request may fill, prompt and answer together. */
  tokens: number;
  /** Where the figure comes from, for the status page. */
  source: string;
  /** What the model itself was trained for, when the server says it (Ollama). */
  trained?: number;
}

export interface ModelContextTarget {
  provider: Exclude<LlmProvider, "local">;
  model: string;
  /** As configured: Ollama's host, or the OpenAI-compatible base URL (with /v1). */
  baseUrl?: string;
  apiKey?: string;
  /** `llm_context`. */
  configured: number;
}

const ASK_TIMEOUT_MS = 5_000;

export async function modelContext(target: ModelContextTarget): Promise<ModelContext> {
  const configured = { tokens: target.configured, source: "llm_context" };
  if (target.provider === "anthropic" || !target.baseUrl) return configured;
  const base = target.baseUrl.replace(/\/+$/, "");
  try {
    if (target.provider === "ollama") {
      const shown = await askJson(`${base}/api/show`, { model: target.model });
      const trained = contextLength(shown);
      if (!trained) return configured;
      return trained < target.configured
        ? { tokens: trained, source: "the model's trained context (Ollama /api/show)", trained }
        : { ...configured, trained };
    }
    const headers: Record<string, string> = target.apiKey ? { Authorization: `Bearer ${target.apiKey}` } : {};
    const root = base.replace(/\/v1$/, "");
    // A server that cannot be reached at all says nothing more at its other addresses.
    const props = await askJson(`${root}/props`, undefined, headers).catch((err: unknown) => {
      if (err instanceof HttpStatusError) return undefined;
      throw err;
    });
    const slots = numberAt(props, ["default_generation_settings", "n_ctx"]) ?? numberAt(props, ["n_ctx"]);
    if (slots) return { tokens: slots, source: "the server's context (llama.cpp /props)" };
    const models = await askJson(`${base}/models`, undefined, headers).catch(() => undefined);
    const listed = listedModel(models, target.model);
    const vllm = numberAt(listed, ["max_model_len"]);
    if (vllm) return { tokens: vllm, source: "the server's context (vLLM max_model_len)" };
    const lmStudio = await askJson(`${root}/api/v1/models`, undefined, headers).catch(() => undefined);
    const studio = lmStudioModel(lmStudio, target.model);
    const loaded = numberAt(studio, ["loaded_instances", "0", "config", "context_length"]);
    if (loaded) return { tokens: loaded, source: "the loaded model's context (LM Studio /api/v1/models)" };
    // Not loaded yet: LM Studio loads it on the first request, with at most this much.
    const most = numberAt(studio, ["max_context_length"]);
    if (most && most < target.configured)
      return { tokens: most, source: "the model's most context (LM Studio /api/v1/models)" };
  } catch {
    // The server will say why on the turn itself; until then the configured context holds.
  }
  return configured;
}

async function askJson(url: string, post?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const { fetch } = await import("../provider-fetch.js");
  const response = await fetch(url, {
    method: post ? "POST" : "GET",
    headers: post ? { ...headers, "content-type": "application/json" } : headers,
    ...(post ? { body: JSON.stringify(post) } : {}),
    signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
  });
  if (!response.ok) throw new HttpStatusError(response.status);
  return response.json();
}

/** Ollama's `model_info` names the key after the architecture: `qwen2.context_length`, `llama.context_length`. */
function contextLength(shown: unknown): number | undefined {
  const info = (shown as { model_info?: unknown } | undefined)?.model_info;
  if (typeof info !== "object" || info === null) return undefined;
  for (const [key, value] of Object.entries(info)) {
    if (key.endsWith(".context_length") && typeof value === "number" && value > 0) return value;
  }
  return undefined;
}

function listedModel(list: unknown, model: string): unknown {
  const data = (list as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.find((m) => (m as { id?: unknown }).id === model) ?? (data.length === 1 ? data[0] : undefined);
}

/** LM Studio's list names each model by `key` under `models`. */
function lmStudioModel(list: unknown, model: string): unknown {
  const models = (list as { models?: unknown } | undefined)?.models;
  if (!Array.isArray(models)) return undefined;
  return models.find((m) => (m as { key?: unknown }).key === model);
}

function numberAt(value: unknown, path: string[]): number | undefined {
  let at = value;
  for (const key of path)
    at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === "number" && at > 0 ? at : undefined;
}

/** The server answered, with an error status: it is there, and may say its context elsewhere. */
class HttpStatusError extends Error {
  constructor(status: number) {
    super(`HTTP ${status}`);
  }
}
