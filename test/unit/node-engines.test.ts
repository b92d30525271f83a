// A newcomer's `npm ci` warns EBADENGINE when a package needs a newer Node than we promise. Our
// `engines` must therefore lie inside every installed package's own (package-lock.json records
// each one), so that on any Node we declare, the install is clean.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const semver = createRequire(import.meta.url)("semver") as {
  subset(sub: string, dom: string): boolean;
  validRange(range: string): string | null;
};

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe("engines.node", () => {
  it("promises no Node version that an installed package does not support", () => {
    const ours = pkg.engines.node;
    const unsupported = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const theirs = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !theirs || !semver.validRange(theirs)) return [];
      return semver.subset(ours, theirs) ? [] : [`${path.replace(/^.*node_modules\//, "")} needs ${theirs}`];
    });
    expect(unsupported).toEqual([]);
  });

  it("agrees with package-lock.json's copy", () => {
    expect(lock.packages[""]?.engines).toEqual(pkg.engines);
  });
});
