// Topic modes, payload types and renames: the server must follow whatever the gateway publishes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import {
  binarySwitch,
  dimmer,
  multisensor,
  startGatewaySimulator,
  startZwaveServer,
  eventually,
  type GatewaySimulator,
  type SimulatorOptions,
  type ZwaveServerClient,
} from "../support/zwave-gateway.js";

let broker: TestBroker;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  broker = await startMosquitto();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await broker?.stop();
});

async function setup(prefix: string, options: Partial<SimulatorOptions>) {
  const sim: GatewaySimulator = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    prefix,
    // MQTT client ids are unique per broker: two gateways with one name would take turns kicking each other off.
    gatewayName: `gateway-${prefix}`,
    nodes: [
      binarySwitch(2, "Switch One"),
      dimmer(3, "Kitchen Light", { loc: "Kitchen" }),
      multisensor(4, "Office Sensor", { loc: "Office" }),
    ],
    ...options,
  });
  const server: ZwaveServerClient = await startZwaveServer({
    mqttUrl: broker.url,
    username: broker.username,
    password: broker.password,
    prefix,
    confirmTimeoutMs: 2000,
  });
  cleanups.push(
    () => server.close(),
    () => sim.stop(),
  );
  return { sim, server };
}

const configurations: [string, Partial<SimulatorOptions>][] = [
  [
    "Named topics, whole value objects, no location",
    { topicMode: "named", payloadType: 1, includeLocation: false },
  ],
  [
    "ValueID topics with node ids, raw values, with location",
    { topicMode: "valueid", nodeNames: false, payloadType: 2 },
  ],
  [
    "ValueID topics with names, time-value payloads, no location",
    { topicMode: "valueid", payloadType: 0, includeLocation: false },
  ],
];

describe.each(configurations)("%s", (label, options) => {
  const prefix = `t${configurations.findIndex((c) => c[0] === label)}`;
  let sim: GatewaySimulator;
  let server: ZwaveServerClient;
  beforeAll(async () => {
    ({ sim, server } = await setup(prefix, options));
  });

  it("writes through the gateway's API and confirms from its value reports in this format", async () => {
    const r = await server.call("control_zwave_device", {
      deviceName: "kitchen light",
      action: "dim",
      level: 60,
    });
    expect(r.text).toBe("confirmed: Kitchen Light is on at 60 %");
    expect(r.structured).toMatchObject({ confirmation: "device", level: 60 });
    expect(sim.apiCalls.filter((c) => c.api === "writeValue").map((c) => c.args)).toEqual([
      [{ nodeId: 3, commandClass: 38, endpoint: 0, property: "targetValue" }, 59],
    ]);
  });

  it("follows live sensor reports in this payload format", async () => {
    await sim.setValue(4, { commandClass: 49, property: "Humidity" }, 61);
    const { text } = await eventually(
      () => server.call("get_device_sensor_data", { deviceName: "office sensor" }),
      (r) => r.text.includes("Humidity: 61 %"),
    );
    expect(text).toContain("Humidity: 61 %");
  });
});

describe("a rename in Z-Wave JS UI", () => {
  it("finds the device by its new name, and follows its reports on the new topics", async () => {
    const prefix = "renamed";
    const { sim, server } = await setup(prefix, {});
    expect((await server.call("control_zwave_device", { deviceName: "switch one", action: "on" })).text).toBe(
      "confirmed: Switch One is on",
    );
    await sim.callApi("setNodeName", [2, "Desk Lamp"]);
    await sim.callApi("setNodeLocation", [2, "Study"]);

    const first = await server.call("control_zwave_device", {
      deviceName: "desk lamp in the study",
      action: "off",
    });
    // The new topic is not writable by `/set` yet; the API write does not care.
    expect(first.text).toBe("confirmed: Desk Lamp is off");
    expect(sim.topicOf(2, { commandClass: 37, property: "targetValue" })).toBe(
      `${prefix}/Study/Desk_Lamp/37/0/targetValue`,
    );

    const second = await server.call("control_zwave_device", { deviceName: "study desk lamp", action: "on" });
    expect(second.text).toBe("confirmed: Desk Lamp is on");
    expect(sim.valueOf(2, { commandClass: 37, property: "currentValue" })).toBe(true);

    const old = await server.call("control_zwave_device", { deviceName: "switch one", action: "on" });
    expect(old.isError).toBe(true);
    expect(old.text).toContain("Desk Lamp (Study, node 2)");
  });
});
