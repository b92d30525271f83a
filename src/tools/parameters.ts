import { schemaTypes } from "./json-schema.js";
import type { JsonSchema } from "./types.js";

/**
 * "Valid parameters: deviceName (string, required), action ("on" | "off" | "dim", required), …"
 * — the half of a self-correcting error that tells the model what it may send.
 */
export function describeParameters(schema: JsonSchema): string {
  const properties = Object.entries(schema.properties ?? {});
  if (!properties.length) return "This tool declares no parameters.";
  const required = new Set(schema.required ?? []);
  const parts = properties.map(([name, prop]) => {
    const facts: string[] = [];
    if (prop.enum) facts.push(prop.enum.map((v) => JSON.stringify(v)).join(" | "));
    else {
      const types = schemaTypes(prop);
      if (types) facts.push(types.join(" | "));
    }
    if (typeof prop.minimum === "number" && typeof prop.maximum === "number") {
      facts.push(`${prop.minimum}–${prop.maximum}`);
    }
    if (required.has(name)) facts.push("required");
    return facts.length ? `${name} (${facts.join(", ")})` : name;
  });
  return `Valid parameters: ${parts.join(", ")}.`;
}
