import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { parseOptions } from "../../src/config/load.js";
import { mcpServerSchema, optionsSchema, parameterMappingSchema } from "../../src/config/options.js";
import { validateAppConfig, validateOptions, validateTranslations } from "../support/supervisor-config.js";

const ROOT = join(import.meta.dirname, "../..");
const readYaml = (path: string): Record<string, unknown> =>
  parseYaml(readFileSync(join(ROOT, path), "utf8")) as Record<string, unknown>;

const config = readYaml("config.yaml");
const schema = config.schema as Record<string, unknown>;
const defaults = config.options as Record<string, unknown>;
/** Settings for stand-alone runs only: the add-on's Ingress, watchdog and `ports:` are fixed (docs/architecture.md, Options). */
const STANDALONE_ONLY = ["api_port", "wyoming_port"];
const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };

/** The dict inside a list-of-dicts schema entry such as `mcp_servers: [{name: str, ...}]`. */
function nestedFields(key: string): Record<string, string> {
  const entry = schema[key] as [Record<string, string>];
  return entry[0];
}

function effectiveOptions(user: Record<string, unknown>) {
  const result = validateOptions(schema, { ...defaults, ...user });
  if (!result.ok) throw new Error(result.problem);
  return parseOptions(result.options, "options.json");
}

describe("config.yaml as Supervisor reads it", () => {
  it("passes Supervisor's add-on config validation", () => {
    expect(validateAppConfig(config)).toEqual([]);
  });

  it("has the package's version, runs under s6-overlay and may use the MQTT and Wyoming services", () => {
    expect(config.version).toBe(packageJson.version);
    expect(config.init).toBe(false);
    expect(config.arch).toEqual(["aarch64", "amd64"]);
    expect(config.discovery).toContain("wyoming");
    expect(config.services).toContain("mqtt:want");
    expect(config.homeassistant_api).toBe(true);
  });

  it("points Ingress, the watchdog and the declared ports at the ports the bridge listens on by default", () => {
    const productDefaults = optionsSchema.parse({});
    expect(config.ingress).toBe(true);
    expect(config.ingress_port).toBe(productDefaults.api_port);
    expect(config.watchdog).toBe(`http://[HOST]:[PORT:${productDefaults.api_port}]/healthz`);
    // Declared but not published: Home Assistant reaches them on the internal network.
    expect(config.ports).toEqual({
      [`${productDefaults.wyoming_port}/tcp`]: null,
      [`${productDefaults.api_port}/tcp`]: null,
    });
  });
});

