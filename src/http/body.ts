import type { IncomingMessage } from "node:http";
import { HttpError } from "./respond.js";

/**
 * An oversized body is read to its end (up to this many times the limit) before the 413,
 * so the client sees the answer instead of a reset connection; beyond that it is cut off.
 */
const DRAIN_FACTOR = 16;

/** Reads the whole body, refusing more than `limit` bytes with a 413. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > limit;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) tooLarge = true;
    if (tooLarge) {
      if (size > limit * DRAIN_FACTOR) {
        req.destroy();
        break;
      }
      continue;
    }
    chunks.push(chunk);
  }
  if (tooLarge) throw new HttpError(413, `The request body is larger than ${formatBytes(limit)}.`);
  return Buffer.concat(chunks);
}

/**
 * Bodies are JSON, sent as JSON: a web page can send text/plain, form and multipart bodies
 * anywhere without the browser asking first, but not application/json.
 */
export function requireJsonContentType(req: IncomingMessage): void {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type.endsWith("+json")) return;
  throw new HttpError(
    415,
    `Send the body as JSON with Content-Type: application/json${type ? `, not ${type}` : ""}.`,
  );
}

export function parseJsonBody(body: Buffer): unknown {
  const text = body.toString("utf8");
  if (text.trim() === "") throw new HttpError(400, "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const detail = err instanceof SyntaxError ? `: ${err.message}` : "";
    throw new HttpError(400, `The request body is not valid JSON${detail}.`);
  }
}

function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
