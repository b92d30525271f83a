// The HA mirror against the fake Home Assistant, through the real home-assistant-js-websocket client.
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHomeMirror, createUnconfiguredMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { haEndpoint } from "../../src/ha/connection.js";
import { HomeAssistantError } from "../../src/ha/errors.js";
import { captureLogger } from "../support/capture-logger.js";
import { generateHome } from "../support/ha-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { waitFor } from "../support/wait-for.js";

const TOKEN = "good-token";
const FAST_RETRY = { initialMs: 100, maxMs: 400 };

let ha: FakeHa | undefined;
let mirror: HomeMirror | undefined;
afterEach(async () => {
  await mirror?.close();
  await ha?.close();
  mirror = ha = undefined;
});

async function start(options: Parameters<typeof startFakeHa>[0] = {}) {
  ha = await startFakeHa(options);
  const log = captureLogger("debug");
  mirror = createHomeMirror({ url: ha.url, token: TOKEN, logger: log.logger, retry: FAST_RETRY });
  await waitFor("the first sync", () => !mirror!.status().stale);
  return { ha, mirror, log };
}

describe("HA mirror", () => {
  it("loads areas, devices, entities, states, exposure and config on connect", async () => {
    const { mirror } = await start();
    const status = mirror.status();
    expect(status).toMatchObject({ configured: true, connected: true, stale: false, haVersion: "2026.9.1" });
    expect(status.lastSync).toBeDefined();
    // 14 states: the disabled registry entry has none and is not mirrored.
    expect(status.entityCount).toBe(14);
    expect(status.exposedCount).toBe(12);
    expect(mirror.config()).toMatchObject({ time_zone: "Europe/Amsterdam", location_name: "Test Home" });

    expect(mirror.entity("sensor.office_temperature")).toMatchObject({
      name: "Office Sensor Temperature",
      state: "21.5",
      unit: "°C",
      area: { id: "office", name: "Office" },
      floor: { id: "upstairs", name: "Upstairs" },
      exposed: true,
      stale: false,
    });
    // A child device with no area inherits its parent's.
    expect(mirror.entity("sensor.office_probe_humidity")?.area?.name).toBe("Office");
    // An entity with no registry entry, exposed through HA's legacy store.
    expect(mirror.entity("light.porch")).toMatchObject({ name: "Porch Light", exposed: true });
    expect(mirror.entity("switch.garage_door_opener")?.exposed).toBe(false);
    expect(mirror.areaOfDevice("bedroom_satellite")).toEqual({ id: "bedroom", name: "Bedroom" });

    const kitchen = mirror.areas().find((a) => a.id === "kitchen");
    expect(kitchen?.floor?.name).toBe("Ground Floor");
    expect(kitchen?.entities.map((e) => e.entityId).sort()).toEqual([
      "light.kitchen_ceiling",
      "light.kitchen_lamp",
      "light.kitchen_light",
      "media_player.kitchen_radio",
      "switch.kettle",
    ]);
  });

  it("follows state changes and registry updates live", async () => {
    const { ha, mirror } = await start();
    ha.setState("sensor.office_temperature", "23.0");
    await waitFor("the new temperature", () => mirror.entity("sensor.office_temperature")?.state === "23.0");

    ha.updateEntity("light.bedroom_light", { aliases: ["reading light"] });
    await waitFor(
      "the new alias",
      () => mirror.resolve("reading light").matches[0]?.entityId === "light.bedroom_light",
    );

    ha.updateArea("office", { name: "Study" });
    await waitFor(
      "the renamed area",
      () => mirror.entity("sensor.office_temperature")?.area?.name === "Study",
    );

    ha.setExposed("switch.kettle", false);
    await waitFor("the kettle to be hidden", () => mirror.entity("switch.kettle")?.exposed === false);
    expect(mirror.resolve("kettle").matches[0]).toMatchObject({ entityId: "switch.kettle", exposed: false });

    ha.removeState("fan.bedroom_fan");
    await waitFor("the fan to go", () => mirror.entity("fan.bedroom_fan") === undefined);
  });

  it("resyncs after a restart: changes made while down are visible, and state is stale meanwhile", async () => {
    const { ha, mirror } = await start();
    const firstSync = mirror.status().lastSync;
    ha.down();
    await waitFor("the disconnect", () => !mirror.status().connected);
    expect(mirror.status().stale).toBe(true);
    expect(mirror.entity("light.kitchen_lamp")?.stale).toBe(true);

    ha.updateDevice("kitchen_lamp", { name_by_user: "Pantry Lamp" });
    ha.setState("switch.kettle", "on");
    ha.up();
    await waitFor("the resync", () => !mirror.status().stale && mirror.status().lastSync !== firstSync);

    expect(mirror.resolve("pantry lamp").matches[0]).toMatchObject({
      entityId: "light.kitchen_lamp",
      match: "exact",
    });
    expect(mirror.entity("switch.kettle")?.state).toBe("on");
    // Still live after the reconnect.
    ha.setState("switch.kettle", "off");
    await waitFor("a live update after the resync", () => mirror.entity("switch.kettle")?.state === "off");
  });

  it("reports a rejected token without the token, and recovers once the token is accepted", async () => {
    ha = await startFakeHa({ token: "the-real-token" });
    const log = captureLogger("debug");
    const secret = "wrong-secret-token-123";
    mirror = createHomeMirror({ url: ha.url, token: secret, logger: log.logger, retry: FAST_RETRY });
    await waitFor("the auth error", () => mirror!.status().error === "Home Assistant rejected the token");
    expect(mirror.status()).toMatchObject({ connected: false, configured: true });
    expect(JSON.stringify(mirror.status())).not.toContain(secret);
    // Retries back off, doubling up to the cap, rather than hammering HA.
    const delays = () =>
      log
        .messages("warn")
        .map((m) => /^Home Assistant rejected the token; retrying in ([\d.]+) s$/.exec(m)?.[1])
        .filter((d) => d !== undefined)
        .map(Number);
    await waitFor("four retries", () => delays().length >= 4);
    expect(delays().slice(0, 4)).toEqual([0.1, 0.2, 0.4, 0.4]);

    ha.setToken(secret);
    await waitFor("the connection with the accepted token", () => !mirror!.status().stale);
    expect(mirror.status().error).toBeUndefined();
    expect(
      log
        .lines()
        .map((l) => JSON.stringify(l))
        .join("\n"),
    ).not.toContain(secret);
  });

  it("keeps retrying when a restarted HA no longer accepts the token", async () => {
    const { ha, mirror } = await start();
    ha.setToken("rotated");
    ha.dropAll();
    await waitFor("the auth error", () => mirror.status().error === "Home Assistant rejected the token");
    ha.setToken(TOKEN);
    await waitFor("the reconnect", () => !mirror.status().stale);
    expect(mirror.status().connected).toBe(true);
  });

  it("says when Home Assistant cannot be reached", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    mirror = createHomeMirror({ url, token: TOKEN, logger: captureLogger().logger, retry: FAST_RETRY });
    await waitFor("the error", () => mirror!.status().error !== undefined);
    expect(mirror.status()).toMatchObject({
      connected: false,
      error: `cannot reach Home Assistant at ${url}`,
    });
    await expect(mirror.callService("light", "turn_on", {}, { entity_id: "light.x" })).rejects.toMatchObject({
      code: "not_connected",
    });
  });

  it("acts only on entities exposed to Assist", async () => {
    const { ha, mirror } = await start();
    const refused = mirror.callService("switch", "turn_on", {}, { entity_id: "switch.garage_door_opener" });
    await expect(refused).rejects.toBeInstanceOf(HomeAssistantError);
    await expect(refused).rejects.toMatchObject({ code: "not_exposed" });
    expect(ha.serviceCalls).toHaveLength(0);

    await mirror.callService("switch", "turn_on", {}, { entity_id: "switch.kettle" });
    expect(ha.serviceCalls).toEqual([
      { domain: "switch", service: "turn_on", service_data: {}, target: { entity_id: "switch.kettle" } },
    ]);
    await expect(
      mirror.callService("light", "explode", {}, { entity_id: "light.kitchen_light" }),
    ).rejects.toMatchObject({
      message: "light.explode: Action light.explode not found.",
      code: "not_found",
    });
  });

  it("ranks exact names over partial ones and breaks ties by the speaker's area", async () => {
    const { mirror } = await start();
    const exact = mirror.resolve("The Kitchen_Light!");
    expect(exact.matches[0]).toMatchObject({ entityId: "light.kitchen_light", match: "exact" });
    expect(exact.ambiguous).toBe(false);
    expect(mirror.resolve("counter lights").matches[0]?.entityId).toBe("light.kitchen_light");
    expect(mirror.resolve("light.bedroom_light").matches[0]).toMatchObject({ match: "exact", exposed: true });

    const tie = mirror.resolve("ceiling light");
    expect(tie.ambiguous).toBe(true);
    expect(tie.candidates.map((c) => c.entityId).sort()).toEqual([
      "light.bedroom_ceiling",
      "light.kitchen_ceiling",
    ]);
    const fromBedroom = mirror.resolve("ceiling light", { speakerDeviceId: "bedroom_satellite" });
    expect(fromBedroom.ambiguous).toBe(false);
    expect(fromBedroom.matches[0]).toMatchObject({ entityId: "light.bedroom_ceiling", inSpeakerArea: true });
    const fromKitchen = mirror.resolve("ceiling light", { speakerDeviceId: "kitchen_satellite" });
    expect(fromKitchen.matches[0]?.entityId).toBe("light.kitchen_ceiling");

    // Partial: every word fits (area words count), tighter names first.
    const partial = mirror.resolve("kitchen ceiling");
    expect(partial.matches[0]).toMatchObject({ entityId: "light.kitchen_ceiling", match: "partial" });
    expect(mirror.resolve("light", { area: "cookhouse" }).matches.map((m) => m.entityId)).not.toContain(
      "light.bedroom_light",
    );
    expect(mirror.resolve("temperature", { domain: "sensor", area: "Upstairs" }).matches[0]?.entityId).toBe(
      "sensor.office_temperature",
    );
    expect(mirror.resolve("light", { area: "nowhere" }).unknownArea).toBe("nowhere");
  });

  it("summarises a home of 200 exposed entities within 800 tokens, and caps larger ones with a note", async () => {
    const { mirror } = await start({ home: generateHome({ entities: 300, exposed: 200 }) });
    expect(mirror.status().exposedCount).toBe(200);
    const summary = mirror.summary();
    expect(summary.length / 4).toBeLessThanOrEqual(800);
    expect(summary).not.toContain("not listed");
    for (const area of mirror.areas()) expect(summary).toContain(area.name);
    expect(summary).not.toMatch(/\b(on|off|idle)\b/);
    await mirror.close();
    await ha!.close();

    const big = await start({ home: generateHome({ entities: 2000, exposed: 1500 }) });
    const capped = big.mirror.summary();
    expect(capped.length / 4).toBeLessThanOrEqual(800);
    expect(capped).toMatch(/\d+ more exposed entities not listed; find them with search_entities/);
    expect(big.mirror.summary({ maxTokens: 200 }).length / 4).toBeLessThanOrEqual(200);
  });
});

describe("where Home Assistant is", () => {
  it("uses Supervisor's proxy under Supervisor and ha_url/ha_token outside", () => {
    expect(haEndpoint({}, { SUPERVISOR_TOKEN: "sup" }, "http://127.0.0.1:9/core")).toEqual({
      url: "http://127.0.0.1:9/core",
      token: "sup",
      viaSupervisor: true,
    });
    expect(haEndpoint({ ha_url: "http://ha.local:8123/", ha_token: "t" }, {})).toEqual({
      url: "http://ha.local:8123",
      token: "t",
      viaSupervisor: false,
    });
    expect(haEndpoint({ ha_url: "http://ha.local:8123" }, {})).toBeUndefined();
  });

  it("offers the same interface with nothing behind it when not configured", async () => {
    const none = createUnconfiguredMirror();
    expect(none.status()).toMatchObject({ configured: false, connected: false, entityCount: 0 });
    expect(none.resolve("kitchen light").matches).toEqual([]);
    expect(none.summary()).toContain("not configured");
    await expect(none.callService("light", "turn_on", {}, { entity_id: "light.x" })).rejects.toMatchObject({
      code: "not_configured",
    });
  });
});
