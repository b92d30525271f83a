import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../../log.js";
import type { EndpointTools } from "../../mcp/server/endpoint-tools.js";
import type { BridgeView } from "../bridge-view.js";
import { sendError, sendJson, sendText } from "../respond.js";
import { createStatusEvents } from "./events.js";
import { renderStatusPage } from "./html.js";
import { createStatusAssets } from "./assets.js";
import { createStatusSnapshots } from "./snapshot.js";
import { pickLanguage } from "./translations.js";

/** The page's paths; relative in the page itself, so they work under Ingress's prefix. */
export const STATUS_PATHS = ["/", "/status.json", "/events", "/status.js", "/status.css"] as const;

/** Only our own script, style and JSON; Home Assistant's frontend (same origin) may frame it. */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export interface StatusPage {
  /** Answers a GET for one of STATUS_PATHS. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  close(): void;
}

export function createStatusPage(options: {
  deps: BridgeView;
  endpoint: { tools: EndpointTools; sessionCount(): number };
  logger: Logger;
}): StatusPage {
  const snapshots = createStatusSnapshots(options);
  const events = createStatusEvents(options.deps, options.endpoint.tools.calls);
  const assets = createStatusAssets();

  async function sendAsset(res: ServerResponse, name: "status.js" | "status.css", type: string) {
    try {
      sendText(res, type, await assets.read(name), { "Content-Security-Policy": PAGE_POLICY });
    } catch (err) {
      options.logger.error((err as Error).message);
      sendError(res, 500, "The status page was not built.");
    }
  }

  return {
    async handle(req, res, path) {
      switch (path) {
        case "/":
          return sendText(
            res,
            "text/html; charset=utf-8",
            renderStatusPage(pickLanguage(req.headers["accept-language"])),
            { "Content-Security-Policy": PAGE_POLICY, Vary: "Accept-Language" },
          );
        case "/status.js":
          return sendAsset(res, "status.js", "text/javascript; charset=utf-8");
        case "/status.css":
          return sendAsset(res, "status.css", "text/css; charset=utf-8");
        case "/status.json":
          return sendJson(res, 200, await snapshots.build());
        case "/events":
          return events.attach(res);
      }
    },
    close: () => events.close(),
  };
}
