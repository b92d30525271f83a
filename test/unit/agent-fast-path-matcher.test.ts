import { describe, expect, it } from "vitest";
import { english } from "../../src/agent/fast-path/grammar.js";
import { createMatcher } from "../../src/agent/fast-path/matcher.js";

const matcher = createMatcher(english);

describe("fast-path grammar (English)", () => {
  it.each([
    ["Turn on the kitchen light", { intent: "turn_on", name: "kitchen light" }],
    ["please switch the kitchen light on.", { intent: "turn_on", name: "kitchen light" }],
    ["Turn off Switch One", { intent: "turn_off", name: "switch one" }],
    ["shut off the fan", { intent: "turn_off", name: "fan" }],
    ["toggle the dimmer in the kitchen", { intent: "toggle", name: "dimmer", area: "kitchen" }],
    ["dim the kitchen light to 40%", { intent: "set_level", name: "kitchen light", level: 40 }],
    ["set the kitchen light to 75 percent", { intent: "set_level", name: "kitchen light", level: 75 }],
    ["set the brightness of the lamp to 10", { intent: "set_level", name: "lamp", level: 10 }],
    [
      "What's the temperature in the office?",
      { intent: "query_sensor", name: "office", sensor: "temperature" },
    ],
    [
      "how warm is it in the living room",
      { intent: "query_sensor", name: "living room", sensor: "temperature" },
    ],
    [
      "what is the humidity in the bathroom",
      { intent: "query_sensor", name: "bathroom", sensor: "humidity" },
    ],
    ["is the kitchen light on?", { intent: "query_state", name: "kitchen light" }],
    ["Turn on Kid’s Lamp", { intent: "turn_on", name: "kid's lamp" }],
  ])("understands %j", (sentence, expected) => {
    expect(matcher.match(sentence)).toEqual(expected);
  });

  it.each([
    "what's the weather like",
    "tell me a joke",
    "set the kitchen light to 150 percent",
    "dim the lights",
  ])("leaves %j to the LLM", (sentence) => {
    expect(matcher.match(sentence)).toBeUndefined();
  });
});
