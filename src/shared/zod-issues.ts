import type { z } from "zod";

/**
 * "mcp_servers.0.name: …; args: …": every issue on one line, each at its path. zod's messages
 * name what was expected, never the value given, so the line is safe to log (values may be secrets).
 */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message,
    )
    .join("; ");
}
