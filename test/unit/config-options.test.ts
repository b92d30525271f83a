import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadOptions, parseOptions } from "../../src/config/load.js";

function problemWith(raw: unknown): ConfigError {
  try {
    parseOptions(raw, "options.json");
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error("the options were accepted");
}

describe("MCP server names", () => {
  it.each(["builtin", "zwave", "Builtin", "ZWAVE"])(
    "refuses '%s', which the bridge's own tools use, naming the option",
    (name) => {
      const error = problemWith({ mcp_servers: [{ name, command: "my-server" }] });
      expect(error.message).toContain("mcp_servers.0.name");
      expect(error.message).toContain(`'${name}' is reserved`);
    },
  );

  it("refuses two servers with the same name, in any case, naming the second", () => {
    const error = problemWith({
      mcp_servers: [
        { name: "files", command: "a" },
        { name: "weather", url: "http://weather.local/mcp" },
        { name: "Files", command: "b" },
      ],
    });
    expect(error.message).toContain("mcp_servers.2.name");
    expect(error.message).toContain("'Files' is already the name of another MCP server");
  });

  it("refuses them from the environment too", () => {
    expect(() =>
      loadOptions([], { MCP_SERVERS: JSON.stringify([{ name: "builtin", command: "x" }]) }, "/nonexistent"),
    ).toThrow(/MCP_SERVERS|mcp_servers\.0\.name/);
  });

  it("accepts distinct names of the user's own", () => {
    const options = parseOptions(
      {
        mcp_servers: [
          { name: "files", command: "a" },
          { name: "zwave2", command: "b" },
        ],
      },
      "options.json",
    );
    expect(options.mcp_servers.map((s) => s.name)).toEqual(["files", "zwave2"]);
  });
});

describe("an option value that cannot be read", () => {
  it("is a ConfigError naming the option, not an unhandled exception", () => {
    const error = problemWith({ mcp_servers: [{ name: "files", command: "npx", args: "a | b" }] });
    expect(error.message).toContain("mcp_servers.0.args");
    expect(error.message).toContain("shell operators");
  });
});

describe("where options come from", () => {
  const dir = mkdtempSync(join(tmpdir(), "options-"));
  const file = (options: Record<string, unknown>) => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify(options));
    return path;
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("--options FILE: the environment overrides the file key by key, and the keys it set are named", () => {
    const path = file({ language: "en", llm_provider: "local", wyoming_port: 10600 });
    const loaded = loadOptions(
      ["--options", path],
      { LANGUAGE: "de", WYOMING_PORT: "10700" },
      "/nonexistent",
    );
    expect(loaded.options.language).toBe("de");
    expect(loaded.options.wyoming_port).toBe(10700);
    expect(loaded.options.llm_provider).toBe("local");
    expect(loaded.fromEnvironment.sort()).toEqual(["language", "wyoming_port"]);
  });

  it("under Supervisor, /data/options.json alone: the container's environment is not the user's", () => {
    const path = file({ language: "en" });
    const loaded = loadOptions([], { LANGUAGE: "de" }, path);
    expect(loaded.options.language).toBe("en");
  });

  it("names a misspelt key with the closest valid one, and still starts", () => {
    const path = file({ lanugage: "de", llm_provder: "local", something_else_entirely: 1 });
    const loaded = loadOptions(["--options", path], {}, "/nonexistent");
    expect(loaded.options.language).toBe("en");
    expect(loaded.warnings).toEqual([
      expect.stringMatching(/'lanugage' is not an option.*did you mean 'language'\?$/),
      expect.stringMatching(/'llm_provder' is not an option.*did you mean 'llm_provider'\?$/),
      expect.stringMatching(/'something_else_entirely' is not an option, so it is ignored$/),
    ]);
  });
});

describe("options from the environment", () => {
  const defaults = parseOptions({}, "defaults") as Record<string, unknown>;

  it("LLM_ONE_ROUND=false turns one-round mode off instead of failing", () => {
    expect(loadOptions([], { LLM_ONE_ROUND: "false" }, "/nonexistent").options.llm_one_round).toBe(false);
  });

  it.each(Object.keys(defaults).filter((key) => typeof defaults[key] === "boolean"))(
    "%s: every boolean option reads true/false, yes/no, on/off and 1/0",
    (key) => {
      for (const [text, value] of [
        ["true", true],
        ["No", false],
        ["on", true],
        ["0", false],
      ] as const) {
        const options = loadOptions([], { [key.toUpperCase()]: text }, "/nonexistent").options;
        expect((options as Record<string, unknown>)[key]).toBe(value);
      }
    },
  );

  it.each(Object.keys(defaults).filter((key) => typeof defaults[key] === "number"))(
    "%s: every number option reads a number",
    (key) => {
      // 42 is within the range of ports and steps in percent; a model's context is thousands of tokens.
      const value = key === "llm_context" ? 4096 : 42;
      const options = loadOptions([], { [key.toUpperCase()]: String(value) }, "/nonexistent").options;
      expect((options as Record<string, unknown>)[key]).toBe(value);
    },
  );

  it.each(Object.keys(defaults).filter((key) => Array.isArray(defaults[key])))(
    "%s: every list option reads JSON, and says so when it is not",
    (key) => {
      expect(
        (loadOptions([], { [key.toUpperCase()]: "[]" }, "/nonexistent").options as Record<string, unknown>)[
          key
        ],
      ).toEqual([]);
      expect(() => loadOptions([], { [key.toUpperCase()]: "not json" }, "/nonexistent")).toThrow(
        `${key.toUpperCase()} must be a JSON list`,
      );
    },
  );

  it("a boolean it cannot read is an error naming the option, not a silent default", () => {
    expect(() => loadOptions([], { CONFIRM_DESTRUCTIVE: "maybe" }, "/nonexistent")).toThrow(
      /confirm_destructive/,
    );
  });
});
