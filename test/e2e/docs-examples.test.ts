// Every example sentence the README and DOCS.md promise for the demo, read from the two files
// and sent to the built product on its embedded defaults (what `npm start` runs): the demo's
// broker and simulated Z-Wave devices, no language model, no Home Assistant. A sentence works
// when the bridge answers it as done or answered, in a non-empty sentence.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";

const ROOT = new URL("../../", import.meta.url);
const readme = readFileSync(new URL("README.md", ROOT), "utf8");
const docs = readFileSync(new URL("DOCS.md", ROOT), "utf8");

interface Example {
  text: string;
  language: string;
  where: string;
}

/** `"text":"…"` (and a `"language"` beside it) in the files' commands. */
function commandExamples(file: string, where: string): Example[] {
  return [...file.matchAll(/"text":\s*"([^"]+)"(?:,\s*"language":\s*"(\w+)")?/g)].map((m) => ({
    text: m[1] ?? "",
    language: m[2] ?? "en",
    where,
  }));
}

/** The quoted sentences of one Markdown table row after another, with the row's language code. */
function demoTable(): Example[] {
  const section = docs.split("### Try it in the demo")[1]?.split("\n### ")[0] ?? "";
  return section
    .split("\n")
    .filter((line) => /^\| .*\(`\w+`\) \|/.test(line))
    .flatMap((line) => {
      const language = /\(`(\w+)`\)/.exec(line)?.[1] ?? "";
      return [...line.matchAll(/"([^"]+)"/g)].map((m) => ({
        text: m[1] ?? "",
        language,
        where: "DOCS.md demo table",
      }));
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

const examples = [
  ...commandExamples(readme, "README.md"),
  ...readmeProse(),
  ...demoTable(),
  ...commandExamples(docs, "DOCS.md"),
];

let bridge: BridgeProcess;

beforeAll(async () => {
  bridge = await startBridgeProcess({});
  await bridge.waitForLog("MCP server 'zwave' is up");
}, 60_000);

afterAll(async () => bridge?.stop());

async function say(text: string, language: string) {
  const response = await fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text, language }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { speech: string; response_type: string };
}

describe("the documented examples, in the demo", () => {
  it("are found in both files, in all six languages", () => {
    expect(examples.filter((e) => e.where === "README.md").length).toBeGreaterThanOrEqual(3);
    expect(new Set(demoTable().map((e) => e.language))).toEqual(
      new Set(["en", "de", "fr", "es", "nl", "it"]),
    );
  });

  it("each works as written", async () => {
    const failures: string[] = [];
    for (const { text, language, where } of examples) {
      const answer = await say(text, language);
      if (answer.response_type === "error" || !answer.speech.trim())
        failures.push(`${where}: "${text}" (${language}) → ${answer.response_type}: ${answer.speech}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a language the fast path does not know gets an English answer naming the ones it does", async () => {
    const answer = await say("zet de lamp aan", "xx");
    expect(answer.response_type).toBe("error");
    expect(answer.speech).toContain('the language "xx"');
    for (const code of ["en", "de", "fr", "es", "nl", "it"]) expect(answer.speech).toContain(code);
  });
});
