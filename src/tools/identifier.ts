import { z } from "zod";

function requiredName(what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : `${what} must be a string`) })
    .trim()
    .min(1, `${what} cannot be empty`);
}

/**
 * The structured tool identifier used by `use_tool`: strict, so a client still sending the
 * old `{tool: …}` shape gets told exactly which key is wrong.
 */
export const toolIdentifierSchema = z.strictObject(
  {
    toolbox: requiredName("Toolbox name"),
    server: requiredName("Server name"),
    name: requiredName("Tool name"),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unrecognized key(s) in object: ${issue.keys.map((k) => `'${k}'`).join(", ")}`
        : issue.input === undefined
          ? "Required"
          : "Expected an object {toolbox, server, name}",
  },
);

export type ToolIdentifier = z.infer<typeof toolIdentifierSchema>;

export const useToolInputSchema = z.strictObject({
  tool: toolIdentifierSchema,
  arguments: z.record(z.string(), z.unknown()).optional(),
});

export type UseToolInput = z.infer<typeof useToolInputSchema>;
