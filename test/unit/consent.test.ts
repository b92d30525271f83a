// A yes that means yes (src/understanding/consent.ts): the whole reply must be an affirmative of
// the request's language; a negation or cancel word anywhere cancels; anything else is unclear.
import { describe, expect, it } from "vitest";
import { askAgainSpeech, cancelledSpeech, consentOf } from "../../src/understanding/consent.js";
import { NOT_QUITE_YES } from "../support/not-quite-yes.js";

const cases: Record<string, { yes: string[]; no: string[]; unclear: string[] }> = {
  en: {
    yes: [
      "yes",
      "Yes.",
      "yeah sure",
      "yes please",
      "ok",
      "okay, go ahead",
      "sure, do it",
      "yes, go ahead",
      "Yep!",
    ],
    no: [
      "no",
      "okay, never mind",
      "ok cancel that",
      "yes no",
      "yes, don't",
      "sure, why not",
      "yes... wait",
      "nope",
      "no, cancel",
      "stop",
    ],
    unclear: ["", "hmm", "what?", "the front one", "yes the kitchen light", "please", "thanks"],
  },
  de: {
    yes: ["ja", "Ja, mach das", "ja bitte", "jawohl", "klar", "okay, los", "genau, mach es"],
    no: [
      "nein",
      "ja, nein doch nicht",
      "okay, lieber nicht",
      "ja, abbrechen",
      "nee",
      "ach, doch nicht",
      "halt",
    ],
    unclear: ["ähm", "welche Tür?", "bitte"],
  },
  fr: {
    yes: ["oui", "oui, vas-y", "d'accord", "ouais, allez-y", "bien sûr", "oui s'il te plaît", "oui oui"],
    no: ["non", "oui, enfin non", "d'accord, laisse tomber", "ok annule", "n'ouvre pas", "surtout pas"],
    // "c'est bon" is as often "no need" as "go on".
    unclear: ["euh", "quelle porte ?", "merci", "c'est bon"],
  },
  es: {
    yes: ["sí", "sí, claro", "vale", "de acuerdo", "adelante", "sí, hazlo por favor", "por supuesto"],
    no: ["no", "vale, mejor no", "sí, no", "sí, cancela", "ok, olvídalo", "para"],
    unclear: ["eh", "¿cuál?", "gracias"],
  },
  nl: {
    yes: ["ja", "ja, doe maar", "prima", "oké, ga je gang", "ja hoor", "zeker", "doe het maar"],
    no: ["nee", "ja, nee toch niet", "oké, laat maar", "ja, wacht", "liever niet", "annuleer"],
    unclear: ["hè", "welke deur?", "bedankt"],
  },
  it: {
    yes: ["sì", "sì, procedi", "va bene", "certo", "ok, fallo pure", "d'accordo", "sì, grazie"],
    no: ["no", "sì, anzi no", "ok, lascia perdere", "va bene, annulla", "non farlo", "aspetta"],
    unclear: ["ehm", "quale porta?", "grazie"],
  },
};

describe.each(Object.entries(cases))("%s", (language, { yes, no, unclear }) => {
  it.each(yes)("%j is a yes", (reply) => expect(consentOf(reply, language)).toBe("yes"));
  it.each(no)("%j cancels", (reply) => expect(consentOf(reply, language)).toBe("no"));
  it.each(unclear)("%j is no answer", (reply) => expect(consentOf(reply, language)).toBe("unclear"));
});

// Written apart from the yes lists: sarcasm, "yes, but", a yes asked back, polite declines, hedges.
describe.each(Object.entries(NOT_QUITE_YES))("%s: not quite a yes", (language, replies) => {
  it.each(replies)("%j runs nothing", (reply) => expect(consentOf(reply, language)).not.toBe("yes"));
});

describe("words across languages and regions", () => {
  it("reads the base language of a region tag", () => {
    expect(consentOf("Ja, mach das", "de-CH")).toBe("yes");
    expect(consentOf("vale, mejor no", "es_MX")).toBe("no");
  });

  it("a negation said in another of the six languages still cancels", () => {
    expect(consentOf("ja, nein", "nl")).toBe("no");
    expect(consentOf("oui, stop", "fr")).toBe("no");
    expect(consentOf("yes, non", "en")).toBe("no");
  });

  it("a yes of another language is not a yes here", () => {
    expect(consentOf("oui", "de")).toBe("unclear");
    expect(consentOf("ja", "it")).toBe("unclear");
  });

  it("in a language beyond the six, the words of all six count, and any negation among them cancels", () => {
    expect(consentOf("ja", "sv")).toBe("yes");
    expect(consentOf("ok", "pl")).toBe("yes");
    expect(consentOf("ja, nej", "sv")).toBe("unclear");
    expect(consentOf("ja, nein", "sv")).toBe("no");
    expect(consentOf("no", "sv")).toBe("no");
  });

  it("says the cancellation and the question asked once more in the request's language", () => {
    expect(cancelledSpeech("de")).toBe("Okay, dann mache ich das nicht.");
    expect(cancelledSpeech("sv")).toBe("Okay, I won't do that.");
    expect(askAgainSpeech("it", "Vuoi che sblocchi Front Door?")).toBe(
      "Rispondi sì o no, per favore. Vuoi che sblocchi Front Door?",
    );
  });
});
