// The Z-Wave JS UI gateway simulator (src/demo) plus what the Z-Wave tests need around it: the
// built MCP server as a stdio child, reached through the MCP SDK client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { zwaveServerCommand, zwaveServerEnv, type ZwaveServerEnvOptions } from "../../src/zwave/launch.js";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import {
  demoNodes,
  startGatewaySimulator,
  type GatewaySimulator,
  type SimNode,
} from "../../src/demo/zwave-gateway-simulator.js";

export * from "../../src/demo/zwave-gateway-simulator.js";

const SERVER_JS = fileURLToPath(new URL("../../dist/zwave/server.js", import.meta.url));

export interface ToolAnswer {
  text: string;
  isError: boolean;
  structured: Record<string, unknown> | undefined;
}

export interface ZwaveServerClient {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
  /** Everything the server wrote to stderr (its log). */
  stderr(): string;
  close(): Promise<void>;
}

/** Spawns `node dist/zwave/server.js` (build first: `npx tsc -p tsconfig.build.json`). */
export async function startZwaveServer(env: ZwaveServerEnvOptions): Promise<ZwaveServerClient> {
  if (!existsSync(SERVER_JS)) throw new Error(`${SERVER_JS} is missing: run npx tsc -p tsconfig.build.json`);
  const { command } = zwaveServerCommand();
  const transport = new StdioClientTransport({
    command,
    args: [SERVER_JS],
    env: zwaveServerEnv({ logLevel: "debug", ...env }),
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const client = new Client({ name: "zwave-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text?: string }[];
      return {
        text: content.map((c) => c.text ?? "").join("\n"),
        isError: result.isError === true,
        structured: result.structuredContent as Record<string, unknown> | undefined,
      };
    },
    stderr: () => log,
    close: () => client.close(),
  };
}

/** Polls until `check` is true (no fixed sleeps); fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Repeats `attempt` until `done(result)` (state travels through the broker); returns the last result. */
export async function eventually<T>(
  attempt: () => Promise<T>,
  done: (result: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let result = await attempt();
  while (!done(result) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    result = await attempt();
  }
  return result;
}

/**
 * The gateway as the Home Assistant Z-Wave JS UI add-on runs it by default (MQTT client name
 * `Mosquitto`, locations in topics), on a test broker, with the demo devices unless told otherwise.
 */
export function startAddonGateway(
  broker: { url: string; username: string; password: string },
  nodes: SimNode[] = demoNodes(),
): Promise<GatewaySimulator> {
  return startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    gatewayName: "Mosquitto",
    includeLocation: true,
    nodes,
  });
}
