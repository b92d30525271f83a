import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The openai SDK's client makes an object for every API it has (client.mjs), so its chunk held them
 * all: ~300 KiB minified, a third of it. ChatOpenAI calls chat and responses; @langchain/openai's
 * other classes call completions, embeddings, images and moderations (which stay). The rest
 * (openai-apis-left-out.json: file or folder under openai/resources, and its class) get a stand-in
 * that throws, naming the API, when it is used; test/unit/openai-apis-left-out.test.ts fails if
 * @langchain/openai calls one of them. Idle resident memory after an OpenAI turn: ~1 MiB less
 * (bench/footprint, Node 22).
 */
const OPENAI_UNUSED = JSON.parse(
  await readFile(join(import.meta.dirname, "openai-apis-left-out.json"), "utf8"),
);
export const openaiUnusedApis = {
  name: "openai-unused-apis",
  setup(build) {
    // client.mjs imports ./resources/<api>/<api>.mjs or ./resources/<api>.mjs; resources/index.mjs
    // the same without ./resources.
    build.onResolve({ filter: /^\.\/(resources\/)?[a-z-]+(\/[a-z-]+)?\.mjs$/ }, ({ path, importer }) => {
      if (!/[\\/]node_modules[\\/]openai[\\/](client|resources[\\/]index)\.mjs$/.test(importer))
        return undefined;
      const [dir, file] = path
        .replace(/^\.\/(resources\/)?/, "")
        .replace(/\.mjs$/, "")
        .split("/");
      const api = file === undefined || file === dir ? dir : undefined;
      return api && OPENAI_UNUSED[api] ? { path: api, namespace: "openai-unused-apis" } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: "openai-unused-apis" }, ({ path }) => ({
      contents: `export class ${OPENAI_UNUSED[path]} {
        constructor() {
          return new Proxy(this, {
            get(target, key) {
              if (typeof key === "symbol" || key === "then" || key === "toJSON" || key in target) return target[key];
              throw new Error("the openai SDK's ${path} API is not in this build (scripts/bundle.mjs)");
            },
          });
        }
      }`,
    }));
  },
};
