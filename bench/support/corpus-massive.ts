// MASSIVE 1.1 (alexa/massive, CC BY 4.0): SLURP's English requests to a home voice assistant and
// their translations by people into 51 languages, each labelled with a scenario, an intent and
// slots ("dim the lights in the [house_place : hall]"). Only the train partition is read: one
// JSON object a line, `{ id, locale, partition, scenario, intent, utt, annot_utt }`, one file a
// locale (`en-US.jsonl`, `de-DE.jsonl`, …) in the folder PRACTICE_MASSIVE names, by default
// `practice/massive-train/` in the shared folder beside the repository (`../shared`). MASSIVE's
// dev and test partitions are the outside judges' sentences: a file that holds a row of either
// is refused, never judged.
//
// The same `id` is the same request in every language, so the held-out part is fixed by a hash
// of the id: the same requests are held out in all six languages.
//
// What a row expects is read from its intent and slots as SLURP's are
// (bench/support/corpus-slurp.ts), with the words that decide (a light or a plug, a place, "all",
// today, a time or a date) in each of the six languages. Where a label and the sentence disagree,
// the words decide: a device of the home by its name, the kind a slot's adjective qualifies
// ("het slimme stopcontact"), a place said outside the slots, on or off, mute, louder or softer
// said plainly, a level as digits, number words, "max" or "half"; a level whose scale the words do
// not say ("fino a otto") is not judged. The home is the blind set's (the practice
// home with each language's names for its places, bench/support/blind-home.ts) with the other
// names MASSIVE's speakers give its rooms.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FakeHome } from "../../test/support/ha-home.js";
import { numberWords } from "../../src/understanding/number-words.js";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { AREA_ALIASES, blindHome, ENTITY_ALIASES, FLOOR_ALIASES } from "./blind-home.js";
import { levelIn } from "./corpus-tree.js";
import { LIGHT_INTENTS, slotsOf } from "./corpus-slurp.js";
import { AREAS, domainOf, ENTITIES, SATELLITE_AREA } from "./practice-home.js";
import {
  commandIn,
  fold,
  targetsOf,
  type CommandKind,
  type CorpusItem,
  type Expectation,
} from "./practice-corpus.js";

export const MASSIVE_LANGUAGES = ["en", "de", "fr", "es", "nl", "it"] as const;
export type MassiveLanguage = (typeof MASSIVE_LANGUAGES)[number];
const LOCALES: Record<MassiveLanguage, string> = {
  en: "en-US",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
  nl: "nl-NL",
  it: "it-IT",
};

export interface MassiveItem extends CorpusItem {
  language: MassiveLanguage;
  id: string;
}

/** The folder PRACTICE_MASSIVE names, else the shared folder's copy beside the repository, if there. */
export function massiveFolder(): string | undefined {
  if (process.env.PRACTICE_MASSIVE) return process.env.PRACTICE_MASSIVE;
  const beside = fileURLToPath(new URL("../../../shared/practice/massive-train/", import.meta.url));
  return existsSync(beside) ? beside : undefined;
}

/** About one request in five is held out, by sha256 of its id (the same requests in every language). */
export function massivePartOf(id: string): CorpusItem["part"] {
  const byte = createHash("sha256").update(`massive:${id}`).digest()[0]!;
  return byte % 5 === 0 ? "held-out" : "practice";
}

interface Row {
  id: string;
  partition: string;
  intent: string;
  utt: string;
  annot_utt: string;
}

/** A language's distinct train sentences, or an error saying why there are none. */
export function loadMassive(folder: string, language: MassiveLanguage): MassiveItem[] {
  const file = join(folder, `${LOCALES[language]}.jsonl`);
  if (!existsSync(file)) throw new Error(`${folder} has no ${LOCALES[language]}.jsonl`);
  const seen = new Map<string, MassiveItem>();
  for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean)) {
    const row = JSON.parse(line) as Row;
    if (row.partition !== "train") {
      throw new Error(
        `${file} holds MASSIVE's ${row.partition} partition: only the train partition may be read`,
      );
    }
    const key = fold(row.utt);
    if (seen.has(key)) continue;
    const slots = slotsOf(row.annot_utt);
    seen.set(key, {
      language,
      id: row.id,
      text: row.utt.trim(),
      part: massivePartOf(row.id),
      label: [row.intent, ...Object.entries(slots).map(([k, v]) => `${k}=${v}`)].join(" "),
      expect: massiveExpectation(row.intent, row.utt, slots, language),
    });
  }
  return [...seen.values()];
}

