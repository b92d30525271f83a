import { describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { createMatcher, type FastMatch } from "../../src/understanding/matcher.js";
import { editDistance } from "../../src/shared/edit-distance.js";
import { allowedEdits } from "../../src/understanding/typo.js";

const matchers = Object.fromEntries(Object.entries(GRAMMARS).map(([l, g]) => [l, createMatcher(g)]));
const match = (language: string, sentence: string) => matchers[language]!.match(sentence);
/** The match without the name as written, which the cases below don't spell out. */
const understood = (language: string, sentence: string) => {
  const found = match(language, sentence);
  if (!found) return found;
  const { spokenName: _spoken, ...rest } = found;
  return rest;
};

type Case = [string, string, FastMatch];

describe("fast-path grammars", () => {
  it.each<Case>([
    ["en", "Turn on the kitchen light", { intent: "turn_on", name: "kitchen light" }],
    ["en", "please switch the kitchen light on.", { intent: "turn_on", name: "kitchen light" }],
    ["en", "Kitchen light off.", { intent: "turn_off", name: "kitchen light" }],
    ["en", "turn out the hallway lights", { intent: "turn_off", name: "hallway lights" }],
    ["en", "hallway lights out", { intent: "turn_off", name: "hallway lights" }],
    ["en", "turn off the dimmer in the kitchen", { intent: "turn_off", name: "dimmer in the kitchen" }],
    ["en", "turn on all the lights", { intent: "turn_on", name: "lights", all: true }],
    ["en", "switch off every single fan", { intent: "turn_off", name: "fan", all: true }],
    [
      "es",
      "apaga todos y cada uno de los ventiladores",
      { intent: "turn_off", name: "ventiladores", all: true },
    ],
    ["en", "Turn on Kid’s Lamp", { intent: "turn_on", name: "kid's lamp" }],
    ["en", "toggle the fan", { intent: "toggle", name: "fan" }],
    ["en", "open up the garage door", { intent: "open", name: "garage door" }],
    ["en", "lock the front door", { intent: "lock", name: "front door" }],
    ["en", "unlock the front door", { intent: "unlock", name: "front door" }],
    ["en", "set kitchen light to half", { intent: "set_level", name: "kitchen light", level: 50 }],
    ["en", "dim the kitchen light to 40%", { intent: "set_level", name: "kitchen light", level: 40 }],
    ["en", "is the office warm", { intent: "query_sensor", name: "office", sensor: "temperature" }],
    ["en", "how humid is it", { intent: "query_sensor", sensor: "humidity" }],
    ["en", "is the desk lamp on?", { intent: "query_state", name: "desk lamp", state: "on" }],
    ["en", "what time is it now", { intent: "query_time" }],
    ["en", "what's today's date", { intent: "query_date" }],
    ["en", "set the volume to 30 percent", { intent: "set_volume", level: 30 }],
    ["de", "Schalte das Licht in der Küche ein", { intent: "turn_on", name: "licht in der kuche" }],
    ["de", "Küchenlicht aus", { intent: "turn_off", name: "kuchenlicht" }],
    ["de", "Schalte alle Lampen aus", { intent: "turn_off", name: "lampen", all: true }],
    ["de", "Mach die Küche etwas heller", { intent: "brighten", name: "kuche" }],
    ["de", "Stell die Lampe auf die Hälfte", { intent: "set_level", name: "lampe", level: 50 }],
    ["de", "Schließ die Haustür ab", { intent: "lock", name: "haustur" }],
    ["de", "Wie warm ist es im Büro?", { intent: "query_sensor", name: "im buro", sensor: "temperature" }],
    ["de", "Wie spät ist es gerade?", { intent: "query_time" }],
    ["fr", "Allume la lumière du salon", { intent: "turn_on", kind: "light", name: "lumiere du salon" }],
    ["fr", "Éteins toutes les lumières", { intent: "turn_off", kind: "light", name: "lumieres", all: true }],
    ["fr", "Mets la lampe du salon à 40 %", { intent: "set_level", name: "lampe du salon", level: 40 }],
    ["fr", "Quelle heure il est ?", { intent: "query_time" }],
    ["es", "Enciende la luz de la cocina", { intent: "turn_on", name: "luz de la cocina" }],
    [
      "es",
      "¿Está encendida la luz de la cocina?",
      { intent: "query_state", name: "luz de la cocina", state: "on" },
    ],
    [
      "es",
      "Pon la lámpara del salón a la mitad",
      { intent: "set_level", name: "lampara del salon", level: 50 },
    ],
    ["nl", "Zet het licht in de keuken aan", { intent: "turn_on", name: "licht in de keuken" }],
    ["nl", "Doe de rolluiken dicht", { intent: "close", name: "rolluiken" }],
    ["nl", "Hoe laat is het nu?", { intent: "query_time" }],
    ["it", "Accendi la luce della cucina", { intent: "turn_on", name: "luce della cucina" }],
    ["it", "Spegni tutte le lampade", { intent: "turn_off", name: "lampade", all: true }],
    [
      "it",
      "La luce della cucina è accesa?",
      { intent: "query_state", name: "luce della cucina", state: "on" },
    ],
  ])("%s: %j", (language, sentence, expected) => {
    expect(understood(language, sentence)).toEqual(expected);
  });

  it.each<Case>([
    // A verb that names its kind, with a place or nothing at all.
    ["it", "Illumina il soggiorno", { intent: "turn_on", kind: "light", name: "soggiorno" }],
    ["it", "Illumina!", { intent: "turn_on", kind: "light" }],
    ["it", "Fai buio in cucina", { intent: "turn_off", kind: "light", lightWords: true, name: "in cucina" }],
    ["fr", "Éclaire le bureau", { intent: "turn_on", kind: "light", name: "bureau" }],
    ["fr", "Allume le salon", { intent: "turn_on", kind: "light", name: "salon" }],
    // "here" inside the sentence.
    ["nl", "Wat is hier de luchtvochtigheid?", { intent: "query_sensor", name: "hier", sensor: "humidity" }],
    ["fr", "Quelle est ici la température ?", { intent: "query_sensor", name: "ici", sensor: "temperature" }],
    ["it", "Qual è qui la temperatura?", { intent: "query_sensor", name: "qui", sensor: "temperature" }],
    // Dutch separable verbs: the particle last, or before the infinitive, apart or joined.
    ["nl", "Draai de rolluiken naar beneden", { intent: "close", name: "rolluiken" }],
    ["nl", "De zonneschermen omhoog doen", { intent: "open", name: "zonneschermen" }],
    ["nl", "Het raam dichtdoen", { intent: "close", name: "raam" }],
    ["nl", "De ventilator uit zetten", { intent: "turn_off", name: "ventilator" }],
    ["nl", "De achterdeur ontgrendelen", { intent: "unlock", name: "achterdeur" }],
    ["nl", "De achterdeur op slot doen", { intent: "lock", name: "achterdeur" }],
    // French brightness: verb, brightness word, target and level in any order; "à" or a unit.
    ["fr", "Lampe du salon 30 %", { intent: "set_level", name: "lampe du salon", level: 30 }],
    [
      "fr",
      "Éteins toutes les pièces de l'étage",
      { intent: "turn_off", kind: "light", name: "pieces de l'etage", all: true },
    ],
    ["fr", "Barre la porte du jardin", { intent: "lock", name: "porte du jardin" }],
    ["fr", "Baisser le salon à 20 %", { intent: "set_level", name: "salon", level: 20 }],
    ["fr", "Luminosité bureau 60 %", { intent: "set_level", name: "bureau", level: 60 }],
    ["fr", "Augmente la luminosité du bureau à 80", { intent: "set_level", name: "bureau", level: 80 }],
    ["fr", "Mets les watts à 30 %", { intent: "set_volume", level: 30 }],
    // A state question with no state named.
    ["fr", "Comment va la lampe du salon ?", { intent: "query_state", name: "lampe du salon" }],
    ["it", "Qual è lo stato della lampada?", { intent: "query_state", name: "lampada" }],
    // A place and a sensor word written as one word.
    ["nl", "Wat is de keukentemperatuur?", { intent: "query_sensor", name: "keuken", sensor: "temperature" }],
  ])("%s: %j (by structure)", (language, sentence, expected) => {
    expect(understood(language, sentence)).toEqual(expected);
  });

  it.each([
    // A cover said alone may mean up or down: not guessed.
    ["it", "Tapparelle qua"],
    ["fr", "Volets dans le salon"],
  ])("%s: %j names a kind that is not simply on or off, with no verb", (language, sentence) => {
    expect(match(language, sentence)).toBeUndefined();
  });

  it.each([
    ["de", "Schalte das Licht in der Küche ein", "Licht in der Küche"],
    ["fr", "Allume la lumière du salon, s'il te plaît", "lumière du salon"],
    ["en", "Turn on Kid’s Lamp!", "Kid’s Lamp"],
  ])("%s: %j keeps the name as the user wrote it", (language, sentence, spoken) => {
    expect(match(language, sentence)?.spokenName).toBe(spoken);
  });

  it.each([
    ["en", "set the kitchen light to forty percent", 40],
    ["de", "Dimme das Licht auf fünfzig Prozent", 50],
    ["fr", "Règle la lumière du salon à trente pour cent", 30],
  ])("%s: %j is a number said in words", (language, sentence, level) => {
    expect(match(language, sentence)?.level).toBe(level);
  });

  it.each([
    ["en", "set the desk lamp to sixty-five percent", 65],
    ["en", "set the desk lamp to thirty three percent", 33],
    ["de", "Dimme die Stehlampe auf dreiundsechzig Prozent", 63],
    ["de", "Dimme die Stehlampe auf einundachtzig Prozent", 81],
    ["fr", "Règle la lampe du bureau à soixante-quatorze pour cent", 74],
    ["fr", "Règle la lampe du bureau à trente et un pour cent", 31],
    ["fr", "Règle la lampe du bureau à quatre-vingt-douze pour cent", 92],
    ["es", "Pon la lámpara del estudio al sesenta y tres por ciento", 63],
    ["es", "Pon la lámpara del estudio al veintisiete por ciento", 27],
    ["nl", "Zet de bureaulamp op drieënzestig procent", 63],
    ["it", "Imposta la lampada dello studio al sessantadue per cento", 62],
    ["it", "Imposta la lampada dello studio al trentuno per cento", 31],
  ])("%s: %j is one number of two words, not its last word", (language, sentence, level) => {
    expect(match(language, sentence)?.level).toBe(level);
  });

  it.each<Case>([
    ["es", "Apague la lámpara del pasillo", { intent: "turn_off", name: "lampara del pasillo" }],
    ["es", "Encendé el ventilador", { intent: "turn_on", name: "ventilador" }],
    ["es", "Cierre la persiana, porfa", { intent: "close", name: "persiana" }],
    ["es", "¿Qué humedad hay?", { intent: "query_sensor", sensor: "humidity" }],
    ["es", "¿A qué temperatura estamos?", { intent: "query_sensor", sensor: "temperature" }],
    // Electricity as people call it, used by a device now: its power, not its current.
    ["es", "cuánta luz gasta la secadora", { intent: "query_sensor", name: "secadora", sensor: "power" }],
    [
      "fr",
      "combien d'électricité consomme le four",
      { intent: "query_sensor", name: "four", sensor: "power" },
    ],
    [
      "it",
      "quanta corrente sta consumando la lavatrice",
      { intent: "query_sensor", name: "lavatrice", sensor: "power" },
    ],
    [
      "it",
      "quanta corrente assorbe la lavatrice",
      { intent: "query_sensor", name: "lavatrice", sensor: "current" },
    ],
    [
      "es",
      "¿Cuál es la humedad del sensor del baño?",
      { intent: "query_sensor", name: "sensor del bano", sensor: "humidity" },
    ],
    ["es", "Dime qué hora es ahora", { intent: "query_time" }],
    ["es", "Sube volumen del altavoz al 40 por ciento", { intent: "set_volume", name: "altavoz", level: 40 }],
    ["es", "Estudio mínimo brillo", { intent: "set_level", name: "estudio", level: 1 }],
    [
      "es",
      "Lámpara del pasillo brillo máximo",
      { intent: "set_level", name: "lampara del pasillo", level: 100 },
    ],
    [
      "es",
      "Pon brillo lámpara del pasillo 30 por ciento",
      { intent: "set_level", name: "lampara del pasillo", level: 30 },
    ],
    [
      "es",
      "Pon la lámpara del pasillo con brillo al 30 %",
      { intent: "set_level", name: "lampara del pasillo", level: 30 },
    ],
  ])("%s: %j (verb forms, places and levels in any order)", (language, sentence, expected) => {
    expect(understood(language, sentence)).toEqual(expected);
  });

  it.each([
    ["en", "light up please", { intent: "turn_on", kind: "light" }],
    ["en", "light them up", { intent: "turn_on", kind: "light" }],
    ["en", "light up the hallway", { intent: "turn_on", kind: "light", name: "hallway" }],
    ["en", "turn on the hallway", { intent: "turn_on", name: "hallway" }],
  ])("%s: %j: a verb that names its own kind says so", (language, sentence, expected) => {
    expect(understood(language, sentence)).toEqual(expected);
  });

  it.each<Case>([
    [
      "en",
      "is the porch lamp still switched off",
      { intent: "query_state", name: "porch lamp", state: "off" },
    ],
    ["fr", "La veilleuse est toujours allumée ?", { intent: "query_state", name: "veilleuse", state: "on" }],
    ["es", "¿Sigue apagado el ventilador?", { intent: "query_state", name: "ventilador", state: "off" }],
    ["es", "¿La tele está todavía encendida?", { intent: "query_state", name: "tele", state: "on" }],
    ["it", "Il ventilatore è ancora acceso?", { intent: "query_state", name: "ventilatore", state: "on" }],
    ["de", "Brennt die Lampe im Flur noch?", { intent: "query_state", name: "lampe im flur" }],
    ["nl", "Branden de lichtjes nog?", { intent: "query_state", name: "lichtjes" }],
  ])("%s: %j asks whether it is so now ('still', 'burning')", (language, sentence, expected) => {
    expect(understood(language, sentence)).toEqual(expected);
  });

  it.each([
    ["en", "what's the weather like"],
    ["en", "tell me a joke"],
    ["en", "set the kitchen light to 150 percent"],
    ["en", "turn on the kitchen light and the fan"],
    ["de", "Schalte das Licht und den Fernseher ein"],
    ["fr", "Allume la lumière et la télé"],
    ["es", "Enciende la luz y la tele"],
    ["nl", "Zet de lamp en de tv aan"],
    ["it", "Accendi la luce e la tv"],
    ["de", "Erzähl mir einen Witz"],
  ])("%s: leaves %j to someone who understands all of it", (language, sentence) => {
    expect(match(language, sentence)).toBeUndefined();
  });
});

describe("typo distance", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("lihgt", "light", 2)).toBe(1);
    expect(editDistance("kitchn lihgt", "kitchen light", 2)).toBe(2);
    expect(editDistance("bathroom heater", "bedroom heater", 2)).toBe(3);
  });

  it("allows no edits on short names and two on long ones", () => {
    expect(allowedEdits("fan")).toBe(0);
    expect(allowedEdits("kettel")).toBe(1);
    expect(allowedEdits("kitchn lihgt")).toBe(2);
  });
});
