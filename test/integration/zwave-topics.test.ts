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

const configurations: [string, Partial<SimulatorOptions>, string][] = [
  [
    "Named topics, whole value objects, no location",
    { topicMode: "named", payloadType: 1, includeLocation: false },
    "Kitchen_Light/switch_multilevel/endpoint_0/targetValue/set",
  ],
  [
    "ValueID topics with node ids, raw values, with location",
    { topicMode: "valueid", nodeNames: false, payloadType: 2 },
    "Kitchen/3/38/0/targetValue/set",
  ],
  [
    "ValueID topics with names, time-value payloads, no location",
    { topicMode: "valueid", payloadType: 0, includeLocation: false },
    "Kitchen_Light/38/0/targetValue/set",
  ],
];

describe.each(configurations)("%s", (label, options, expectedSet) => {
  const prefix = `t${configurations.findIndex((c) => c[0] === label)}`;
  let sim: GatewaySimulator;
  let server: ZwaveServerClient;
  beforeAll(async () => {
    ({ sim, server } = await setup(prefix, options));
  });

  it("writes on the gateway's own topic and confirms from its value reports", async () => {
    const r = await server.call("control_zwave_device", {
      deviceName: "kitchen light",
      action: "dim",
      level: 60,
    });
    expect(r.text).toBe("confirmed: Kitchen Light is on at 60 %");
    expect(r.structured).toMatchObject({ via: "set" });
    expect(sim.publishedSets.map((s) => s.topic)).toEqual([`${prefix}/${expectedSet}`]);
    expect(sim.publishedSets[0]?.accepted).toBe(true);
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
  it("finds the device by its new name, writes via the API until the new topic is published, then via /set", async () => {
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
    expect(first.text).toBe("confirmed: Desk Lamp is off");
    // The new topic was not writable yet (`/set` would have been ignored), so the API was used.
    expect(first.structured).toMatchObject({ via: "api" });
    expect(sim.topicOf(2, { commandClass: 37, property: "targetValue" })).toBe(
      `${prefix}/Study/Desk_Lamp/37/0/targetValue`,
    );

    const second = await server.call("control_zwave_device", { deviceName: "study desk lamp", action: "on" });
    expect(second.text).toBe("confirmed: Desk Lamp is on");
    expect(second.structured).toMatchObject({ via: "set" });
    expect(sim.publishedSets.at(-1)).toMatchObject({
      topic: `${prefix}/Study/Desk_Lamp/37/0/targetValue/set`,
      accepted: true,
    });

    const old = await server.call("control_zwave_device", { deviceName: "switch one", action: "on" });
    expect(old.isError).toBe(true);
    expect(old.text).toContain("Desk Lamp (Study, node 2)");
  });
});
