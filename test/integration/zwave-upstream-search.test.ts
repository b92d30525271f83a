// The bridge's search for Z-Wave under Supervisor (fake Supervisor API): it goes on until a
// transport appears, and moves to the Z-Wave JS websocket server when its add-on starts
// listening after MQTT was chosen; it rests while the way in use works, and starts again, either
// way, once that way stays lost. The add-on's server is reached at <hostname>:3000, as Home
// Assistant reaches it; here the add-on's hostname is 127.0.0.1 and a plain listener on 3000
// stands for its server (the search only needs it to take connections).
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createSupervisorClient } from "../../src/supervisor/client.js";
import {
  searchZwaveUpstream,
  type UpstreamSearch,
  type UpstreamState,
} from "../../src/zwave-host/upstream.js";
import { captureLogger } from "../support/capture-logger.js";
import { startFakeSupervisor, type FakeSupervisor } from "../support/supervisor-api.js";
import { waitFor } from "../support/wait-for.js";

let supervisor: FakeSupervisor | undefined;
let search: UpstreamSearch | undefined;
let server: Server | undefined;
afterEach(async () => {
  search?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await supervisor?.close();
  supervisor = search = server = undefined;
});

function start(options: { zwave_transport: "auto" | "mqtt" }) {
  const log = captureLogger();
  const states: UpstreamState[] = [];
  const client = createSupervisorClient({
    token: supervisor!.token,
    baseUrl: supervisor!.url,
    logger: log.logger,
  });
  search = searchZwaveUpstream({
    options,
    supervisor: client,
    logger: log.logger,
    backoff: { initialMs: 50, maxMs: 200 },
    lostAfterMs: 300,
    onChange: async (state) => void states.push(state),
  });
  return { states, log };
}

const MOSQUITTO = { host: "core-mosquitto", port: 1883, username: "addons", password: "pw" };

/** A plain listener on 127.0.0.1:3000 stands for the add-on's websocket server. */
async function listenOn3000(): Promise<Server> {
  const listener = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    listener.once("error", (err) =>
      reject(new Error(`port 3000 must be free for this test: ${err.message}`)),
    );
    listener.listen(3000, "127.0.0.1", resolve);
  });
  return listener;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the search for Z-Wave under Supervisor", () => {
  it("waits while no broker is registered, and takes the broker once Mosquitto registers it", async () => {
    supervisor = await startFakeSupervisor({});
    const { states, log } = start({ zwave_transport: "auto" });
    await waitFor("waiting", () => states.length > 0);
    expect(states[0]).toEqual({ state: "waiting", for: "Z-Wave JS" });
    supervisor.setMqtt(MOSQUITTO);
    await waitFor("the broker", () => states.some((s) => s.state === "found"));
    expect(states.at(-1)).toMatchObject({
      state: "found",
      upstream: { transport: "mqtt", broker: { url: "mqtt://core-mosquitto:1883", source: "supervisor" } },
    });
    // Many looks while waiting, one line about it.
    expect(log.messages("info").filter((m) => m.includes("waiting for the Mosquitto broker"))).toHaveLength(
      1,
    );
  });

  it("moves from MQTT to the Z-Wave JS add-on's websocket server once it listens", async () => {
    supervisor = await startFakeSupervisor({
      mqtt: MOSQUITTO,
      // Supervisor says "started" before the add-on's server listens.
      addons: { core_zwave_js: { name: "Z-Wave JS", hostname: "127.0.0.1", state: "started" } },
    });
    const { states } = start({ zwave_transport: "auto" });
    await waitFor("MQTT", () => states.some((s) => s.state === "found"));
    expect(states.at(-1)).toMatchObject({ upstream: { transport: "mqtt" } });
    server = await listenOn3000();
    await waitFor("the websocket server", () => states.at(-1)?.state === "found" && states.length > 1);
    expect(states.at(-1)).toEqual({
      state: "found",
      upstream: { transport: "websocket", url: "ws://127.0.0.1:3000" },
    });
  });

  it("under zwave_transport mqtt, stops looking once the broker is found", async () => {
    supervisor = await startFakeSupervisor({ mqtt: MOSQUITTO });
    const { states } = start({ zwave_transport: "mqtt" });
    await waitFor("MQTT", () => states.some((s) => s.state === "found"));
    const asked = supervisor.calls.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(supervisor.calls.length).toBe(asked);
  });

  it("stops looking once MQTT works, and looks again only once it stays lost", async () => {
    // Z-Wave JS UI is installed and started with its websocket server off: the probe never answers.
    supervisor = await startFakeSupervisor({
      mqtt: MOSQUITTO,
      addons: { a0d7b954_zwavejs2mqtt: { name: "Z-Wave JS UI", hostname: "127.0.0.1", state: "started" } },
    });
    const { states } = start({ zwave_transport: "auto" });
    await waitFor("MQTT", () => states.some((s) => s.state === "found"));
    search!.linkUp();
    // A look already under way may still finish.
    await sleep(300);
    const asked = supervisor.calls.length;
    await sleep(600);
    expect(supervisor.calls.length).toBe(asked);

    // A restart shorter than the wait moves nothing and asks nothing.
    search!.linkLost();
    await sleep(100);
    search!.linkUp();
    await sleep(600);
    expect(supervisor.calls.length).toBe(asked);

    search!.linkLost();
    await waitFor("looking again", () => supervisor!.calls.length > asked);
    expect(states.filter((s) => s.state === "found")).toHaveLength(1);
  });

  it("moves back from the Z-Wave JS add-on's websocket server to MQTT once the server is gone", async () => {
    supervisor = await startFakeSupervisor({
      mqtt: MOSQUITTO,
      addons: { core_zwave_js: { name: "Z-Wave JS", hostname: "127.0.0.1", state: "started" } },
    });
    server = await listenOn3000();
    const { states, log } = start({ zwave_transport: "auto" });
    await waitFor("the websocket server", () => states.some((s) => s.state === "found"));
    expect(states.at(-1)).toMatchObject({ upstream: { transport: "websocket" } });
    search!.linkUp();
    // The user removes the Z-Wave JS add-on: its server is gone, and the link with it.
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    supervisor.setAddon("core_zwave_js", { name: "Z-Wave JS", installed: false });
    search!.linkLost();
    await waitFor("MQTT", () => states.at(-1)?.state === "found" && states.length > 1);
    expect(states.at(-1)).toMatchObject({
      state: "found",
      upstream: { transport: "mqtt", broker: { url: "mqtt://core-mosquitto:1883" } },
    });
    expect(log.messages("info").some((m) => m.includes("is gone"))).toBe(true);
  });
});
