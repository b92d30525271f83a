// Entry point. Node's compile cache goes on before the bridge's code is loaded, so that the code
// this start compiles is kept for the next (docs/architecture.md, Processes and threads); then
// start.ts, loaded dynamically so that it is not compiled before the cache is on.
import { join } from "node:path";
import { addonDataDir } from "./config/addon-data.js";
import { enableCompileCache, removeAllBut } from "./shared/compile-cache.js";
import { VERSION } from "./version.js";

// In the add-on, in /data, which outlives restarts (a new container's /tmp is empty), one folder per
// version; the folders of earlier versions go. Stand-alone, in Node's default folder under /tmp.
const addonCache = process.env.SUPERVISOR_TOKEN
  ? join(addonDataDir(process.env), "compile-cache")
  : undefined;
const compileCache = enableCompileCache(process.env, addonCache && join(addonCache, VERSION));
if (addonCache && compileCache.state === "on") void removeAllBut(addonCache, VERSION);

const { start } = await import("./start.js");
await start(compileCache);
