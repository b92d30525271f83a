// Every example sentence the README and DOCS.md promise for the demo, sent to the built product on
// its embedded defaults (what `npm start` runs): the demo's broker and simulated Z-Wave devices,
// no language model, no Home Assistant. DOCS.md's demo table says what each sentence does ("turns
// **Kitchen Light** on", "says the temperature of **Office Sensor**"); an example works only when
// it does that: the device's own report shows the change (read through the bridge's MCP endpoint,
// `list_zwave_devices`, after the device was first put in another state), or the answer states the
// reading the device gives (`get_device_sensor_data`), the device's state, the time or the date. A
// question back ("Which one do you mean: Kitchen?") or an error is not working. The README's and
// DOCS.md's other examples must be rows of that table, so each has a documented effect.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceSummary, SensorDataOutput } from "../../src/zwave/contract.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";

const ROOT = new URL("../../", import.meta.url);
const readme = readFileSync(new URL("README.md", ROOT), "utf8");
const docs = readFileSync(new URL("DOCS.md", ROOT), "utf8");
const architecture = readFileSync(new URL("docs/architecture.md", ROOT), "utf8");

interface Example {
  text: string;
  language: string;
  where: string;
}

interface Documented extends Example {
  /** What DOCS.md's table says the sentence does. */
  effect: string;
}

/** `"text":"…"` (and a `"language"` beside it) in the files' commands. */
function commandExamples(file: string, where: string): Example[] {
  return [...file.matchAll(/"text":\s*"([^"]+)"(?:,\s*"language":\s*"(\w+)")?/g)].map((m) => ({
    text: m[1] ?? "",
    language: m[2] ?? "en",
    where,
  }));
}

/**
 * DOCS.md's demo table: one sentence a row, `| Language (`xx`) | "sentence" | what happens |`; a
 * row with no language is in the one above it.
 */
function demoTable(): Documented[] {
  const section = docs.split("### Try it in the demo")[1]?.split("\n### ")[0] ?? "";
  let language = "";
  return section
    .split("\n")
    .filter((line) => /^\|[^|]*\| *"/.test(line))
    .map((line) => {
      const [, lang = "", said = "", effect = ""] = line.split("|").map((cell) => cell.trim());
      language = /\(`(\w+)`\)/.exec(lang)?.[1] ?? language;
      return { text: said.replace(/^"|"$/g, ""), language, effect, where: "DOCS.md demo table" };
    });
}

/**
 * DOCS.md's table of device kinds: `| Kind | What it can do | Language (`xx`) | "sentence" | what
 * happens |`, one row a language; a kind's effect is written on its first row and holds for the rows
 * below it.
 */
function kindTable(): Documented[] {
  const section = docs.split("#### What each kind of device can do")[1]?.split("\n\n|")[1] ?? "";
  let effect = "";
  return `|${section}`
    .split("\n\n")[0]!
    .split("\n")
    .filter((line) => /^\|[^|]*\|[^|]*\|[^|]*\| *"/.test(line))
    .map((line) => {
      const [, , , lang = "", said = "", what = ""] = line.split("|").map((cell) => cell.trim());
      effect = what || effect;
      const language = /\(`(\w+)`\)/.exec(lang)?.[1] ?? "";
      return { text: said.replace(/^"|"$/g, ""), language, effect, where: "DOCS.md kind table" };
    });
}

/** The README's prose examples: the quoted sentences in "Simple commands (…)". */
function readmeProse(): Example[] {
  const list = /Simple commands \(([^)]+)\)/.exec(readme.replace(/\n/g, " "))?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => ({
    text: m[1] ?? "",
    language: "en",
    where: "README.md",
  }));
}

/**
 * Every `curl` command in a file as it is written: a line of a code block (with its `\`
 * continuations) or an inline code span.
 */
