import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  TOPIC_STYLES,
  nodeTopic,
  parseValueTopic,
  sanitizeTopic,
  valueTopic,
  type TopicStyle,
} from "../../src/zwave/transports/mqtt/topics.js";
import type { ValueId } from "../../src/zwave/model.js";

const valueIdStyle: TopicStyle = { mode: "valueid", nodeNames: true, includeLocation: true };
const namedStyle: TopicStyle = { mode: "named", nodeNames: true, includeLocation: true };

describe("sanitizeTopic (as Z-Wave JS UI names topics)", () => {
  it("deletes characters instead of replacing them, and turns spaces into underscores", () => {
    expect(sanitizeTopic("Kid's Lamp")).toBe("Kids_Lamp");
    expect(sanitizeTopic("Lamp (big)")).toBe("Lamp_big");
    expect(sanitizeTopic("Café")).toBe("Café");
    expect(sanitizeTopic("Łazienka")).toBe("azienka");
  });

  it("keeps a slash in a location, which adds a topic level", () => {
    expect(nodeTopic({ id: 5, name: "Lamp", loc: "Floor1/Kitchen" }, valueIdStyle)).toBe(
      "Floor1/Kitchen/Lamp",
    );
  });
});

describe("valueTopic", () => {
  it("builds ValueID topics with names, locations and numeric keys", () => {
    const node = { id: 7, name: "Plug", loc: "Living Room" };
    expect(
      valueTopic(
        "zwave",
        node,
        { commandClass: 50, endpoint: 0, property: "value", propertyKey: 65537 },
        valueIdStyle,
      ),
    ).toBe("zwave/Living_Room/Plug/50/0/value/65537");
    expect(
      valueTopic(
        "zwave",
        node,
        { commandClass: 37, endpoint: 0, property: "currentValue" },
        {
          mode: "valueid",
          nodeNames: false,
          includeLocation: false,
        },
      ),
    ).toBe("zwave/7/37/0/currentValue");
  });

  it("builds Named topics with snake_case CC names and endpoint_0 always present", () => {
    const node = { id: 9, name: "Thermostat Kleiderzimmer", loc: "Kleiderzimmer" };
    expect(
      valueTopic(
        "zwave",
        node,
        { commandClass: 67, endpoint: 0, property: "setpoint", propertyKey: 1 },
        namedStyle,
      ),
    ).toBe("zwave/Kleiderzimmer/Thermostat_Kleiderzimmer/thermostat_setpoint/endpoint_0/setpoint/1");
    expect(
      valueTopic("zwave", { id: 3, name: "" }, { commandClass: 999, endpoint: 2, property: "x" }, namedStyle),
    ).toBe("zwave/nodeID_3/unknownClass_999/endpoint_2/x");
  });

  it("uses propertyName in Named mode and sanitises sensor names", () => {
    const v = { commandClass: 49, endpoint: 0, property: "Air temperature", propertyName: "Air temperature" };
    expect(valueTopic("zwave", { id: 4, name: "Sensor" }, v, namedStyle)).toBe(
      "zwave/Sensor/sensor_multilevel/endpoint_0/Air_temperature",
    );
  });
});

describe("parseValueTopic is the inverse of valueTopic", () => {
  const topicSafe = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/);
  const valueId = fc.record(
    {
      commandClass: fc.constantFrom(37, 38, 49, 50, 64, 67, 98, 113, 128),
      endpoint: fc.integer({ min: 0, max: 5 }),
      property: topicSafe,
      propertyKey: fc.oneof(topicSafe, fc.integer({ min: 0, max: 70000 })),
    },
    { requiredKeys: ["commandClass", "endpoint", "property"] },
  );
  const node = fc.record({
    id: fc.integer({ min: 2, max: 232 }),
    name: topicSafe,
    loc: fc.option(
      fc.oneof(
        topicSafe,
        fc.tuple(topicSafe, topicSafe).map(([a, b]) => `${a}/${b}`),
      ),
      { nil: undefined },
    ),
  });

  it("round-trips every style, with and without location, when the node is known", () => {
    fc.assert(
      fc.property(node, valueId, fc.constantFrom(...TOPIC_STYLES), (n, v: ValueId, style) => {
        const topic = valueTopic("zwave", n, v, style);
        const parsed = parseValueTopic(topic, "zwave", style.mode, new Set([nodeTopic(n, style)]));
        expect(parsed).toEqual({ node: nodeTopic(n, style), valueId: v });
      }),
    );
  });

  it("tells a propertyKey from a deeper node path without knowing the node when the property is a word", () => {
    expect(parseValueTopic("zwave/Kitchen/Plug/50/0/value/65537", "zwave", "valueid")).toEqual({
      node: "Kitchen/Plug",
      valueId: { commandClass: 50, endpoint: 0, property: "value", propertyKey: 65537 },
    });
    expect(parseValueTopic("zwave/Kitchen/Lamp/38/0/currentValue", "zwave", "valueid")).toEqual({
      node: "Kitchen/Lamp",
      valueId: { commandClass: 38, endpoint: 0, property: "currentValue" },
    });
  });

  it("rejects topics that are not value topics", () => {
    expect(parseValueTopic("zwave/Lamp/status", "zwave", "valueid")).toBeUndefined();
    expect(parseValueTopic("other/Lamp/37/0/currentValue", "zwave", "valueid")).toBeUndefined();
    expect(parseValueTopic("zwave/Lamp/no_such_class/endpoint_0/x", "zwave", "named")).toBeUndefined();
  });
});
