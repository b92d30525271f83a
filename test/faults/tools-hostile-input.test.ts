// Whatever an LLM (or an MCP client) sends as tool names and arguments, the registry answers with a
// result, never an exception, and a failure says what is wrong. And normalisation never changes
// the meaning of a call that was already right. Property-based.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createNameLookup } from "../../src/tools/name-lookup.js";
import { keyOf, presentNames, PROVIDER_SAFE_NAME } from "../../src/tools/naming.js";
import { createArgumentNormalizer } from "../../src/tools/normalize.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import type { JsonSchema } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";
import { clientTool } from "../support/mcp/client-tool.js";

const RUNS = 2000;

/** Property names as LLMs and servers write them, plus the awkward ones. */
const propertyName = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,6}){0,2}$/),
  fc.stringMatching(/^[a-z][a-z0-9]{0,6}([A-Z][a-z0-9]{1,6}){0,2}$/),
  fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "", "a.b", "é"),
);

type Field =
  | { kind: "string" }
  | { kind: "number" }
  | { kind: "integer" }
  | { kind: "boolean" }
  | { kind: "enum"; values: string[] };

const field: fc.Arbitrary<Field> = fc.oneof(
  fc.constant({ kind: "string" as const }),
  fc.constant({ kind: "number" as const }),
  fc.constant({ kind: "integer" as const }),
  fc.constant({ kind: "boolean" as const }),
  fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }).map((values) => ({
    kind: "enum" as const,
    values,
  })),
);

const fields = fc.dictionary(propertyName, field, { maxKeys: 6 });

function schemaOf(spec: Record<string, Field>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, f] of Object.entries(spec)) {
    // defineProperty: a "__proto__" property must be a property, as JSON.parse makes it.
    Object.defineProperty(properties, name, {
      value: f.kind === "enum" ? { type: "string", enum: f.values } : { type: f.kind },
      enumerable: true,
    });
  }
  return { type: "object", properties } as JsonSchema;
}

/** A value that already satisfies the field. */
function valueFor(f: Field): fc.Arbitrary<unknown> {
  switch (f.kind) {
    case "string":
      return fc.string();
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "integer":
      return fc.integer();
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.constantFrom(...f.values);
  }
}