// --- the words that decide, in each language (folded: lower case, no accents) -------------------

/** A word of the text, at letter edges. */
const has = (text: string, words: string) =>
  new RegExp(`(?<!\\p{L})(?:${words})(?!\\p{L})`, "u").test(fold(text));
/** A word of the text or the head of a compound ("Schreibtischlampe", "bureaulamp"). */
const hasHead = (text: string, words: string) => new RegExp(`(?:${words})(?!\\p{L})`, "u").test(fold(text));

const LIGHT =
  "lights?|lamps?|bulbs?|lighting|hue|licht(?:er)?|lampen?|leuchten?|beleuchtung|birnen?|lumieres?|lampes?|ampoules?|eclairage|luz|luces|lamparas?|bombillas?|iluminacion|lichten|verlichting|luce|luci|lampad[ae]|illuminazione|plafonn?ier[ae]?s?";
const PLUG =
  "plugs?|sockets?|outlets?|wemo|smart ?plugs?|power|\\w*steckdosen?|\\w*steckers?|prises?|enchufes?|tomas? de corriente|stekkers?|stopcontact(?:en)?|pres[ae]|prese|spina";
/** A switch said as such (folded): in HA, a plug is one. */
const SWITCH = "switch(?:es)?|\\w*schalter|interrupteurs?|interruptor(?:es)?|schakelaars?|interruttor[ei]";
/** A light said by where it hangs: the ceiling (folded). */
const CEILING = "ceiling|overhead|\\w*decke\\w*|plafond\\w*|plafonnier\\w*|techo|soffitto";
const ALL =
  "all|every\\w*|alle[nrs]?|uberall|ganzen?|tout|tou(?:te)?s|chaque|partout|tod[oa]s?|overal|hele|tutt[aie]|ovunque";
const UNMUTE =
  "unmute|un mute|no longer mute|nicht mehr stumm|stummschaltung aufheben|ton an|reactive\\w*|remets le son|activa el sonido|quita el silencio|desactiv\\w* (?:el )?silencio|anul\\w* el silencio|annull\\w* il (?:muto|silenzio)|reactiv\\w*|demp\\w*(?: \\w+){0,4} opheffen|hef (?:\\w+ ){0,2}demp\\w*|geluid aan|niet meer stil|entmut\\w*|riattiva\\w*|disattiva\\w* (?:il )?(?:muto|silenzios[oa])";
const MUTE =
  "mute|muted|silence|silent|quiet|stumm|lautlos|ton (?:aus|abschalten)|leise|muet|sourdine|couper le son|coupe le son|tais toi|silencio|silencia\\w*|quita el sonido|demp\\w*|stil|geluid uit|muto|silenzio|silenzia\\w*|zitto|togli (?:l )?audio";
const TIME_WORDS = "time|hour|o ?clock|uhr|uhrzeit|zeit|spat|heure|hora|tijd|uur|laat|ora|ore|orario";
/** Today by its name, not "now" (folded). */
const TODAY_SAID = "today|todays|heute|heutige[ns]?|aujourd hui|hoy|vandaag|oggi";
/** Another day than today (folded). */
const OTHER_DAY =
  // Counted from today ("three fridays after today", "cinco días desde hoy"): a day
  // reckoned from it, which is another day (issue 41 asks those handed on).
  "from|after|before|back|ago|von|nach|zuruck|vor|a partir|apres|avant|desde|hace|despues|antes|vanaf|na|geleden|terug|dopo|prima|fa|" +
  "tomorrow|yesterday|next|last|morgen|gestern|nachste[nr]?|letzte[nr]?|demain|hier|prochaine?|dernier|derniere|manana|ayer|proxim[oa]|pasad[oa]|gisteren|volgende|vorige|domani|ieri|prossim[oa]|scors[oa]";
/** Words for the date, or the day it is, that a label may give as a time zone (folded). */
const DATE_WORDS =
  "date|datum|fecha|data|the date|das datum|la date|la fecha|de datum|la data|day|the day|tag|der tag|jour|le jour|dia|el dia|dag|de dag|giorno|il giorno";
