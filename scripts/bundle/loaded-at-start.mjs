import { join, relative } from "node:path";

/**
 * What each entry point must not load as it starts, checked on the built bundle: the packages
 * that src/ loads with import() on first use (docs/architecture.md, Build). A static import
 * anywhere on an entry's path would bring a package back into every start, unnoticed; this fails
 * the build instead. Read from esbuild's metafile: the chunks an entry imports, and theirs, are
 * what Node loads before the entry runs.
 */
const NOT_AT_START = {
  // /mcp's side of the MCP SDK loads with the first request to /mcp (src/mcp/server/endpoint.ts).
  "main.js": [/(^|[\\/])node_modules[\\/]@modelcontextprotocol[\\/](server|node)[\\/]/],
  // The worker serves MCP: nothing of the SDK's client.
  "zwave/worker.js": [/(^|[\\/])node_modules[\\/]@modelcontextprotocol[\\/]client[\\/]/],
};

/** `outdir` as the build was given it; the metafile names outputs relative to the working folder. */
export function checkLoadedAtStart(metafile, outdir) {
  const problems = [];
  for (const [name, forbidden] of Object.entries(NOT_AT_START)) {
    const entry = join(relative(process.cwd(), outdir), name);
    if (!metafile.outputs[entry]) throw new Error(`scripts/bundle/loaded-at-start.mjs: no entry ${entry}`);
    const loaded = new Set();
    const visit = (file) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const { path, kind } of metafile.outputs[file]?.imports ?? []) {
        if (kind === "import-statement" && metafile.outputs[path]) visit(path);
      }
    };
    visit(entry);
    for (const file of loaded) {
      for (const input of Object.keys(metafile.outputs[file].inputs)) {
        if (forbidden.some((pattern) => pattern.test(input)))
          problems.push(`${entry} loads ${input} (in ${file})`);
      }
    }
  }
  if (problems.length) {
    throw new Error(`scripts/bundle/loaded-at-start.mjs: loaded at start:\n  ${problems.join("\n  ")}`);
  }
}
