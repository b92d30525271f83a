// The providers' model listings, in each API's own shape, for the bridge's start-up check:
//   GET /api/tags               Ollama: {models: [{name, model, modified_at, size, digest, details}]}
//   GET /v1/models              OpenAI: {object: "list", data: [{id, object: "model", created, owned_by}]}
//   GET /v1/models/{model_id}   Anthropic: {type: "model", id, display_name, created_at}, or 404
//                               {type: "error", error: {type: "not_found_error", message}}
import type { IncomingMessage, ServerResponse } from "node:http";
import { json } from "./types.js";

/** Answers a listing request for the given models; false when the request is not one. */
export function serveModelList(req: IncomingMessage, res: ServerResponse, models: string[]): boolean {
  if (req.method !== "GET") return false;
  const path = req.url?.split("?")[0] ?? "";
  const created = "2026-01-01T00:00:00Z";
  if (path === "/api/tags") {
    json(res, 200, {
      models: models.map((name) => ({
        name,
        model: name,
        modified_at: created,
        size: 4_683_087_332,
        digest: "0".repeat(64),
        details: { format: "gguf", family: "fake", parameter_size: "7B", quantization_level: "Q4_K_M" },
      })),
    });
    return true;
  }
  if (path === "/v1/models") {
    json(res, 200, {
      object: "list",
      data: models.map((id) => ({ id, object: "model", created: 1767225600, owned_by: "fake" })),
    });
    return true;
  }
  const one = /^\/v1\/models\/([^/]+)$/.exec(path);
  if (one) {
    const id = decodeURIComponent(one[1] ?? "");
    if (models.includes(id)) json(res, 200, { type: "model", id, display_name: id, created_at: created });
    else json(res, 404, { type: "error", error: { type: "not_found_error", message: `model: ${id}` } });
    return true;
  }
  return false;
}