/** The home's own time zone, or the present, said where a time zone is labelled (folded). */
const OWN_ZONE =
  "this time ?zone|my (?:current )?time ?zone|local(?: time)?|current|dieser zeitzone|meiner (?:aktuellen )?zeitzone|aktuelle|ortszeit|ce fuseau horaire|mon fuseau horaire|actuel|heure locale|esta zona horaria|mi zona horaria|actual|hora local|deze tijdzone|mijn tijdzone|huidige tijd|lokale tijd|questo fuso orario|questa zona oraria|attuale|ora locale";
/** The city of the practice home's time zone (test/support/ha-home.ts), folded. */
const HOME_CITY = fold(String(blindHome().config.time_zone).split("/").at(-1)!.replace(/_/g, " "));
const TODAY =
  "today|todays|today s|now|right now|currently|this day|heute|heutige[ns]?|das heutige|jetzt|aujourd hui|d aujourd hui|maintenant|hoy|de hoy|ahora|vandaag|van vandaag|nu|oggi|di oggi|adesso";
/** "to 30 percent" in any language: digits before the language's word for percent. */
const PERCENT = /(\d{1,3})\s?(?:%|percent|per cent|prozent|pour ?cent|por ?ciento|procent|per ?cento)/i;
const PERCENT_WORD = "percent|per cent|prozent|pour ?cent|por ?ciento|procent|per ?cento|pc";
/** The words that put a level after them ("to", "auf", "à", "a", "naar", "fino a"), folded. */
const TO_LEVEL = "to|up to|at|auf|bis auf|zu|a|au|jusqu a|sur|al|hasta|naar|op|tot|fino a|fino al|su|al";
/** The top of the scale said as a word: "to max", "à fond", "al massimo", "naar maximaal", "à pleine puissance". */
const MAXIMUM =
  "max|maximum|full|full power|full volume|the max|the maximum|the highest|highest|maximal|maximale?|maximum|volle|voll|ganz|hochste|a fond|fond|au max|au maximum|maximo|el maximo|tope|a tope|maximaal|het maximum|vol|massimo|il massimo|al massimo|al max|pleine puissance|intensita massima|massima intensita|piena potenza|massima potenza|maxima potencia|potencia maxima|maxima intensidad|intensidad maxima";
/** Half the scale: "half way", "à moitié", "a la mitad", "per metà". */
const HALF =
  "half|half way|halfway|halb|halbe|die halfte|halfte|moitie|a moitie|a la moitie|mitad|la mitad|a la mitad|medio|helft|de helft|half|meta|a meta|per meta";
/** The bottom of the scale said as a word: no level in percent for certain (1 %? 0?). */
const MINIMUM =
  "min|minimum|the minimum|lowest|minimal|minimale?|niedrigste|au minimum|minimo|al minimo|el minimo|minimaal|il minimo";
const fromNumberWords = (language: MassiveLanguage) =>
  new Map(numberWords(GRAMMARS[language]!).map(([w, n]) => [fold(w), n]));
const NUMBER_WORDS = new Map(MASSIVE_LANGUAGES.map((l) => [l, fromNumberWords(l)]));

/**
 * A level in percent the sentence sets, when it gives one: digits or the language's number words
 * before a word for percent, or after a word that says "to" ("naar negentien", "a diciannove");
 * the top or the half of the scale said as a word ("to max", "al massimo", "per metà").
 * `scale`: a bare number of ten or less ("fino a otto") may be on a scale of ten, so it says no
 * level in percent for certain.
 */
function levelOf(text: string, language: MassiveLanguage): number | "scale" | undefined {
  const digits = PERCENT.exec(text);
  if (digits) return Number(digits[1]);
  const english = levelIn(text);
  if (english !== undefined) return english;
  const folded = fold(text);
  if (
    new RegExp(
      `(?<!\\p{L})(?:${TO_LEVEL}) (?:the |il |la |le |el |de |het )?(?:${MAXIMUM})(?!\\p{L})`,
      "u",
    ).test(folded)
  )
    return 100;
  if (
    new RegExp(
      `(?<!\\p{L})(?:${HALF})(?: way| power| volume)?(?!\\p{L})(?! (?:an |een |une )?(?:hour|stunde|heure|hora|uur|ora))`,
      "u",
    ).test(folded)
  )
    return 50;
  if (
    new RegExp(
      `(?<!\\p{L})(?:${TO_LEVEL}) (?:the |il |la |le |el |de |het )?(?:${MINIMUM})(?!\\p{L})`,
      "u",
    ).test(folded)
  )
    return "scale";
  const words = NUMBER_WORDS.get(language)!;
  const said = [...words.keys()].sort((a, b) => b.length - a.length).join("|");
  const m = new RegExp(
    `(?<!\\p{L})(?:${TO_LEVEL}) (\\d{1,3}|${said})(?: (${PERCENT_WORD}))?(?!\\p{L}| ?\\d)(?! (?:minut|second|stund|heure|hora|uur|ora|ore|hour|grad|degre|grado|graad|uhr|o clock))`,
    "u",
  ).exec(folded);
  if (!m) return undefined;
  const n = /^\d/.test(m[1]!) ? Number(m[1]) : words.get(m[1]!)!;
  if (n > 100) return undefined;
  return m[2] || n > 10 || n === 0 ? n : "scale";
}

