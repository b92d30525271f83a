// The build leaves the openai SDK's APIs that LangChain never calls out of the bundle, each behind a
// stand-in that throws when used (scripts/bundle.mjs, openai-apis-left-out.json). A LangChain
// update that starts calling one would fail in a user's turn: this reads every `client.<api>` that
// @langchain/openai's code calls, and each must still be in the build.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const leftOut = JSON.parse(
  readFileSync(join(root, "scripts/bundle/openai-apis-left-out.json"), "utf8"),
) as Record<string, string>;
// The client's property for each (client.mjs): `fine-tuning` is `fineTuning`.
const property = (api: string) => api.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsFiles(join(dir, entry.name))
      : entry.name.endsWith(".js")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("the openai APIs the build leaves out", () => {
  it("are none that @langchain/openai calls", () => {
    const called = new Set<string>();
    for (const file of jsFiles(join(root, "node_modules/@langchain/openai/dist"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/\b[cC]lient\??\.([a-zA-Z]+)\b/g))
        called.add(match[1]!);
    }
    // The check of the check: the calls ChatOpenAI makes are found.
    expect([...called]).toEqual(expect.arrayContaining(["chat", "responses"]));
    expect(
      Object.keys(leftOut)
        .map(property)
        .filter((api) => called.has(api)),
    ).toEqual([]);
  });
});
