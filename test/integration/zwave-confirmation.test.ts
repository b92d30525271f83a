// "Confirmed" is the device's own word on both transports, whether zwave-js updates values
// optimistically (its default) or not (Z-Wave JS UI's "Disable optimistic value update", the driver
// option `disableOptimisticValueUpdate`): a device that reports is confirmed by its report, one that
// never reports is only "sent", and two writes to one value never confirm each other through the
// driver's optimistic update of either, not even when the first was answered after the server gave
// up on it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  startBackend,
  type ReportingMode,
  type TransportName,
  type ZwaveBackend,
} from "../support/zwave-backends.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import {
  binarySwitch,
  startGatewaySimulator,
  startZwaveServer,
  waitFor,
  type GatewaySimulator,
  type ToolAnswer,
  type ZwaveServerClient,
} from "../support/zwave-gateway.js";

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

  const turn = (action: "on" | "off"): Promise<ToolAnswer> =>
    server.call("control_zwave_device", { deviceName: "Switch One", action });

  describe.each([
    ["on", true],
    ["off", false],
  ] as const)("with optimistic value updates %s", (_, optimistic) => {
    beforeAll(() => backend.setOptimisticUpdates(optimistic));

    /** Each test starts with Switch One off, as the device itself reported it. */
    afterEach(async () => {
      backend.setSwitchReporting("itself");
      expect((await turn("off")).text).toBe("confirmed: Switch One is off");
    });

    const reporting: ReportingMode[] = ["itself", "when-asked"];
    it.each(reporting)("confirms a device that reports %s, from its report", async (mode) => {
      backend.setSwitchReporting(mode);
      const on = await turn("on");
      expect(on.text).toBe("confirmed: Switch One is on");
      expect(on.structured).toMatchObject({ on: true, confirmation: "device", reportedAfterWrite: true });
      expect(backend.switchAtDevice()).toBe(true);
    });

    it("says a device that never reports was sent, not confirmed, with its last reported state", async () => {
      backend.setSwitchReporting("never");
      const on = await turn("on");
      expect(on.text).toBe("sent, but Switch One has not confirmed; it last reported off");
      expect(on.structured).toMatchObject({ on: false, confirmation: "none", reportedAfterWrite: false });
      // The device did switch: only its word was missing.
      expect(backend.switchAtDevice()).toBe(true);
    });

    it("never confirms either of two writes at once to a device that never reports", async () => {
      backend.setSwitchReporting("never");
      const [first, second] = await Promise.all([turn("on"), turn("on")]);
      for (const answer of [first, second]) {
        expect(answer.text).toBe("sent, but Switch One has not confirmed; it last reported off");
        expect(answer.structured).toMatchObject({ confirmation: "none" });
      }
    });

    it("confirms both of two writes at once from the report of a device that reports", async () => {
      backend.setSwitchReporting("itself");
      const [first, second] = await Promise.all([turn("on"), turn("on")]);
      expect(first.text).toBe("confirmed: Switch One is on");
      expect(second.text).toBe("confirmed: Switch One is on");
    });
  });
});

describe("Z-Wave over mqtt, a retry after Z-Wave JS UI was too slow to answer", () => {
  let broker: TestBroker;
  let sim: GatewaySimulator;
  let server: ZwaveServerClient;
  const device = binarySwitch(2, "Switch One", { confirms: false });

  beforeAll(async () => {
    broker = await startMosquitto();
    sim = await startGatewaySimulator({
      brokerUrl: broker.url,
      username: broker.username,
      password: broker.password,
      nodes: [device],
    });
    server = await startZwaveServer({
      mqttUrl: broker.url,
      username: broker.username,
      password: broker.password,
      prefix: "zwave",
      confirmTimeoutMs: 3000,
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await sim?.stop();
    await broker?.stop();
  });

  it("never confirms the retry with the first write's late optimistic update", async () => {
    // zwave-js's queue is busy: the first write is answered only after the server stopped waiting.
    device.answerDelayMs = 9000;
    const first = server.call("control_zwave_device", { deviceName: "Switch One", action: "on" });
    await waitFor(() => sim.writesTo(2).length === 1, 5000, "the first write");
    device.answerDelayMs = undefined;
    expect((await first).text).toMatch(/did not answer writeValue/);
    // The retry queues behind it in the driver, and the device never reports.
    const retry = await server.call("control_zwave_device", { deviceName: "Switch One", action: "on" });
    expect(retry.text).toBe("sent, but Switch One has not confirmed; it last reported off");
    expect(retry.structured).toMatchObject({ confirmation: "none" });
  }, 40_000);
});
