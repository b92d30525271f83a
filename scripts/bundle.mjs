// `npm run build` bundles src/ into dist/ with esbuild (docs/architecture.md, Build). A module file
// costs the runtime more than its code (Node's loader keeps a record, a URL and a resolution for
// each): the LLM side alone was ~700 files. Bundled, the bridge and the Z-Wave server are a few
// files each, and what only some runs need stays in chunks loaded on first use, because src/
// imports it with import(): the provider SDKs and LangChain, the demo home, each Z-Wave transport.
//
// Entry points keep their paths, the fixed commands of docs/architecture.md: dist/main.js (the
// bridge), dist/zwave/server.js (the stand-alone stdio server), dist/zwave/worker.js (its worker
// thread). Shared code and lazy chunks go to dist/chunks/. Not minified, and with source maps, so a
// stack trace in a user's log stays readable and maps back to src/ (`node --enable-source-maps`).
import { rm } from "node:fs/promises";
import { build } from "esbuild";

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
  sourcemap: true,
  // The maps name src/ and node_modules/ files; their text is in the checkout, not repeated here.
  sourcesContent: false,
  // pino finds its transport worker (thread-stream) and pino-pretty by file path at run time, so
  // both load from node_modules as published (the image keeps the production node_modules).
  external: ["pino", "pino-pretty"],
  // CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
});
