import type { ServerResponse } from "node:http";
import type { McpCallLog } from "../../mcp/server/call-log.js";
import type { BridgeView } from "../bridge-view.js";

/** Proxies (Ingress among them) drop a stream that stays silent too long. */
const HEARTBEAT_MS = 25_000;
/** A burst of changes (a server restart, a sync, busy sensors) becomes one refresh of the page, soon enough that a device switched elsewhere shows as it happens. */
const COALESCE_MS = 250;

export type ChangeKind = "turn" | "tools" | "home" | "zwave" | "mcp";

/** Server-sent events that tell open status pages to fetch status.json again. */
export interface StatusEvents {
  attach(res: ServerResponse): void;
  close(): void;
}

export function createStatusEvents(deps: BridgeView, mcpCalls: McpCallLog): StatusEvents {
  const clients = new Set<ServerResponse>();
  const pending = new Set<ChangeKind>();
  let timer: NodeJS.Timeout | undefined;

  function changed(kind: ChangeKind) {
    if (clients.size === 0) return;
    pending.add(kind);
    timer ??= setTimeout(flush, COALESCE_MS);
  }

  function flush() {
    timer = undefined;
    const data = JSON.stringify({ changed: [...pending] });
    pending.clear();
    for (const res of clients) res.write(`event: change\ndata: ${data}\n\n`);
  }

  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(": heartbeat\n\n");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const unsubscribe = [
    deps.agent.onTurn(() => changed("turn")),
    deps.registry.onChange(() => changed("tools")),
    deps.mirror.onChange(() => changed("home")),
    deps.zwave.onChange(() => changed("zwave")),
    mcpCalls.onCall(() => changed("mcp")),
  ];

  return {
    attach(res) {
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
        Connection: "keep-alive",
      });
      res.write("retry: 5000\n\n");
      clients.add(res);
      res.on("close", () => clients.delete(res));
    },

    close() {
      for (const stop of unsubscribe) stop();
      clearInterval(heartbeat);
      clearTimeout(timer);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
