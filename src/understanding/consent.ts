// A yes that means yes. After the bridge asked "Do you want me to unlock Front Door?", the reply
// runs the held calls only when the whole of it is a short affirmative of the request's language:
// every word belongs to a yes ("yes", "go ahead", "ja, mach das", "vas-y", "sí, claro", "doe
// maar", "sì, procedi"), with politeness around it. A negation or cancel word anywhere cancels
// ("okay, never mind", "ok cancel that", "vale, mejor no", "yes no", "ja, nein doch nicht"), and
// so does "why not": the rule is the words, not a guess at the tone. Anything else is unclear, and
// so is a yes asked back ("yes?"), trailing off ("yes..."), or said twice over ("ja ja"), which
// is how people brush a question off. The lists hold only words that are a yes whatever the tone:
// "right" ("yeah right"), "fine" ("fine, thanks"), "c'est bon" and "c'est ça", "passt" and
// "schon", "bueno" and "ya", "maar" ("ja maar": yes, but) are not on them. The agent asks once
// more on an unclear reply (agent/pending-actions.ts). In a language beyond the six (an LLM
// speaks it), the words of all six count, negations included.
import { fold } from "./matcher.js";
import { repliesFor } from "./spoken-result.js";

export type Consent = "yes" | "no" | "unclear";

/** Each list is words and phrases separated by "|". */
interface ConsentWords {
  /** Affirmative words and phrases; a reply made only of these (and fillers) is a yes. */
  yes: string;
  /** Politeness that may stand around a yes. */
  fillers: string;
  /** Words that negate or cancel, anywhere in the reply. */
  no: string;
  /** What is said before the question, asked once more. */
  askAgain: string;
}

/** Negations that cancel in every language: a user may answer in a word of another. */
const EVERYWHERE_NO = ["no", "nope", "nein", "non", "nee", "niet", "stop", "cancel"];
const EVERYWHERE_YES = ["ok", "okay", "oke"];

const WORDS: Record<string, ConsentWords> = {
  en: {
    yes: "yes|yeah|yep|yup|sure|confirm|confirmed|i confirm|correct|that's right|absolutely|definitely|certainly|of course|indeed|affirmative|do it|go ahead|go for it|please do|sure thing|alright|all right|yes please",
    fillers: "please|thanks|thank you|now|just",
    no: "no|nope|nah|not|never|nevermind|cancel|cancelled|canceled|stop|wait|abort|forget|hold|negative|dont|don't",
    askAgain: "Please answer yes or no. {question}",
  },
  de: {
    yes: "ja|jawohl|jo|jep|jup|genau|klar|na klar|sicher|natürlich|gern|gerne|richtig|korrekt|bestätigt|ich bestätige|auf jeden fall|in ordnung|mach das|mach es|mach's|machs|tu das|tu es|los|mach schon|doch|ja bitte|selbstverständlich",
    fillers: "bitte|danke|gleich|jetzt",
    no: "nein|nee|no|nicht|kein|keine|keinen|nie|niemals|abbrechen|abbruch|stopp|stop|halt|warte|warten|vergiss|storno|stornieren",
    askAgain: "Bitte antworte mit Ja oder Nein. {question}",
  },
  fr: {
    yes: "oui|ouais|d'accord|dac|vas y|allez y|allez|bien sûr|certainement|absolument|exactement|je confirme|confirme|volontiers|carrément|fais le|faites le|oui oui|parfait|évidemment",
    fillers: "s'il te plait|s'il vous plait|stp|svp|merci",
    no: "non|nan|pas|ne|n'|jamais|annule|annuler|annulez|arrête|arrêter|arrêtez|stop|attends|attendez|laisse|oublie|oubliez",
    askAgain: "Réponds par oui ou par non, s'il te plaît. {question}",
  },
  es: {
    yes: "sí|claro|vale|de acuerdo|por supuesto|adelante|hazlo|confirmo|confirmado|correcto|exacto|dale|venga|perfecto|desde luego|cierto|afirmativo|sí claro|claro que sí",
    fillers: "por favor|gracias",
    no: "no|nunca|jamás|cancela|cancelar|cancélalo|para|detente|alto|espera|olvídalo|olvida|ni|tampoco",
    askAgain: "Responde sí o no, por favor. {question}",
  },
  nl: {
    yes: "ja|jazeker|jawel|zeker|prima|goed|akkoord|doe maar|doe het|doe het maar|ga je gang|ga door|ga maar|bevestig|bevestigd|natuurlijk|tuurlijk|uiteraard|graag|klopt|is goed|ja graag|zeker weten",
    fillers: "alsjeblieft|alstublieft|aub|dank je|dank u|bedankt|hoor",
    no: "nee|neen|niet|geen|nooit|annuleer|annuleren|stop|stoppen|wacht|laat|vergeet",
    askAgain: "Antwoord alsjeblieft met ja of nee. {question}",
  },
  it: {
    yes: "sì|certo|va bene|d'accordo|procedi|vai|fallo|confermo|confermato|esatto|giusto|certamente|assolutamente|sicuro|perfetto|certo che sì|ovvio|ovviamente|volentieri",
    fillers: "per favore|grazie|pure|ora|adesso",
    no: "no|non|mai|annulla|annullare|ferma|fermati|stop|aspetta|lascia|niente|nemmeno|neanche",
    askAgain: "Rispondi sì o no, per favore. {question}",
  },
};

