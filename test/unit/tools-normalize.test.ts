import { describe, expect, it } from "vitest";
import { createArgumentNormalizer, snakeToCamel } from "../../src/tools/normalize.js";
import { buildStaticMappings } from "../../src/tools/static-mappings.js";
import type { JsonSchema } from "../../src/tools/types.js";

const controlSchema: JsonSchema = {
  type: "object",
  properties: {
    deviceName: { type: "string" },
    action: { type: "string", enum: ["on", "off", "dim"] },
    level: { type: "number", minimum: 0, maximum: 100 },
  },
  required: ["deviceName", "action"],
};

const zwaveMappings = buildStaticMappings()("zwave", "control_zwave_device");

describe("argument normalisation (seed: MCP Tool Parameter Name Normalization)", () => {
  it("applies the built-in mappings first", () => {
    const n = createArgumentNormalizer(controlSchema, zwaveMappings);
    expect(n.normalize({ device_name: "Switch One", command: "on" }).args).toEqual({
      deviceName: "Switch One",
      action: "on",
    });
    expect(n.normalize({ device_name: "Kitchen", command: "dim", brightness: 40 }).args).toEqual({
      deviceName: "Kitchen",
      action: "dim",
      level: 40,
    });
  });

  it("user parameter_mappings extend the built-in table", () => {
    const mappings = buildStaticMappings([{ tool: "control_zwave_device", from: "state", to: "action" }]);
    const n = createArgumentNormalizer(controlSchema, mappings("zwave", "control_zwave_device"));
    expect(n.normalize({ deviceName: "A", state: "off" }).args).toEqual({ deviceName: "A", action: "off" });
  });

  it("turns snake_case into camelCase when the camel name is in the schema", () => {
    expect(snakeToCamel("device__name")).toBe("deviceName");
    expect(snakeToCamel("device_name_id")).toBe("deviceNameId");
    const n = createArgumentNormalizer({
      type: "object",
      properties: { entityId: { type: "string" }, brightnessPct: { type: "number" } },
    });
    expect(n.normalize({ entity_id: "light.x", brightness__pct: 5 }).args).toEqual({
      entityId: "light.x",
      brightnessPct: 5,
    });
  });

  it("camelCases every snake name when the schema declares no properties", () => {
    const n = createArgumentNormalizer({ type: "object", properties: {} });
    expect(n.normalize({ device_name_id: 7, level: 3 }).args).toEqual({ deviceNameId: 7, level: 3 });
  });

  it("never breaks a snake_case server: its snake_case arguments arrive untouched", () => {
    const n = createArgumentNormalizer({
      type: "object",
      properties: { entity_id: { type: "string" }, brightness_pct: { type: "number" } },
    });
    const args = { entity_id: "light.x", brightness_pct: 20 };
    const outcome = n.normalize(args);
    expect(outcome.args).toEqual(args);
    expect(outcome.changed).toBe(false);
  });

  it("turns camelCase into snake_case when only the snake name exists", () => {
    const n = createArgumentNormalizer({ type: "object", properties: { entity_id: { type: "string" } } });
    expect(n.normalize({ entityId: "light.x" }).args).toEqual({ entity_id: "light.x" });
  });

  it("passes names without underscores unchanged", () => {
    const n = createArgumentNormalizer(controlSchema, zwaveMappings);
    const outcome = n.normalize({ deviceName: "A", action: "on", level: 10 });
    expect(outcome.changed).toBe(false);
    expect(outcome.args).toEqual({ deviceName: "A", action: "on", level: 10 });
  });

  it("keeps the explicit name when an alias collides with it, and reports the dropped alias", () => {
    const n = createArgumentNormalizer(controlSchema, zwaveMappings);
    const outcome = n.normalize({ device_name: "Alias", deviceName: "Explicit", action: "on" });
    expect(outcome.args).toEqual({ deviceName: "Explicit", action: "on" });
    expect(outcome.collisions).toEqual([
      "both 'device_name' and 'deviceName' were sent; kept 'deviceName' and dropped 'device_name'",
    ]);
  });

  it("coerces numeric strings to numbers and true/false strings to booleans", () => {
    const n = createArgumentNormalizer({
      type: "object",
      properties: { level: { type: "number" }, count: { type: "integer" }, force: { type: "boolean" } },
    });
    expect(n.normalize({ level: "50", count: "3", force: "TRUE" }).args).toEqual({
      level: 50,
      count: 3,
      force: true,
    });
    expect(n.normalize({ force: "false" }).args).toEqual({ force: false });
  });

  it("gives an enum value in the wrong case the enum's case", () => {
    const n = createArgumentNormalizer(controlSchema, zwaveMappings);
    expect(n.normalize({ deviceName: "A", action: "ON" }).args).toEqual({ deviceName: "A", action: "on" });
  });

  it("guesses nothing else", () => {
    const n = createArgumentNormalizer({
      type: "object",
      properties: {
        level: { type: "number" },
        force: { type: "boolean" },
        count: { type: "integer" },
        name: { type: "string" },
      },
    });
    const args = { level: "fifty", force: "yes", count: "2.5", name: "42" };
    expect(n.normalize(args).args).toEqual(args);
  });
});