describe("the options schema and the product's options", () => {
  it("has exactly the product's option keys, less the stand-alone ports", () => {
    const addonKeys = Object.keys(optionsSchema.shape).filter((k) => !STANDALONE_ONLY.includes(k));
    expect(Object.keys(schema).sort()).toEqual(addonKeys.sort());
  });

  it("does not offer the ports, which Ingress, the watchdog and ports: could not follow; the host port stays mappable", () => {
    for (const key of STANDALONE_ONLY) {
      expect(schema, key).not.toHaveProperty(key);
      expect(defaults, key).not.toHaveProperty(key);
    }
    // The user maps the published host port in the Network section instead.
    expect(Object.keys(config.ports as object).sort()).toEqual(["10600/tcp", "8099/tcp"]);
  });

  it("offers every MCP server field the options UI can express, and every parameter mapping field", () => {
    // `env` and `headers` are maps in a JSON file, and lists of "NAME=value" / "Name: value" lines in the UI.
    expect(Object.keys(nestedFields("mcp_servers")).sort()).toEqual(
      Object.keys(mcpServerSchema.shape).sort(),
    );
    expect(Object.keys(nestedFields("parameter_mappings")).sort()).toEqual(
      Object.keys(parameterMappingSchema.shape).sort(),
    );
  });

  it("starts with the same behaviour as `npm start` when the user changes nothing", () => {
    expect(effectiveOptions({})).toEqual(optionsSchema.parse({}));
  });

  it("accepts every choice the options UI offers", () => {
    for (const [key, type] of Object.entries(schema)) {
      const choices = typeof type === "string" ? /^list\((.+)\)\??$/.exec(type)?.[1]?.split("|") : undefined;
      for (const choice of choices ?? []) {
        expect(() => effectiveOptions({ [key]: choice }), `${key}: ${choice}`).not.toThrow();
      }
    }
  });

  it("turns MCP servers entered in the UI into stdio and HTTP servers", () => {
    const options = effectiveOptions({
      mcp_servers: [
        {
          name: "files",
          command: "npx",
          args: "-y @modelcontextprotocol/server-filesystem '/share/my docs'",
          env: ["API_KEY=k=1", "EMPTY="],
        },
        {
          name: "home",
          toolbox: "home",
          url: "http://homeassistant:8123/api/mcp",
          headers: ["Authorization: Bearer abc:def"],
        },
      ],
      parameter_mappings: [{ tool: "set_volume", from: "volume", to: "level" }],
    });

    expect(options.mcp_servers).toEqual([
      {
        name: "files",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", "/share/my docs"],
        env: { API_KEY: "k=1", EMPTY: "" },
      },
      {
        name: "home",
        toolbox: "home",
        url: "http://homeassistant:8123/api/mcp",
        args: [],
        headers: { Authorization: "Bearer abc:def" },
      },
    ]);
    expect(options.parameter_mappings).toEqual([{ tool: "set_volume", from: "volume", to: "level" }]);
  });

  it("refuses a malformed env or header line by its position, without echoing the value", () => {
    const bad = (server: Record<string, unknown>) => () =>
      effectiveOptions({ mcp_servers: [{ name: "x", ...server }] });
    expect(bad({ command: "npx", env: ["sk-secret-value"] })).toThrow(/environment variable entry 1/);
    expect(bad({ command: "npx", env: ["sk-secret-value"] })).not.toThrow(/sk-secret-value/);
    expect(bad({ url: "http://h/mcp", headers: ["Bad Name: v"] })).toThrow(
      /'Bad Name' is not a valid header name/,
    );
    expect(bad({ url: "http://h/mcp", env: ["A=b"] })).toThrow(/env is for a command server/);
    expect(bad({ command: "npx", headers: ["A: b"] })).toThrow(/headers are for a url server/);
  });

  it("keeps the list options in the defaults, without which Supervisor refuses to start the add-on", () => {
    expect(defaults.mcp_servers).toEqual([]);
    expect(defaults.parameter_mappings).toEqual([]);
    const { mcp_servers: _dropped, ...withoutServers } = defaults;
    expect(validateOptions(schema, withoutServers).ok).toBe(false);
  });

  it("shows secrets as password fields", () => {
    const secretKeys = Object.keys(schema).filter((k) => /key|token|password/.test(k));
    expect(secretKeys.length).toBeGreaterThan(0);
    for (const key of secretKeys) expect(schema[key], key).toBe("password?");
  });
});

describe("translations", () => {
  const files = readdirSync(join(ROOT, "translations")).filter((f) => /\.(ya?ml|json)$/.test(f));

  it("exist in English and German", () => {
    expect(files.sort()).toEqual(["de.yaml", "en.yaml"]);
  });

  it.each(files)("%s names and describes every option, nested field and port", (file) => {
    const translations = readYaml(join("translations", file));
    expect(validateTranslations(translations)).toEqual([]);

    const configuration = translations.configuration as Record<
      string,
      { description?: string; fields?: Record<string, { description?: string }> }
    >;
    expect(Object.keys(configuration).sort()).toEqual(Object.keys(schema).sort());
    for (const [key, entry] of Object.entries(configuration)) {
      expect(entry.description, key).toBeTruthy();
    }
    for (const list of ["mcp_servers", "parameter_mappings"]) {
      const fields = configuration[list]?.fields ?? {};
      expect(Object.keys(fields).sort(), list).toEqual(Object.keys(nestedFields(list)).sort());
      for (const [field, entry] of Object.entries(fields))
        expect(entry.description, `${list}.${field}`).toBeTruthy();
    }
    expect(Object.keys(translations.network as object).sort()).toEqual(
      Object.keys(config.ports as object).sort(),
    );
  });
});
