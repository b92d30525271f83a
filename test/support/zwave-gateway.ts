// The Z-Wave JS UI gateway simulator (src/demo) plus what the Z-Wave tests need around it: a
// recorder that watches the broker for what reached the gateway, devices only the tests use, and
// the built MCP server as a stdio child, reached through the MCP SDK client.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectAsync } from "mqtt";
import { zwaveServerEnv, type ZwaveServerEnvOptions } from "../../src/zwave-host/launch.js";
import { zwaveServerCommand } from "./zwave-server-command.js";
import {
  DEVICE_CLASSES,
  demoNodes,
  startGatewaySimulator as startSimulator,
  type GatewaySimulator as Simulator,
  type SimNode,
  type SimulatorOptions,
} from "../../src/demo/gateway-simulator/index.js";

export * from "../../src/demo/gateway-simulator/index.js";

export interface RecordedSet {
  topic: string;
  payload: string;
  /** Whether the gateway had published that value topic since it started; else it ignores the `/set`. */
  accepted: boolean;
}

export interface RecordedApiCall {
  api: string;
  args: unknown;
}

/** The simulator as the tests drive it, with a recorder on the broker. */
export interface GatewaySimulator extends Omit<Simulator, "stop"> {
  /** The `/set`s sent to value topics, oldest first, as the broker carried them. */
  publishedSets: RecordedSet[];
  /** The API requests sent to the gateway (not the recorder's own). */
  apiCalls: RecordedApiCall[];
  /** The values written to a node through the `writeValue` API (how the server writes), oldest first. */
  writesTo(nodeId: number): unknown[];
  /** Calls the gateway's API over MQTT as any client would, and returns its `result`. */
  callApi(api: string, args: unknown[]): Promise<unknown>;
  /** Resolves with the payload of the next message on `topic` that `accept` takes. */
  nextMessage(topic: string, accept?: (payload: string) => boolean): Promise<string>;
  /** The gateway process stops (see the simulator's `stop`); the recorder keeps watching. */
  halt(signal: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Stops the gateway and the recorder. */
  stop(): Promise<void>;
}

/** Start-up is short here unless a test looks at it (the real gateway takes ~3 s, the demo's default). */
const TEST_STARTUP_MS = 150;
const API_TIMEOUT_MS = 10_000;

export async function startGatewaySimulator(options: SimulatorOptions): Promise<GatewaySimulator> {
  const prefix = options.prefix ?? "zwave";
  const recorder = await connectAsync(
    options.brokerUrl,
    {
      clientId: `recorder-${randomBytes(4).toString("hex")}`,
      username: options.username,
      password: options.password,
      reconnectPeriod: 200,
    },
    false,
  );
  const ownReq = `recorder-${randomBytes(4).toString("hex")}`;
  let requests = 0;
  const publishedSets: RecordedSet[] = [];
  const apiCalls: RecordedApiCall[] = [];
  // Value topics the gateway has published since it last started: only those take `/set`
  // (zwave-js-ui api/lib/Gateway.ts).
  const published = new Set<string>();
  const waiters = new Set<(topic: string, payload: string) => boolean>();
  let apiPrefix = "";

  recorder.on("message", (topic, payload, packet) => {
    const text = payload.toString();
    for (const waiter of waiters) if (waiter(topic, text)) waiters.delete(waiter);
    if (topic.startsWith(apiPrefix) && topic.endsWith("/set")) {
      const request = parse(text) as { args?: unknown; reqId?: unknown } | undefined;
      if (!String(request?.reqId).startsWith(ownReq))
        apiCalls.push({ api: topic.slice(apiPrefix.length, -"/set".length), args: request?.args });
    } else if (topic.startsWith(`${prefix}/_CLIENTS/`)) {
      if (topic.endsWith("/status") && (parse(text) as { value?: unknown } | undefined)?.value === false)
        published.clear();
    } else if (topic === `${prefix}/driver/status`) {
      if (text === "false") published.clear();
    } else if (topic.endsWith("/set")) {
      publishedSets.push({ topic, payload: text, accepted: published.has(topic.slice(0, -"/set".length)) });
    } else if (!packet.retain) {
      published.add(topic);
    }
  });
  await recorder.subscribeAsync(`${prefix}/#`, { qos: 1 });
  const sim = await startSimulator({ startupMs: TEST_STARTUP_MS, ...options });
  apiPrefix = `${prefix}/_CLIENTS/${sim.clientId}/api/`;

  function nextMessage(topic: string, accept: (payload: string) => boolean = () => true): Promise<string> {
    return new Promise((resolve) => {
      waiters.add((t, payload) => {
        if (t !== topic || !accept(payload)) return false;
        resolve(payload);
        return true;
      });
    });
  }

  return {
    ...sim,
    publishedSets,
    apiCalls,
    writesTo: (nodeId) =>
      apiCalls
        .filter((c) => c.api === "writeValue" && (c.args as [{ nodeId?: unknown }])[0]?.nodeId === nodeId)
        .map((c) => (c.args as unknown[])[1]),
    nextMessage,
    async callApi(api, args) {
      const topic = `${apiPrefix}${api}`;
      const reqId = `${ownReq}-${++requests}`;
      const reply = nextMessage(
        topic,
        (p) => (parse(p) as { origin?: { reqId?: unknown } })?.origin?.reqId === reqId,
      );
      await recorder.publishAsync(`${topic}/set`, JSON.stringify({ args, reqId }));
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`the gateway did not answer ${api}`)), API_TIMEOUT_MS).unref(),
      );
      const answer = parse(await Promise.race([reply, timeout])) as {
        success: boolean;
        result?: unknown;
        message?: string;
      };
      if (!answer.success) throw new Error(`${api} failed: ${answer.message}`);
      return answer.result;
    },
    async halt(signal) {
      // Returns once the broker has told its subscribers, as the server hears it at the same moment.
      const told =
        signal === "SIGTERM"
          ? nextMessage(`${prefix}/driver/status`, (p) => p === "false")
          : nextMessage(`${prefix}/_CLIENTS/${sim.clientId}/status`, (p) => p.includes("false"));
      await sim.stop(signal);
      await told;
    },
    async stop() {
      await sim.stop();
      await recorder.endAsync();
    },
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const SERVER_JS = fileURLToPath(new URL("../../dist/zwave/server.js", import.meta.url));

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
  const { command, args } = zwaveServerCommand(SERVER_JS);
  const transport = new StdioClientTransport({
    command,
    args,
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

// Devices only the tests use.

export function thermostat(id: number, name: string, extra: Partial<SimNode> = {}, setpoint = 20): SimNode {
  return {
    id,
    name,
    productLabel: "Thermostat",
    productDescription: "Z-TRM3",
    manufacturer: "Heatit",
    manufacturerId: 0x019b,
    productType: 0x0003,
    productId: 0x0203,
    deviceClass: DEVICE_CLASSES.generalThermostatV2,
    values: [
      {
        commandClass: 64,
        property: "mode",
        label: "Thermostat mode",
        type: "number",
        writeable: true,
        states: [
          { text: "Off", value: 0 },
          { text: "Heat", value: 1 },
          { text: "Cool", value: 2 },
          { text: "Auto", value: 3 },
        ],
        value: 1,
      },
      {
        commandClass: 67,
        property: "setpoint",
        propertyKey: 1,
        propertyKeyName: "Heating",
        label: "Setpoint (Heating)",
        type: "number",
        unit: "°C",
        writeable: true,
        value: setpoint,
      },
      {
        commandClass: 49,
        property: "Air temperature",
        label: "Air temperature",
        type: "number",
        unit: "°C",
        value: 19.5,
      },
    ],
    ...extra,
  };
}

export function doorLock(id: number, name: string, extra: Partial<SimNode> = {}, locked = true): SimNode {
  const modes = [
    { text: "Unsecured", value: 0 },
    { text: "Secured", value: 255 },
  ];
  return {
    id,
    name,
    productLabel: "Door Lock",
    productDescription: "Assure Lock",
    manufacturer: "Yale",
    manufacturerId: 0x0129,
    productType: 0x8002,
    productId: 0x0600,
    deviceClass: DEVICE_CLASSES.secureKeypadDoorLock,
    values: [
      {
        commandClass: 98,
        property: "currentMode",
        label: "Current lock mode",
        type: "number",
        states: modes,
        value: locked ? 255 : 0,
      },
      {
        commandClass: 98,
        property: "targetMode",
        label: "Target lock mode",
        type: "number",
        writeable: true,
        states: modes,
        value: locked ? 255 : 0,
      },
      { commandClass: 128, property: "level", label: "Battery level", type: "number", unit: "%", value: 64 },
    ],
    ...extra,
  };
}

/** One Binary Switch of an endpoint, as Z-Wave JS UI lists it: its report, its target and the transition's remaining time. */
function binarySwitchValues(endpoint: number, on: boolean) {
  return [
    {
      commandClass: 37,
      endpoint,
      property: "currentValue",
      label: "Current value",
      type: "boolean" as const,
      value: on,
    },
    {
      commandClass: 37,
      endpoint,
      property: "targetValue",
      label: "Target value",
      type: "boolean" as const,
      writeable: true,
    },
  ];
}

/**
 * A two-channel plug: two Binary Switch endpoints and no root switch (zwave-js keeps a root value
 * only where no endpoint has the command class). Its ids are those of the Inovelli NZW37, whose
 * zwave-js device config labels the endpoints "Outlet 1" and "Outlet 2"
 * (packages/config/config/devices/0x015d/nzw37.json), which Z-Wave JS UI passes on.
 */
export function doubleRelay(id: number, name: string, extra: Partial<SimNode> = {}): SimNode {
  return {
    id,
    name,
    productLabel: "NZW37",
    productDescription: "Inovelli Smart Plug (2 Channel with Scene Control)",
    manufacturer: "Willis Electric Co., Ltd.",
    manufacturerId: 0x015d,
    productType: 0x2500,
    productId: 0x2500,
    deviceClass: DEVICE_CLASSES.binaryPowerSwitch,
    endpoints: [
      { index: 1, label: "Outlet 1", deviceClass: DEVICE_CLASSES.binaryPowerSwitch },
      { index: 2, label: "Outlet 2", deviceClass: DEVICE_CLASSES.binaryPowerSwitch },
    ],
    values: [...binarySwitchValues(1, false), ...binarySwitchValues(2, false)],
    ...extra,
  };
}
