// control_zwave_device round trip through the MCP server against a raw writeValue API call → the
// device's report (after zwave-js's optimistic echo, which does not count), on the same Mosquitto
// in the same run, with TCP_NODELAY at the broker and without.
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { connectAsync, type MqttClient } from "mqtt";
import { measure, report, summarise, type Sample } from "./lib.js";
import { startMosquitto } from "../test/support/mosquitto.js";
import { demoNodes, startGatewaySimulator, startZwaveServer } from "../test/support/zwave-gateway.js";

const ITERATIONS = 300;
const WARMUP = 30;
const WRITE_TOPIC = "zwave/_CLIENTS/ZWAVE_GATEWAY-zwave-js-ui/api/writeValue/set";
const CURRENT_TOPIC = "zwave/Switch_One/37/0/currentValue";

async function client(url: string, username: string, password: string): Promise<MqttClient> {
  const c = await connectAsync(url, { username, password, reconnectPeriod: 0 }, false);
  (c.stream as Socket).setNoDelay(true);
  return c;
}

/** Resolves on the next message on `topic` whose payload satisfies `accept`. */
function next(
  c: MqttClient,
  topic: string,
  accept: (payload: string) => boolean = () => true,
): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (t: string, p: Buffer) => {
      if (t !== topic || !accept(p.toString())) return;
      c.off("message", onMessage);
      resolve(performance.now());
    };
    c.on("message", onMessage);
  });
}

async function run(tcpNoDelay: boolean): Promise<Sample[]> {
  const broker = await startMosquitto({ tcpNoDelay });
  const sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    nodes: demoNodes(),
  });
  const server = await startZwaveServer({
    mqttUrl: broker.url,
    username: broker.username,
    password: broker.password,
    prefix: "zwave",
    logLevel: "warn",
  });
  const raw = await client(broker.url, broker.username, broker.password);
  await raw.subscribeAsync(CURRENT_TOPIC, { qos: 0 });
  const observer = await client(broker.url, broker.username, broker.password);
  await observer.subscribeAsync(WRITE_TOPIC, { qos: 0 });
  const label = tcpNoDelay ? "broker NODELAY" : "broker Nagle";

  let on = false;
  const rawEcho = await measure(
    `raw writeValue → device's report (${label})`,
    async () => {
      on = !on;
      // The first currentValue carrying the new state is zwave-js's optimistic echo; the second the device's.
      let seen = 0;
      const reported = next(
        raw,
        CURRENT_TOPIC,
        (p) => (JSON.parse(p) as { value: unknown }).value === on && ++seen === 2,
      );
      const valueId = { nodeId: 2, commandClass: 37, endpoint: 0, property: "targetValue" };
      raw.publish(WRITE_TOPIC, JSON.stringify({ args: [valueId, on] }), { qos: 0 });
      await reported;
    },
    { iterations: ITERATIONS, warmup: WARMUP },
  );

  let confirmedAll = true;
  const mcp = await measure(
    `MCP control_zwave_device, confirmed (${label})`,
    async () => {
      on = !on;
      const r = await server.call("control_zwave_device", {
        deviceName: "Switch One",
        action: on ? "on" : "off",
      });
      if (r.structured?.confirmation !== "device") confirmedAll = false;
    },
    { iterations: ITERATIONS, warmup: WARMUP },
  );

  const toSet: number[] = [];
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    on = !on;
    const seen = next(observer, WRITE_TOPIC);
    const start = performance.now();
    const call = server.call("control_zwave_device", { deviceName: "Switch One", action: on ? "on" : "off" });
    const at = await seen;
    await call;
    if (i >= WARMUP) toSet.push(at - start);
  }
  const setSample: Sample = {
    name: `MCP call → writeValue seen at the broker (${label})`,
    ...summarise(toSet),
    runs: ITERATIONS,
  };

  await raw.endAsync();
  await observer.endAsync();
  await server.close();
  await sim.stop();
  await broker.stop();
  if (!confirmedAll) throw new Error("a control_zwave_device call was not confirmed");
  return [rawEcho, mcp, setSample];
}

const withNoDelay = await run(true);
const withNagle = await run(false);
const overhead = (s: Sample[]) => ((s[1]?.median ?? NaN) - (s[0]?.median ?? NaN)).toFixed(2);
report("Z-Wave control round trip, Mosquitto set_tcp_nodelay true", withNoDelay, [
  `overhead of the MCP round trip beyond the raw device-report wait: ${overhead(withNoDelay)} ms median (goal ≤ 5 ms); MCP call → writeValue goal ≤ 2 ms`,
]);
report("Z-Wave control round trip, Mosquitto set_tcp_nodelay false", withNagle, [
  `overhead of the MCP round trip beyond the raw device-report wait: ${overhead(withNagle)} ms median`,
]);
process.exit(0);
