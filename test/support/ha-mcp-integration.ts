/**
 * Home Assistant Core's `mcp` integration fed by Supervisor discovery, as far as an add-on can
 * tell (homeassistant/components/hassio/discovery.py, mcp/config_flow.py `async_step_hassio`,
 * mcp/coordinator.py, config_entries.py):
 * - a pushed `mcp` discovery starts a flow whose unique id is the discovery's uuid; the user adds
 *   the entry (here at once) with the URL and no token;
 * - a discovery with that uuid and a new URL updates the entry and reloads it
 *   (`_abort_if_unique_id_configured(updates=…)`); a deleted one removes the entry;
 * - setting an entry up (start, reload) lists its tools (`async_config_entry_first_refresh`): a
 *   401 fails it with `ConfigEntryAuthFailed` and starts a re-authentication flow the user cannot
 *   finish; any other failure is `ConfigEntryNotReady`, retried;
 * - Core that is stopped misses pushes. When it starts it sets its entries up with the URLs it
 *   stored, and only then (EVENT_HOMEASSISTANT_START) reads every discovery (`GET /discovery`).
 *
 *   const ha = new HaMcpIntegration(supervisor, { reachable: (url) => withHost(url, "127.0.0.1") });
 *   await ha.start();
 *   await ha.refresh();            // the 30-minute refresh
 *   ha.entry?.reauthFlows          // re-authentications started: must stay 0
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  ConfigEntryAuthFailed,
  haCallTool,
  haListTools,
  type HaSchemaClient,
  type HaTool,
} from "./ha-mcp-client.js";
import type { DiscoveryMessage, FakeSupervisor } from "./supervisor-api.js";

export interface HaMcpEntry {
  uniqueId: string;
  url: URL;
  state: "loaded" | "setup_retry" | "setup_error";
  tools: HaTool[];
  /** Re-authentication flows started for this entry (each a notification the user cannot act on). */
  reauthFlows: number;
  lastError?: string;
}

export class HaMcpIntegration {
  entry: HaMcpEntry | undefined;
  private running = false;
  private readonly stopListening: () => void;
  /** Pushes are handled one after another, as Core's flow manager does for one unique id. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly supervisor: FakeSupervisor,
    private readonly options: { reachable?: (url: URL) => URL; client?: HaSchemaClient } = {},
  ) {
    this.stopListening = supervisor.onDiscovery((message, change) => {
      if (!this.running || message.service !== "mcp") return;
      this.queue = this.queue.then(() => this.process(message, change));
    });
  }

  /** Core starts: entries set up with their stored URLs, then every discovery is read. */
  async start(): Promise<void> {
    this.running = true;
    if (this.entry) await this.setUp();
    for (const message of this.supervisor.discoveries.filter((d) => d.service === "mcp")) {
      await this.process(message, "new");
    }
  }

  /** Core stops: pushes are missed until it starts again. */
  stop(): void {
    this.running = false;
  }

  /** Settles once every push so far has been handled. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** The coordinator's periodic refresh (every 30 minutes). */
  async refresh(): Promise<void> {
    if (this.entry) await this.setUp();
  }

  async call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const entry = this.entry;
    if (!entry) throw new Error("no MCP entry");
    try {
      return await haCallTool(this.reachable(entry.url), entry.tools, name, args);
    } catch (err) {
      if (err instanceof ConfigEntryAuthFailed) entry.reauthFlows++;
      throw err;
    }
  }

  close(): void {
    this.running = false;
    this.stopListening();
  }

  private async process(message: DiscoveryMessage, change: "new" | "delete"): Promise<void> {
    if (change === "delete") {
      if (this.entry?.uniqueId === message.uuid) this.entry = undefined;
      return;
    }
    const url = new URL(String(message.config.url));
    if (this.entry?.uniqueId === message.uuid) {
      if (this.entry.url.href === url.href) return;
      this.entry.url = url;
    } else {
      this.entry = { uniqueId: message.uuid, url, state: "setup_retry", tools: [], reauthFlows: 0 };
    }
    await this.setUp();
  }

  private async setUp(): Promise<void> {
    const entry = this.entry;
    if (!entry) return;
    try {
      entry.tools = await haListTools(this.reachable(entry.url), {
        client: this.options.client ?? "probatio",
      });
      entry.state = "loaded";
      delete entry.lastError;
    } catch (err) {
      entry.lastError = (err as Error).message;
      if (err instanceof ConfigEntryAuthFailed) {
        entry.state = "setup_error";
        entry.reauthFlows++;
      } else entry.state = "setup_retry";
    }
  }

  private reachable(url: URL): URL {
    return this.options.reachable ? this.options.reachable(new URL(url)) : url;
  }
}
