import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { transform } from "esbuild";

/**
 * The provider SDKs and LangChain's provider packages get fetch and its classes on node:http(s)
 * (src/agent/provider-fetch.ts) in place of Node's globals, which are undici: it loads on the first
 * touch of any of them (the SDKs call `new Headers()` and test `instanceof Headers` on every
 * request) and stays; without it the bridge is 4-5 MiB smaller after an LLM turn
 * (bench/footprint). Each file of those packages imports the names it uses from
 * provider-fetch.ts; a file that declares one of them itself fails the build. Where a file names
 * globalThis, its `globalThis.Headers` (and the others) and its
 * `Object.getOwnPropertyDescriptor(globalThis, …)` give the same classes: on Node 22 reading a
 * fetch global's descriptor loads undici, and the openai SDK reads Headers' on import
 * (openai/lib/EventStream.mjs, its trusted constructors; client.mjs reads globalThis.Headers when
 * it redacts a log line). ollama's client also imports whatwg-fetch, a browser polyfill that does
 * nothing where fetch exists (it fills in only a missing `fetch`) but asks for `globalThis.fetch`
 * on load, which loads undici: it is left out.
 */
const PROVIDER_PACKAGES =
  /[\\/]node_modules[\\/](@anthropic-ai[\\/]sdk|openai|ollama|@langchain[\\/](anthropic|openai|ollama))[\\/]/;
const FETCH_GLOBALS = ["fetch", "FormData", "Headers", "Request", "Response"];
const PROVIDER_FETCH = JSON.stringify(join(import.meta.dirname, "../../src/agent/provider-fetch.ts"));
export const providerFetch = {
  name: "provider-fetch",
  setup(build) {
    build.onResolve({ filter: /^whatwg-fetch$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]ollama[\\/]/.test(importer)
        ? { path: "whatwg-fetch", namespace: "provider-fetch" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "provider-fetch" }, () => ({ contents: "" }));
    build.onLoad({ filter: /\.(m|c)?js$/ }, async ({ path }) => {
      if (!PROVIDER_PACKAGES.test(path)) return undefined;
      const source = await readFile(path, "utf8");
      const used = FETCH_GLOBALS.filter((name) => new RegExp(`\\b${name}\\b`).test(source));
      if (!used.length) return undefined;
      const imports = `import { ${used.join(", ")} } from ${PROVIDER_FETCH};`;
      if (!/\bglobalThis\b/.test(source)) return { contents: `${imports}\n${source}`, loader: "js" };
      // esbuild's define rewrites expressions, not text: strings and comments stay as they are.
      const { code } = await transform(
        `${imports}import { getOwnPropertyDescriptor as __providerDescriptor } from ${PROVIDER_FETCH};\n${source}`,
        {
          loader: "js",
          sourcefile: path,
          sourcemap: "inline",
          define: {
            "Object.getOwnPropertyDescriptor": "__providerDescriptor",
            ...Object.fromEntries(used.map((name) => [`globalThis.${name}`, name])),
          },
        },
      );
      return { contents: code, loader: "js" };
    });
  },
};
