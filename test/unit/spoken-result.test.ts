// Every error code has a sentence in each of the six languages, with the device's name where the
// English one has it, and the tool's own text is never part of it.
import { describe, expect, it } from "vitest";
import { TOOL_ERROR_CODES } from "../../src/tools/tool-error.js";
import type { ToolResult } from "../../src/tools/types.js";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { failureSpeech, grammarFor, outcomeSpeech } from "../../src/understanding/spoken-result.js";

const LANGUAGES = ["en", "de", "fr", "es", "nl", "it"];
const TOOL_TEXT = "Garage Switch is dead (node 9); nothing was sent";

function failed(errorCode: ToolResult["errorCode"]): ToolResult {
  return {
    ok: false,
    content: TOOL_TEXT,
    error: TOOL_TEXT,
    ...(errorCode ? { errorCode } : {}),
    name: "control_zwave_device",
    tool: "control_zwave_device",
    server: "zwave",
    toolbox: "zwave",
    arguments: {},
    normalizedArguments: {},
    ms: 1,
  };
}

describe("what a failed call is said as", () => {
  it.each(LANGUAGES)("%s: every code has a sentence of that language, naming the device", (language) => {
    const replies = GRAMMARS[language]!.replies;
    const english = GRAMMARS.en!.replies;
    for (const code of TOOL_ERROR_CODES) {
      const speech = failureSpeech(replies, failed(code), "Garage Switch");
      expect(speech, code).not.toContain(TOOL_TEXT);
      expect(speech, code).not.toMatch(/\{\w+\}/);
      if (language !== "en")
        expect(speech, code).not.toBe(failureSpeech(english, failed(code), "Garage Switch"));
    }
    // Where the English sentence names the device, so does this language's.
    for (const [key, template] of Object.entries(english.errors)) {
      expect(replies.errors[key as keyof typeof replies.errors].includes("{name}"), key).toBe(
        template.includes("{name}"),
      );
    }
  });

  it("says the device's state for a dead node and a generic sentence without a device", () => {
    expect(failureSpeech(GRAMMARS.de!.replies, failed("dead"), "Garage Switch")).toBe(
      "Garage Switch antwortet nicht.",
    );
    expect(failureSpeech(GRAMMARS.fr!.replies, failed("timeout"))).toBe("Cela n'a pas marché.");
    expect(failureSpeech(GRAMMARS.it!.replies, failed(undefined), "Garage Switch")).toBe(
      "Non ha funzionato.",
    );
  });

  it("a held call's outcome: the state the device reports, or why it failed, never the tool's text", () => {
    const unlocked: ToolResult = {
      ...failed(undefined),
      ok: true,
      server: "builtin",
      content: "confirmed: Front Door is unlocked",
      structuredContent: { name: "Front Door", state: "unlocked", confirmed: true },
    };
    expect(outcomeSpeech(grammarFor("nl-BE"), unlocked)).toBe("Front Door is van het slot.");
    expect(
      outcomeSpeech(grammarFor("es"), {
        ...failed("dead"),
        structuredContent: { node: { name: "Garage Switch" } },
      }),
    ).toBe("Garage Switch no responde.");
    // A language the fast path does not speak: English.
    expect(outcomeSpeech(grammarFor("pt"), unlocked)).toBe("Front Door is unlocked.");
  });
});
