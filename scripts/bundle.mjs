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
import { rm } from "node:fs/promises";
import { build } from "esbuild";
import { langsmithClientOnDemand } from "./bundle/langsmith-client-on-demand.mjs";
import { builtinsByRequire } from "./bundle/builtins-by-require.mjs";
import { checkLatin1 } from "./bundle/latin1-sources.mjs";
import { checkLeftOut, leaveOut } from "./bundle/leave-out.mjs";
import { checkLoadedAtStart } from "./bundle/loaded-at-start.mjs";
import { checkLoadOnFirstUseMatched, loadOnFirstUse } from "./bundle/load-on-first-use.mjs";
import { openaiUnusedApis } from "./bundle/openai-unused-apis.mjs";
import { providerFetch } from "./bundle/provider-fetch.mjs";

// Each plugin is in scripts/bundle/, with why it is there and what it saves.
await rm("dist", { recursive: true, force: true });
const { metafile } = await build({
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
  // For checkLoadedAtStart; nothing of it is written.
  metafile: true,
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
    builtinsByRequire,
    langsmithClientOnDemand,
    openaiUnusedApis,
    providerFetch,
  ],
  logLevel: "warning",
});
checkLoadOnFirstUseMatched();
checkLeftOut();
checkLoadedAtStart(metafile, "dist");
await checkLatin1("dist");
