// The Z-Wave device as it really is, through the Z-Wave MCP server's tools on both transports: a
// two-outlet plug is two switches, each written to on its own endpoint, and a roller shutter on a
// Multilevel Switch is a cover, never a light (zwave-js's mock controller behind the real driver and
// @zwave-js/server; the Z-Wave JS UI gateway simulator on a real Mosquitto).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RELAY,
  SHUTTER,
  startBackend,
  type TransportName,
  type ZwaveBackend,
} from "../support/zwave-backends.js";
import { startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";

interface Listed {
  nodeId: number;
  kind: string;
  product: unknown;
  endpoints: Array<Record<string, unknown>>;
}

describe.each<TransportName>(["mqtt", "websocket"])("Z-Wave endpoints over %s", (transport) => {
  let backend: ZwaveBackend;
  let server: ZwaveServerClient;

  beforeAll(async () => {
    backend = await startBackend(transport);
    server = await startZwaveServer(backend.env);
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await backend?.stop();
  });

  async function listed(nodeId: number): Promise<Listed> {
    const r = await server.call("list_zwave_devices", { includeInactive: true });
    const device = (r.structured?.devices as Listed[]).find((d) => d.nodeId === nodeId);
    if (!device) throw new Error(`node ${nodeId} is not listed: ${r.text}`);
    return device;
  }

  it("lists the plug's outlets as two switches, named by the labels of its device config", async () => {
    const plug = await listed(RELAY);
    expect(plug.kind).toBe("switch");
    expect(plug.product).toMatchObject({ manufacturerId: 0x015d, productType: 0x2500, productId: 0x2500 });
    expect(plug.endpoints).toEqual([
      expect.objectContaining({
        endpoint: 1,
        name: "Smart Plug Outlet 1",
        label: "Outlet 1",
        function: "switch",
      }),
      expect.objectContaining({
        endpoint: 2,
        name: "Smart Plug Outlet 2",
        label: "Outlet 2",
        function: "switch",
      }),
    ]);
    const r = await server.call("list_zwave_devices", { filter: "outlet 2" });
    expect(r.text).toContain("- Smart Plug (Living Room), node 10: online");
    expect(r.text).toContain("  - Smart Plug Outlet 2, endpoint 2: off");
  });

  it("lists the Motor Control shutter as a cover, not a dimmer", async () => {
    const shutter = await listed(SHUTTER);
    expect(shutter.kind).toBe("cover");
    expect(shutter.endpoints).toEqual([
      expect.objectContaining({
        endpoint: 0,
        function: "cover",
        coverType: "shutter",
        deviceClass: expect.objectContaining({ generic: 0x11, specific: 0x06 }),
      }),
    ]);
    const r = await server.call("list_zwave_devices", { filter: "shutter" });
    expect(r.text).toContain("Living Room Shutter (Living Room), node 11: online, shutter, open");
  });

  it('"Outlet 2" switches endpoint 2 only, and the result names node and endpoint', async () => {
    const on = await server.call("control_zwave_device", { deviceName: "Outlet 2", action: "on" });
    expect(on.text).toBe("confirmed: Smart Plug Outlet 2 is on");
    expect(on.structured).toMatchObject({
      ok: true,
      node: { nodeId: RELAY, endpoint: 2, endpointName: "Smart Plug Outlet 2", name: "Smart Plug" },
      on: true,
      confirmed: true,
    });
    expect(backend.relayAtDevice(2)).toBe(true);
    expect(backend.relayAtDevice(1)).not.toBe(true);
    const off = await server.call("control_zwave_device", {
      deviceName: "smart plug outlet 2",
      action: "off",
    });
    expect(off.text).toBe("confirmed: Smart Plug Outlet 2 is off");
    expect(backend.relayAtDevice(2)).toBe(false);
  });

  it("writes to the endpoint a host gives, and asks which one when a device has two", async () => {
    const on = await server.call("control_zwave_device", {
      deviceName: "Smart Plug",
      nodeId: RELAY,
      endpoint: 2,
      action: "on",
    });
    expect(on.structured).toMatchObject({ node: { nodeId: RELAY, endpoint: 2 }, confirmed: true });
    expect(backend.relayAtDevice(2)).toBe(true);
    expect(backend.relayAtDevice(1)).not.toBe(true);
    await server.call("control_zwave_device", { deviceName: "Smart Plug", endpoint: 2, action: "off" });
    expect(backend.relayAtDevice(2)).toBe(false);

    const which = await server.call("control_zwave_device", { deviceName: "Smart Plug", action: "on" });
    expect(which).toMatchObject({ isError: true, structured: { ok: false, error: { code: "ambiguous" } } });
    expect(which.text).toContain("Smart Plug Outlet 1 (endpoint 1); Smart Plug Outlet 2 (endpoint 2)");
    const candidates = (which.structured?.error as { candidates: unknown[] }).candidates;
    expect(candidates).toEqual([
      expect.objectContaining({ nodeId: RELAY, endpoint: 1 }),
      expect.objectContaining({ nodeId: RELAY, endpoint: 2 }),
    ]);
    expect(backend.relayAtDevice(1)).not.toBe(true);
    expect(backend.relayAtDevice(2)).toBe(false);

    const missing = await server.call("control_zwave_device", {
      deviceName: "Smart Plug",
      endpoint: 7,
      action: "on",
    });
    expect(missing).toMatchObject({ isError: true, structured: { error: { code: "not_found" } } });
  });

  it("never switches or dims the shutter: it is a cover", async () => {
    const before = backend.shutterAtDevice();
    expect(before).toBe(99);
    for (const args of [
      { deviceName: "Living Room Shutter", action: "off" },
      { deviceName: "Living Room Shutter", action: "dim", level: 20 },
    ]) {
      const r = await server.call("control_zwave_device", args);
      expect(r).toMatchObject({ isError: true, structured: { error: { code: "not_supported" } } });
      expect(r.text).toContain("Living Room Shutter is a shutter (a cover)");
    }
    expect(backend.shutterAtDevice()).toBe(before);
  });
});
