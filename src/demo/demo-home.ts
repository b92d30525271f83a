import type { Logger } from "../log.js";
import { startEmbeddedBroker } from "./embedded-broker.js";
import { demoNodes, startGatewaySimulator } from "./gateway-simulator/index.js";

export const DEMO_GATEWAY_NAME = "zwave-js-ui";

export interface DemoHome {
  brokerUrl: string;
  close(): Promise<void>;
}

/**
 * The embedded defaults: an in-process broker and a simulated Z-Wave JS UI gateway with a
 * switch, a dimmer and a multisensor, so `npm start` works on a machine with nothing else.
 */
export async function startDemoHome(logger: Logger): Promise<DemoHome> {
  const broker = await startEmbeddedBroker();
  const simulator = await startGatewaySimulator({
    brokerUrl: broker.url,
    // The simulated gateway and the broker share this process: it publishes and subscribes through
    // the broker's own API, with no MQTT packet to encode or parse between them
    // (bench/llm-cpu.bench.ts, LLM_CPU_ZWAVE=demo).
    connect: async (how) => broker.link(how),
    gatewayName: DEMO_GATEWAY_NAME,
    includeLocation: true,
    nodes: demoNodes(),
    virtualNodes: true,
    // The real gateway takes ~3 s to come up; the demo need not make `npm start` wait for that.
    startupMs: 0,
    // Nor wait ~5 s for zwave-js's check of a dimmer's "restore the previous level".
    restoreVerifyMs: 300,
  });
  logger.info(`demo: embedded MQTT broker at ${broker.url} with a simulated Z-Wave JS UI gateway`);
  return {
    brokerUrl: broker.url,
    async close() {
      await simulator.stop();
      await broker.close();
    },
  };
}
