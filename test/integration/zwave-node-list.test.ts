// The MQTT transport's node list is fetched in full (`getNodes`) and kept current from the value
// topics. A device's report that arrives while a fetch is in flight may be newer than the list the
// fetch returns: the list must not take the device back to an older reading it has already reported.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMqttTransport } from "../../src/zwave/transports/mqtt/mqtt-transport.js";
import type { ZwaveTransport } from "../../src/zwave/transport.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { demoNodes, startGatewaySimulator, type GatewaySimulator } from "../support/zwave-gateway.js";

const PREFIX = "nodelist";
const SENSOR = 4;
const TEMPERATURE = { commandClass: 49, property: "Air temperature" };
const READINGS = 400;

let broker: TestBroker;
let gateway: GatewaySimulator;
let transport: ZwaveTransport;

beforeAll(async () => {
  broker = await startMosquitto();
  const auth = { username: broker.username, password: broker.password };
  gateway = await startGatewaySimulator({
    brokerUrl: broker.url,
    ...auth,
    prefix: PREFIX,
    nodes: demoNodes(),
  });
  transport = createMqttTransport({
    brokerUrl: broker.url,
    ...auth,
    prefix: PREFIX,
    logger: pino({ level: "silent" }),
  });
  await transport.nodes();
}, 30_000);

afterAll(async () => {
  await transport?.close();
  await gateway?.stop();
  await broker?.stop();
});

describe("the MQTT node list", () => {
  it("keeps a report that arrives while the list is being fetched, never going back to an older reading", async () => {
    const key = [...((await transport.nodes()).find((n) => n.id === SENSOR)?.values.values() ?? [])].find(
      (v) => v.property === TEMPERATURE.property,
    )?.key;
    expect(key).toBeDefined();
    let heard = 0;
    transport.onReport((r) => {
      if (r.nodeId === SENSOR && r.key === key) heard = Math.max(heard, r.value as number);
    });
    // The sensor reports a rising temperature while the list is fetched again and again.
    let reporting = true;
    const reporter = (async () => {
      for (let i = 1; i <= READINGS; i++) await gateway.setValue(SENSOR, TEMPERATURE, 100 + i);
      reporting = false;
    })();
    const wentBack: string[] = [];
    let fetches = 0;
    while (reporting) {
      const before = heard;
      const nodes = await transport.refresh();
      fetches++;
      const shown = nodes.find((n) => n.id === SENSOR)?.values.get(key!)?.value as number;
      // What the list shows once the fetch has landed is at least what was heard before it landed.
      if (shown < heard)
        wentBack.push(`heard ${heard} (${before} when the fetch began), the list shows ${shown}`);
    }
    await reporter;
    expect(fetches).toBeGreaterThan(10);
    expect(wentBack).toEqual([]);
  }, 60_000);
});