/** Other names MASSIVE's speakers give the practice home's rooms, given to the home as aliases. */
const MORE_AREA_ALIASES: Record<string, string[]> = {
  living_room: ["Wohnraum", "sala de estar", "salone"],
  kitchen: ["Küchen"],
  hallway: ["hal", "ingresso"],
  bathroom: [],
  bedroom: ["chambre à coucher", "stanza da letto"],
  office: ["oficina", "ufficio", "studeerkamer"],
};
/** A place said as "this room" or "here": the satellite's room. */
const HERE =
  "here|this room|the room|my room|room|hier|raum|zimmer|dieses zimmer|meinem zimmer|ici|piece|cette piece|cette chambre|aqui|cuarto|este cuarto|habitacion|mi habitacion|kamer|deze kamer|mijn kamer|qui|stanza|questa stanza|mia stanza|camera";
const WHOLE_HOME =
  "house|home|whole house|whole home|entire house|apartment|flat|haus|ganze haus|ganzen haus|zuhause|wohnung|maison|maison entiere|toute la maison|appartement|casa|toda la casa|piso|huis|hele huis|thuis|tutta la casa|appartamento";
const ARTICLES =
  /^(?:the|my|our|der|die|das|dem|den|im|vom|mein(?:em|en|e)?|la|le|les|l|ma|mon|du|des|de la|el|los|las|mi|del|het|de|mijn|van de|il|lo|gli|nell|nella|nel|della|del|dello|delle|dei|degli)\s+/;

/** Prepositions a place slot may begin with (folded): "in der küche", "dans la cuisine". */
const PLACE_PREPOSITIONS = /^(?:in|im|in der|in dem|auf der|dans|en|in de|in het|nella|nel|nell)\s+(?=\S)/;

/** The areas a spoken place means in this home; undefined when it has no such place. */
export function massivePlace(place: string | undefined): string[] | undefined {
  if (!place) return [SATELLITE_AREA];
  // "in der küche" labelled as the place: its preposition is no part of the name.
  const key = fold(place).replace(PLACE_PREPOSITIONS, "").replace(ARTICLES, "");
  if (new RegExp(`^(?:${HERE})$`).test(key)) return [SATELLITE_AREA];
  if (new RegExp(`^(?:${WHOLE_HOME})$`).test(key)) return AREAS.map((a) => a.id);
  for (const [floor, aliases] of Object.entries(FLOOR_ALIASES)) {
    if (aliases.some((a) => fold(a) === key)) return AREAS.filter((a) => a.floor === floor).map((a) => a.id);
  }
  // "the living rooms lights", "das garagen licht", "i bagni": a room's name with a plural or linking ending.
  const keys = [
    key,
    // "bed room": a room's name with a space put in.
    key.replace(/ /g, ""),
    key.replace(/s$/, ""),
    // "toutes les salles de bains": each word of the name in the plural.
    key
      .split(" ")
      .map((w) => w.replace(/s$/, ""))
      .join(" "),
    key.replace(/n$/, ""),
    key.replace(/i$/, "o"),
    key.replace(/e$/, "a"),
  ];
  const area = AREAS.find((a) =>
    [a.name, ...a.aliases, ...(AREA_ALIASES[a.id] ?? []), ...(MORE_AREA_ALIASES[a.id] ?? [])].some(
      (name) => keys.includes(fold(name)) || keys.includes(fold(name).replace(/ /g, "")),
    ),
  );
  return area ? [area.id] : undefined;
}

