import { describe, expect, it } from "vitest";
import { presentNames, PROVIDER_SAFE_NAME, sanitizeName } from "../../src/tools/naming.js";
import { createNameLookup } from "../../src/tools/name-lookup.js";

const key = (server: string, name: string) => `${server}\u0000${name}`;

function presented(tools: Array<[string, string]>) {
  const names = presentNames(tools.map(([server, name]) => ({ server, name })));
  return Object.fromEntries(
    tools.map(([server, name]) => [`${server}/${name}`, names.get(key(server, name))?.name]),
  );
}

function lookupFor(tools: Array<[string, string]>) {
  const names = presentNames(tools.map(([server, name]) => ({ server, name })));
  return createNameLookup(
    tools.map(([server, tool]) => ({ server, tool, presented: names.get(key(server, tool))?.name ?? tool })),
  );
}

describe("names the LLM sees (seed: Tool Naming Fix)", () => {
  it("seed scenario 1: tools with unique names are presented as they are", () => {
    expect(
      presented([
        ["Weather", "get_forecast"],
        ["Weather", "get_alerts"],
        ["Database", "run_query"],
        ["Database", "list_tables"],
      ]),
    ).toEqual({
      "Weather/get_forecast": "get_forecast",
      "Weather/get_alerts": "get_alerts",
      "Database/run_query": "run_query",
      "Database/list_tables": "list_tables",
    });
  });

  it("seed scenario 2: a name two servers share is namespaced with __ for every holder, others stay plain", () => {
    expect(
      presented([
        ["Weather", "search"],
        ["Weather", "get_forecast"],
        ["Database", "search"],
        ["Database", "run_query"],
      ]),
    ).toEqual({
      "Weather/search": "Weather__search",
      "Weather/get_forecast": "get_forecast",
      "Database/search": "Database__search",
      "Database/run_query": "run_query",
    });
  });

  it("seed scenario 3: a lookup finds a shared tool in every form a model sends back", () => {
    const lookup = lookupFor([
      ["Weather", "search"],
      ["Database", "search"],
      ["Database", "run_query"],
    ]);
    for (const form of [
      "Weather__search",
      "Weather:search",
      "Weather.search",
      "Weather/search",
      "mcp__Weather__search",
      "weather__SEARCH",
    ]) {
      expect(lookup.lookup(form), form).toEqual({ found: expect.objectContaining({ server: "Weather" }) });
    }
    expect(lookup.lookup("Database:search")).toEqual({
      found: expect.objectContaining({ server: "Database" }),
    });
    expect(lookup.lookup("run_query")).toEqual({ found: expect.objectContaining({ tool: "run_query" }) });
    expect(lookup.lookup("RUN_QUERY")).toEqual({ found: expect.objectContaining({ tool: "run_query" }) });
  });

  it("an ambiguous bare name is reported with its candidates, never guessed", () => {
    const result = lookupFor([
      ["Weather", "search"],
      ["Database", "search"],
    ]).lookup("search");
    expect(result).toHaveProperty("ambiguous");
    if ("ambiguous" in result) {
      expect(result.ambiguous.map((e) => e.presented).sort()).toEqual([
        "Database__search",
        "Weather__search",
      ]);
    }
  });

  it("names with characters providers reject are sanitised to _ and still found by their own name", () => {
    expect(sanitizeName("light.turn_on")).toBe("light_turn_on");
    expect(presented([["home", "light.turn_on"]])).toEqual({ "home/light.turn_on": "light_turn_on" });
    const lookup = lookupFor([["home", "light.turn_on"]]);
    expect(lookup.lookup("light.turn_on")).toEqual({
      found: expect.objectContaining({ tool: "light.turn_on" }),
    });
    expect(lookup.lookup("home.light.turn_on")).toEqual({
      found: expect.objectContaining({ tool: "light.turn_on" }),
    });
  });

  it("two different tools whose names sanitise alike get distinct names", () => {
    const names = presented([
      ["a", "x.y"],
      ["b", "x_y"],
    ]);
    expect(names["a/x.y"]).not.toEqual(names["b/x_y"]);
    for (const name of Object.values(names)) expect(name).toMatch(PROVIDER_SAFE_NAME);
  });

  it("long names are cut to 64 characters with a stable hash and stay unique", () => {
    const long = "x".repeat(80);
    const names = presented([
      ["server_one", long],
      ["server_two", long],
      ["server_one", `${long}_other`],
    ]);
    const values = Object.values(names) as string[];
    expect(new Set(values).size).toBe(3);
    for (const name of values) expect(name).toMatch(PROVIDER_SAFE_NAME);
    expect(presented([["server_one", long]])).toEqual(presented([["server_one", long]]));
  });

  it("presented names depend only on the set of tools, not on the order servers connected", () => {
    const tools: Array<[string, string]> = [
      ["Weather", "search"],
      ["Database", "search"],
      ["Files", "a.b"],
      ["Other", "a_b"],
      ["Database", "y".repeat(70)],
    ];
    const forward = presented(tools);
    const backward = presented([...tools].reverse());
    expect(backward).toEqual(forward);
  });
});
