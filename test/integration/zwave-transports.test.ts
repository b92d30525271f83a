// One behavioural suite, both transports: the Z-Wave MCP server over stdio (real MCP client) against
// Z-Wave JS UI's MQTT gateway and against the real Z-Wave JS websocket server on the real driver.
// Same tools, same answers; neither transport can drift from the other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TransportName, type ZwaveBackend } from "../support/zwave-backends.js";
import { eventually, startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";

/** zwave-js's mock controller's home id, which the simulator's `getInfo` gives too. */
const MOCK_HOME_ID = 0x7e570001;

describe.each<TransportName>(["mqtt", "websocket"])("Z-Wave over %s", (transport) => {
  let backend: ZwaveBackend;
  let server: ZwaveServerClient;

  beforeAll(async () => {
    backend = await startBackend(transport);
    server = await startZwaveServer(backend.env);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await backend?.stop();
  });

  it("lists the devices with name, location, state and main value, hiding the dead one", async () => {
    const r = await server.call("list_zwave_devices");
    expect(r.isError).toBe(false);
    expect(r.text).toContain("Switch One, node 2: online, off");
    expect(r.text).toContain("Kitchen Light (Kitchen), node 3: online, off");
    expect(r.text).toMatch(/Office Sensor \(Office\), node 4: online, Air temperature 21\.5 °C/);
    expect(r.text).toContain("Hall Thermostat (Hall), node 5: online, mode");
    expect(r.text).toContain("Front Door, node 6: online");
    expect(r.text).not.toContain("Porch Light");
    expect(r.text).toContain("1 dead or not-ready device hidden");
    const all = await server.call("list_zwave_devices", { includeInactive: true });
    expect(all.text).toContain("Porch Light, node 7: dead");
  });

  it("switches a device and confirms it only from the device's report", async () => {
    const on = await server.call("control_zwave_device", { deviceName: "switch one", action: "on" });
    expect(on.text).toBe("confirmed: Switch One is on");
    expect(on.structured).toMatchObject({
      ok: true,
      node: { nodeId: 2, homeId: MOCK_HOME_ID, name: "Switch One", location: "" },
      action: "on",
      on: true,
      confirmation: "device",
      confirmed: true,
    });
    expect(backend.switchAtDevice()).toBe(true);
    const off = await server.call("control_zwave_device", { deviceName: "Switch One", action: "off" });
    expect(off.text).toBe("confirmed: Switch One is off");
    expect(backend.switchAtDevice()).toBe(false);
  });

  it("lists each device typed, with the network's home id", async () => {
    const r = await server.call("list_zwave_devices");
    expect(r.structured).toMatchObject({ ok: true, homeId: MOCK_HOME_ID, hidden: 1 });
    const devices = r.structured?.devices as Record<string, unknown>[];
    expect(devices.find((d) => d.nodeId === 3)).toMatchObject({
      homeId: MOCK_HOME_ID,
      name: "Kitchen Light",
      location: "Kitchen",
      state: "online",
      kind: "dimmer",
    });
    expect(devices.find((d) => d.nodeId === 6)).toMatchObject({ kind: "lock" });
  });

  it("never calls an acknowledged Set confirmed when the device still reports the old state", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "garage light", action: "on" });
    expect(r.isError).toBe(false);
    expect(r.text).toBe("sent; Garage Light acknowledged but still reports off");
    expect(r.structured).toMatchObject({
      ok: true,
      on: false,
      confirmation: "none",
      confirmed: false,
      sent: true,
      reportedAfterWrite: true,
    });
    expect(backend.atDevice("jammed")).not.toBe(true);
    // The driver's optimistic "on" is never quoted as the device's state.
    const list = await server.call("list_zwave_devices", { filter: "garage" });
    expect(list.text).toContain("Garage Light (Garage), node 8: online, off");
    expect((list.structured?.devices as { on: unknown }[])[0]?.on).toBe(false);
  }, 30_000);

  it("takes a supervised success as the device's own word", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "desk lamp", action: "on" });
    expect(r.text).toBe("confirmed: Desk Lamp is on");
    expect(r.structured).toMatchObject({ on: true, confirmation: "supervised", confirmed: true });
    expect(backend.atDevice("supervised")).toBe(true);
    await server.call("control_zwave_device", { deviceName: "desk lamp", action: "off" });
    expect(backend.atDevice("supervised")).toBe(false);
  });

  it("acts on the node id a host gives, whatever the name says", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "desk lamp", nodeId: 2, action: "on" });
    expect(r.text).toBe("confirmed: Switch One is on");
    expect(backend.switchAtDevice()).toBe(true);
    expect(backend.atDevice("supervised")).toBe(false);
    await server.call("control_zwave_device", { deviceName: "Switch One", nodeId: 2, action: "off" });
    const missing = await server.call("get_device_sensor_data", { deviceName: "office sensor", nodeId: 99 });
    expect(missing).toMatchObject({ isError: true, structured: { ok: false, error: { code: "not_found" } } });
  });

  it("turns a dimmer off when asked for level 0, and says off", async () => {
    await server.call("control_zwave_device", { deviceName: "Kitchen Light", action: "dim", level: 30 });
    const r = await server.call("control_zwave_device", {
      deviceName: "Kitchen Light",
      action: "on",
      level: 0,
    });
    expect(r.text).toBe("confirmed: Kitchen Light is off");
    expect(r.structured).toMatchObject({ action: "off", on: false, level: 0, confirmed: true });
  }, 30_000);

  it("dims a dimmer to a level, by name with location", async () => {
    const r = await server.call("control_zwave_device", {
      deviceName: "light in the kitchen",
      action: "dim",
      level: 40,
    });
    expect(r.text).toBe("confirmed: Kitchen Light is on at 40 %");
  }, 30_000);

  it("turns a dimmer back on at the level it last reported, confirmed by its report", async () => {
    await server.call("control_zwave_device", { deviceName: "Kitchen Light", action: "off" });
    const r = await server.call("control_zwave_device", { deviceName: "Kitchen Light", action: "on" });
    expect(r.structured).toMatchObject({ confirmed: true, level: 40 });
    expect(r.text).toBe("confirmed: Kitchen Light is on at 40 %");
  }, 30_000);

  it("reads a sensor, and sees a report the device sent unasked", async () => {
    const before = await server.call("get_device_sensor_data", { deviceName: "office sensor" });
    expect(before.text).toContain("Air temperature: 21.5 °C");
    await backend.reportTemperature(23.5);
    const after = await eventually(
      () => server.call("get_device_sensor_data", { deviceName: "office sensor" }),
      (r) => r.text.includes("23.5 °C"),
    );
    expect(after.text).toContain("Air temperature: 23.5 °C");
  });

  it("follows a switch flipped at the wall", async () => {
    await backend.switchAtTheWall(true);
    const r = await eventually(
      () => server.call("list_zwave_devices", { filter: "switch one" }),
      (x) => x.text.includes("online, on"),
    );
    expect(r.text).toContain("Switch One, node 2: online, on");
    await backend.switchAtTheWall(false);
  });

  it("sets a thermostat's setpoint and mode, confirmed", async () => {
    const r = await server.call("set_zwave_thermostat", {
      deviceName: "hall thermostat",
      setpoint: 22,
      mode: "cool",
    });
    expect(r.text).toBe("Hall Thermostat: confirmed mode Cool; confirmed setpoint 22 °C");
    expect(r.structured).toMatchObject({ confirmed: true });
  }, 30_000);

  it("locks and unlocks a door lock, confirmed", async () => {
    const unlock = await server.call("lock_zwave_door", { deviceName: "front door", action: "unlock" });
    expect(unlock.text).toBe("confirmed: Front Door is unlocked");
    const lock = await server.call("lock_zwave_door", { deviceName: "front door", action: "lock" });
    expect(lock.text).toBe("confirmed: Front Door is locked");
  }, 30_000);

  it("pings a device", async () => {
    const r = await server.call("check_zwave_device_health", { deviceName: "Switch One" });
    expect(r.text).toMatch(/^Switch One: answered the ping; online; last heard from \d+ s ago$/);
  });

  it("says a device that died before its interview is dead, and sends nothing", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "Porch Light", action: "on" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Porch Light is dead \(not responding to Z-Wave JS( UI)?\); nothing was sent$/);
    expect(r.structured).toMatchObject({ ok: false, error: { code: "dead" } });
  });

  it("names the candidates when a name fits several devices, and lists them when none fits", async () => {
    const none = await server.call("control_zwave_device", { deviceName: "garden pump", action: "on" });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('no Z-Wave device is called "garden pump". Known devices:');
    expect(none.text).toContain("Kitchen Light (Kitchen, node 3)");
    expect(none.structured).toMatchObject({ ok: false, error: { code: "not_found" } });
    const two = await server.call("control_zwave_device", { deviceName: "light", action: "on" });
    expect(two.isError).toBe(true);
    const error = (two.structured as { error: { code: string; candidates: { nodeId: number }[] } }).error;
    expect(error.code).toBe("ambiguous");
    expect(error.candidates.map((c) => c.nodeId).sort()).toEqual([3, 7, 8]);
  });

  it("finds a device by the new name it was given while the server ran", async () => {
    await backend.rename(6, "Back Door", "Garden");
    const r = await server.call("lock_zwave_door", { deviceName: "back door in the garden", action: "lock" });
    expect(r.text).toBe("confirmed: Back Door is locked");
    await backend.rename(6, "Front Door", "");
  }, 30_000);

  it("reconnects after the Z-Wave server restarts, sending nothing while it is down", async () => {
    await backend.restart(async () => {
      const r = await server.call("control_zwave_device", { deviceName: "Switch One", action: "on" });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/offline/);
      await backend.switchAtTheWall(true);
    });
    expect(backend.switchAtDevice()).toBe(true);
    const list = await eventually(
      () => server.call("list_zwave_devices", { filter: "switch one" }),
      (x) => !x.isError && x.text.includes("online, on"),
      15_000,
    );
    expect(list.text).toContain("Switch One, node 2: online, on");
    const off = await eventually(
      () => server.call("control_zwave_device", { deviceName: "Switch One", action: "off" }),
      (x) => !x.isError,
      15_000,
    );
    expect(off.text).toBe("confirmed: Switch One is off");
    expect(backend.switchAtDevice()).toBe(false);
  }, 40_000);

  it("says a device that went dead is dead, and sends nothing to it", async () => {
    await backend.killSwitch();
    await eventually(
      () => server.call("list_zwave_devices", { includeInactive: true, filter: "switch one" }),
      (x) => x.text.includes("node 2: dead"),
      15_000,
    );
    const r = await server.call("control_zwave_device", { deviceName: "Switch One", action: "on" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Switch One is dead \(not responding to Z-Wave JS( UI)?\); nothing was sent$/);
    expect(backend.switchAtDevice()).toBe(false);
  }, 30_000);
});
