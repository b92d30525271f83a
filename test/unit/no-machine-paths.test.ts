// The repository is what a user clones: no tracked file may name a folder of the machine it was
// built on (a home or work directory, a mirror of another project). Inputs the tests and benches
// read from outside the repository are named by environment variable and by what they are ("a
// checkout of OHF-Voice/intents"), or relative to it (`../shared`). Paths the add-on itself
// uses (`/data/options.json`, `/ssl`, `/usr/sbin/mosquitto`, `/proc/self/status`) are the
// image's and Supervisor's, the same on every machine, and are not flagged.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A path starts here: not inside a word, a URL, a relative path or a `~/` path. */
const START = String.raw`(?<![\w.~:/\\-])`;
/** Folders that only ever belong to one machine or one person. */
const MACHINE_PATH = new RegExp(
  [
    String.raw`${START}\/work\/`,
    String.raw`${START}\/workspaces?\/`,
    String.raw`${START}\/home\/[\w.-]+\/`,
    String.raw`${START}\/root\/`,
    String.raw`${START}\/Users\/[\w.-]+\/`,
    String.raw`\b[A-Z]:\\Users\\`,
    String.raw`\.mirror\/`,
  ].join("|"),
);

/** Each line of the text that names a machine's folder. */
function machinePaths(text: string): string[] {
  return text.split("\n").filter((line) => MACHINE_PATH.test(line));
}

describe("no path of a build machine in the repository", () => {
  it("no tracked file names one", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
      .split("\0")
      .filter(Boolean);
    // An empty listing (no git here) would make this pass on nothing.
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), "utf8");
      } catch {
        continue; // deleted in the work tree, not yet in git
      }
      if (text.includes("\0")) continue; // binary (icons)
      for (const line of machinePaths(text)) found.push(`${file}: ${line.trim()}`);
    }
    expect(found).toEqual([]);
  });

  // Written in parts, so that this file holds none of them itself.
  const path = (...parts: string[]) => parts.join("/");

  it.each([
    path("", "work", "shared", "third-party", "intents"),
    `HA_INTENTS=${path("", "work", ".mirror", "OHF-Voice+intents", "repo")}`,
    `see ${path("..", ".mirror", "frenck+probatio")}`,
    path("", "home", "alice", "src", "bridge"),
    `cd ${path("", "root", ".pyenv", "versions")}`,
    path("", "Users", "bob", "Projects"),
    path("", "workspaces", "bridge"),
    ["C:", "Users", "carol", "bridge"].join("\\"),
  ])("flags %s", (line) => {
    expect(machinePaths(line)).toEqual([line]);
  });

  it.each([
    "/data/options.json",
    "/ssl/fullchain.pem",
    "/usr/sbin/mosquitto",
    "/proc/self/status",
    "/config/configuration.yaml",
    "/homeassistant/configuration.yaml",
    "/share/zwave",
    "/tmp/intents",
    "../shared/third-party/intents",
    path("https:", "", "github.com", "OHF-Voice", "intents", "work", "tree"),
    "http://supervisor/core/api/home/x",
    path("src", "work", "home", "root", ""),
    path("~", "work", "bridge"),
  ])("leaves %s alone", (line) => {
    expect(machinePaths(line)).toEqual([]);
  });
});
