// Home Assistant's way of calling a tool, end to end: a new MCP session for every call (initialize,
// the call, DELETE; HA allows 10 s, session included) on the built bridge's /mcp, down to a Z-Wave
// device that reports its new state by itself, confirmed by that report. With zwave-js's optimistic
// updates on (its default) and off (Z-Wave JS UI's "Disable optimistic value update"), over Z-Wave
// JS UI's MQTT gateway (the simulator on Mosquitto) and over the Z-Wave JS websocket server (the real
// driver, @zwave-js/server and zwave-js's mock controller). The baseline in the same run is HA's
// listing call (`list_zwave_devices`, same session cost, no device). Goal: a confirmed switch ≤ 1 s.
// Needs dist/ (npm run build).
import { startBridgeProcess, type BridgeProcess } from "../test/support/bridge-process.js";
import { haCallTool, haListTools, type HaTool } from "../test/support/ha-mcp-client.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { demoNodes, startGatewaySimulator } from "../test/support/zwave-gateway.js";
import { startRealZwaveStack } from "../test/support/zwave-js/real-stack.js";
import { interleaved, report } from "./lib.js";

const ROUNDS = 5;
const ITERATIONS = 10;

interface Backend {
  name: string;
  bridgeOptions: Record<string, unknown>;
  setOptimisticUpdates(on: boolean): void;
  stop(): Promise<void>;
}

async function mqttBackend(): Promise<Backend> {
  const broker = await startMosquitto();
  // The demo's Switch One reports its new state by itself right after each write.
  const sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    nodes: demoNodes(),
  });
  return {
    name: "Z-Wave JS UI over MQTT",
    bridgeOptions: brokerOptions(broker),
    setOptimisticUpdates: (on) => sim.setOptimisticUpdates(on),
    async stop() {
      await sim.stop();
      await broker.stop();
    },
  };
}

async function websocketBackend(): Promise<Backend> {
  const stack = await startRealZwaveStack();
  stack.setReporting("switch", "itself");
  return {
    name: "Z-Wave JS websocket server",
    bridgeOptions: { zwave_server_url: stack.url },
    setOptimisticUpdates: (on) => stack.setOptimisticUpdates(on),
    stop: () => stack.stop(),
  };
}

/** Reports once the backend has stopped: the real stack keeps console.log quiet while it runs. */
async function run(start: () => Promise<Backend>): Promise<() => void> {
  const backend = await start();
  let bridge: BridgeProcess | undefined;
  try {
    bridge = await startBridgeProcess({ llm_provider: "local", ...backend.bridgeOptions });
    await bridge.waitForLog("MCP server 'zwave' is up", 60_000);
    // Stand-alone on loopback without a token, as HA's discovered entry calls it (no token either).
    const url = new URL(`${bridge.apiUrl}/mcp`);
    const tools: HaTool[] = await haListTools(url);
    const unconfirmed: Record<string, number> = {};
    let on = false;
    const control = (label: string, optimistic: boolean) => async () => {
      backend.setOptimisticUpdates(optimistic);
      on = !on;
      const result = await haCallTool(url, tools, "control_zwave_device", {
        deviceName: "Switch One",
        action: on ? "on" : "off",
      });
      const confirmation = (result.structuredContent as { confirmation?: string } | undefined)?.confirmation;
      if (confirmation !== "device") unconfirmed[label] = (unconfirmed[label] ?? 0) + 1;
    };
    const onLabel = "control_zwave_device, optimistic updates on";
    const offLabel = "control_zwave_device, optimistic updates off";
    const samples = await interleaved(
      [
        ["list_zwave_devices (baseline)", () => haCallTool(url, tools, "list_zwave_devices", {})],
        [onLabel, control(onLabel, true)],
        [offLabel, control(offLabel, false)],
      ],
      { rounds: ROUNDS, iterations: ITERATIONS, warmup: 2 },
    );
    const [, onSample, offSample] = samples;
    return () =>
      report(
        `Home Assistant's call, new session each, ${backend.name} (median of ${ROUNDS} interleaved rounds of ${ITERATIONS})`,
        samples,
        [
          `a confirmed switch: ${onSample?.median.toFixed(0)} ms with optimistic updates, ${offSample?.median.toFixed(0)} ms without; goal ≤ 1000 ms (HA allows 10,000 ms)`,
          Object.keys(unconfirmed).length
            ? `NOT confirmed by the device: ${JSON.stringify(unconfirmed)}`
            : "every switch was confirmed by the device's report",
        ],
      );
  } finally {
    await bridge?.stop();
    await backend.stop();
  }
}

(await run(mqttBackend))();
(await run(websocketBackend))();
process.exit(0);
