import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Supervisor's Ingress proxy: the only address whose requests need no token. */
export const INGRESS_ADDRESS = "172.30.32.2";

export interface AuthOptions {
  /** The `api_token` option; empty or undefined means "not set". */
  apiToken?: string;
  /** Running as a Home Assistant add-on (SUPERVISOR_TOKEN is set). */
  underSupervisor: boolean;
  /** Where Ingress requests come from (default 172.30.32.2); only the socket's address counts. */
  ingressAddress?: string;
}

export type AuthDecision =
  { allowed: true; via: "ingress" | "token" | "loopback" } | { allowed: false; error: string };

export interface Auth {
  check(req: IncomingMessage): AuthDecision;
  /** Whether an `api_token` is set, so that a browser can sign in to the status page with it. */
  hasToken: boolean;
  /** Whether the given text is the `api_token`, compared in constant time; false without one. */
  tokenMatches(given: string): boolean;
}

/**
 * Who may use the API and /mcp: Ingress always, else the bearer `api_token`; without a token,
 * nobody else under Supervisor and only this machine stand-alone. X-Forwarded-For is never
 * read: any client can write it.
 */
export function createAuth(options: AuthOptions): Auth {
  const token = options.apiToken?.trim() ? digest(options.apiToken.trim()) : undefined;
  const ingress = normalizeAddress(options.ingressAddress ?? INGRESS_ADDRESS);
  // Equal-length digests, compared in constant time: the answer leaks nothing about the token.
  const tokenMatches = (given: string) => token !== undefined && timingSafeEqual(digest(given), token);

  return {
    hasToken: token !== undefined,
    tokenMatches,
    check(req) {
      const remote = normalizeAddress(req.socket.remoteAddress ?? "");
      if (remote === ingress) return { allowed: true, via: "ingress" };
      if (token) {
        const given = bearerToken(req.headers.authorization);
        if (given !== undefined && tokenMatches(given)) return { allowed: true, via: "token" };
        return {
          allowed: false,
          error: "A valid bearer token is required (Authorization: Bearer <api_token>).",
        };
      }
      if (options.underSupervisor) {
        return {
          allowed: false,
          error: "Set api_token in the add-on options to use this outside Home Assistant's Ingress.",
        };
      }
      if (isLoopback(remote)) return { allowed: true, via: "loopback" };
      return { allowed: false, error: "Without api_token, only clients on this machine may connect." };
    },
  };
}

/** `::ffff:172.30.32.2` (an IPv4 client on a dual-stack socket) is `172.30.32.2`. */
export function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
}

export function isLoopback(address: string): boolean {
  const normalized = normalizeAddress(address);
  return normalized === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(normalized);
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  return match?.[1];
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
