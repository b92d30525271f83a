// A reading the server reported before the bridge connected still has an age: over the Z-Wave JS
// websocket server the node state carries no report times, so the time is asked of zwave-js's value
// DB, which keeps it across restarts. Real driver, mock controller, @zwave-js/server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";
import { startRealZwaveStack, type RealZwaveStack } from "../support/zwave-js/real-stack.js";

const TEMPERATURE = { commandClass: 49, endpoint: 0, property: "Air temperature" };

describe("readings from before the connection, over the websocket server", () => {
  let stack: RealZwaveStack;
  let server: ZwaveServerClient;
  let connectedAt: number;

  beforeAll(async () => {
    stack = await startRealZwaveStack();
    connectedAt = Date.now();
    server = await startZwaveServer({ serverUrl: stack.url, prefix: "zwave" });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await stack?.stop();
  });

  it("carry the time zwave-js stored them, and the text says how long ago", async () => {
    const { timestamp } = (await stack.serverCommand("node.get_value_timestamp", {
      nodeId: stack.devices.sensor,
      valueId: TEMPERATURE,
    })) as { timestamp?: number };
    expect(timestamp).toBeLessThan(connectedAt);
    const r = await server.call("get_device_sensor_data", { deviceName: "Office Sensor" });
    expect(r.isError, r.text).toBe(false);
    const readings = r.structured?.readings as Array<{ deviceClass: string; reportedAt: number | null }>;
    expect(readings).toContainEqual(
      expect.objectContaining({ deviceClass: "temperature", reportedAt: timestamp }),
    );
    expect(r.text).toMatch(/Air temperature: 21\.5 °C \(temperature, \d+ (s|min|h) ago\)/);
  }, 30_000);

  it("a report after the connection is its own time", async () => {
    await stack.reportTemperature(23);
    const after = Date.now();
    await expect
      .poll(async () => {
        const r = await server.call("get_device_sensor_data", { deviceName: "Office Sensor" });
        return (r.structured?.readings as Array<{ value: unknown; reportedAt: number }>)[0];
      })
      .toMatchObject({ value: 23, reportedAt: expect.any(Number) });
    const r = await server.call("get_device_sensor_data", { deviceName: "Office Sensor" });
    const reading = (r.structured?.readings as Array<{ reportedAt: number }>)[0]!;
    expect(reading.reportedAt).toBeGreaterThanOrEqual(after - 1000);
  }, 30_000);
});
