// `npm run build` bundles src/ into dist/ with esbuild (docs/architecture.md, Build). A module file
// costs the runtime more than its code (Node's loader keeps a record, a URL and a resolution for
// each), and the provider SDKs and LangChain alone were hundreds of files. Bundled, the bridge and
// the Z-Wave server are a few files each, and what only some runs need stays in chunks loaded on
// first use, because src/ imports it with import(): the provider SDKs and LangChain, the demo home,
// each Z-Wave transport.
//
// Entry points keep their paths, the fixed commands of docs/architecture.md: dist/main.js (the
// bridge), dist/zwave/server.js (the stand-alone stdio server), dist/zwave/worker.js (its worker
// thread). Shared code and lazy chunks go to dist/chunks/.
//
// Minified but for names: V8 keeps the source text of every loaded file, in each thread, and
// whitespace and comments were 4 MiB of the bridge's resident memory in local mode and 7.6 MiB
// after an LLM turn, on Node 22 (bench/footprint). Functions keep their names, so a stack trace still says what ran; the source
// maps beside each file give the rest, and the log maps a logged error's frames back to src/
// (src/shared/source-stack.ts). The build is the same for the same sources: no paths or times.
import { readdir, readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { build, transform } from "esbuild";

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
const leaveOut = {
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

/**
 * node:http through require(), not as an ES module. Node 22 gives node:http getters for undici's
 * WebSocket, CloseEvent and MessageEvent (lib/http.js); an ES import of a built-in builds its
 * namespace from every export, which runs those getters and loads undici, Node's whole fetch
 * stack (~14 MiB resident), into a bridge that may never fetch. require() reads only what is
 * used. The names are node:http's others; one missing here fails the build, not the bridge.
 */
const HTTP_EXPORTS = [
  "METHODS",
  "STATUS_CODES",
  "Agent",
  "ClientRequest",
  "IncomingMessage",
  "OutgoingMessage",
  "Server",
  "ServerResponse",
  "createServer",
  "validateHeaderName",
  "validateHeaderValue",
  "get",
  "request",
  "setMaxIdleHTTPParsers",
];
const httpByRequire = {
  name: "http-by-require",
  setup(build) {
    build.onResolve({ filter: /^(node:)?http$/ }, ({ kind }) =>
      kind === "import-statement" ? { path: "node-http", namespace: "http-by-require" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "http-by-require" }, () => ({
      contents: `const http = require("node:http");
        export default http;
        export const { ${HTTP_EXPORTS.join(", ")} } = http;`,
    }));
  },
};

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
const loadOnFirstUse = {
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

/**
 * LangSmith's tracing client (~330 KiB minified, with its API resources) loads when it is first
 * used, not with LangChain. @langchain/core imports it statically, and LangSmith makes one on
 * every LangChain run even with tracing off (RunTree.getSharedClient, langsmith/lib/run_trees.mjs),
 * but only sends runs with it (createRun, updateRun) when tracing is on, which the bridge never
 * turns on. So core and RunTree get a client that keeps its options and loads the real one, from
 * its own chunk, with the first run it sends: tracing still works when a developer turns it on
 * through LangSmith's environment variables (test/e2e/langsmith-tracing.test.ts sends a turn's runs
 * to a local LangSmith; it fails if core or RunTree start calling a method the stand-in lacks). An
 * export core takes from the index that is not here fails the build. Idle resident memory after an
 * LLM turn: ~2 MiB less (bench/footprint).
 */
const langsmithClientOnDemand = {
  name: "langsmith-client-on-demand",
  setup(build) {
    const fromCore = (importer) => /[\\/]@langchain[\\/]core[\\/]/.test(importer);
    const fromRunTrees = (importer) => /[\\/]langsmith[\\/]lib[\\/]run_trees\.mjs$/.test(importer);
    build.onResolve({ filter: /^langsmith$/ }, ({ importer, resolveDir }) =>
      fromCore(importer)
        ? { path: "langsmith-for-core", namespace: "langsmith-client-on-demand", pluginData: { resolveDir } }
        : undefined,
    );
    // One stand-in for both: it loads the real client from its place beside run_trees.mjs.
    const client = (runTrees) => ({
      path: "client",
      namespace: "langsmith-client-on-demand",
      pluginData: { resolveDir: dirname(runTrees) },
    });
    build.onResolve({ filter: /^\.\/client\.mjs$/ }, ({ importer }) =>
      fromRunTrees(importer) ? client(importer) : undefined,
    );
    build.onResolve({ filter: /^langsmith-client-on-demand$/ }, async ({ resolveDir }) => {
      const runTrees = await build.resolve("langsmith/run_trees", { kind: "import-statement", resolveDir });
      if (runTrees.errors.length) return { errors: runTrees.errors };
      // The package's langsmith/run_trees re-exports lib/run_trees.mjs, beside lib/client.mjs.
      return client(join(dirname(runTrees.path), "lib", "run_trees.mjs"));
    });
    // LangSmith's environment helpers take only the version from the package's index, which would
    // bring the client back in; lib/index.mjs exports it from version.mjs.
    build.onResolve({ filter: /^\.\.\/index\.mjs$/ }, ({ importer }) =>
      /[\\/]langsmith[\\/]lib[\\/]utils[\\/]env\.mjs$/.test(importer)
        ? {
            path: "version",
            namespace: "langsmith-client-on-demand",
            pluginData: { resolveDir: dirname(importer) },
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "langsmith-client-on-demand" }, ({ path, pluginData }) => ({
      contents:
        path === "version"
          ? 'export { VERSION as __version__ } from "../../version.mjs";'
          : path === "langsmith-for-core"
            ? // What core takes from the package's index (singletons/tracer.js, async_local_storage).
              'export { RunTree } from "langsmith/run_trees"; export { Client } from "langsmith-client-on-demand";'
            : `export class Client {
              #config;
              #client;
              constructor(config) {
                this.#config = config;
              }
              #real() {
                return (this.#client ??= import("./client.mjs").then(({ Client }) => new Client(this.#config)));
              }
              async createRun(...args) {
                return (await this.#real()).createRun(...args);
              }
              async updateRun(...args) {
                return (await this.#real()).updateRun(...args);
              }
              async awaitPendingTraceBatches() {
                if (this.#client) await (await this.#client).awaitPendingTraceBatches();
              }
            }`,
      resolveDir: pluginData.resolveDir,
    }));
  },
};

/**
 * The provider SDKs and LangChain's provider packages get fetch and its classes on node:http(s)
 * (src/agent/provider-fetch.ts) in place of Node's globals, which are undici: it loads on the first
 * touch of any of them (the SDKs call `new Headers()` and test `instanceof Headers` on every
 * request) and stays; without it the bridge is 4-5 MiB smaller after an LLM turn
 * (bench/footprint). Each file of those packages imports the names it uses from
 * provider-fetch.ts; a file that declares one of them itself fails the build. Where a file names
 * globalThis, its `globalThis.Headers` (and the others) and its
 * `Object.getOwnPropertyDescriptor(globalThis, …)` give the same classes: on Node 22 reading a
 * fetch global's descriptor loads undici, and the openai SDK reads Headers' on import
 * (openai/lib/EventStream.mjs, its trusted constructors; client.mjs reads globalThis.Headers when
 * it redacts a log line). ollama's client also imports whatwg-fetch, a browser polyfill that does
 * nothing where fetch exists (it fills in only a missing `fetch`) but asks for `globalThis.fetch`
 * on load, which loads undici: it is left out.
 */
const PROVIDER_PACKAGES =
  /[\\/]node_modules[\\/](@anthropic-ai[\\/]sdk|openai|ollama|@langchain[\\/](anthropic|openai|ollama))[\\/]/;
const FETCH_GLOBALS = ["fetch", "FormData", "Headers", "Request", "Response"];
const PROVIDER_FETCH = JSON.stringify(join(import.meta.dirname, "../src/agent/provider-fetch.ts"));
const providerFetch = {
  name: "provider-fetch",
  setup(build) {
    build.onResolve({ filter: /^whatwg-fetch$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]ollama[\\/]/.test(importer)
        ? { path: "whatwg-fetch", namespace: "provider-fetch" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "provider-fetch" }, () => ({ contents: "" }));
    build.onLoad({ filter: /\.(m|c)?js$/ }, async ({ path }) => {
      if (!PROVIDER_PACKAGES.test(path)) return undefined;
      const source = await readFile(path, "utf8");
      const used = FETCH_GLOBALS.filter((name) => new RegExp(`\\b${name}\\b`).test(source));
      if (!used.length) return undefined;
      const imports = `import { ${used.join(", ")} } from ${PROVIDER_FETCH};`;
      if (!/\bglobalThis\b/.test(source)) return { contents: `${imports}\n${source}`, loader: "js" };
      // esbuild's define rewrites expressions, not text: strings and comments stay as they are.
      const { code } = await transform(
        `${imports}import { getOwnPropertyDescriptor as __providerDescriptor } from ${PROVIDER_FETCH};\n${source}`,
        {
          loader: "js",
          sourcefile: path,
          sourcemap: "inline",
          define: {
            "Object.getOwnPropertyDescriptor": "__providerDescriptor",
            ...Object.fromEntries(used.map((name) => [`globalThis.${name}`, name])),
          },
        },
      );
      return { contents: code, loader: "js" };
    });
  },
};

/**
 * The openai SDK's client makes an object for every API it has (client.mjs), so its chunk held them
 * all: ~300 KiB minified, a third of it. ChatOpenAI calls chat and responses; @langchain/openai's
 * other classes call completions, embeddings, images and moderations (which stay). The rest
 * (openai-apis-left-out.json: file or folder under openai/resources, and its class) get a stand-in
 * that throws, naming the API, when it is used; test/unit/openai-apis-left-out.test.ts fails if
 * @langchain/openai calls one of them. Idle resident memory after an OpenAI turn: ~1 MiB less
 * (bench/footprint, Node 22).
 */
const OPENAI_UNUSED = JSON.parse(
  await readFile(join(import.meta.dirname, "openai-apis-left-out.json"), "utf8"),
);
const openaiUnusedApis = {
  name: "openai-unused-apis",
  setup(build) {
    // client.mjs imports ./resources/<api>/<api>.mjs or ./resources/<api>.mjs; resources/index.mjs
    // the same without ./resources.
    build.onResolve({ filter: /^\.\/(resources\/)?[a-z-]+(\/[a-z-]+)?\.mjs$/ }, ({ path, importer }) => {
      if (!/[\\/]node_modules[\\/]openai[\\/](client|resources[\\/]index)\.mjs$/.test(importer))
        return undefined;
      const [dir, file] = path
        .replace(/^\.\/(resources\/)?/, "")
        .replace(/\.mjs$/, "")
        .split("/");
      const api = file === undefined || file === dir ? dir : undefined;
      return api && OPENAI_UNUSED[api] ? { path: api, namespace: "openai-unused-apis" } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: "openai-unused-apis" }, ({ path }) => ({
      contents: `export class ${OPENAI_UNUSED[path]} {
        constructor() {
          return new Proxy(this, {
            get(target, key) {
              if (typeof key === "symbol" || key === "then" || key === "toJSON" || key in target) return target[key];
              throw new Error("the openai SDK's ${path} API is not in this build (scripts/bundle.mjs)");
            },
          });
        }
      }`,
    }));
  },
};

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/main.ts", "src/zwave/server.ts", "src/zwave/worker.ts"],
  outbase: "src",
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  // The maps name src/ and node_modules/ files; their text is in the checkout, not repeated here.
  sourcesContent: false,
  // pino is bundled: the bridge gives it a stream (src/log.ts) and never a transport, the one part
  // that finds files by path at run time (its worker, thread-stream's). Loaded from node_modules,
  // its 29 CommonJS files cost each thread ~20 ms of start-up and ~0.6 MiB (bench/footprint).
  // pino-pretty loads from node_modules, only where a terminal reads the log (the image keeps the
  // production node_modules).
  external: ["pino-pretty"],
  // CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  plugins: [
    loadOnFirstUse,
    leaveOut,
    httpByRequire,
    langsmithClientOnDemand,
    openaiUnusedApis,
    providerFetch,
  ],
  logLevel: "warning",
});
if (unmatched.size) {
  throw new Error(
    `scripts/bundle.mjs: LOAD_ON_FIRST_USE rules that matched no require() (a package changed?): ${[
      ...unmatched,
    ]
      .map((r) => `${r.module} from ${r.importer}`)
      .join("; ")}`,
  );
}

// V8 keeps a file's source text for as long as its functions may need compiling: one byte per
// character if every character is Latin-1, two otherwise. esbuild escapes the others in strings and
// names, not in regular expressions, and one "\u2019" in a pattern doubled the 440 KiB of
// dist/main.js in memory (~0.9 MiB less resident without it, bench/footprint). src/ writes such
// characters in patterns as \u escapes; this keeps it so.
for (const file of await readdir("dist", { recursive: true })) {
  if (!file.endsWith(".js")) continue;
  const text = await readFile(join("dist", file), "utf8");
  const at = text.search(/[\u0100-\uffff]/);
  if (at >= 0) {
    throw new Error(
      `dist/${file} holds a character beyond Latin-1: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}; write the character as a \\u escape in src/`,
    );
  }
}
