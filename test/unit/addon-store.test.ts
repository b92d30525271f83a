import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import {
  findAddonConfigs,
  repositoryFiles,
  validateAppConfig,
  validateRepositoryConfig,
} from "../support/supervisor-config.js";

const ROOT = join(import.meta.dirname, "../..");

describe("Supervisor's add-on store on this repository", () => {
  const files = repositoryFiles(ROOT);

  it("finds the repository description", () => {
    const candidates = files.filter((f) => /^repository\.(ya?ml|json)$/.test(f));
    expect(candidates).toEqual(["repository.yaml"]);
    expect(validateRepositoryConfig(parseYaml(readFileSync(join(ROOT, "repository.yaml"), "utf8")))).toEqual(
      [],
    );
  });

  it("finds exactly one add-on, at the root, and it validates", () => {
    const configs = findAddonConfigs(files);

    expect(configs).toEqual(["config.yaml"]);
    const config = parseYaml(readFileSync(join(ROOT, "config.yaml"), "utf8")) as Record<string, unknown>;
    expect(validateAppConfig(config)).toEqual([]);
    expect(config.slug).toBe("mcp_assist_bridge");
  });

  it("keeps the files the add-on folder needs next to config.yaml", () => {
    for (const needed of [
      "Dockerfile",
      "DOCS.md",
      "CHANGELOG.md",
      "icon.png",
      "logo.png",
      "translations/en.yaml",
    ]) {
      expect(files, needed).toContain(needed);
    }
  });

  it("has a square icon and a wide logo for the store", () => {
    expect(pngSize("icon.png")).toEqual({ width: 128, height: 128 });
    expect(pngSize("logo.png")).toEqual({ width: 250, height: 100 });
  });
});

/** Width and height from a PNG's IHDR chunk, which always comes first. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(join(ROOT, path));
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