/** The reply in words: folded, apostrophes kept inside a word, hyphens and punctuation as spaces. */
function wordsOf(text: string): string[] {
  return fold(text.replace(/[\u2019\u2018`´]/g, "'"))
    .replace(/[-\u2013\u2014]/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}

function phrases(list: readonly string[]): string[][] {
  return list.map((p) => wordsOf(p)).sort((a, b) => b.length - a.length);
}

const listOf = (words: string | undefined) => (words ? words.split("|") : []);

interface Compiled {
  yes: string[][];
  fillers: string[][];
  no: Set<string>;
}
const compiled = new Map<string, Compiled>();

function compile(language: string): Compiled {
  let found = compiled.get(language);
  if (found) return found;
  // A language of no grammar of ours (an LLM speaks it): the words of all six, whose yes and no
  // words carry over ("ja", "no"), and every negation among them.
  const all = Object.values(WORDS);
  const words = WORDS[language] ?? {
    yes: all.map((w) => w.yes).join("|"),
    fillers: all.map((w) => w.fillers).join("|"),
    no: all.map((w) => w.no).join("|"),
  };
  found = {
    yes: phrases([...listOf(words.yes), ...EVERYWHERE_YES]),
    fillers: phrases(listOf(words.fillers)),
    no: new Set([...listOf(words.no), ...EVERYWHERE_NO].map((w) => fold(w))),
  };
  compiled.set(language, found);
  return found;
}

const baseLanguage = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? "";

/** A yes asked back ("yes?", "¿sí?") or trailing off ("yes...", "ja…"): no answer yet. */
const ASKED_OR_TRAILING = /[?\u00bf]|\.\.|\u2026/;

/** What a reply to "do you want me to …?" says: yes only when every word of it does. */
export function consentOf(text: string, language: string): Consent {
  const { yes, fillers, no } = compile(baseLanguage(language));
  const words = wordsOf(text);
  // "don't", "won't", "n'ouvre": a negation fused to a word is still one.
  if (words.some((w) => no.has(w) || w.endsWith("n't") || w.startsWith("n'"))) return "no";
  if (ASKED_OR_TRAILING.test(text)) return "unclear";
  const at = (list: string[][], i: number) => list.find((p) => p.every((w, k) => words[i + k] === w));
  let affirmed = false;
  let last: string[] | undefined;
  for (let i = 0; i < words.length;) {
    const affirmative = at(yes, i);
    const phrase = affirmative ?? at(fillers, i);
    if (!phrase) return "unclear";
    // "ja ja", "yes yes": a yes said twice over brushes the question off ("oui oui" is one phrase).
    if (affirmative && affirmative === last) return "unclear";
    if (affirmative) last = affirmative;
    affirmed ||= affirmative !== undefined;
    i += phrase.length;
  }
  // Politeness alone ("please", "thanks") is no answer.
  return affirmed ? "yes" : "unclear";
}

/** What is said when the held calls are dropped: the grammar's own, in the request's language. */
export function cancelledSpeech(language: string): string {
  return repliesFor(language).agent.declined;
}

/** The question asked once more after an unclear reply. */
export function askAgainSpeech(language: string, question: string): string {
  return (WORDS[baseLanguage(language)] ?? WORDS.en!).askAgain.replace("{question}", question).trim();
}
