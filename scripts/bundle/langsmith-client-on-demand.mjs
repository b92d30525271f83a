import { dirname, join } from "node:path";

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
export const langsmithClientOnDemand = {
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
