import type { IncomingMessage } from "node:http";
import { HttpError } from "./respond.js";

/**
 * Any web page the user has open can make the browser send a request to 127.0.0.1 or the
 * add-on's address; where loopback is trusted without a token, that would act on the home. A
 * browser marks such a request (`Sec-Fetch-Site: cross-site`, a foreign `Origin`); clients
 * that are not browsers (curl, Home Assistant, MCP clients) send neither.
 *
 * Under Ingress, Home Assistant has already checked the user's session, and its proxy may pass
 * on the browser's `Origin` while the `Host` is its own, so only the fetch metadata counts there.
 */
export function refuseCrossSite(req: IncomingMessage, viaIngress: boolean): void {
  const site = req.headers["sec-fetch-site"];
  const origin = req.headers.origin;
  const foreign =
    site === "cross-site" || (origin !== undefined && !viaIngress && !sameOrigin(origin, req.headers.host));
  if (foreign) {
    throw new HttpError(
      403,
      "Requests from another site are refused: a web page may not act on your home. Call the API from your own client, without an Origin header.",
    );
  }
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host === host.toLowerCase();
  } catch {
    // "null" (a sandboxed frame, a file) and anything unparsable are not us.
    return false;
  }
}
