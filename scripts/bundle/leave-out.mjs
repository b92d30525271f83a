import { dirname, join } from "node:path";

/**
 * Code that every thread would load and never run, left out of the bundle (each is loaded by the
 * bridge and by the Z-Wave worker, so each costs twice):
 * - zod's `z` namespace carries the error messages of ~40 languages (`z.locales`, ~300 KiB of
 *   source); zod speaks English unless configured otherwise, and nothing here configures it.
 * - the MCP SDK's default JSON Schema validator, Ajv with its formats (~270 KiB): every MCP client
 *   and server here is given @cfworker/json-schema instead (src/shared/mcp-schema-validator.ts).
 *   One made without it throws at once, so the gap cannot go unnoticed.
 * - the MCP SDK's support for tools declared with zod 3 (zod/v3 and zod-to-json-schema, ~100 KiB
 *   minified): our tools are declared with zod 4; one declared with zod 3 would throw.
 *   LangChain's own use of zod/v3 (in the LLM chunks) is untouched.
 * Idle resident memory: ~7 MiB less for the first two, 1.2 MiB for the last (bench/footprint).
 */
export const leaveOut = {
  name: "leave-out",
  setup(build) {
    // Paths in the leave-out namespace name what stands in; no path of the build machine.
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer)
        ? {
            path: "zod-locales-english-only",
            namespace: "leave-out",
            pluginData: { dir: join(dirname(importer), "../locales") },
          }
        : undefined,
    );
    const fromMcpSdk = (importer) => /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(importer);
    build.onResolve({ filter: /validation\/ajv-provider\.js$/ }, ({ importer }) =>
      fromMcpSdk(importer) ? { path: "mcp-sdk-without-ajv", namespace: "leave-out" } : undefined,
    );
    build.onResolve({ filter: /^(zod\/v3|zod-to-json-schema)$/ }, ({ importer }) =>
      fromMcpSdk(importer) ? { path: "mcp-sdk-without-zod-3", namespace: "leave-out" } : undefined,
    );
    const standIns = {
      "zod-locales-english-only": 'export { default as en } from "./en.js";',
      "mcp-sdk-without-ajv": `export class AjvJsonSchemaValidator {
        constructor() {
          throw new Error("Ajv is not in this build: give the MCP SDK's Client or Server a jsonSchemaValidator (src/shared/mcp-schema-validator.ts)");
        }
      }`,
      "mcp-sdk-without-zod-3": `const zod3 = () => {
        throw new Error("zod 3 schemas are not supported in this build: declare MCP tools with zod 4");
      };
      export { zod3 as object, zod3 as zodToJsonSchema };`,
    };
    build.onLoad({ filter: /.*/, namespace: "leave-out" }, ({ path, pluginData }) => ({
      contents: standIns[path],
      ...(pluginData?.dir ? { resolveDir: pluginData.dir } : {}),
    }));
  },
};
