// The command the add-on starts the bridge with, read from its s6 run script, so that tests and
// benchmarks run the built bridge exactly as the add-on does: the same Node flags in front of
// dist/main.js. A build is a checkout: its run script sits at rootfs/… beside its dist/.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse } from "shell-quote";

export const RUN_SCRIPT = "rootfs/etc/s6-overlay/s6-rc.d/mcp-assist-bridge/run";

/** The Node flags between `exec node` and `dist/main.js` in the run script of mainJs's checkout. */
export function addonNodeFlags(mainJs: string): string[] {
  const script = join(dirname(mainJs), "..", RUN_SCRIPT);
  const line = readFileSync(script, "utf8")
    .split("\n")
    .find((l) => /^\s*exec\s+node\b/.test(l));
  if (!line) throw new Error(`${script} has no 'exec node … dist/main.js' line`);
  const words = parse(line);
  const main = words.indexOf("dist/main.js");
  const flags = words.slice(2, main);
  if (main < 0 || !flags.every((w): w is string => typeof w === "string" && w.startsWith("--"))) {
    throw new Error(`${script}: cannot read the Node flags of '${line.trim()}'`);
  }
  return flags;
}