/** A schema and arguments that already match it (a subset of its properties, each of the right type). */
const validCall = fields.chain((spec) => {
  const entries = Object.entries(spec);
  const args = fc
    .subarray(entries)
    .chain((chosen) => fc.tuple(...chosen.map(([name, f]) => valueFor(f).map((v) => [name, v] as const))))
    .map((pairs) => {
      const out: Record<string, unknown> = {};
      for (const [name, v] of pairs)
        Object.defineProperty(out, name, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
  return fc.tuple(fc.constant(schemaOf(spec)), args);
});

const hostileArgs = fc.oneof(
  fc.anything({
    withObjectString: true,
    withNullPrototype: true,
    withBigInt: true,
    withMap: true,
    withSet: true,
  }),
  fc.dictionary(propertyName, fc.anything()),
);

describe("argument normalisation", () => {
  it("a call that already matches the schema comes out identical, marked unchanged", () => {
    fc.assert(
      fc.property(validCall, ([schema, args]) => {
        const outcome = createArgumentNormalizer(schema).normalize(args);
        expect(outcome.changed).toBe(false);
        expect(outcome.args).toStrictEqual(args);
        expect(outcome.collisions).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("any argument object, any schema: never throws, and never invents a key", () => {
    fc.assert(
      fc.property(fields, fc.dictionary(propertyName, fc.anything()), (spec, args) => {
        const outcome = createArgumentNormalizer(schemaOf(spec)).normalize(args);
        expect(typeof outcome.changed).toBe("boolean");
        expect(Object.keys(outcome.args).length).toBeLessThanOrEqual(Object.keys(args).length);
        // A "__proto__" key sent by the model is data: it never becomes the arguments' prototype.
        if (outcome.changed) expect(Object.getPrototypeOf(outcome.args)).toBe(Object.prototype);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("tool names", () => {
  const toolKeys = fc.uniqueArray(
    fc.record({
      server: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
      name: fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), propertyName.filter(Boolean)),
    }),
    { selector: (k) => keyOf(k), maxLength: 12 },
  );

  it("every presented name is valid for every provider and unique, whatever the tools are called", () => {
    fc.assert(
      fc.property(toolKeys, (keys) => {
        const names = presentNames(keys);
        const presented = keys.map((k) => names.get(keyOf(k))?.name ?? "");
        for (const name of presented) expect(name).toMatch(PROVIDER_SAFE_NAME);
        expect(new Set(presented).size).toBe(presented.length);
      }),
      { numRuns: RUNS },
    );
  });

  it("the presented name and every qualified form find the same tool", () => {
    fc.assert(
      fc.property(toolKeys, (keys) => {
        const names = presentNames(keys);
        const entries = keys.map((k) => ({
          presented: names.get(keyOf(k))?.name ?? "",
          server: k.server,
          tool: k.name,
        }));
        const lookup = createNameLookup(entries);
        for (const entry of entries) {
          expect(lookup.lookup(entry.presented)).toEqual({ found: entry });
          // A qualified form is unambiguous unless another server's name plus a separator reads the same.
          const result = lookup.lookup(`${entry.server}:${entry.tool}`);
          if ("found" in result) expect(result.found).toBe(entry);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the registry", () => {
  const { logger } = captureLogger("error");
  const registry = createToolRegistry({ logger, defaultTimeoutMs: 1000 });
  const controlSchema: Record<string, unknown> = {
    type: "object",
    properties: {
      deviceName: { type: "string" },
      action: { type: "string", enum: ["on", "off", "dim"] },
      level: { type: "number", minimum: 0, maximum: 100 },
    },
    required: ["deviceName", "action"],
  };
  const received: Array<Record<string, unknown>> = [];
  registry.replaceServerTools({ server: "zwave", toolbox: "home" }, [
    clientTool("control_zwave_device", controlSchema, (args) => {
      received.push(args);
      return { content: [{ type: "text", text: "done" }] };
    }),
  ]);
  registry.registerTool(
    {
      name: "get_datetime",
      description: "clock",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
    },
    async () => ({ text: "noon" }),
  );

  // A hold for the user's yes is a failure that explains itself: a hostile deviceName may name a gate.
  it("any name and any arguments: a result, never an exception; a failure explains itself", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            "control_zwave_device",
            "zwave:control_zwave_device",
            "mcp__zwave__control_zwave_device",
            "get_datetime",
          ),
        ),
        hostileArgs,
        async (name, args) => {
          const result = await registry.execute(name, args);
          expect(typeof result.ok).toBe("boolean");
          expect(typeof result.content).toBe("string");
          if (!result.ok)
            expect(result.error).toMatch(
              /Unknown tool|ambiguous|Invalid arguments|must be a JSON object|failed|did not answer|needs the user's yes/,
            );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("a read-only tool is never held, whatever its arguments name", async () => {
    const result = await registry.execute("get_datetime", { a: { "": ["tOR"] }, target: "garage door" });
    expect(result.ok).toBe(true);
    expect(result.content).toBe("noon");
  });

  it("any identifier for use_tool: a result, never an exception", async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), hostileArgs, async (identifier, args) => {
        const result = await registry.executeIdentifier(identifier, args);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok)
          expect(result.error).toMatch(
            /Invalid tool identifier|No tool|toolbox|Invalid arguments|must be a JSON object/,
          );
      }),
      { numRuns: RUNS },
    );
  });

  it("a valid call reaches the tool exactly as it was sent", async () => {
    const validArgs = fc.record(
      {
        deviceName: fc.string({ minLength: 1 }),
        action: fc.constantFrom("on", "off", "dim"),
        level: fc.integer({ min: 0, max: 100 }),
      },
      { requiredKeys: ["deviceName", "action"] },
    );
    await fc.assert(
      fc.asyncProperty(validArgs, async (args) => {
        received.length = 0;
        const result = await registry.execute("control_zwave_device", args);
        expect(result.ok).toBe(true);
        expect(received).toEqual([args]);
        expect(result.normalizedArguments).toStrictEqual(result.arguments);
      }),
      { numRuns: 500 },
    );
  });
});
