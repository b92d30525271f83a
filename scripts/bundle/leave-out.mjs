import { dirname, join } from "node:path";

/**
 * Code that every thread would load and never run, left out of the bundle (each is loaded by the
 * bridge and by the Z-Wave worker, so each costs twice):
 * - zod's `z` namespace carries the error messages of ~40 languages (`z.locales`, ~300 KiB of
 *   source); zod speaks English unless configured otherwise, and nothing here configures it.
 * - the MCP SDK's default JSON Schema validator, Ajv with its formats (~210 KiB minified, once in
 *   the client package and once in the server package, which each bundle their own copy): every
 *   MCP client and server here is given @cfworker/json-schema instead
 *   (src/shared/mcp-schema-validator.ts). The packages take the default from their `_shims` entry;
 *   the stand-in keeps the rest of the Node shim and a default that throws when made, so a client
 *   or server made without a validator fails at once instead of going unnoticed.
 * Idle resident memory on Node 22 (bench/footprint): Ajv's two copies, ~5 MiB less in `local`
 * mode and ~3 MiB after an LLM turn. A rule that matches nothing fails the build, so a package
 * update cannot undo this unnoticed.
 */
const withoutAjv = `export class DefaultJsonSchemaValidator {
  constructor() {
    throw new Error("Ajv is not in this build: give the MCP SDK's Client or Server a jsonSchemaValidator (src/shared/mcp-schema-validator.ts)");
  }
}`;
const STAND_INS = {
  "zod-locales-english-only": 'export { default as en } from "./en.js";',
  // What @modelcontextprotocol/server/dist/shimsNode.mjs exports besides the validator: Node's
  // process, the global (an ES import of node:process would run all its getters, the standard
  // streams' and the diagnostic report's among them, builtins-by-require.mjs).
  "mcp-server-shims-without-ajv": `${withoutAjv}
export const process = globalThis.process;`,
  // What @modelcontextprotocol/client/dist/shimsNode.mjs exports besides the validator: in Node, a
  // fetch TypeError is never a CORS error.
  "mcp-client-shims-without-ajv": `${withoutAjv}
export const CORS_IS_POSSIBLE = false;`,
};
const unmatched = new Set(Object.keys(STAND_INS));

export const leaveOut = {
  name: "leave-out",
  setup(build) {
    // Paths in the leave-out namespace name what stands in; no path of the build machine.
    const standIn = (path, dir) => {
      unmatched.delete(path);
      return { path, namespace: "leave-out", ...(dir ? { pluginData: { dir } } : {}) };
    };
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer)
        ? standIn("zod-locales-english-only", join(dirname(importer), "../locales"))
        : undefined,
    );
    build.onResolve({ filter: /^@modelcontextprotocol\/(server|client)\/_shims$/ }, ({ path }) =>
      standIn(`mcp-${path.split("/")[1]}-shims-without-ajv`),
    );
    build.onLoad({ filter: /.*/, namespace: "leave-out" }, ({ path, pluginData }) => ({
      contents: STAND_INS[path],
      ...(pluginData?.dir ? { resolveDir: pluginData.dir } : {}),
    }));
  },
};

/** Fails the build when a stand-in replaced nothing: a package update cannot undo this unnoticed. */
export function checkLeftOut() {
  if (unmatched.size) {
    throw new Error(
      `scripts/bundle/leave-out.mjs: stand-ins that replaced no import (a package changed?): ${[...unmatched].join(", ")}`,
    );
  }
}
