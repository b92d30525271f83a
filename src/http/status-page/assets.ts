import { readFile } from "node:fs/promises";
import { PACKAGE_ROOT } from "../../shared/package-root.js";

/**
 * The browser script and stylesheet that `npm run build` makes with esbuild from browser/ into
 * dist/http/status-page/, found from the package root whether this module runs from src/ or from
 * the bundle in dist/.
 */
const BUILT = new URL("dist/http/status-page/", PACKAGE_ROOT);

export type AssetName = "status.js" | "status.css";

export interface StatusAssets {
  /** The file's text; rejects with a clear message when the page was not built. */
  read(name: AssetName): Promise<string>;
}

export function createStatusAssets(): StatusAssets {
  const cache = new Map<AssetName, Promise<string>>();
  return {
    read(name) {
      let text = cache.get(name);
      if (!text) {
        text = readFile(new URL(name, BUILT), "utf8").catch((err: unknown) => {
          cache.delete(name);
          throw new Error(
            `the status page's ${name} is missing: run \`npm run build\` (${(err as Error).message})`,
          );
        });
        cache.set(name, text);
      }
      return text;
    },
  };
}