/** "More light": a brighter light, not one switched on. */
const MORE = "more|mehr|plus|mas|meer|piu";
/** A radio asked for: the speaker, not a plug (the home has no radio). */
const RADIO = "radio|radios|radiosender";
/** Switching on and off, said plainly (folded). */
const ON =
  "on|turn on|switch on|an|einschalten|ilumina\\w*|illumina\\w*|eclaire\\w*|ein schalten|anschalten|anmachen|allume\\w*|enciend\\w*|encender\\w*|prende|prendan?|conect\\w*|aan|aanzetten|aandoen|inschakelen|accend\\w*|riaccend\\w*";
const OFF =
  "off|out|aus|ausschalten|ausmachen|abschalten|eteins|eteint|eteindre|eteignez|extinction|apag\\w*|desactiv\\w*|desconect\\w*|uit|uitzetten|uitdoen|uitschakelen|spegn\\w*";
/** The sound made louder or softer, said plainly (folded). */
const LOUDER =
  "louder|up|higher|increase|raise|lauter|erhoh\\w*|hochdreh\\w*|aufdreh\\w*|plus fort|augmente\\w*|monte|mas alto|mas fuerte|sube|subir|harder|luider|hoger|verhoog|piu forte|piu alto|alza\\w*";
const SOFTER =
  "softer|softly|quieter|more quietly|lower|down|decrease|reduce|leiser|senk\\w*|verringer\\w*|moins fort|plus doucement|doucement|plus bas|baisse\\w*|diminue\\w*|mas bajo|baja|bajar|zachter|lager|verlaag|zachtjes|piu piano|piano|piu basso|abbass\\w*|diminuisci";
/** Words before a name of the whole home that make it a place: "in my house", "de toute la maison". */
const IN_WHOLE_HOME = `(?:in|im|across|throughout|around|dans|en|nella|nel|di|de|del|della|van|por)(?: (?:the|my|our|la|ma|mon|toute|toda|mi|het|de|mijn|mia|tutta|ganzen|ganze|hele|whole|entire|meinem|meiner|der|dem|il))* (?:${WHOLE_HOME})`;
const placeNames = [
  ...AREAS.flatMap((a) => [
    a.name,
    ...a.aliases,
    ...(AREA_ALIASES[a.id] ?? []),
    ...(MORE_AREA_ALIASES[a.id] ?? []),
  ]),
  ...Object.values(FLOOR_ALIASES).flat(),
]
  .map(fold)
  .sort((x, y) => y.length - x.length);
const PLACE_NAMES = new RegExp(`(?<!\\p{L})(?:${placeNames.join("|")}|${IN_WHOLE_HOME})(?!\\p{L})`, "gu");

const WAY_UP_OR_DOWN = /(?<!\p{L})(?:nach|naar) (?:oben|unten|boven|beneden)(?!\p{L})/gu;

/**
 * The place a sentence names when its slots name none ("lower the light level in my house"): the
 * areas, or "several" when it names more than one place; undefined when it names none.
 */
function placeInSentence(sentence: string): { place: string; areas: string[] } | "several" | undefined {
  const found = new Map<string, { place: string; areas: string[] }>();
  // "dreh die Lautstärke nach oben": a way up or down, not the floor of that name.
  for (const m of fold(sentence).replace(WAY_UP_OR_DOWN, " ").matchAll(PLACE_NAMES)) {
    const place = new RegExp(`^${IN_WHOLE_HOME}$`, "u").test(m[0]) ? "house" : m[0];
    const areas = massivePlace(place);
    if (areas) found.set(areas.join(","), { place, areas });
  }
  if (found.size > 1) return "several";
  return found.values().next().value;
}

/** Words that join a name's parts ("lampada da scrivania", "lampada della scrivania"), folded. */
const LINKS = /(?<!\p{L})(?:of|the|von|vom|der|de|du|des|la|del|van|da|di|della|dello)(?!\p{L})/gu;
const linkless = (name: string) => fold(name).replace(LINKS, " ").replace(/\s+/g, " ").trim();

/** The device of the home a slot names by its name or an alias ("my desk lamp", "la lampe de chevet"). */
function homeDevice(slot: string): string | undefined {
  const key = linkless(fold(slot).replace(ARTICLES, ""));
  return ENTITIES.find((e) =>
    [e.name, ...(e.aliases ?? []), ...(ENTITY_ALIASES[e.id] ?? [])].some((n) => linkless(n) === key),
  )?.id;
}

