// Runs every bench/*.bench.ts in its own process, one after another, so that one benchmark's
// garbage and open handles never skew the next.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts") && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of files) {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    console.error(`${file} failed with exit code ${result.status}`);
  }
}
process.exit(failed ? 1 : 0);
