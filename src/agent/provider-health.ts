// What the bridge knows about its language model provider: the start-up check, and the outcome of
// every request since. Each failure is logged once, at warn, with the provider, the host (never a
// credential), the model and the cause; the status page shows the last success and the last error.
// The LLM turn runs each request through `watch` (llm-turn.ts). LangChain's callbacks would tell
// the same, but a model with a handler pays for it on every request: a run id from the system's
// random source, the model serialised for tracers, the messages formatted for them
// (handleChatModelStart, @langchain/core callbacks/manager.js); none of that runs without one.
import type { Logger } from "../log.js";
import { checkProvider, type CheckResult, type CheckTarget } from "./provider-check.js";
import { classifyFailure, type FailureCause } from "./provider-failure.js";

/** Each provider's API when `llm_base_url` is empty (the SDKs' own defaults). */
export const DEFAULT_BASE_URLS: Record<CheckTarget["provider"], string> = {
  anthropic: "https://api.anthropic.com",
  openai: "https://api.openai.com/v1",
  ollama: "http://127.0.0.1:11434",
};

/**
 * How the provider stands, most telling first: `model-missing` and `rejected` from the start-up
 * check; `unreachable` or `failing` while the last request (or the check) failed; `ready` once a
 * request or the check succeeded; `unchecked` when the provider could not be asked before a turn.
 */
export type ProviderState =
  "checking" | "ready" | "model-missing" | "rejected" | "unreachable" | "failing" | "unchecked";

export interface ProviderStatus {
  provider: string;
  host: string;
  model: string;
  state: ProviderState;
  check: { state: CheckResult["state"] | "checking"; detail?: string; at?: string };
  lastSuccess?: string;
  lastError?: { at: string; cause: FailureCause; detail: string };
}

export interface ProviderHealth {
  status(): ProviderStatus;
  /** Sends one request to the model (`request`) and records how it went: its answer, or its failure. */
  watch<T>(request: () => Promise<T>): Promise<T>;
  /** The start-up check; logs its outcome plainly. */
  check(): Promise<CheckResult>;
  /** The last failure's words, when one happened at or after `since` (ms since epoch). */
  failureSince(since: number): string | undefined;
}

const UNREACHABLE: FailureCause[] = ["refused", "dns", "tls", "timeout"];

export function createProviderHealth(options: {
  provider: CheckTarget["provider"];
  model: string;
  baseUrl?: string;
  apiKey?: string;
  logger: Logger;
}): ProviderHealth {
  const { provider, model, logger } = options;
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URLS[provider];
  const host = hostOf(baseUrl);
  const secrets = options.apiKey ? [options.apiKey] : [];
  let check: ProviderStatus["check"] = { state: "checking" };
  let lastSuccess: number | undefined;
  let lastError: { at: number; cause: FailureCause; detail: string } | undefined;

  function state(): ProviderState {
    const failedLast = lastError && (lastSuccess === undefined || lastError.at > lastSuccess);
    if (failedLast) return UNREACHABLE.includes(lastError!.cause) ? "unreachable" : "failing";
    if (lastSuccess !== undefined) return "ready";
    switch (check.state) {
      case "ok":
        return "ready";
      case "checking":
      case "model-missing":
      case "rejected":
      case "unreachable":
      case "unchecked":
        return check.state;
    }
  }

  function recordFailure(err: unknown, start: number) {
    const failure = classifyFailure(err, secrets);
    const waited = ` after ${((Date.now() - start) / 1000).toFixed(1)} s`;
    const detail = failure.cause === "timeout" ? `${failure.detail}${waited}` : failure.detail;
    lastError = { at: Date.now(), cause: failure.cause, detail };
    logger.warn(
      { provider, host, model, cause: failure.cause, ...(failure.status ? { status: failure.status } : {}) },
      `language model request failed: ${provider} at ${host}, model ${model}: ${detail}`,
    );
  }

  return {
    status: () => ({
      provider,
      host,
      model,
      state: state(),
      check,
      ...(lastSuccess !== undefined ? { lastSuccess: new Date(lastSuccess).toISOString() } : {}),
      ...(lastError
        ? {
            lastError: {
              at: new Date(lastError.at).toISOString(),
              cause: lastError.cause,
              detail: lastError.detail,
            },
          }
        : {}),
    }),

    async watch(request) {
      const start = Date.now();
      try {
        const answer = await request();
        lastSuccess = Date.now();
        return answer;
      } catch (err) {
        recordFailure(err, start);
        throw err;
      }
    },

    async check() {
      const result = await checkProvider({
        provider,
        model,
        baseUrl,
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      });
      check = { state: result.state, detail: result.detail, at: new Date().toISOString() };
      const where = `${provider} at ${host}, model ${model}`;
      if (result.state === "ok")
        logger.info({ provider, host, model }, `language model ready: ${where}: ${result.detail}`);
      else if (result.state === "unchecked")
        logger.info({ provider, host, model }, `language model not checked: ${where}: ${result.detail}`);
      else {
        if (result.failure)
          lastError = { at: Date.now(), cause: result.failure.cause, detail: result.detail };
        logger.warn(
          { provider, host, model, check: result.state },
          `language model check failed: ${where}: ${result.detail}`,
        );
      }
      return result;
    },

    failureSince(since) {
      return lastError && lastError.at >= since ? lastError.detail : undefined;
    },
  };
}

/** `host:port` of a URL, without any user or password in it. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid URL)";
  }
}