/**
 * The one light or plug of the home whose name or alias holds a place the home has no area for
 * ("turn off the porch light", "apaga la luz del porche": the Porch Light, "luz del porche").
 */
function deviceOfPlace(place: string): string | undefined {
  const key = ` ${fold(place).replace(PLACE_PREPOSITIONS, "").replace(ARTICLES, "")} `;
  const found = ENTITIES.filter(
    (e) =>
      (domainOf(e.id) === "light" || domainOf(e.id) === "switch") &&
      [e.name, ...(e.aliases ?? []), ...(ENTITY_ALIASES[e.id] ?? [])].some((n) =>
        ` ${fold(n)} `.includes(key),
      ),
  );
  return found.length === 1 ? found[0]!.id : undefined;
}

/**
 * The kind of device a slot that is no device word qualifies ("het slimme stopcontact": slot
 * "slimme"; "la presa smart": "smart"): the light or plug word right beside it in the sentence.
 */
function qualifiedKind(sentence: string, slot: string): "light" | "plug" | undefined {
  const words = fold(sentence).split(" ");
  const said = fold(slot).split(" ");
  for (let i = 0; i + said.length <= words.length; i++) {
    if (!said.every((w, k) => words[i + k] === w)) continue;
    for (const beside of [words[i - 1], words[i + said.length]]) {
      if (!beside) continue;
      if (has(beside, LIGHT)) return "light";
      if (has(beside, PLUG)) return "plug";
    }
  }
  return undefined;
}

/** The light kind the words say when they contradict the label ("spegni le luci" labelled brighter). */
function lightKindSaid(label: CommandKind, sentence: string): CommandKind {
  const on = has(sentence, ON);
  const off = has(sentence, OFF);
  if (off && !on && label !== "switch lights off") return "switch lights off";
  // "mach das Licht an", "allume les lumières" labelled brighter: on, unless more light is asked.
  if (on && !off && (label === "switch lights off" || (label === "brighten" && !has(sentence, MORE))))
    return "switch lights on";
  return label;
}

