// The start-up check: does the provider answer, and does it have the model? Each provider's own
// listing: Ollama's GET /api/tags (the models pulled, docs/api.md upstream), OpenAI's GET
// /v1/models, Anthropic's GET /v1/models/{model} (which also takes aliases).
import { classifyFailure, redactSecrets, type ProviderFailure } from "./provider-failure.js";

export type CheckState = "ok" | "model-missing" | "unreachable" | "rejected" | "unchecked";

export interface CheckResult {
  state: CheckState;
  /** In plain words, for the log and the status page. */
  detail: string;
  failure?: ProviderFailure;
}

export interface CheckTarget {
  provider: "anthropic" | "openai" | "ollama";
  model: string;
  /** The base URL as configured (see DOCS.md: with /v1 for OpenAI-compatible servers). */
  baseUrl: string;
  apiKey?: string;
}

const CHECK_TIMEOUT_MS = 8_000;

async function getJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  // Loaded here, not at start-up: only a bridge with a language model needs it.
  const { fetch } = await import("./provider-fetch.js");
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

const names = (list: unknown, key: string): string[] =>
  Array.isArray(list)
    ? list.flatMap((m) => {
        const value = typeof m === "object" && m !== null ? (m as Record<string, unknown>)[key] : undefined;
        return typeof value === "string" ? [value] : [];
      })
    : [];

/** Anthropic's error body: {type: "error", error: {type, message}}. */
function errorType(body: unknown): string | undefined {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  const type = typeof error === "object" && error !== null ? (error as { type?: unknown }).type : undefined;
  return typeof type === "string" ? type : undefined;
}

function errorText(body: unknown): string {
  if (typeof body !== "object" || body === null) return "";
  const error = (body as { error?: unknown }).error;
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string") return message;
  }
  return "";
}

export async function checkProvider(target: CheckTarget): Promise<CheckResult> {
  const { provider, model, apiKey } = target;
  const base = target.baseUrl.replace(/\/+$/, "");
  const secrets = apiKey ? [apiKey] : [];
  try {
    if (provider === "ollama") {
      const { status, body } = await getJson(`${base}/api/tags`, {});
      if (status !== 200) return httpTrouble(status, body, secrets);
      const models = (body as { models?: unknown } | undefined)?.models;
      const pulled = [...names(models, "name"), ...names(models, "model")];
      const wanted = model.includes(":") ? [model] : [model, `${model}:latest`];
      if (pulled.some((m) => wanted.includes(m))) return { state: "ok", detail: `model ${model} is pulled` };
      return { state: "model-missing", detail: `model ${model} is not pulled: run \`ollama pull ${model}\`` };
    }
    if (provider === "openai") {
      const headers: Record<string, string> = apiKey ? { Authorization: `Bearer ${apiKey}` } : {};
      const { status, body } = await getJson(`${base}/models`, headers);
      if (status === 404)
        return { state: "unchecked", detail: "the server lists no models (GET /models: HTTP 404)" };
      if (status !== 200) return httpTrouble(status, body, secrets);
      const ids = names((body as { data?: unknown } | undefined)?.data, "id");
      if (ids.includes(model)) return { state: "ok", detail: `model ${model} is available` };
      const offered = ids.slice(0, 5).join(", ");
      return {
        state: "model-missing",
        detail: `model ${model} is not offered${offered ? ` (the server offers ${offered}${ids.length > 5 ? ", …" : ""})` : ""}`,
      };
    }
    const { status, body } = await getJson(`${base}/v1/models/${encodeURIComponent(model)}`, {
      "x-api-key": apiKey ?? "",
      "anthropic-version": "2023-06-01",
    });
    if (status === 200) return { state: "ok", detail: `model ${model} is available` };
    if (status === 404 && errorType(body) === "not_found_error")
      return { state: "model-missing", detail: `model ${model} does not exist` };
    return httpTrouble(status, body, secrets);
  } catch (err) {
    const failure = classifyFailure(err, secrets);
    return { state: "unreachable", detail: failure.detail, failure };
  }
}

function httpTrouble(status: number, body: unknown, secrets: string[]): CheckResult {
  const said = errorText(body);
  const detail = redactSecrets(`HTTP ${status}${said ? `: ${said}` : ""}`, secrets);
  const failure: ProviderFailure = { cause: "http", status, detail };
  if (status === 401 || status === 403)
    return { state: "rejected", detail: `the API key was rejected (${detail})`, failure };
  if (status === 404) return { state: "unchecked", detail: `the model list is not there (${detail})` };
  return { state: "unreachable", detail, failure };
}
