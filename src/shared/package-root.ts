import { existsSync } from "node:fs";

/**
 * The package's own folder (the one holding package.json), found by walking up from this module.
 * Run from src/ (tests, tsx) this module is src/shared/package-root.ts; built, it is inlined into
 * whichever file of the bundle under dist/ needs it (scripts/bundle.mjs), so no fixed number of
 * `..` would do. dist/ itself holds no package.json.
 */
export const PACKAGE_ROOT: URL = findPackageRoot(new URL(".", import.meta.url));

function findPackageRoot(from: URL): URL {
  for (let dir = from; ;) {
    if (existsSync(new URL("package.json", dir))) return dir;
    const parent = new URL("..", dir);
    if (parent.href === dir.href) throw new Error(`no package.json above ${from.href}`);
    dir = parent;
  }
}
