import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createSupervisorClient } from "../../src/supervisor/client.js";
import { startFakeSupervisor, type FakeSupervisor } from "../support/supervisor-api.js";

const MOSQUITTO = {
  host: "core-mosquitto",
  port: 1883,
  username: "addons",
  password: "mosquitto-secret-pw",
};

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { logger: pino({ level: "trace" }, stream), text: () => lines.join("") };
}

let supervisor: FakeSupervisor | undefined;
afterEach(async () => {
  await supervisor?.close();
  supervisor = undefined;
});

async function clientFor(options: Parameters<typeof startFakeSupervisor>[0], token?: string) {
  supervisor = await startFakeSupervisor(options);
  const log = capturingLogger();
  const client = createSupervisorClient({
    token: token ?? supervisor.token,
    baseUrl: supervisor.url,
    logger: log.logger,
  });
  return { client, log, supervisor };
}

describe("Supervisor client: MQTT service", () => {
  it("returns the broker credentials of the Mosquitto add-on, and logs no password", async () => {
    const { client, log, supervisor } = await clientFor({ mqtt: MOSQUITTO });

    const service = await client.mqttService();

    expect(service).toEqual({ ...MOSQUITTO, ssl: false, protocol: "3.1.1" });
    expect(supervisor.calls).toEqual([
      { method: "GET", path: "/services/mqtt", authorized: true, body: undefined },
    ]);
    expect(log.text()).toContain("core-mosquitto:1883");
    expect(log.text()).not.toContain(MOSQUITTO.password);
  });

  it("returns undefined while no broker add-on provides MQTT (the caller looks again and says so once)", async () => {
    const { client, log } = await clientFor({});

    await expect(client.mqttService()).resolves.toBeUndefined();
    expect(log.text()).not.toMatch(/unexpected reply|failed/);
  });

  it("notices when the broker add-on goes away", async () => {
    const { client, supervisor } = await clientFor({ mqtt: MOSQUITTO });
    expect(await client.mqttService()).toBeDefined();

    supervisor.setMqtt(undefined);

    await expect(client.mqttService()).resolves.toBeUndefined();
  });

  it("fails clearly when the add-on has no right to the MQTT service", async () => {
    const { client } = await clientFor({ mqtt: MOSQUITTO, services: [] });

    await expect(client.mqttService()).rejects.toThrow(/HTTP 403.*No access to mqtt service/);
  });

  it("rejects a bad token with a message that names the token but never shows it", async () => {
    const wrongToken = "0123456789abcdef0123456789abcdef";
    const { client, log } = await clientFor({ mqtt: MOSQUITTO }, wrongToken);

    const error = await client.mqttService().then(
      () => undefined,
      (err: unknown) => err as Error,
    );

    expect(error?.message).toMatch(/refused \(HTTP 403\).*token is not valid/);
    expect(error?.message).not.toContain(wrongToken);
    expect(log.text()).not.toContain(wrongToken);
  });

  it("rejects a missing token", async () => {
    const { client } = await clientFor({ mqtt: MOSQUITTO }, "");

    await expect(client.mqttService()).rejects.toThrow(/HTTP 401/);
  });
});

describe("Supervisor client: discovery", () => {
  it("announces the Wyoming service with this container's address and returns the uuid", async () => {
    const { client, supervisor } = await clientFor({});
    const uri = client.wyomingUri(10600);

    const uuid = await client.announceDiscovery("wyoming", { uri });

    expect(uri).toBe(`tcp://${hostname()}:10600`);
    expect(supervisor.discoveries).toEqual([{ uuid, service: "wyoming", config: { uri } }]);
    expect(supervisor.calls[0]).toMatchObject({ method: "POST", path: "/discovery", authorized: true });
  });

  it("keeps the same discovery entry when announced again after a restart", async () => {
    const { client, supervisor } = await clientFor({});

    const first = await client.announceDiscovery("wyoming", { uri: "tcp://old:10600" });
    const second = await client.announceDiscovery("wyoming", { uri: "tcp://new:10600" });

    expect(second).toBe(first);
    expect(supervisor.discoveries).toEqual([
      { uuid: first, service: "wyoming", config: { uri: "tcp://new:10600" } },
    ]);
  });

  it("fails clearly for a service that config.yaml does not list", async () => {
    const { client, supervisor } = await clientFor({ discovery: ["wyoming"] });

    await expect(client.announceDiscovery("mqtt", { host: "x" })).rejects.toThrow(
      /refused the mqtt discovery \(HTTP 403\).*not listed/,
    );
    expect(supervisor.discoveries).toEqual([]);
  });
});

describe("Supervisor client: reaching Home Assistant and failures", () => {
  it("gives the core proxy base, which answers the add-on's token", async () => {
    const { client, supervisor } = await clientFor({});

    expect(client.coreUrl()).toBe(`${supervisor.url}/core`);
    const response = await fetch(`${client.coreUrl()}/api/`, {
      headers: { Authorization: `Bearer ${supervisor.token}` },
    });
    expect(await response.json()).toEqual({ message: "API running." });
  });

  it("fails with a clear message when Supervisor cannot be reached", async () => {
    const port = await closedPort();
    const { logger } = capturingLogger();
    const client = createSupervisorClient({ token: "t", baseUrl: `http://127.0.0.1:${port}`, logger });

    await expect(client.mqttService()).rejects.toThrow(
      /Supervisor GET \/services\/mqtt failed: ECONNREFUSED/,
    );
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
