/**
 * A scripted fake of three LLM provider HTTP APIs on one loopback port, spoken to by the REAL
 * LangChain chat clients (each client's own request code in langchain-ai/langchainjs):
 *
 *   POST /v1/messages          Anthropic   new ChatAnthropic({ anthropicApiUrl: fake.url, apiKey: "x", maxRetries: 0 })
 *   POST /v1/chat/completions  OpenAI      new ChatOpenAI({ configuration: { baseURL: fake.openaiUrl }, apiKey: "x", maxRetries: 0 })
 *   POST /api/chat             Ollama      new ChatOllama({ baseUrl: fake.url })
 *
 * Each answers in its provider's JSON, or streams (Anthropic/OpenAI SSE when the body says
 * `stream: true`; Ollama NDJSON unless it says `stream: false`).
 *
 * Usage:
 *   const llm = await startFakeLlm({ script: [{ toolCalls: [{ name: "control_zwave_device",
 *     args: { deviceName: "Kitchen", action: "on" } }] }, "The kitchen light is on."] });
 *   ... run the agent ...
 *   expect(llm.requests[1].toolResults[0].content).toContain("confirmed");
 *   await llm.close();
 *
 * Replies (`FakeReply`, see types.ts), taken in order from the queue (`script` array, `enqueue`):
 *   "text" or { text }                       a plain answer
 *   { toolCalls: [{ name, args, id? }], text? }  tool calls; a string `args` is sent verbatim (malformed JSON)
 *   { status, message? }                     an HTTP error in the provider's error shape
 *   { raw, status?, contentType? }           bytes as they are
 *   { native }                               the provider's own assistant message (repair corpus `raw`)
 *   any of these with { delayMs }            answered that much later
 * With `models`, it also answers each provider's model listing (model-lists.ts).
 * When the queue is empty, a `script` function `(request) => reply` answers; without one the fake
 * answers HTTP 500 "fake LLM script exhausted", so a test that under-scripts fails loudly.
 *
 * Every request is recorded in `requests` (`FakeLlmRequest`): the raw `body` plus `model`,
 * `stream`, `system`, `userText`, `tools` [{name, description, parameters}] and `toolResults`
 * [{toolCallId?, content}], in one shape for all three providers. `latencyMs` delays every answer
 * (for load tests). A message sequence the real API would refuse (validate.ts) gets its HTTP 400.
 *
 * With `tls` ({ key, cert }, e.g. from ../tls-certificates.ts) it serves HTTPS, as the providers'
 * clouds and some OpenAI-compatible servers do; `useCertificate` swaps the certificate for the next
 * connections. `port` listens on that port (a client that was refused there can come back).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { anthropicApi } from "./anthropic.js";
import { serveModelList } from "./model-lists.js";
import { ollamaApi } from "./ollama.js";
import { openaiApi } from "./openai.js";
import {
  json,
  type FakeLlmRequest,
  type FakeReply,
  type PromptCache,
  type Provider,
  type ProviderApi,
} from "./types.js";
import type { ServerCertificate } from "../tls-certificates.js";
import { invalidMessageSequence } from "./validate.js";
import { reachedOf, refusalBody, refuses, type ContextServer } from "./context-window.js";

export type { FakeLlmRequest, FakeReply, FakeToolCall } from "./types.js";

export type Script = (request: FakeLlmRequest) => FakeReply | Promise<FakeReply>;

export interface FakeLlmOptions {
  script?: FakeReply[] | Script;
  /** Added before every answer. */
  latencyMs?: number;
  /** The models the fake lists (Ollama's /api/tags, OpenAI's and Anthropic's /v1/models); unset: no listing. */
  models?: string[];
  /** Serve HTTPS with this key and certificate. */
  tls?: ServerCertificate;
  /** Listen on this port (default: any free one). */
  port?: number;
  /**
   * Behave like a local server with a context of its own (context-window.ts): Ollama answers
   * `POST /api/show` with the model's trained context and cuts what does not fit; llama.cpp
   * answers `GET /props` with its `n_ctx` and refuses what does not fit with its HTTP 400. Each
   * request's `reached` says what reached the model.
   */
  contextServer?: ContextServer;
}

export interface FakeLlm {
  /** `http(s)://127.0.0.1:PORT`: Anthropic's `anthropicApiUrl`, Ollama's `baseUrl`. */
  url: string;
  /** `url` + `/v1`: OpenAI's `configuration.baseURL`. */
  openaiUrl: string;
  /** Every request received, oldest first. */
  requests: FakeLlmRequest[];
  /** Queues more replies behind any still queued. */
  enqueue(...replies: FakeReply[]): void;
  /** With `tls`: the key and certificate for new connections. */
  useCertificate(tls: ServerCertificate): void;
  close(): Promise<void>;
}

