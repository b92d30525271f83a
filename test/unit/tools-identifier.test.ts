import { describe, expect, it } from "vitest";
import { toolIdentifierSchema } from "../../src/tools/identifier.js";
import { describeIssues } from "../../src/shared/zod-issues.js";

function errorOf(input: unknown): string {
  const result = toolIdentifierSchema.safeParse(input);
  if (result.success) throw new Error("expected a validation error");
  return describeIssues(result.error);
}

describe("structured tool identifier (seed: Align Tool Identifier Property with MCP SDK Naming)", () => {
  it("accepts {toolbox, server, name}", () => {
    expect(
      toolIdentifierSchema.parse({ toolbox: "home", server: "zwave", name: "list_zwave_devices" }),
    ).toEqual({
      toolbox: "home",
      server: "zwave",
      name: "list_zwave_devices",
    });
  });

  it("rejects empty fields with a message naming each one", () => {
    expect(errorOf({ toolbox: "", server: "zwave", name: "x" })).toBe(
      "toolbox: Toolbox name cannot be empty",
    );
    expect(errorOf({ toolbox: "home", server: "", name: "x" })).toBe("server: Server name cannot be empty");
    expect(errorOf({ toolbox: "home", server: "zwave", name: "" })).toBe("name: Tool name cannot be empty");
  });

  it("says Required for a missing field", () => {
    expect(errorOf({ toolbox: "home", server: "zwave" })).toBe("name: Required");
  });

  it("rejects the old {tool} shape with the unrecognised key named", () => {
    expect(errorOf({ toolbox: "home", server: "zwave", tool: "x" })).toContain(
      "Unrecognized key(s) in object: 'tool'",
    );
  });
});