function curlCommands(file: string, where: string): Array<{ command: string; where: string }> {
  const joined = file.replace(/\\\n\s*/g, " ");
  return [
    ...[...joined.matchAll(/^\s*(curl\s[^\n]+)$/gm)].map((m) => m[1]!.trim()),
    ...[...joined.matchAll(/`(curl\s[^`]+)`/g)].map((m) => m[1]!.trim()),
  ].map((command) => ({ command, where }));
}

const execFileP = promisify(execFile);
const API_TOKEN = "docs-example-token";

/**
 * Runs a documented `curl` command with the shell, as a reader pastes it, against the bridge at
 * `apiUrl` (the documented host and port replaced, nothing else); API_TOKEN is in its environment.
 */
async function runCurl(command: string, apiUrl: string) {
  const pointed = command.replace(/(?:https?:\/\/)?(?:localhost|homeassistant\.local):8099/g, apiUrl);
  const { stdout } = await execFileP("sh", ["-c", `${pointed} -w '\\n%{http_code}'`], {
    env: { ...process.env, API_TOKEN },
  });
  const cut = stdout.lastIndexOf("\n");
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

const curls = [
  ...curlCommands(readme, "README.md"),
  ...curlCommands(docs, "DOCS.md"),
  ...curlCommands(architecture, "docs/architecture.md"),
];

const table = demoTable();
const kinds = kindTable();
const others = [
  ...commandExamples(readme, "README.md"),
  ...readmeProse(),
  ...commandExamples(docs, "DOCS.md"),
];

let bridge: BridgeProcess;
let mcp: Client;

beforeAll(async () => {
  bridge = await startBridgeProcess({});
  await bridge.waitForLog("MCP server 'zwave' is up");
  mcp = new Client({ name: "docs-examples-test", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${bridge.apiUrl}/mcp`)));
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await bridge?.stop();
});

async function say(text: string, language: string) {
  const response = await fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text, language }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { speech: string; response_type: string };
}

/** A Z-Wave tool through the bridge's MCP endpoint, as any MCP client would call it. */
async function tool<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  const content = result.structuredContent as ({ ok: boolean; error?: { message: string } } & T) | undefined;
  if (!content?.ok) throw new Error(`${name} ${JSON.stringify(args)} failed: ${content?.error?.message}`);
  return content;
}

async function device(name: string): Promise<DeviceSummary> {
  const { devices = [] } = await tool<{ devices?: DeviceSummary[] }>("list_zwave_devices");
  const found = devices.find((d) => d.name === name);
  if (!found) throw new Error(`no demo device called ${name}`);
  return found;
}

/** Puts a device in a state by its own tool (not by the sentence under test). */
async function put(name: string, action: "on" | "off" | "dim", level?: number) {
  await tool("control_zwave_device", { deviceName: name, action, ...(level !== undefined ? { level } : {}) });
}

async function reading(name: string, kind: string): Promise<number> {
  const { readings = [] } = await tool<SensorDataOutput>("get_device_sensor_data", { deviceName: name });
  const found =
    readings.find((r) => r.deviceClass === kind) ??
    readings.find((r) => new RegExp(kind, "i").test(`${r.kind ?? ""} ${r.label}`));
  if (typeof found?.value !== "number") throw new Error(`${name} reports no ${kind}`);
  return found.value;
}

const YES: Record<string, string> = { en: "yes", de: "ja", fr: "oui", es: "sí", nl: "ja", it: "sì" };
const NO: Record<string, string> = { en: "no", de: "nein", fr: "non", es: "no", nl: "nee", it: "no" };
const LOCALES = ["en-GB", "de-DE", "fr-FR", "es-ES", "nl-NL", "it-IT"];
/** A number as a reply may write it: 21.5, 21,5, 1,432.5, 1.432,5, 1 432,5. */
const spoken = (n: number) => [
  String(n),
  String(n).replace(".", ","),
  ...LOCALES.map((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 1 }).format(n)),
];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentions = (speech: string, n: number) =>
  spoken(n).some((s) => new RegExp(`(^|[^\\d.,])${escapeRe(s)}($|[^\\d])`).test(speech));