/** What a row asks of the home (the word lists hold all six languages). */
export function massiveExpectation(
  intent: string,
  sentence: string,
  slots: Record<string, string>,
  language: MassiveLanguage,
): Expectation {
  const device = slots.device_type;
  const said = slots.house_place ? undefined : placeInSentence(sentence);
  if (said === "several" && intent.startsWith("iot_"))
    return { type: "unclear", why: "several places said", allowed: [] };
  const place = slots.house_place ?? (typeof said === "object" ? said.place : undefined);
  const areas = slots.house_place
    ? massivePlace(place)
    : typeof said === "object"
      ? said.areas
      : massivePlace(undefined);
  const saidLevel = levelOf(sentence, language);
  const all = !place && has(sentence, ALL);
  // "fino a otto": 8 % or 80 % on a scale of ten, "to the minimum": the words say no level for
  // certain; what the level is of (the lights, the speaker) may be set, and is not judged.
  const speakers = targetsOf("set volume", areas ?? []);
  if (saidLevel === "scale" && /^(?:iot_hue|audio_volume)/.test(intent)) {
    const allowed = intent.startsWith("iot_hue") ? targetsOf("switch lights on", areas ?? []) : speakers;
    return { type: "unclear", why: "a level without its scale", allowed };
  }
  // "baja el volumen a la mitad", "baisser la lumière de moitié": half labelled a change amount,
  // of a lowering, may be half of what it is now as well as the scale's half; not judged.
  const halfChange = slots.change_amount !== undefined && has(slots.change_amount, HALF);
  if (halfChange && (intent === "audio_volume_down" || intent === "iot_hue_lightdim")) {
    const allowed = intent === "audio_volume_down" ? speakers : targetsOf("switch lights on", areas ?? []);
    return { type: "unclear", why: "half, as a change", allowed };
  }
  const level = saidLevel === "scale" ? undefined : saidLevel;
  const command = (kind: CommandKind, withLevel = true): Expectation => {
    const relative = kind === "dim" || kind === "brighten";
    // "dim the lights to 40 %": a level, which sets the lights that are off as well as those on.
    const as = relative && withLevel && level !== undefined ? "switch lights on" : kind;
    const expected = commandIn(as, areas, place, {
      ...(withLevel && level !== undefined ? { level } : {}),
      orWholeHome: all,
    });
    if (as === kind || expected.type !== "command") return expected;
    return { ...expected, targets: [...expected.targets, targetsOf(kind, areas ?? [])] };
  };
  // A device of the home by its name ("turn off my desk lamp"): that device, not the room's.
  // "baisse le plafond", "dim the ceiling light": the ceiling light of the place (the home's
  // lights say where they hang by name), as a device named.
  const ceiling =
    device && has(device, CEILING)
      ? ENTITIES.find(
          (e) => domainOf(e.id) === "light" && (areas ?? []).includes(e.area) && /ceiling/i.test(e.name),
        )
      : undefined;
  const named = device
    ? (homeDevice(device) ?? ceiling?.id)
    : !areas && place
      ? deviceOfPlace(place)
      : undefined;
  const onNamed = (kind: CommandKind): Expectation => {
    const id = named!;
    const light = domainOf(id) === "light";
    const as: CommandKind | undefined =
      kind.startsWith("switch lights") || kind.startsWith("plug")
        ? (`${light ? "switch lights" : "plug"} ${kind.endsWith("on") ? "on" : "off"}` as CommandKind)
        : light
          ? kind
          : undefined;
    const relative = as === "dim" || as === "brighten";
    const isOn = ENTITIES.find((e) => e.id === id)?.state === "on";
    if (!as || (domainOf(id) !== "light" && domainOf(id) !== "switch"))
      return { type: "unclear", why: `device "${device ?? place}"`, allowed: [] };
    // "brighten the porch light" while it is off: switching it on low may be meant, or nothing.
    if (relative && !isOn && level === undefined)
      return { type: "unclear", why: `"${as}" of ${id}, which is off`, allowed: [id] };
    return {
      type: "command",
      kind: as,
      targets: [[id]],
      ...(level !== undefined && !as.startsWith("plug") ? { level } : {}),
    };
  };
  /** The kind the device slot says: a light or plug word, one beside it, or another device. */
  const slotKind = (): "light" | "plug" | "other" | undefined => {
    if (!device) return undefined;
    if (hasHead(device, LIGHT)) return "light";
    if (hasHead(device, PLUG)) return "plug";
    return qualifiedKind(sentence, device) ?? "other";
  };
  const lights = (label: CommandKind): Expectation => {
    const kind = lightKindSaid(label, sentence);
    if (named) return onNamed(kind);
    const slot = slotKind();
    if (slot === "plug" && (kind === "switch lights on" || kind === "switch lights off"))
      return command(kind === "switch lights on" ? "plug on" : "plug off", false);
    if (slot && slot !== "light") return { type: "unclear", why: `device "${device}"`, allowed: [] };
    // "apagar enchufe" labelled a light: the words name a plug and no light.
    const plugOnly = !slot && has(sentence, PLUG) && !has(sentence, LIGHT);
    if (plugOnly && (kind === "switch lights on" || kind === "switch lights off"))
      return command(kind === "switch lights on" ? "plug on" : "plug off", false);
    return command(kind);
  };
  const lightKind = LIGHT_INTENTS[intent];
  if (lightKind) return lights(lightKind);
  switch (intent) {
    case "iot_hue_lightchange":
      // A level said ("set the lights to 20 %") is a brightness; a colour or a mood is not judged.
      if (level !== undefined) return lights("switch lights on");
      return { type: "unclear", why: "colour or mood", allowed: targetsOf("switch lights on", areas ?? []) };
    case "iot_wemo_on":
    case "iot_wemo_off": {
      const label = intent === "iot_wemo_on" ? "plug on" : "plug off";
      if (named) return onNamed(label);
      const slot = slotKind();
      if (slot === "light")
        return lights(intent === "iot_wemo_on" ? "switch lights on" : "switch lights off");
      // "turn on the switch": any switch of the place (its plugs are switches in HA) may be meant.
      if (slot === "other" && hasHead(device!, SWITCH))
        return { type: "unclear", why: `a switch, "${device}"`, allowed: targetsOf(label, areas ?? []) };
      if (slot === "other") return { type: "unclear", why: `device "${device}"`, allowed: [] };
      // A light named and no plug, labelled a plug: the words say which (as for the lights above).
      if (!slot && has(sentence, LIGHT) && !has(sentence, PLUG))
        return lights(intent === "iot_wemo_on" ? "switch lights on" : "switch lights off");
      // "turn on the living room radio": the speaker may play it; no plug is asked for.
      if (!slot && has(sentence, RADIO) && !has(sentence, PLUG))
        return { type: "unclear", why: "a radio", allowed: speakers };
      // "schalte den Wemo-Stecker aus" labelled on: the words say which.
      const on = has(sentence, ON);
      const off = has(sentence, OFF);
      if (on !== off) return command(on ? "plug on" : "plug off", false);
      return command(label, false);
    }
    case "audio_volume_up":
    case "audio_volume_down": {
      // SLURP labels "no longer mute" as louder: what the words ask is unmuting.
      if (has(sentence, UNMUTE)) return command("unmute", false);
      if (level !== undefined) return command("set volume");
      const up = intent === "audio_volume_up";
      // Labels that contradict the words ("mijn geluid dempen", "parla più piano" labelled louder).
      // "der Ton ist leise, kannst du ihn hochdrehen": a quiet sound said, and louder asked for.
      const louder = has(sentence, LOUDER);
      const softer = has(sentence, SOFTER);
      if (up && has(sentence, MUTE) && !louder) return command("mute", false);
      // "stelle den Lautsprecher an", "desactiva el altavoz" labelled louder: the speaker switched.
      if (!louder && !softer && (has(sentence, ON) || has(sentence, OFF)))
        return {
          type: "unclear",
          why: "the speaker switched, by the label louder or softer",
          allowed: speakers,
        };
      if (up && softer && !louder) return command("lower volume", false);
      if (!up && louder && !softer) return command("raise volume", false);
      return command(up ? "raise volume" : "lower volume", false);
    }
    case "audio_volume_mute":
      if (has(sentence, UNMUTE)) return command("unmute", false);
      // "set the volume to zero": muted or at 0, either is what the words ask.
      if (level === 0) return { type: "unclear", why: "volume to zero", allowed: speakers };
      if (has(sentence, MUTE)) return command("mute", false);
      // SLURP labels "stop" and "pause" as muting: what the words ask is the player's, not judged.
      return { type: "unclear", why: "mute, by the label only", allowed: targetsOf("mute", areas ?? []) };
    case "audio_volume_other":
      if (level !== undefined) return command("set volume");
      return { type: "unclear", why: "volume, no direction", allowed: targetsOf("set volume", areas ?? []) };
    case "datetime_query":
    case "datetime_convert": {
      const kind = has(sentence, TIME_WORDS) ? "time" : "date";
      // "tell me the current date" labelled time_zone=date, "what is the day today" labelled
      // time_zone=day: a word for the time, the date or the day is no zone;
      // "the time in amsterdam" in a home whose time zone is Europe/Amsterdam is the home's.
      // "the date in this time zone", "the current time" labelled time_zone=current: the home's own.
      const zone =
        slots.time_zone !== undefined &&
        !new RegExp(`^(?:${TIME_WORDS}|${DATE_WORDS}|${OWN_ZONE})$`).test(fold(slots.time_zone));
      const place = slots.place_name !== undefined && fold(slots.place_name) !== HOME_CITY;
      // "is today the fourth or the fifth" labelled date=fourth: a date said of today, to be checked.
      const todayChecked = has(sentence, TODAY_SAID) && !has(slots.date ?? "", OTHER_DAY);
      const elsewhere =
        intent === "datetime_convert" ||
        place ||
        zone ||
        // "when is halloween", "how many hours until midnight": another moment than now.
        slots.event_name !== undefined ||
        (slots.time !== undefined && !new RegExp(`^(?:${TODAY})$`).test(fold(slots.time))) ||
        (slots.date !== undefined && !todayChecked && !new RegExp(`^(?:${TODAY})$`).test(fold(slots.date)));
      return { type: "question", kind, elsewhere };
    }
    case "play_radio":
    case "play_music":
      // Starting the room's speaker is not judged: the home has no radio or library to choose from.
      return { type: "unclear", why: "play, no source", allowed: targetsOf("play music", areas ?? []) };
    default:
      // Colours, cleaning, coffee, music, the weather, the news, …: nothing to act on.
      return { type: "none" };
  }
}

/** The blind set's home with the other names MASSIVE's speakers give its rooms. */
export function massiveHome(): FakeHome {
  const home = blindHome();
  home.areas = home.areas.map((a) => ({
    ...a,
    aliases: [...a.aliases, ...(MORE_AREA_ALIASES[a.area_id] ?? [])],
  }));
  return home;
}
