import { describe, expect, it } from "vitest";
import type { EntityState } from "../../src/ha/home-data.js";
import { looksLikeEntityId, nameTokens } from "../../src/ha/names.js";
import { normalizeName } from "../../src/spoken-name.js";
import { entitiesEventSchema } from "../../src/ha/schemas.js";
import { applyEntitiesEvent } from "../../src/ha/states.js";

const apply = (states: Map<string, EntityState>, raw: unknown) =>
  applyEntitiesEvent(states, entitiesEventSchema.parse(raw));

describe("compressed subscribe_entities events", () => {
  it("adds, diffs and removes entities as subscribe_entities events say", () => {
    const states = new Map<string, EntityState>();
    const added = apply(states, {
      a: {
        "light.x": {
          s: "on",
          a: { brightness: 255, rgb_color: [1, 2, 3], friendly_name: "X" },
          c: "01J",
          lc: 100,
          lu: 101,
        },
      },
    });
    expect(added).toEqual({ changed: ["light.x"], namesChanged: true });
    expect(states.get("light.x")).toEqual({
      state: "on",
      attributes: { brightness: 255, rgb_color: [1, 2, 3], friendly_name: "X" },
      lastChanged: 100,
      lastUpdated: 101,
    });

    const diff = apply(states, {
      c: {
        "light.x": { "+": { s: "off", lc: 200, c: "01K", a: { brightness: 0 } }, "-": { a: ["rgb_color"] } },
      },
    });
    expect(diff).toEqual({ changed: ["light.x"], namesChanged: false });
    expect(states.get("light.x")).toEqual({
      state: "off",
      attributes: { brightness: 0, friendly_name: "X" },
      lastChanged: 200,
      lastUpdated: 200,
    });

    apply(states, { c: { "light.x": { "+": { lu: 250 } } } });
    expect(states.get("light.x")).toMatchObject({ lastChanged: 200, lastUpdated: 250 });

    expect(apply(states, { c: { "light.x": { "+": { a: { friendly_name: "Y" } } } } }).namesChanged).toBe(
      true,
    );
    // A diff for an unknown entity cannot be expanded and is skipped.
    expect(apply(states, { c: { "light.unknown": { "+": { s: "on" } } } }).changed).toEqual([]);

    expect(apply(states, { r: ["light.x"] })).toEqual({ changed: ["light.x"], namesChanged: true });
    expect(states.size).toBe(0);
  });
});

describe("name normalisation", () => {
  it("ignores case, accents, punctuation, underscores and a leading 'the'", () => {
    expect(normalizeName("The Kitchen_Light!")).toBe("kitchen light");
    expect(normalizeName("  Anna's  Café-Lamp ")).toBe("annas cafe lamp");
    expect(normalizeName("Theatre")).toBe("theatre");
  });

  it("splits into meaningful words with plurals folded", () => {
    expect(nameTokens(normalizeName("the lights in the living room"))).toEqual(["light", "living", "room"]);
    expect(nameTokens("glass blinds")).toEqual(["glass", "blind"]);
  });

  it("recognises entity ids", () => {
    expect(looksLikeEntityId("light.kitchen_ceiling")).toBe(true);
    expect(looksLikeEntityId("kitchen ceiling")).toBe(false);
  });
});
