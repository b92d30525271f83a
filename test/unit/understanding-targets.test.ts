// The target resolver on its own, with Z-Wave devices as the catalog lists them and no Home
// Assistant (the unconfigured mirror): what a phrase names, in the words people use.
import { describe, expect, it } from "vitest";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { scopeFor } from "../../src/understanding/scopes.js";
import { createTargetResolver, type ResolveContext } from "../../src/understanding/targets.js";
import type { ZwaveTarget as ZwaveDevice } from "../../src/zwave-host/zwave-target.js";

const device = (nodeId: number, name: string, location = ""): ZwaveDevice => ({
  nodeId,
  endpoint: 0,
  homeId: 0xc0ffee,
  name,
  nodeName: name,
  location,
  state: "online",
  function: "switch",
  coverType: null,
  wholeNode: true,
  commandClasses: [37],
  on: false,
  level: null,
  value: "off",
  reports: {},
});

function context(language: string, devices: ZwaveDevice[]): ResolveContext {
  const mirror = createUnconfiguredMirror();
  return {
    grammar: GRAMMARS[language]!,
    mirror,
    areas: () => [],
    exposed: () => [],
    devices,
    scope: scopeFor("turn_on"),
  };
}

describe("target resolver", () => {
  it.each([
    ["en", "switch 1", "Switch One", "Switch Two"],
    ["en", "switch one", "Switch 1", "Switch 2"],
    ["de", "schalter 2", "Schalter Zwei", "Schalter Drei"],
    ["fr", "prise deux", "Prise 2", "Prise 3"],
    ["de", "schalter einundzwanzig", "Schalter 21", "Schalter 20"],
    ["nl", "schakelaar vijfenveertig", "Schakelaar 45", "Schakelaar 40"],
  ])("%s: %j names %j, not %j: a number said either way", (language, phrase, name, other) => {
    const devices = [device(5, name), device(6, other), device(7, "Kitchen Light", "Kitchen")];
    const resolved = createTargetResolver(GRAMMARS[language]!).resolve(context(language, devices), phrase);
    expect(resolved).toMatchObject({ kind: "one", target: { source: "zwave", device: { nodeId: 5 } } });
  });

  it("a number that names no device finds nothing rather than a near one", () => {
    const devices = [device(5, "Switch One"), device(7, "Switch Three")];
    const resolved = createTargetResolver(GRAMMARS.en!).resolve(context("en", devices), "switch 2");
    expect(resolved.kind).not.toBe("one");
  });

  it("es: an area named like a 'here' word is that area, not the speaker's", () => {
    const devices = [device(5, "Calefactor", "Habitación"), device(6, "Calefactor", "Cocina")];
    const resolver = createTargetResolver(GRAMMARS.es!);
    const resolved = resolver.resolve(context("es", devices), "calefactor de la habitación");
    expect(resolved).toMatchObject({ kind: "one", target: { source: "zwave", device: { nodeId: 5 } } });
  });
});