/** Whether a reply begins with the language's yes (or no). */
const startsWith = (speech: string, word: string | undefined) =>
  speech
    .trim()
    .toLowerCase()
    .startsWith(word ?? "?");

/** The endpoint of a demo device that has its function (its first, for the one-load demo devices). */
async function endpointOf(name: string) {
  const found = (await device(name)).endpoints[0];
  if (!found) throw new Error(`${name} has no endpoint`);
  return found;
}

/**
 * Says the sentence and checks that it did what DOCS.md's table says; returns what went wrong,
 * or undefined. Each effect first puts the device where the sentence must move it from.
 */
async function check({ text, language, effect }: Documented): Promise<string | undefined> {
  let m: RegExpExecArray | null;
  const answer = () => say(text, language);
  const spokeOk = (a: { speech: string; response_type: string }, type: string) =>
    a.response_type === type && a.speech.trim() !== "" && !a.speech.trim().endsWith("?")
      ? undefined
      : `answered ${a.response_type}: ${JSON.stringify(a.speech)}`;

  if ((m = /^turns \*\*(.+?)\*\* (on|off)\b/.exec(effect))) {
    const [, name = "", to] = m;
    await put(name, to === "on" ? "off" : "on");
    const a = await answer();
    const after = await device(name);
    return (
      spokeOk(a, "action_done") ??
      (after.on === (to === "on")
        ? undefined
        : `${name} still reports ${after.value} (${JSON.stringify(a.speech)})`)
    );
  }
  if ((m = /^(?:dims|sets) \*\*(.+?)\*\* to (\d+) %/.exec(effect))) {
    const [, name = "", level = ""] = m;
    const want = Number(level);
    await put(name, "dim", want >= 80 ? 20 : 90);
    const a = await answer();
    const after = await device(name);
    return (
      spokeOk(a, "action_done") ??
      (after.on && after.level !== null && Math.abs(after.level - want) <= 1
        ? undefined
        : `${name} reports ${after.value} (${JSON.stringify(a.speech)})`)
    );
  }
  if ((m = /^makes \*\*(.+?)\*\* (brighter|dimmer)/.exec(effect))) {
    const [, name = "", way] = m;
    await put(name, "dim", 40);
    const a = await answer();
    const after = await device(name);
    const level = after.level ?? 0;
    return (
      spokeOk(a, "action_done") ??
      (after.on && (way === "brighter" ? level > 40 : level < 40 && level > 0)
        ? undefined
        : `${name} reports ${after.value} (${JSON.stringify(a.speech)})`)
    );
  }
  if ((m = /^says whether \*\*(.+?)\*\* is (on|off)/.exec(effect))) {
    const [, name = "", asked] = m;
    // The device is put in the state asked about, so the answer must be yes and name it.
    await put(name, asked === "on" ? "on" : "off");
    const a = await answer();
    const yes = a.speech
      .trim()
      .toLowerCase()
      .startsWith(YES[language] ?? "yes");
    return (
      spokeOk(a, "query_answer") ??
      (yes && a.speech.includes(name)
        ? undefined
        : `${name} is ${asked}, but the answer was ${JSON.stringify(a.speech)}`)
    );
  }
  if ((m = /^says the (temperature|humidity) of \*\*(.+?)\*\*/.exec(effect))) {
    const [, kind, name = ""] = m as unknown as [string, "temperature" | "humidity", string];
    const before = await reading(name, kind);
    const a = await answer();
    const after = await reading(name, kind);
    return (
      spokeOk(a, "query_answer") ??
      (mentions(a.speech, before) || mentions(a.speech, after)
        ? undefined
        : `${name} reports ${kind} ${after}, the answer was ${JSON.stringify(a.speech)}`)
    );
  }
  if ((m = /^sets \*\*(.+?)\*\* to red/.exec(effect))) {
    const [, name = ""] = m;
    await tool("set_zwave_light_color", { deviceName: name, white: "warm" });
    const a = await answer();
    const after = await endpointOf(name);
    return (
      spokeOk(a, "action_done") ??
      (after.color?.rgb?.toLowerCase() === "#ff0000"
        ? undefined
        : `${name} reports ${JSON.stringify(after.color)} (${JSON.stringify(a.speech)})`)
    );
  }
  if ((m = /^opens \*\*(.+?)\*\* to (\d+) %/.exec(effect))) {
    const [, name = "", level = ""] = m;
    await tool("control_zwave_cover", { deviceName: name, action: "close" });
    const a = await answer();
    const after = await endpointOf(name);
    return (
      spokeOk(a, "action_done") ??
      (typeof after.position === "number" && Math.abs(after.position - Number(level)) <= 1
        ? undefined
        : `${name} reports position ${after.position} (${JSON.stringify(a.speech)})`)
    );
  }
  if ((m = /^says how far \*\*(.+?)\*\* is open/.exec(effect))) {
    const [, name = ""] = m;
    // Put somewhere between closed and open, so the answer must say how far.
    await tool("control_zwave_cover", { deviceName: name, action: "set_position", position: 40 });
    const position = (await endpointOf(name)).position;
    if (typeof position !== "number") return `${name} reports no position`;
    const a = await answer();
    return (
      spokeOk(a, "query_answer") ??
      (mentions(a.speech, position) && a.speech.includes(name)
        ? undefined
        : `${name} reports position ${position}, the answer was ${JSON.stringify(a.speech)}`)
    );
  }
  if ((m = /^says the (power use|battery level) of \*\*(.+?)\*\*/.exec(effect))) {
    const [, what, name = ""] = m;
    const kind = what === "power use" ? "power" : "battery";
    const value = await reading(name, kind);
    const a = await answer();
    return (
      spokeOk(a, "query_answer") ??
      (mentions(a.speech, value)
        ? undefined
        : `${name} reports ${kind} ${value}, the answer was ${JSON.stringify(a.speech)}`)
    );
  }
  if ((m = /^says whether \*\*(.+?)\*\* (is open|senses motion)/.exec(effect))) {
    const [, name = "", asked] = m;
    const a = await answer();
    const after = await endpointOf(name);
    const state =
      asked === "is open" ? after.open : after.binarySensors?.find((b) => b.deviceClass === "motion")?.active;
    if (typeof state !== "boolean")
      return `${name} reports no ${asked === "is open" ? "door" : "motion"} state`;
    const word = state ? YES[language] : NO[language];
    return (
      spokeOk(a, "query_answer") ??
      (startsWith(a.speech, word) && a.speech.includes(name)
        ? undefined
        : `${name} reports ${asked}: ${state}, but the answer was ${JSON.stringify(a.speech)}`)
    );
  }
  if (/^says the time/.test(effect)) {
    const a = await answer();
    const said = /(\d{1,2})\s*[:.h]\s*(\d{2})/.exec(a.speech);
    const minutes = said ? Number(said[1]) * 60 + Number(said[2]) : NaN;
    const now = new Date();
    const nowMinutes = now.getHours() * 60 + now.getMinutes();
    const off = Math.min(Math.abs(minutes - nowMinutes), 1440 - Math.abs(minutes - nowMinutes));
    return (
      spokeOk(a, "query_answer") ?? (off <= 1 ? undefined : `the time is not in ${JSON.stringify(a.speech)}`)
    );
  }
  if (/^says today's date/.test(effect)) {
    const a = await answer();
    const now = new Date();
    const day = new RegExp(`(^|\\D)0?${now.getDate()}(\\D|$)`);
    return (
      spokeOk(a, "query_answer") ??
      (day.test(a.speech) && a.speech.includes(String(now.getFullYear()))
        ? undefined
        : `today's date is not in ${JSON.stringify(a.speech)}`)
    );
  }
  return `DOCS.md says "${effect}", which this test does not know how to check`;
}

