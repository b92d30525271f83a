import { describe, expect, it } from "vitest";
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
