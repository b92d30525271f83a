// Why a request to the language model failed, named the way a user can act on: the connection was
// refused, the name did not resolve, TLS failed, the provider answered an HTTP error (with its own
// message), or no answer came in time. The SDKs wrap the socket error (a fetch's `cause`, the
// OpenAI and Anthropic SDKs' APIConnectionError, Ollama's ResponseError), so the chain is walked.
import { withoutCredentials } from "../shared/redact.js";

export type FailureCause = "refused" | "dns" | "tls" | "http" | "timeout" | "unreadable" | "other";

export interface ProviderFailure {
  cause: FailureCause;
  /** One line for the log and the status page; never a key. */
  detail: string;
  status?: number;
}

const MAX_DETAIL = 240;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  status?: unknown;
  status_code?: unknown;
  error?: unknown;
  cause?: unknown;
}

function chain(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current: unknown = err;
  while (typeof current === "object" && current !== null && out.length < 6) {
    out.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return out;
}

/** The provider's own words: `{error: {message}}` (OpenAI, Anthropic) or `{error: "…"}` (Ollama). */
function providerMessage(e: ErrorLike): string | undefined {
  const body = e.error;
  if (typeof body === "string") return body;
  if (typeof body === "object" && body !== null) {
    const inner = (body as { error?: unknown; message?: unknown }).error;
    if (typeof inner === "object" && inner !== null) {
      const message = (inner as { message?: unknown }).message;
      if (typeof message === "string") return message;
    }
    const message = (body as { message?: unknown }).message;
    if (typeof message === "string") return message;
  }
  return undefined;
}

/** Keys look alike across providers; one that slipped into an error text is cut out. */
export function redactSecrets(text: string, secrets: string[] = []): string {
  let out = withoutCredentials(text);
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join("***");
  out = out.replace(/\b(sk|key|api|ant)[-_][A-Za-z0-9_-]{6,}/gi, "***");
  return out.length > MAX_DETAIL ? `${out.slice(0, MAX_DETAIL)}…` : out;
}

export function classifyFailure(err: unknown, secrets: string[] = []): ProviderFailure {
  const links = chain(err);
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const codes = links.map((e) => text(e.code)).filter(Boolean);
  const names = links.map((e) => text(e.name));
  const messages = links.map((e) => text(e.message)).filter(Boolean);
  const all = [...codes, ...names, ...messages].join(" ");
  const clean = (s: string) => redactSecrets(s, secrets);

  for (const e of links) {
    const status =
      typeof e.status === "number" ? e.status : typeof e.status_code === "number" ? e.status_code : undefined;
    if (status !== undefined && status >= 400) {
      const said = providerMessage(e) ?? text(e.message).replace(/^\d{3}\s*/, "");
      return { cause: "http", status, detail: clean(`HTTP ${status}${said ? `: ${said}` : ""}`) };
    }
  }
  const code = codes.find((c) => c !== "ERR_INVALID_ARG_TYPE") ?? "";
  if (/ECONNREFUSED/.test(all))
    return { cause: "refused", detail: clean(`connection refused (${code || "ECONNREFUSED"})`) };
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(all))
    return { cause: "dns", detail: clean(`the host name did not resolve (${code || "DNS"})`) };
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(all))
    return { cause: "tls", detail: clean(`TLS failed: ${code || messages[0] || "handshake"}`) };
  if (/Timeout|timed out|ETIMEDOUT|UND_ERR_.*TIMEOUT|AbortError|aborted/i.test(all))
    return { cause: "timeout", detail: "no answer in time" };
  if (/JSON|Unexpected token|Unexpected end|parse/i.test(all))
    return { cause: "unreadable", detail: clean(`the reply could not be read: ${messages[0] ?? ""}`) };
  if (/ECONNRESET|socket hang up|other side closed/i.test(all))
    return { cause: "refused", detail: clean(`the connection was closed (${code || "reset"})`) };
  return { cause: "other", detail: clean(messages[0] ?? String(err)) };
}