describe("the documented examples, in the demo", () => {
  it("are found in both files, in all six languages, each with what it does", () => {
    expect(others.filter((e) => e.where === "README.md").length).toBeGreaterThanOrEqual(3);
    expect(new Set(table.map((e) => e.language))).toEqual(new Set(["en", "de", "fr", "es", "nl", "it"]));
    expect(table.filter((e) => !e.effect || !e.text)).toEqual([]);
  });

  it("the README's and DOCS.md's other examples are rows of the table, so each says what it does", () => {
    const missing = others.filter(
      (e) =>
        !table.some((row) => row.language === e.language && row.text.toLowerCase() === e.text.toLowerCase()),
    );
    expect(missing.map((e) => `${e.where}: "${e.text}" (${e.language})`)).toEqual([]);
  });

  it("the kind table has a sentence in each of the six languages for every kind, each with what it does", () => {
    const byKind = new Map<string, Set<string>>();
    let kind = 0;
    for (const row of kinds) {
      if (row.language === "en") kind++;
      byKind.set(String(kind), (byKind.get(String(kind)) ?? new Set()).add(row.language));
    }
    expect(kind).toBeGreaterThanOrEqual(8);
    for (const languages of byKind.values()) {
      expect(languages).toEqual(new Set(["en", "de", "fr", "es", "nl", "it"]));
    }
    expect(kinds.filter((e) => !e.effect || !e.text)).toEqual([]);
  });

  it("each does what DOCS.md says it does", async () => {
    const failures: string[] = [];
    for (const example of [...table, ...kinds]) {
      const wrong = await check(example);
      if (wrong)
        failures.push(`"${example.text}" (${example.language}), DOCS.md: ${example.effect}; ${wrong}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("every curl command in the README and the docs works as written, headers and token included", async () => {
    expect(curls.filter((c) => c.where === "README.md").length).toBeGreaterThan(0);
    expect(curls.filter((c) => c.where === "DOCS.md").length).toBeGreaterThan(1);
    // A command that sends the token goes to a bridge that has one, as the docs say to set.
    const withToken = curls.some((c) => c.command.includes("$API_TOKEN"))
      ? await startBridgeProcess({ api_token: API_TOKEN })
      : undefined;
    try {
      const failures: string[] = [];
      for (const { command, where } of curls) {
        const target = command.includes("$API_TOKEN") ? withToken! : bridge;
        const { status, body } = await runCurl(command, target.apiUrl);
        const answer = (() => {
          try {
            return JSON.parse(body) as { speech?: string; response_type?: string };
          } catch {
            return undefined;
          }
        })();
        const speech = answer?.speech?.trim() ?? "";
        if (
          status !== 200 ||
          answer?.response_type !== "action_done" ||
          speech === "" ||
          speech.endsWith("?")
        )
          failures.push(`${where}: ${command} → HTTP ${status} ${body}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await withToken?.stop();
    }
  }, 60_000);

  it("the README and DOCS.md name every demo device, and no other", async () => {
    const { devices = [] } = await tool<{ devices?: DeviceSummary[] }>("list_zwave_devices");
    const names = devices.map((d) => d.name).sort();
    expect(names.length).toBeGreaterThan(0);
    const readmeDemo = /starts the embedded demo:([^]*?)\.\n/.exec(readme)?.[1] ?? "";
    expect([...readmeDemo.matchAll(/\("([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(names);
    const docsDemo = docs.split("### Try it in the demo")[1]?.split("\n\n")[1] ?? "";
    const numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    const count = /with (\w+) simulated Z-Wave devices/.exec(docsDemo)?.[1] ?? "";
    expect(numbers.indexOf(count)).toBe(names.length);
    expect(/with (\w+) devices/.exec(readmeDemo.replace(/\s+/g, " "))?.[1]).toBe(count);
    for (const name of names) expect(docsDemo.replace(/\s+/g, " ")).toContain(`**${name}**`);
  });

  it("a language the fast path does not know gets an English answer naming the ones it does", async () => {
    const answer = await say("zet de lamp aan", "xx");
    expect(answer.response_type).toBe("error");
    expect(answer.speech).toContain('the language "xx"');
    for (const code of ["en", "de", "fr", "es", "nl", "it"]) expect(answer.speech).toContain(code);
  });
});