const APIS: ProviderApi[] = [anthropicApi, openaiApi, ollamaApi];

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const queue: FakeReply[] = Array.isArray(options.script) ? [...options.script] : [];
  const fallback = typeof options.script === "function" ? options.script : undefined;
  const requests: FakeLlmRequest[] = [];
  let toolCallCount = 0;
  const promptCaches = new Map<Provider, PromptCache>();

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.models && serveModelList(req, res, options.models)) return;
    if (options.contextServer && serveContextInfo(req, res, options.contextServer)) return;
    const api = APIS.find((candidate) => req.method === "POST" && req.url?.split("?")[0] === candidate.path);
    if (!api) {
      json(res, 404, { error: `fake LLM: no route for ${req.method} ${req.url}` });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      json(res, 400, api.errorBody(400, "request body is not JSON"));
      return;
    }
    let clientGone = false;
    res.on("close", () => (clientGone = !res.writableFinished));
    const request: FakeLlmRequest = {
      provider: api.provider,
      path: api.path,
      headers: req.headers,
      clientPort: req.socket.remotePort,
      body,
      ...api.parse(body),
    };
    if (options.contextServer) request.reached = reachedOf(options.contextServer, body);
    requests.push(request);
    if (options.contextServer && request.reached && refuses(options.contextServer, request.reached)) {
      json(res, 400, refusalBody(options.contextServer, request.reached));
      return;
    }
    const invalid = invalidMessageSequence(api.provider, body);
    if (invalid) {
      json(res, 400, api.errorBody(400, invalid));
      return;
    }
    const cache = promptCaches.get(api.provider) ?? [];
    promptCaches.set(api.provider, cache);
    const next = queue.shift();
    const reply: FakeReply | undefined = next ?? (fallback ? await fallback(request) : undefined);
    if (reply === undefined) {
      json(res, 500, api.errorBody(500, "fake LLM script exhausted"));
      return;
    }
    const delayMs = (options.latencyMs ?? 0) + (typeof reply === "string" ? 0 : (reply.delayMs ?? 0));
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (clientGone) return; // the client gave up (timeout or abort) while we waited

    if (typeof reply === "string") {
      api.write(res, { text: reply, toolCalls: [] }, request, cache);
    } else if ("native" in reply) {
      api.writeNative(res, reply.native, request);
    } else if ("raw" in reply) {
      res.writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "application/json" });
      res.end(reply.raw);
    } else if ("status" in reply) {
      json(res, reply.status, api.errorBody(reply.status, reply.message ?? `fake error ${reply.status}`));
    } else if ("toolCalls" in reply) {
      const toolCalls = reply.toolCalls.map((call) => ({
        ...call,
        id: call.id ?? `call_fake_${++toolCallCount}`,
      }));
      api.write(res, { text: reply.text ?? "", toolCalls }, request, cache);
    } else {
      api.write(res, { text: reply.text, toolCalls: [] }, request, cache);
    }
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: `fake LLM failed: ${String(error)}` });
      else res.destroy();
    });
  };
  const tlsServer = options.tls ? createTlsServer(options.tls, handle) : undefined;
  const server = tlsServer ?? createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const url = `${tlsServer ? "https" : "http"}://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    openaiUrl: `${url}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    useCertificate(tls) {
      if (!tlsServer) throw new Error("fake LLM: useCertificate needs a server started with tls");
      tlsServer.setSecureContext(tls);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts fakes on demand and closes every one of them with `closeAll` (e.g. in `afterEach`). */
export function fakeLlmPool(): {
  start(options: FakeLlmOptions): Promise<FakeLlm>;
  closeAll(): Promise<void>;
} {
  const started: FakeLlm[] = [];
  return {
    async start(options) {
      const llm = await startFakeLlm(options);
      started.push(llm);
      return llm;
    },
    async closeAll() {
      await Promise.all(started.splice(0).map((llm) => llm.close()));
    },
  };
}

/** The options that point a bridge at this fake as `provider` (OpenAI's base includes /v1). */
export function providerOptions(
  provider: "anthropic" | "openai" | "ollama",
  llm: FakeLlm,
): Record<string, string> {
  return {
    llm_provider: provider,
    llm_base_url: provider === "openai" ? llm.openaiUrl : llm.url,
    llm_api_key: "test-key",
    ...(provider === "openai" ? { llm_model: "gpt-4o-mini" } : {}),
  };
}

/**
 * Where each server says its context: Ollama's `POST /api/show`, llama.cpp's `GET /props`, vLLM's
 * `GET /v1/models` (`max_model_len`), LM Studio's `GET /api/v1/models` (context-window.ts cites
 * each server's source).
 */
function serveContextInfo(req: IncomingMessage, res: ServerResponse, server: ContextServer): boolean {
  const path = req.url?.split("?")[0] ?? "";
  if (server.kind === "ollama" && req.method === "POST" && path === "/api/show") {
    json(res, 200, {
      details: { format: "gguf", family: "qwen2", parameter_size: "7.6B", quantization_level: "Q4_K_M" },
      model_info: {
        "general.architecture": "qwen2",
        ...(server.showsTrained === false ? {} : { "qwen2.context_length": server.trained }),
      },
      capabilities: ["completion", "tools"],
    });
    return true;
  }
  if (req.method !== "GET" || (server.kind !== "ollama" && server.proxied)) return false;
  if (server.kind === "llama.cpp" && path === "/props") {
    json(res, 200, { default_generation_settings: { n_ctx: server.nCtx }, total_slots: 1 });
    return true;
  }
  if (server.kind === "vllm" && path === "/v1/models") {
    json(res, 200, {
      object: "list",
      data: [
        {
          id: "Qwen/Qwen2.5-7B-Instruct",
          object: "model",
          created: 1_767_225_600,
          owned_by: "vllm",
          root: "Qwen/Qwen2.5-7B-Instruct",
          parent: null,
          max_model_len: server.maxModelLen,
        },
      ],
    });
    return true;
  }
  if (server.kind === "lm-studio" && path === "/api/v1/models") {
    json(res, 200, {
      models: [
        {
          type: "llm",
          publisher: "lmstudio-community",
          key: "qwen2.5-7b-instruct",
          display_name: "Qwen2.5 7B Instruct",
          architecture: "qwen2",
          loaded_instances:
            server.listsLoaded === false
              ? []
              : [{ id: "qwen2.5-7b-instruct", config: { context_length: server.loaded } }],
          max_context_length: server.most,
          format: "gguf",
        },
      ],
    });
    return true;
  }
  return false;
}
