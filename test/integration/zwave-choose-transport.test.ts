// How the add-on picks the Z-Wave transport (options zwave_transport / zwave_server_url), against the
// fake Supervisor API: Home Assistant users with the Z-Wave JS or Z-Wave JS UI add-on get its
// websocket server without configuring anything, and the log says which one.
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createSupervisorClient } from "../../src/supervisor/client.js";
import { chooseZwaveTransport } from "../../src/zwave-host/choose-transport.js";
import { optionsSchema } from "../../src/config/options.js";
import { captureLogger } from "../support/capture-logger.js";
import {
  startFakeSupervisor,
  type FakeSupervisor,
  type FakeSupervisorOptions,
} from "../support/supervisor-api.js";

let supervisor: FakeSupervisor | undefined;
afterEach(async () => {
  await supervisor?.close();
  supervisor = undefined;
});

async function withSupervisor(addons: FakeSupervisorOptions["addons"]) {
  supervisor = await startFakeSupervisor({ addons });
  const log = captureLogger();
  const client = createSupervisorClient({
    token: supervisor.token,
    baseUrl: supervisor.url,
    logger: log.logger,
  });
  return { client, log };
}

describe("chooseZwaveTransport", () => {
  it("uses zwave_server_url when it is set and listening, without asking Supervisor", async () => {
    const { client, log } = await withSupervisor({});
    const server = await listening();
    try {
      const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const choice = await chooseZwaveTransport(
        { zwave_transport: "auto", zwave_server_url: url },
        client,
        log.logger,
      );
      expect(choice).toEqual({ transport: "websocket", url });
      expect(supervisor?.calls.filter((c) => c.path.startsWith("/addons"))).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("waits for a zwave_server_url that does not listen yet, and says so", async () => {
    const { client, log } = await withSupervisor({});
    const server = await listening();
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    const choice = await chooseZwaveTransport(
      { zwave_transport: "auto", zwave_server_url: url },
      client,
      log.logger,
    );
    expect(choice.transport).toBe("none");
    expect(log.messages("warn").join("\n")).toContain(`${url} (zwave_server_url) does not answer yet`);
  });

  it("takes a store add-on that is not installed (no hostname) for absent, without a warning", async () => {
    const { client, log } = await withSupervisor({ core_zwave_js: { name: "Z-Wave JS", installed: false } });
    expect(await client.addonInfo("core_zwave_js")).toBeUndefined();
    expect(await chooseZwaveTransport({ zwave_transport: "auto" }, client, log.logger)).toEqual({
      transport: "mqtt",
    });
    expect(log.messages("warn")).toEqual([]);
  });

  it("finds the Z-Wave JS add-on's server the way Home Assistant reaches it, and logs which one", async () => {
    const { client, log } = await withSupervisor({
      core_zwave_js: { name: "Z-Wave JS", hostname: "core-zwave-js", state: "started" },
    });
    const choice = await chooseZwaveTransport({ zwave_transport: "websocket" }, client, log.logger);
    expect(choice).toEqual({ transport: "websocket", url: "ws://core-zwave-js:3000" });
    expect(log.messages("info")).toContain(
      "Z-Wave: the Z-Wave JS add-on's server at ws://core-zwave-js:3000",
    );
  });

  it("falls back to the Z-Wave JS UI add-on when the official one is not installed or stopped", async () => {
    const { client, log } = await withSupervisor({
      core_zwave_js: { name: "Z-Wave JS", hostname: "core-zwave-js", state: "stopped" },
      a0d7b954_zwavejs2mqtt: { name: "Z-Wave JS UI", hostname: "a0d7b954-zwavejs2mqtt", state: "started" },
    });
    const choice = await chooseZwaveTransport({ zwave_transport: "websocket" }, client, log.logger);
    expect(choice).toEqual({ transport: "websocket", url: "ws://a0d7b954-zwavejs2mqtt:3000" });
    expect(log.messages("info")).toContain(
      "Z-Wave: the Z-Wave JS UI add-on's server at ws://a0d7b954-zwavejs2mqtt:3000",
    );
  });

  it("under auto, keeps MQTT when the add-on's server does not take connections (its WS server is off)", async () => {
    const { client, log } = await withSupervisor({
      a0d7b954_zwavejs2mqtt: { name: "Z-Wave JS UI", hostname: "zwave-js-ui.invalid", state: "started" },
    });
    const choice = await chooseZwaveTransport({ zwave_transport: "auto" }, client, log.logger);
    expect(choice).toEqual({ transport: "mqtt" });
    expect(log.messages("info").join("\n")).toMatch(/Z-Wave JS UI add-on's server .* does not answer/);
  });

  it("uses MQTT under auto with nothing set or found, and always under mqtt", async () => {
    const { client, log } = await withSupervisor({});
    expect(await chooseZwaveTransport({ zwave_transport: "auto" }, client, log.logger)).toEqual({
      transport: "mqtt",
    });
    expect(await chooseZwaveTransport({ zwave_transport: "auto" }, undefined, log.logger)).toEqual({
      transport: "mqtt",
    });
    expect(
      await chooseZwaveTransport(
        { zwave_transport: "mqtt", zwave_server_url: "ws://core-zwave-js:3000" },
        client,
        log.logger,
      ),
    ).toEqual({ transport: "mqtt" });
  });

  it("says what to set when websocket is asked for and no server is found", async () => {
    const { client, log } = await withSupervisor({});
    const choice = await chooseZwaveTransport({ zwave_transport: "websocket" }, client, log.logger);
    expect(choice.transport).toBe("none");
    expect(log.messages("error").join("\n")).toContain("set zwave_server_url");
  });
});

describe("zwave options", () => {
  it("default to auto, and refuse a server URL that is not ws:// or wss://", () => {
    expect(optionsSchema.parse({}).zwave_transport).toBe("auto");
    const bad = optionsSchema.safeParse({ zwave_server_url: "http://core-zwave-js:3000" });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain("must start with ws://");
    expect(optionsSchema.parse({ zwave_server_url: "", zwave_transport: "" })).toMatchObject({
      zwave_transport: "auto",
    });
  });
});

function listening(): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
