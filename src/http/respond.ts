import type { ServerResponse } from "node:http";

/** A request the server refuses, with the status and a message the client can act on. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const COMMON_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error }, headers);
}

export function sendText(
  res: ServerResponse,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(200, {
    ...COMMON_HEADERS,
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
