import { builtinModules, createRequire } from "node:module";

const require = createRequire(import.meta.url);
const BUILTINS = new Set(builtinModules);

/**
 * Node's built-in modules through require(), not as ES modules. An ES import of a built-in makes
 * its namespace from every export, which runs the export's getters, and each getter loads the
 * part of Node behind it, in every thread that imports the module: on Node 22, node:http's
 * `WebSocket` loads undici, Node's whole fetch stack (~14 MiB resident); node:fs's `promises` and
 * stream classes load the file watchers, readline and fs streams; node:util's load parseArgs and
 * the diff printer; node:process's open the standard streams and load the diagnostic report.
 * require() reads only what is used. Beyond node:http, whose getter alone was ~14 MiB, the others
 * came to ~0.3 MiB of the bridge's idle resident memory in `local` mode on Node 22 (two threads;
 * most of what those getters load, the bridge loads anyway).
 *
 * An import of a built-in gets a module with the built-in's exports as the building Node has them:
 * its plain values, read once, and each getter in a pure call of its own, which esbuild drops
 * where no module of the bundle imports that export. An export the building Node lacks fails the
 * build, not the bridge. `import x from "node:…"` is the module itself, as in Node.
 */
export const builtinsByRequire = {
  name: "builtins-by-require",
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, ({ path, kind }) => {
      const name = path.replace(/^node:/, "");
      if (kind !== "import-statement" || !BUILTINS.has(name)) return undefined;
      // The path names the built-in; no path of the build machine.
      return { path: `node:${name}`, namespace: "builtins-by-require" };
    });
    build.onLoad({ filter: /.*/, namespace: "builtins-by-require" }, ({ path }) => {
      const builtin = require(path);
      const names = Object.keys(builtin).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== "default");
      const isGetter = (key) => Boolean(Object.getOwnPropertyDescriptor(builtin, key)?.get);
      const values = names.filter((key) => !isGetter(key)).sort();
      const getters = names.filter(isGetter).sort();
      return {
        contents: [
          `const builtin = require(${JSON.stringify(path)});`,
          "export default builtin;",
          `export const { ${values.join(", ")} } = builtin;`,
          ...getters.map((key) => `export const ${key} = /* @__PURE__ */ (() => builtin.${key})();`),
        ].join("\n"),
      };
    });
  },
};
