// The HA-backed built-in tools, on a mirror of the fake Home Assistant (real haws client).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHomeMirror, createUnconfiguredMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { controlEntityTool } from "../../src/tools/local/control-entity.js";
import { getDatetimeTool } from "../../src/tools/local/get-datetime.js";
import { homeTools } from "../../src/tools/local/index.js";
import { setVolumeTool } from "../../src/tools/local/set-volume.js";
import type { ToolCallContext, ToolExecutor } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { waitFor } from "../support/wait-for.js";

const context = (deviceId?: string): ToolCallContext => ({ signal: new AbortController().signal, deviceId });

let ha: FakeHa;
let mirror: HomeMirror;
let tools: Map<string, ToolExecutor>;

beforeAll(async () => {
  ha = await startFakeHa();
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  tools = new Map(homeTools(mirror).map((t) => [t.definition.name, t.executor]));
});
afterAll(async () => {
  await mirror.close();
  await ha.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

const call = (name: string, args: Record<string, unknown>, deviceId?: string) =>
  tools.get(name)!(args, context(deviceId));

describe("homeTools", () => {
  it("offers the seven tools with truthful annotations", () => {
    const definitions = homeTools(mirror).map((t) => t.definition);
    expect(definitions.map((d) => d.name)).toEqual([
      "get_datetime",
      "search_entities",
      "get_entity_state",
      "control_entity",
      "set_volume",
      "set_mute",
      "lock_entity",
    ]);
    for (const d of definitions) {
      const reads = ["get_datetime", "search_entities", "get_entity_state"].includes(d.name);
      expect(d.annotations?.readOnlyHint).toBe(reads);
      if (!reads) expect(d.annotations?.destructiveHint).toBe(d.name === "lock_entity");
      expect(d.inputSchema.type).toBe("object");
      // Only what the executor accepts: an unknown key is refused before the tool runs.
      expect(d.inputSchema.additionalProperties).toBe(false);
    }
    const schemaOf = (name: string) => definitions.find((d) => d.name === name)?.inputSchema;
    expect(schemaOf("control_entity")).toMatchObject({
      properties: {
        name: { type: "string", description: expect.stringContaining("entity id") },
        action: { type: "string", enum: ["turn_on", "turn_off", "toggle", "stop"] },
        brightness: { type: "number", minimum: 0, maximum: 100 },
        position: { type: "number", minimum: 0, maximum: 100 },
        color: { type: "string", enum: expect.arrayContaining(["red", "blue", "white"]) },
        color_temp_kelvin: { type: "number", minimum: 1000, maximum: 10000 },
      },
      required: ["name", "action"],
    });
    expect(schemaOf("set_volume")).toMatchObject({
      properties: { level: { type: "number", minimum: 0, maximum: 100, description: "Volume in percent" } },
      required: ["name", "level"],
    });
    expect(schemaOf("get_datetime")).toEqual({ type: "object", properties: {}, additionalProperties: false });
  });
});

describe("get_datetime", () => {
  it("tells the time in the home's time zone", async () => {
    const { executor } = getDatetimeTool(mirror, () => new Date("2026-11-21T12:00:05Z"));
    const out = await executor({}, context());
    expect(out.isError).toBeFalsy();
    expect(out.text).toBe("It is Saturday 21 November 2026, 13:00 (Europe/Amsterdam, UTC+01:00).");
    expect(out.structuredContent).toMatchObject({ date: "2026-11-21", time: "13:00:05", source: "home" });
  });

  it("falls back to the machine's zone, and says so, without Home Assistant", async () => {
    const out = await getDatetimeTool(createUnconfiguredMirror()).executor({}, context());
    expect(out.text).toContain("Home Assistant is not connected, so this is the bridge machine's time zone");
    expect(out.structuredContent).toMatchObject({ source: "machine" });
  });
});

describe("search_entities", () => {
  it("lists ranked exposed matches with area, state and unit", async () => {
    const out = await call("search_entities", { query: "temperature" });
    expect(out.isError).toBeFalsy();
    expect(out.structuredContent?.matches).toEqual([
      {
        entity_id: "sensor.office_temperature",
        name: "Office Sensor Temperature",
        area: "Office",
        state: "21.5",
        unit: "°C",
      },
    ]);
    expect(out.text).toContain("Office Sensor Temperature (Office): 21.5 °C");
  });

  it("filters by domain and area, and never shows hidden entities", async () => {
    const lights = await call("search_entities", { query: "light", domain: "light", area: "Kitchen" });
    const ids = (lights.structuredContent?.matches as Array<{ entity_id: string }>).map((m) => m.entity_id);
    expect(ids).toContain("light.kitchen_light");
    expect(
      ids.every((id) => ["light.kitchen_light", "light.kitchen_ceiling", "light.kitchen_lamp"].includes(id)),
    ).toBe(true);

    const hidden = await call("search_entities", { query: "garage door opener" });
    expect(hidden).toMatchObject({
      isError: true,
      text: 'No entity exposed to Assist matches "garage door opener".',
    });
    const unknownArea = await call("search_entities", { query: "light", area: "Ballroom" });
    expect(unknownArea).toMatchObject({ isError: true, text: 'There is no area or floor named "Ballroom".' });
  });
});

describe("get_entity_state", () => {
  it("reads a state in words", async () => {
    const out = await call("get_entity_state", { name: "office sensor temperature" });
    expect(out).toMatchObject({ text: "Office Sensor Temperature is 21.5 °C" });
    const speaker = await call("get_entity_state", { name: "Living Room Speaker" });
    expect(speaker.text).toBe("Living Room Speaker is idle (volume 20 %)");
  });

  it("refuses entities not exposed to Assist, even by exact entity id", async () => {
    const out = await call("get_entity_state", { name: "switch.garage_door_opener" });
    expect(out.isError).toBe(true);
    expect(out.text).toContain("Garage Door Opener (switch.garage_door_opener) is not exposed to Assist");
  });

  it("lists the candidates when a name is ambiguous, and uses the speaker's area to decide", async () => {
    const out = await call("get_entity_state", { name: "ceiling light" });
    expect(out.isError).toBe(true);
    expect(out.text).toBe(
      '"ceiling light" could mean several entities: Ceiling Light in Bedroom (light.bedroom_ceiling), Ceiling Light in Kitchen (light.kitchen_ceiling). Which one?',
    );
    const fromBedroom = await call("get_entity_state", { name: "ceiling light" }, "bedroom_satellite");
    expect(fromBedroom.text).toBe("Ceiling Light is on (50 % brightness)");
  });

  it("says when nothing matches, and rejects bad arguments with the reason", async () => {
    expect(await call("get_entity_state", { name: "jacuzzi" })).toMatchObject({
      isError: true,
      text: 'No entity named "jacuzzi" is exposed to Assist.',
    });
    const bad = await call("get_entity_state", { device_name: "kettle" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/^Invalid arguments for get_entity_state: name: /);
  });
});

describe("control_entity", () => {
  it("turns a light on at a brightness and confirms from the state change", async () => {
    const out = await call("control_entity", { name: "Kitchen Light", action: "turn_on", brightness: 40 });
    expect(out).toMatchObject({
      text: "confirmed: Kitchen Light is on at 40 %",
      structuredContent: { confirmed: true },
    });
    expect(ha.serviceCalls).toEqual([
      {
        domain: "light",
        service: "turn_on",
        service_data: { brightness_pct: 40 },
        target: { entity_id: "light.kitchen_light" },
      },
    ]);
    expect(mirror.entity("light.kitchen_light")?.state).toBe("on");

    const off = await call("control_entity", { name: "counter lights", action: "toggle" });
    expect(off.text).toBe("confirmed: Kitchen Light is off");
  });

  it("says 'sent, but not confirmed' when the device does not report back", async () => {
    ha.setUnresponsive("fan.bedroom_fan", true);
    try {
      const { executor } = controlEntityTool(mirror, { confirmTimeoutMs: 300 });
      const out = await executor({ name: "bedroom fan", action: "turn_on" }, context());
      expect(out.isError).toBeFalsy();
      expect(out.text).toBe("sent, but Bedroom Fan has not confirmed (it still reports off)");
      expect(out.structuredContent).toMatchObject({ confirmed: false });
      expect(ha.serviceCalls).toHaveLength(1);
    } finally {
      ha.setUnresponsive("fan.bedroom_fan", false);
    }
  });

  it("refuses unexposed entities without calling Home Assistant", async () => {
    const out = await call("control_entity", { name: "switch.garage_door_opener", action: "turn_on" });
    expect(out.isError).toBe(true);
    expect(out.text).toContain("is not exposed to Assist");
    expect(ha.serviceCalls).toHaveLength(0);
  });

  it("refuses what cannot be switched, and brightness on a non-light", async () => {
    expect(
      await call("control_entity", { name: "office sensor temperature", action: "turn_on" }),
    ).toMatchObject({
      isError: true,
      text: "Office Sensor Temperature is a sensor; it can't be turned on or off.",
    });
    expect(await call("control_entity", { name: "kettle", action: "turn_on", brightness: 50 })).toMatchObject(
      {
        isError: true,
      },
    );
    expect(ha.serviceCalls).toHaveLength(0);
  });

  it("follows exposure changes made in Home Assistant", async () => {
    ha.setExposed("switch.garage_door_opener", true);
    await waitFor("the exposure", () => mirror.entity("switch.garage_door_opener")?.exposed === true);
    const out = await call("control_entity", { name: "Garage Door Opener", action: "turn_on" });
    expect(out.text).toBe("confirmed: Garage Door Opener is on");
    ha.setExposed("switch.garage_door_opener", false);
    await waitFor("the exposure", () => mirror.entity("switch.garage_door_opener")?.exposed === false);
  });
});

describe("set_volume", () => {
  it("sets volume_level = level / 100 and reports the new volume", async () => {
    const out = await call("set_volume", { name: "living room speaker", level: 35 });
    expect(out).toMatchObject({
      text: "Living Room Speaker volume is now 35 %",
      structuredContent: { confirmed: true },
    });
    expect(ha.serviceCalls).toEqual([
      {
        domain: "media_player",
        service: "volume_set",
        service_data: { volume_level: 0.35 },
        target: { entity_id: "media_player.living_room_speaker" },
      },
    ]);
    expect(mirror.entity("media_player.living_room_speaker")?.attributes.volume_level).toBe(0.35);
  });

  it("passes on Home Assistant's error", async () => {
    const out = await setVolumeTool(mirror, { confirmTimeoutMs: 300 }).executor(
      { name: "kitchen radio", level: 50 },
      context(),
    );
    expect(out).toMatchObject({
      isError: true,
      text: "media_player.volume_set: Entity media_player.kitchen_radio does not support action media_player.volume_set",
    });
  });

  it("rejects a level out of range before calling Home Assistant", async () => {
    const out = await call("set_volume", { name: "living room speaker", level: 150 });
    expect(out.isError).toBe(true);
    expect(out.text).toMatch(/^Invalid arguments for set_volume: level: /);
    expect(ha.serviceCalls).toHaveLength(0);
  });
});

describe("set_mute", () => {
  it("mutes and unmutes a player, confirmed by the state it reports", async () => {
    const muted = await call("set_mute", { name: "living room speaker", muted: true });
    expect(muted).toMatchObject({
      text: "Living Room Speaker is muted",
      structuredContent: { muted: true, confirmed: true },
    });
    expect(ha.serviceCalls).toEqual([
      {
        domain: "media_player",
        service: "volume_mute",
        service_data: { is_volume_muted: true },
        target: { entity_id: "media_player.living_room_speaker" },
      },
    ]);
    const unmuted = await call("set_mute", { name: "living room speaker", muted: false });
    expect(unmuted).toMatchObject({
      text: "Living Room Speaker is unmuted",
      structuredContent: { confirmed: true },
    });
    expect(mirror.entity("media_player.living_room_speaker")?.attributes.is_volume_muted).toBe(false);
  });

  it("passes on Home Assistant's error for a player that cannot mute", async () => {
    const out = await call("set_mute", { name: "kitchen radio", muted: true });
    expect(out).toMatchObject({
      isError: true,
      text: "media_player.volume_mute: Entity media_player.kitchen_radio does not support action media_player.volume_mute",
    });
  });

  it("is only for media players", async () => {
    const out = await call("set_mute", { name: "kettle", muted: true });
    expect(out.isError).toBe(true);
    expect(ha.serviceCalls).toHaveLength(0);
  });
});

describe("without Home Assistant", () => {
  it("every HA tool says why it cannot answer", async () => {
    const none = createUnconfiguredMirror();
    for (const { definition, executor } of homeTools(none)) {
      if (definition.name === "get_datetime") continue;
      const action = definition.name === "lock_entity" ? "lock" : "turn_on";
      const args = { name: "kitchen light", query: "kitchen light", action, level: 10, muted: true };
      const out = await executor(args, context());
      expect(out.isError, definition.name).toBe(true);
      expect(out.text, definition.name).toContain("Home Assistant is not configured");
    }
  });

  it("reads stale states with a warning while disconnected, and refuses to act", async () => {
    const local = await startFakeHa();
    const m = createHomeMirror({
      url: local.url,
      token: "good-token",
      logger: captureLogger().logger,
      retry: { initialMs: 100, maxMs: 200 },
    });
    try {
      await waitFor("the first sync", () => !m.status().stale);
      local.down();
      await waitFor("the disconnect", () => !m.status().connected);
      const [, , getState, control] = homeTools(m);
      const read = await getState!.executor({ name: "kettle" }, context());
      expect(read.text).toBe(
        "Kettle is off (Home Assistant is not connected right now, so this was the last known state)",
      );
      const act = await control!.executor({ name: "kettle", action: "turn_on" }, context());
      expect(act.isError).toBe(true);
      expect(act.text).toContain("lost the connection to Home Assistant");
    } finally {
      await m.close();
      await local.close();
    }
  });
});
