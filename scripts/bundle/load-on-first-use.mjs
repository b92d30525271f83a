/**
 * What only some connections need loads with the first of them, not with the package that may make
 * one. Each of these was loaded at start, in every thread that imports the package, for connections
 * the add-on rarely or never makes:
 * - ws (the Home Assistant connection; Z-Wave JS's server, in the worker) requires node:https and
 *   node:tls, for wss:// only, and node:zlib, for compressed frames only;
 * - mqtt's connect table (mqtt/build/lib/connect/index.js), at the first connect, requires its
 *   ws:// and TLS transports, and the TCP and TLS transports its SOCKS proxy support (socks,
 *   node:dns); mqtt:// needs none of them;
 * - cross-spawn (the MCP SDK's stdio client, for MCP servers the user added) requires
 *   node:child_process.
 * node:tls alone is ~3 MiB resident (OpenSSL's TLS state); together, idle resident memory in
 * `local` mode is ~3 MiB less on Node 22 (bench/footprint). A stand-in takes the module's place:
 * - `properties`: the importer reads the module's properties only where it uses them, so each
 *   read goes to the module, loaded at the first;
 * - `functions`: the importer takes the module's exports (all functions) when it loads, but calls
 *   them later; each is a function that loads the module at its first call.
 * mqtts:// and MQTT over ws:// and wss:// (the latter through ws and its node:tls) still work:
 * test/e2e/mqtt-connections.test.ts connects the built bridge through each. A rule that matches
 * nothing fails the build, so a package update cannot undo this unnoticed.
 */
const LOAD_ON_FIRST_USE = [
  {
    importer: /[\\/]node_modules[\\/]ws[\\/]lib[\\/]websocket\.js$/,
    module: /^(https|tls)$/,
    use: "properties",
  },
  {
    importer: /[\\/]node_modules[\\/]ws[\\/]lib[\\/]permessage-deflate\.js$/,
    module: /^zlib$/,
    use: "properties",
  },
  {
    importer: /[\\/]node_modules[\\/]mqtt[\\/]build[\\/]lib[\\/]connect[\\/]index\.js$/,
    module: /^\.\/(ws|tls)$/,
    use: "functions",
  },
  {
    importer: /[\\/]node_modules[\\/]mqtt[\\/]build[\\/]lib[\\/]connect[\\/](tcp|tls)\.js$/,
    module: /^\.\/socks$/,
    use: "functions",
  },
  {
    importer: /[\\/]node_modules[\\/]cross-spawn[\\/]index\.js$/,
    module: /^child_process$/,
    use: "properties",
  },
];
const unmatched = new Set(LOAD_ON_FIRST_USE);
export const loadOnFirstUse = {
  name: "load-on-first-use",
  setup(build) {
    build.onResolve({ filter: /.*/ }, ({ path, importer, resolveDir, kind }) => {
      if (kind !== "require-call") return undefined;
      const rule = LOAD_ON_FIRST_USE.find((r) => r.importer.test(importer) && r.module.test(path));
      if (!rule) return undefined;
      unmatched.delete(rule);
      // The path names the module and what stands in; no path of the build machine.
      return {
        path: `${path} (${rule.use})`,
        namespace: "load-on-first-use",
        pluginData: { module: path, use: rule.use, resolveDir },
      };
    });
    build.onLoad({ filter: /.*/, namespace: "load-on-first-use" }, ({ pluginData }) => {
      const { module, use, resolveDir } = pluginData;
      // The `functions` modules are compiled ES modules: their importers' interop reads __esModule.
      const read =
        use === "functions"
          ? `key === "__esModule" ? true : (...args) => load()[key](...args)`
          : `key === "__esModule" ? undefined : Reflect.get(load(), key)`;
      return {
        contents: `let loaded;
          const load = () => (loaded ??= require(${JSON.stringify(module)}));
          module.exports = new Proxy({}, {
            get: (_, key) => (${read}),
            has: (_, key) => Reflect.has(load(), key),
            ownKeys: () => Reflect.ownKeys(load()),
            getOwnPropertyDescriptor: (_, key) => {
              const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
              return descriptor && { ...descriptor, configurable: true };
            },
          });`,
        resolveDir,
        loader: "js",
      };
    });
  },
};

/** Fails the build when a rule matched no require(): a package update cannot undo this unnoticed. */
export function checkLoadOnFirstUseMatched() {
  if (unmatched.size) {
    throw new Error(
      `scripts/bundle/load-on-first-use.mjs: LOAD_ON_FIRST_USE rules that matched no require() (a package changed?): ${[
        ...unmatched,
      ]
        .map((r) => `${r.module} from ${r.importer}`)
        .join("; ")}`,
    );
  }
}
