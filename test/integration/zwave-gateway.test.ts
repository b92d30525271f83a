// The gateway and the broker: auto-detection, several gateways, gateway offline, broker restarts,
// and the server's own lifecycle over stdio.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import {
  binarySwitch,
  demoNodes,
  eventually,
  startGatewaySimulator,
  startZwaveServer,
  type GatewaySimulator,
  type ZwaveServerClient,
} from "../support/zwave-gateway.js";

let broker: TestBroker;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  broker = await startMosquitto();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await broker?.stop();
});

async function gateway(prefix: string, gatewayName: string, nodes = demoNodes()): Promise<GatewaySimulator> {
  const sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    prefix,
    gatewayName,
    nodes,
  });
  cleanups.push(() => sim.stop());
  return sim;
}

async function server(prefix: string, gatewayName?: string, url = broker.url): Promise<ZwaveServerClient> {
  const s = await startZwaveServer({
    mqttUrl: url,
    username: broker.username,
    password: broker.password,
    prefix,
    gatewayName,
    confirmTimeoutMs: 2000,
  });
  cleanups.push(() => s.close());
  return s;
}

describe("finding the gateway", () => {
  it("finds the Home Assistant add-on's gateway, whose client name is Mosquitto, without being told", async () => {
    const sim = await gateway("ha", "Mosquitto");
    const s = await server("ha");
    const r = await s.call("control_zwave_device", { deviceName: "switch one", action: "on" });
    expect(r.text).toBe("confirmed: Switch One is on");
    expect(sim.clientId).toBe("ZWAVE_GATEWAY-Mosquitto");
    expect(sim.apiCalls.some((c) => c.api === "getNodes")).toBe(true);
  });

  it("refuses to guess between several gateways on one prefix and names them", async () => {
    await gateway("shared", "Mosquitto");
    await gateway("shared", "zwave-js-ui", []);
    const s = await server("shared");
    const r = await s.call("list_zwave_devices");
    expect(r.isError).toBe(true);
    expect(r.text).toContain("several Z-Wave JS UI gateways");
    expect(r.text).toContain("Mosquitto");
    expect(r.text).toContain("zwave-js-ui");
    expect(r.text).toContain("ZWAVE_GATEWAY_NAME");
  });

  it("uses the configured gateway when several share the prefix", async () => {
    await gateway("shared2", "Mosquitto");
    const other = await gateway("shared2", "zwave-js-ui", [binarySwitch(20, "Other Switch")]);
    const s = await server("shared2", "zwave-js-ui");
    const r = await s.call("list_zwave_devices");
    expect(r.text).toContain("Other Switch");
    expect(r.text).not.toContain("Kitchen Light");
    expect(other.apiCalls.some((c) => c.api === "getNodes")).toBe(true);
  });

  it("says when no gateway publishes a status on the prefix", async () => {
    const s = await server("nobody");
    const r = await s.call("list_zwave_devices");
    expect(r.isError).toBe(true);
    expect(r.text).toContain("no Z-Wave JS UI gateway found on nobody/_CLIENTS/ZWAVE_GATEWAY-+/status");
  });
});

describe("outages", () => {
  it("says Z-Wave JS UI is offline when its status says so, and recovers when it is back", async () => {
    const sim = await gateway("gw-off", "zwave-js-ui");
    const s = await server("gw-off");
    expect((await s.call("list_zwave_devices")).isError).toBe(false);
    await sim.halt("SIGKILL");
    const down = await eventually(
      () => s.call("control_zwave_device", { deviceName: "switch one", action: "on" }),
      (r) => r.isError,
    );
    expect(down.text).toContain("Z-Wave JS UI is offline");
    expect(down.structured).toMatchObject({ ok: false, error: { code: "offline" } });
    expect(sim.publishedSets).toHaveLength(0);
    expect(sim.apiCalls.filter((c) => c.api === "writeValue")).toHaveLength(0);
    await sim.start();
    const up = await eventually(
      () => s.call("control_zwave_device", { deviceName: "switch one", action: "on" }),
      (r) => !r.isError,
    );
    expect(up.text).toBe("confirmed: Switch One is on");
  });

  it("fails fast while the broker is down, never replays that command, and works again after the restart", async () => {
    const sim = await gateway("restart", "zwave-js-ui");
    const s = await server("restart");
    expect(
      (await s.call("control_zwave_device", { deviceName: "kitchen light", action: "dim", level: 20 })).text,
    ).toBe("confirmed: Kitchen Light is on at 20 %");

    await broker.kill();
    const during = await eventually(
      () => s.call("control_zwave_device", { deviceName: "kitchen light", action: "dim", level: 70 }),
      (r) => r.isError,
    );
    // A call already on its way when the broker died hears that the connection was lost; one made
    // after the client noticed hears that the broker cannot be reached. Both name the broker.
    expect(during.text).toMatch(
      /^(cannot reach|lost the connection to) the MQTT broker at mqtt:\/\/127\.0\.0\.1:/,
    );
    expect(during.text).not.toContain(broker.password);

    await broker.restart();
    const after = await eventually(
      () => s.call("control_zwave_device", { deviceName: "switch one", action: "on" }),
      (r) => !r.isError,
      20_000,
    );
    expect(after.text).toBe("confirmed: Switch One is on");
    // The dim to 70 % (level 69) that failed during the outage never reached the gateway afterwards.
    expect(sim.publishedSets.map((x) => x.payload)).not.toContain("69");
    expect(sim.apiCalls.some((c) => c.api === "writeValue" && (c.args as unknown[])[1] === 69)).toBe(false);
    expect(sim.valueOf(3, { commandClass: 38, property: "currentValue" })).toBe(20);
  });

  it("reports an unreachable broker within a bounded time when it was never up", async () => {
    const port = await freePort();
    const s = await server("never", undefined, `mqtt://127.0.0.1:${port}`);
    const r = await s.call("list_zwave_devices");
    expect(r.isError).toBe(true);
    expect(r.text).toBe(`cannot reach the MQTT broker at mqtt://127.0.0.1:${port}`);
  });
});

describe("process lifecycle", () => {
  it("exits cleanly on its own when its stdin closes, even while connected to the broker", async () => {
    await gateway("eof", "zwave-js-ui");
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL("../../dist/zwave/server.js", import.meta.url))],
      {
        env: {
          MQTT_BROKER_URL: broker.url,
          MQTT_USERNAME: broker.username,
          MQTT_PASSWORD: broker.password,
          ZWAVE_TOPIC_PREFIX: "eof",
        },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    cleanups.push(async () => void child.kill("SIGKILL"));
    let log = "";
    child.stderr.on("data", (d: Buffer) => (log += d.toString()));
    await eventually(
      async () => log,
      (l) => l.includes("connected to the MQTT broker"),
    );
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    child.stdin.end();
    // Without its own EOF handling the SDK's stdio transport would keep it running forever.
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(log).not.toContain(broker.password);
  });

  it("refuses to start without a broker URL and says why", async () => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL("../../dist/zwave/server.js", import.meta.url))],
      {
        env: {},
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(err).toContain("MQTT_BROKER_URL is required");
  });
});
