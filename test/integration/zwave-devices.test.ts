// Every kind of Z-Wave device beyond switches and dimmers, through the Z-Wave MCP server's tools on
// both transports: covers (a Window Covering blind, a Motor Control shutter), a garage door (Barrier
// Operator), a colour bulb (Color Switch), a metered plug (Meter), a door contact (Notification), a
// leak sensor (Binary Sensor), batteries, and several loads in one multicast. Behind the websocket
// transport are zwave-js's mock devices on the real driver and @zwave-js/server, and what each mock
// device received is checked; behind MQTT, the Z-Wave JS UI gateway simulator on a real Mosquitto.
// Every confirmation is the device's own word.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BLIND,
  BACKEND_START_MS,
  BULB,
  DOOR,
  GARAGE,
  LEAK,
  PLUG,
  startBackend,
  type TransportName,
  type ZwaveBackend,
} from "../support/zwave-backends.js";
import { eventually, startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";

interface Endpoint {
  endpoint: number;
  function: string;
  [field: string]: unknown;
}

interface Reading {
  label: string;
  deviceClass: string | null;
  value: unknown;
  unit: string | null;
  state?: string | null;
  active?: boolean | null;
}

describe.each<TransportName>(["mqtt", "websocket"])("Z-Wave devices over %s", (transport) => {
  let backend: ZwaveBackend;
  let server: ZwaveServerClient;

  beforeAll(async () => {
    backend = await startBackend(transport);
    server = await startZwaveServer(backend.env);
    // Besides the backend, a child process that answers initialize.
  }, BACKEND_START_MS + 30_000);

  afterAll(async () => {
    await server?.close();
    await backend?.stop();
  });

  async function endpointOf(nodeId: number): Promise<Endpoint> {
    const r = await server.call("list_zwave_devices", { includeInactive: true });
    const device = (r.structured?.devices as Array<{ nodeId: number; endpoints: Endpoint[] }>).find(
      (d) => d.nodeId === nodeId,
    );
    if (!device?.endpoints[0]) throw new Error(`node ${nodeId} is not listed: ${r.text}`);
    return device.endpoints[0];
  }

  /** What the mock device received (the real stack); the simulated gateway has no radio to look at. */
  function receivedBy(device: Parameters<NonNullable<ZwaveBackend["received"]>>[0]) {
    return backend.received ? expect(backend.received(device)) : undefined;
  }

  async function readings(deviceName: string): Promise<Reading[]> {
    const r = await server.call("get_device_sensor_data", { deviceName });
    expect(r.isError, r.text).toBe(false);
    return r.structured?.readings as Reading[];
  }

  describe("covers", () => {
    it("moves the Window Covering blind to a position, confirmed by its report of that position", async () => {
      expect(await endpointOf(BLIND)).toMatchObject({
        function: "cover",
        coverType: "window",
        position: 0,
        open: false,
      });
      const r = await server.call("control_zwave_cover", {
        deviceName: "study blind",
        action: "set_position",
        position: 50,
      });
      expect(r.text).toBe("confirmed: Study Blind is open at 51 %");
      expect(r.structured).toMatchObject({
        ok: true,
        node: { nodeId: BLIND, endpoint: 0 },
        action: "set_position",
        position: 51,
        state: "open",
        confirmation: "device",
        confirmed: true,
      });
      expect(backend.blindAtDevice()).toBe(50);
      receivedBy("blind")?.toContainEqual({
        command: "WindowCoveringCCSet",
        fields: expect.objectContaining({ "Outbound Bottom": 50 }),
      });
      const closed = await server.call("control_zwave_cover", { deviceName: "Study Blind", action: "close" });
      expect(closed.text).toBe("confirmed: Study Blind is closed");
      expect(backend.blindAtDevice()).toBe(0);
      expect(await endpointOf(BLIND)).toMatchObject({ position: 0, coverState: "closed", open: false });
    }, 40_000);

    it("opens, closes and stops the Motor Control shutter on its Multilevel Switch", async () => {
      const closed = await server.call("control_zwave_cover", {
        deviceName: "Living Room Shutter",
        action: "close",
      });
      expect(closed.structured).toMatchObject({
        action: "close",
        position: 0,
        state: "closed",
        confirmed: true,
      });
      expect(backend.shutterAtDevice()).toBe(0);
      const half = await server.call("control_zwave_cover", {
        deviceName: "Living Room Shutter",
        action: "open",
        position: 30,
      });
      expect(half.text).toBe("confirmed: Living Room Shutter is open at 30 %");
      expect(backend.shutterAtDevice()).toBe(30);
      const stop = await server.call("control_zwave_cover", {
        deviceName: "Living Room Shutter",
        action: "stop",
      });
      expect(stop.text).toBe("confirmed: Living Room Shutter stopped; it is open at 30 %");
      expect(stop.structured).toMatchObject({
        action: "stop",
        requestedPosition: null,
        position: 30,
        confirmed: true,
      });
      receivedBy("shutter")?.toContainEqual(
        expect.objectContaining({ command: "MultilevelSwitchCCStopLevelChange" }),
      );
      const open = await server.call("control_zwave_cover", {
        deviceName: "Living Room Shutter",
        action: "open",
      });
      expect(open.structured).toMatchObject({ position: 100, state: "open", confirmed: true });
      expect(backend.shutterAtDevice()).toBe(99);
    }, 60_000);

    it("keeps garage doors out of the cover tool, and covers out of the barrier tool", async () => {
      const garage = await server.call("control_zwave_cover", { deviceName: "Garage Door", action: "open" });
      expect(garage).toMatchObject({ isError: true, structured: { error: { code: "not_supported" } } });
      expect(garage.text).toBe("Garage Door is a garage door: open or close it with control_zwave_barrier");
      const shutter = await server.call("control_zwave_barrier", {
        deviceName: "Living Room Shutter",
        action: "open",
      });
      expect(shutter).toMatchObject({ isError: true, structured: { error: { code: "not_supported" } } });
      expect(backend.garageAtDevice()).toBe(0);
    });
  });

  describe("garage door", () => {
    it("opens on its own report that it is opening, then reports open; closes the same way", async () => {
      expect(await endpointOf(GARAGE)).toMatchObject({
        function: "barrier",
        coverType: "garage",
        open: false,
      });
      const r = await server.call("control_zwave_barrier", { deviceName: "garage door", action: "open" });
      expect(r.text).toMatch(/^confirmed: Garage Door is (opening|open)$/);
      expect(r.structured).toMatchObject({ action: "open", confirmation: "device", confirmed: true });
      expect(["opening", "open"]).toContain((r.structured as { state: string }).state);
      receivedBy("garage")?.toContainEqual({
        command: "BarrierOperatorCCSet",
        fields: expect.objectContaining({ "target state": 255 }),
      });
      await eventually(
        () => endpointOf(GARAGE),
        (e) => e.coverState === "open",
      );
      expect(backend.garageAtDevice()).toBe(255);
      const stop = await server.call("control_zwave_barrier", { deviceName: "Garage Door", action: "stop" });
      expect(stop).toMatchObject({ isError: true, structured: { error: { code: "not_supported" } } });
      const close = await server.call("control_zwave_barrier", {
        deviceName: "Garage Door",
        action: "close",
      });
      expect(close.structured).toMatchObject({ action: "close", confirmed: true });
      await eventually(
        () => endpointOf(GARAGE),
        (e) => e.coverState === "closed",
      );
      expect(backend.garageAtDevice()).toBe(0);
    }, 40_000);
  });

  describe("colour bulb", () => {
    it("turns red at full intensity with its whites off, comes on, and confirms from each channel's answer", async () => {
      expect(await endpointOf(BULB)).toMatchObject({
        function: "light",
        on: false,
        color: { rgb: null, kelvin: 2700 },
      });
      const r = await server.call("set_zwave_light_color", { deviceName: "color bulb", color: "red" });
      expect(r.text).toBe("confirmed: Color Bulb is red and on");
      expect(r.structured).toMatchObject({
        requested: { rgb: "#ff0000", kelvin: null },
        color: { rgb: "#ff0000", kelvin: null },
        on: true,
        confirmed: true,
      });
      expect(backend.bulbAtDevice()).toMatchObject({
        red: 255,
        green: 0,
        blue: 0,
        warmWhite: 0,
        coldWhite: 0,
      });
      expect(backend.bulbAtDevice().level).not.toBe(0);
      receivedBy("bulb")?.toContainEqual({
        command: "ColorSwitchCCSet",
        fields: expect.objectContaining({ Red: 255, Green: 0, Blue: 0, "Warm White": 0 }),
      });
      // Each channel asked after the Set, not taken from zwave-js's own update. How often is not
      // the point: a slow answer is asked for again.
      if (backend.received) {
        const received = backend.received("bulb");
        const asked = received
          .slice(received.findLastIndex((c) => c.command === "ColorSwitchCCSet") + 1)
          .filter((c) => c.command === "ColorSwitchCCGet")
          .map((c) => String(c.fields["color component"]));
        expect(new Set(asked)).toEqual(new Set(["Red", "Green", "Blue", "Warm White", "Cold White"]));
      }
      expect(await endpointOf(BULB)).toMatchObject({ on: true, color: { rgb: "#ff0000" } });
    }, 40_000);

    it("takes a white by name or kelvin, RGB and hue, and keeps the brightness", async () => {
      const levelBefore = backend.bulbAtDevice().level;
      const warm = await server.call("set_zwave_light_color", { deviceName: "Color Bulb", white: "warm" });
      expect(warm.structured).toMatchObject({ color: { rgb: null, kelvin: 2700 }, confirmed: true });
      expect(backend.bulbAtDevice()).toMatchObject({ warmWhite: 255, coldWhite: 0, red: 0 });
      const mixed = await server.call("set_zwave_light_color", { deviceName: "Color Bulb", kelvin: 4600 });
      expect(mixed.structured).toMatchObject({
        requested: { kelvin: 4607 },
        color: { kelvin: 4607 },
        confirmed: true,
      });
      // Half way between the warm (2700 K) and the cold (6500 K) channel, in the 255 steps they have.
      expect(backend.bulbAtDevice()).toMatchObject({ warmWhite: 127, coldWhite: 128 });
      const hex = await server.call("set_zwave_light_color", { deviceName: "Color Bulb", rgb: "#00ff80" });
      expect(hex.text).toBe("confirmed: Color Bulb is #00ff80");
      const blue = await server.call("set_zwave_light_color", { deviceName: "Color Bulb", hue: 240 });
      expect(blue.structured).toMatchObject({ color: { rgb: "#0000ff" }, confirmed: true });
      expect(backend.bulbAtDevice()).toMatchObject({ red: 0, green: 0, blue: 255, level: levelBefore });
    }, 40_000);

    it("refuses two colours at once, and a device without colour", async () => {
      const two = await server.call("set_zwave_light_color", {
        deviceName: "Color Bulb",
        color: "red",
        kelvin: 3000,
      });
      expect(two).toMatchObject({ isError: true, structured: { error: { code: "invalid_value" } } });
      const plain = await server.call("set_zwave_light_color", { deviceName: "Kitchen Light", color: "red" });
      expect(plain).toMatchObject({ isError: true, structured: { error: { code: "not_supported" } } });
      expect(plain.text).toBe("Kitchen Light has no colour to set (no Color Switch)");
    });
  });

  describe("readings", () => {
    it("gives the plug's power, energy, voltage and current as typed readings", async () => {
      const meter = await readings("Dryer Plug");
      expect(meter).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ deviceClass: "power", value: 1432.5, unit: "W", domain: "sensor" }),
          expect.objectContaining({ deviceClass: "energy", value: 182.4, unit: "kWh" }),
          expect.objectContaining({ deviceClass: "voltage", value: 229.8, unit: "V" }),
          expect.objectContaining({ deviceClass: "current", value: 6.23, unit: "A" }),
        ]),
      );
      expect(await endpointOf(PLUG)).toMatchObject({
        function: "switch",
        on: true,
        power: 1432.5,
        energy: 182.4,
      });
      expect(backend.plugAtDevice()).toBe(true);
    });

    it("reads the door contact as open or closed, as the device reports it", async () => {
      await eventually(
        () => endpointOf(DOOR),
        (e) => e.open === false,
      );
      await backend.reportDoor(true);
      const open = await eventually(
        () => readings("Back Door Sensor"),
        (rs) => rs.some((r) => r.deviceClass === "door" && r.state === "open"),
      );
      expect(open).toContainEqual(
        expect.objectContaining({
          deviceClass: "door",
          domain: "binary_sensor",
          state: "open",
          active: true,
        }),
      );
      expect(open).toContainEqual(
        expect.objectContaining({ deviceClass: "tamper", state: "clear", active: false }),
      );
      expect(await endpointOf(DOOR)).toMatchObject({
        function: "sensor",
        open: true,
        value: "door open",
        battery: 92,
        batteryLow: false,
      });
      await backend.reportDoor(false);
      await eventually(
        () => endpointOf(DOOR),
        (e) => e.open === false,
      );
    });

    it("reads a leak as wet, and dry again", async () => {
      expect(await readings("Basement Leak Sensor")).toContainEqual(
        expect.objectContaining({ deviceClass: "moisture", state: "dry", active: false }),
      );
      await backend.reportLeak(true);
      await eventually(
        () => readings("Basement Leak Sensor"),
        (rs) => rs.some((r) => r.deviceClass === "moisture" && r.state === "wet"),
      );
      expect(await endpointOf(LEAK)).toMatchObject({
        binarySensors: [{ deviceClass: "moisture", state: "wet", active: true }],
        battery: 9,
        batteryLow: true,
      });
      await backend.reportLeak(false);
      await eventually(
        () => endpointOf(LEAK),
        (e) => (e.binarySensors as Array<{ state: string }>)[0]?.state === "dry",
      );
    });

    it("lists battery levels lowest first, and which are low", async () => {
      const all = await server.call("list_zwave_batteries", {});
      const devices = all.structured?.devices as Array<{ nodeId: number; level: number; low: boolean }>;
      expect(devices[0]).toMatchObject({ nodeId: LEAK, level: 9, low: true });
      expect(devices).toContainEqual(expect.objectContaining({ nodeId: DOOR, level: 92, low: false }));
      const low = await server.call("list_zwave_batteries", { lowOnly: true });
      expect(low.structured?.devices).toEqual([
        expect.objectContaining({ nodeId: LEAK, name: "Basement Leak Sensor" }),
      ]);
      expect(low.text).toBe(
        "1 Z-Wave device has a low battery:\n- Basement Leak Sensor (Basement): 9 %, low",
      );
    });
  });

  describe("several loads at once", () => {
    it("switches those that take the same command in one multicast, each confirmed by its own answer", async () => {
      const before = backend.multicasts().length;
      const r = await server.call("control_zwave_group", {
        devices: [{ deviceName: "Switch One" }, { deviceName: "Dryer Plug" }, { deviceName: "Garage Light" }],
        action: "on",
      });
      // One frame for the three (the controller may send it again when an answer is slow).
      const frames = backend.multicasts().slice(before);
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames) expect([...frame].sort((a, b) => a - b)).toEqual([2, 8, 14]);
      expect(backend.switchAtDevice()).toBe(true);
      expect(backend.plugAtDevice()).toBe(true);
      // The jammed relay took the frame and stayed off: it is asked, sent its own write, and named.
      expect(backend.atDevice("jammed")).not.toBe(true);
      expect(r.text).toBe(
        "confirmed: Switch One and Dryer Plug are on (one multicast); sent; Garage Light acknowledged but still reports off",
      );
      expect(r.structured).toMatchObject({
        ok: true,
        action: "on",
        confirmed: false,
        multicast: true,
        devices: [
          { deviceName: "Switch One", via: "multicast", on: true, confirmation: "device", confirmed: true },
          { deviceName: "Dryer Plug", via: "multicast", on: true, confirmed: true },
          { deviceName: "Garage Light", via: "singlecast", on: false, confirmed: false, sent: true },
        ],
        notConfirmed: [expect.objectContaining({ nodeId: 8 })],
      });
    }, 40_000);

    it("names a device it could not send to, and sends to the others", async () => {
      const r = await server.call("control_zwave_group", {
        devices: [
          { deviceName: "Switch One" },
          { deviceName: "Porch Light" },
          { deviceName: "Nowhere Lamp" },
        ],
        action: "off",
      });
      expect(backend.switchAtDevice()).toBe(false);
      expect(r.structured).toMatchObject({
        ok: true,
        devices: [
          { deviceName: "Switch One", confirmed: true, via: "singlecast" },
          { deviceName: "Porch Light", ok: false, sent: false, error: { code: "dead" } },
          { deviceName: "Nowhere Lamp", ok: false, sent: false, error: { code: "not_found" } },
        ],
      });
      expect(r.text).toContain("confirmed: Switch One is off");
      expect(r.text).toContain("Porch Light is dead");
      const none = await server.call("control_zwave_group", {
        devices: [{ deviceName: "Living Room Shutter" }],
        action: "off",
      });
      expect(none).toMatchObject({ isError: true, structured: { error: { code: "not_supported" } } });
      expect(backend.shutterAtDevice()).not.toBe(0);
    }, 40_000);
  });

  describe("with zwave-js's optimistic value updates off", () => {
    beforeAll(() => backend.setOptimisticUpdates(false));
    afterAll(() => backend.setOptimisticUpdates(true));

    it("covers and colour still confirm, from the device's own report or answer", async () => {
      const blind = await server.call("control_zwave_cover", {
        deviceName: "Study Blind",
        action: "set_position",
        position: 30,
      });
      expect(blind.structured).toMatchObject({ position: 30, confirmation: "device", confirmed: true });
      expect(backend.blindAtDevice()).toBe(30);
      const shutter = await server.call("control_zwave_cover", {
        deviceName: "Living Room Shutter",
        action: "set_position",
        position: 60,
      });
      expect(shutter.structured).toMatchObject({ position: 60, confirmed: true });
      expect(backend.shutterAtDevice()).toBe(59);
      const green = await server.call("set_zwave_light_color", { deviceName: "Color Bulb", color: "green" });
      expect(green.structured).toMatchObject({ color: { rgb: "#00ff00" }, confirmed: true });
      expect(backend.bulbAtDevice()).toMatchObject({ red: 0, green: 255, blue: 0 });
    }, 60_000);
  });

  it("declares what each new tool does: only the barrier tool is destructive", async () => {
    const { tools } = await server.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      "control_zwave_cover",
      "control_zwave_barrier",
      "set_zwave_light_color",
      "control_zwave_group",
      "list_zwave_batteries",
    ]) {
      const tool = byName.get(name);
      expect(tool?.outputSchema, name).toBeDefined();
      expect(tool?.title, name).toBeTruthy();
    }
    expect(byName.get("control_zwave_barrier")?.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get("control_zwave_cover")?.annotations).toMatchObject({ destructiveHint: false });
    expect(byName.get("list_zwave_batteries")?.annotations).toMatchObject({ readOnlyHint: true });
  });
});
