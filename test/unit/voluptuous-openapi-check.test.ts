// The voluptuous-openapi 0.4.1 check against the library's own documented behaviour (its
// tests/test_lib.py at tag 0.4.1): what convert_to_voluptuous refuses, and how the result validates.
import { describe, expect, it } from "vitest";
import {
  convertToVoluptuous,
  VoluptuousConversionError,
  VoluptuousInvalid,
} from "../support/voluptuous-openapi-check.js";

const refuses = (schema: unknown) =>
  expect(() => convertToVoluptuous(schema), JSON.stringify(schema)).toThrow(VoluptuousConversionError);

describe("convert_to_voluptuous 0.4.1", () => {
  it("refuses what the library raises on", () => {
    refuses({});
    refuses({ type: "unknown" });
    refuses("a");
    refuses({ oneOf: ["integer"] });
    refuses({ oneOf: "integer" });
    refuses({ type: "integer", multipleOf: 2 });
    refuses({ type: "array", items: { minItems: 1 } });
    refuses({ type: "array" });
    refuses({ type: "object", allOf: [{ properties: {} }] });
    refuses({ type: "array", uniqueItems: true, items: { type: "string" } });
    refuses({ type: [] });
    refuses({ type: "object", properties: { x: {} } });
    refuses({ type: "object", properties: { x: true } });
    refuses({ type: "object", additionalProperties: {} });
    refuses({ type: "string", pattern: "^\\p{L}+$" });
  });

  it("accepts what the library converts: enums without a type, type lists, oneOf, $ref, bounds", () => {
    for (const schema of [
      { enum: ["a", "b"] },
      { type: ["string", "null"] },
      { type: "array", items: { oneOf: [{ type: "string" }, { type: "integer" }] }, minItems: 1 },
      { type: "object", properties: { age: { $ref: "#/$defs/Age" } }, $defs: { Age: { type: "integer" } } },
      { type: "object", properties: { a: { type: "string" } }, anyOf: [{ required: ["a"] }] },
      { type: "string", format: "date-time" },
      { type: "null" },
    ]) {
      expect(() => convertToVoluptuous(schema), JSON.stringify(schema)).not.toThrow();
    }
  });

  it("validates as voluptuous does: Python types, extra keys refused, required keys, datetime format", () => {
    expect(() => convertToVoluptuous({ type: "number" })(5)).toThrow(VoluptuousInvalid);
    expect(convertToVoluptuous({ type: "number" })(5.5)).toBe(5.5);
    expect(convertToVoluptuous({ type: "integer" })(true)).toBe(true);
    const object = convertToVoluptuous({
      type: "object",
      properties: { name: { type: "string" }, n: { type: "integer", minimum: 1 } },
      required: ["name"],
    });
    expect(object({ name: "x", n: 2 })).toEqual({ name: "x", n: 2 });
    expect(() => object({ name: "x", other: 1 })).toThrow(/extra keys not allowed/);
    expect(() => object({ n: 2 })).toThrow(/required key not provided/);
    expect(() => object({ name: "x", n: 0 })).toThrow(/at least 1/);
    const datetime = convertToVoluptuous({ type: "string", format: "date-time" });
    expect(datetime("2025-01-01T12:32:55.11Z")).toBe("2025-01-01T12:32:55.11Z");
    expect(() => datetime("2021-01-01")).toThrow(VoluptuousInvalid);
    expect(() => datetime("2025-01-01T12:32:55Z")).toThrow(VoluptuousInvalid);
    const list = convertToVoluptuous({
      type: "array",
      items: { oneOf: [{ type: "string" }, { type: "integer" }] },
    });
    expect(list(["a", 1])).toEqual(["a", 1]);
    expect(() => list("abc")).toThrow(VoluptuousInvalid);
    const ref = convertToVoluptuous({ type: "object", properties: { x: { $ref: "#/$defs/missing" } } });
    // A $ref is resolved lazily: conversion passes, the first call that uses it fails.
    expect(() => ref({ x: 1 })).toThrow(VoluptuousConversionError);
  });
});
