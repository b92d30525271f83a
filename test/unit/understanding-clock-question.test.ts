// The time and the date asked in plain words, in every language (clock-question.ts), and the
// questions about another place or day that are not ours to answer with the home's clock.
import { describe, expect, it } from "vitest";
import { createClockQuestion } from "../../src/understanding/clock-question.js";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { createUnderstanding } from "../../src/understanding/understand.js";

const readers = Object.fromEntries(Object.entries(GRAMMARS).map(([l, g]) => [l, createClockQuestion(g)]));
const understandings = Object.fromEntries(
  Object.entries(GRAMMARS).map(([l, g]) => [l, createUnderstanding(g)]),
);
const nothingNamed = () => undefined;
/**
 * Not read as the home's clock: not read at all, or read with a place guessed from where its words
 * stand, which is answered only when the home has it (turn/clock.ts); else not understood.
 */
const notTheHomes = (asked: { about?: string; guessed?: true } | undefined) =>
  asked === undefined || (asked.guessed === true && asked.about !== undefined);

/** Read alone, `sentence` asks the home's clock (`intent`), nothing more. */
function asksTheClock(language: string, sentence: string, intent: string) {
  expect(readers[language]!(sentence)).toEqual({ intent });
}
/** As `asksTheClock`, and the whole understanding reads it as that question too. */
function understoodAsTheClock(language: string, sentence: string, intent: string) {
  asksTheClock(language, sentence, intent);
  expect(understandings[language]!.understand(sentence, nothingNamed)).toMatchObject({
    match: { intent },
    by: "question",
  });
}
/** `sentence` is no question of the home's clock. */
function notTheClock(language: string, sentence: string) {
  expect(notTheHomes(readers[language]!(sentence))).toBe(true);
}

describe("the time and the date asked plainly", () => {
  it.each([
    ["en", "tell me the time now, please", "query_time"],
    ["en", "could you give me the current time please", "query_time"],
    ["en", "do you know what day it is today", "query_date"],
    ["de", "sag mal die Uhrzeit", "query_time"],
    ["de", "kannst du mir bitte sagen, wie spät es ist?", "query_time"],
    ["de", "welchen Wochentag haben wir heute", "query_date"],
    ["fr", "dis-moi, on est quel jour", "query_date"],
    ["fr", "tu peux me donner l'heure exacte ?", "query_time"],
    ["es", "¿me dices la hora?", "query_time"],
    ["es", "qué fecha es hoy por favor", "query_date"],
    ["nl", "hoe laat is het precies", "query_time"],
    ["nl", "vertel me even de datum van vandaag", "query_date"],
    ["it", "che ore sono di preciso", "query_time"],
    ["it", "mi dici che giorno è oggi", "query_date"],
    ["it", "a quanti siamo oggi?", "query_date"],
    ["de", "was ist das gegenwärtige Datum", "query_date"],
    // "today" alone asks the date; politeness and "now" still make two words.
    ["en", "and what's today", "query_date"],
    ["de", "was ist heute denn", "query_date"],
    // An opener with "me" asks no plans of one's own ("what's on today" does).
    ["fr", "dis-moi c'est quoi aujourd'hui", "query_date"],
    ["de", "heutiges Datum", "query_date"],
    ["fr", "aujourd'hui c'est quoi", "query_date"],
    ["es", "fecha actual, gracias", "query_date"],
    ["es", "quiero saber la hora", "query_time"],
    ["nl", "ik wil even weten hoe laat het is", "query_time"],
    // A day named of today checks today's date.
    ["de", "ist heute Freitag oder nicht", "query_date"],
    // A day of the month or a date said of today, to be checked: the answer gives today's date.
    ["en", "is today's date the 9th", "query_date"],
    ["en", "today is the twentieth of march, yes or no", "query_date"],
    ["en", "is today's date the fifth of march", "query_date"],
    ["en", "is today the fifth or the sixth", "query_date"],
    ["es", "qué fecha es hoy jueves", "query_date"],
    ["it", "oggi è il cinque o il sei", "query_date"],
    ["de", "ist heute der einundzwanzigste", "query_date"],
    ["fr", "on est le premier mai aujourd'hui ou pas", "query_date"],
    ["es", "hoy es veinte de abril o no", "query_date"],
    ["nl", "is het vandaag de derde", "query_date"],
    ["it", "oggi è il primo giugno sì o no", "query_date"],
    ["nl", "is het vandaag dinsdag", "query_date"],
    ["nl", "de tijd a.u.b.", "query_time"],
    ["nl", "hoelaat is het", "query_time"],
    ["it", "oggi che cos'è", "query_date"],
    ["it", "vorrei sapere l'ora", "query_time"],
    // The hour asked as an amount, as other languages ask it.
    ["de", "welche Stunde ist es", "query_time"],
    ["fr", "c'est combien l'heure", "query_time"],
    ["es", "cuánto es la hora", "query_time"],
    ["it", "quanto è l'ora", "query_time"],
    // The clock on the wall is the home's clock, not another place.
    ["en", "what's the time on the clock", "query_time"],
    ["es", "dime la hora en el reloj", "query_time"],
    // The home's own time zone is here.
    ["en", "the time in my current time zone", "query_time"],
    ["de", "sag mir die Uhrzeit in dieser Zeitzone", "query_time"],
    ["fr", "tu peux me donner l'heure dans ce fuseau horaire", "query_time"],
    ["es", "dame la hora de mi zona horaria", "query_time"],
    ["nl", "geef me de tijd in deze tijdzone", "query_time"],
    ["it", "dimmi l'ora del mio fuso orario", "query_time"],
    // "het" before the day is "it", not an article: today is checked.
    ["nl", "vandaag is het zaterdag toch", "query_date"],
  ])("%s: %j", (language, sentence, intent) => {
    // The day named, which is checked, aside.
    expect({ ...readers[language]!(sentence), checks: undefined }).toEqual({ intent });
    expect(understandings[language]!.understand(sentence, nothingNamed)).toMatchObject({
      match: { intent },
      by: "question",
    });
  });

  it.each([
    ["en", "Date?"],
    ["es", "¿Fecha?"],
  ])("%s: %j alone asks the date, read by its template", (language, sentence) => {
    expect(understandings[language]!.understand(sentence, nothingNamed)).toMatchObject({
      match: { intent: "query_date" },
      by: "question",
    });
  });

  it.each([
    ["en", "any idea what the time is", "query_time"],
    ["de", "hast du eine Ahnung, welcher Tag heute ist", "query_date"],
    ["fr", "tu as une idée de la date d'aujourd'hui", "query_date"],
    ["es", "¿tienes idea de qué hora es?", "query_time"],
    ["nl", "heb jij enig idee hoe laat het is", "query_time"],
    ["it", "hai idea di che giorno è", "query_date"],
  ])("%s: %j, asked as whether one knows, asks it", (language, sentence, intent) => {
    expect(readers[language]!(sentence)?.intent).toBe(intent);
  });

  it("the time and the date asked together are both asked", () => {
    expect(readers.en!("what's the time and the date")).toEqual({ intent: "query_time", alsoDate: true });
    expect(readers.de!("Uhrzeit und Datum bitte")).toEqual({ intent: "query_time", alsoDate: true });
  });
});

describe("the time or the date asked of the assistant's own view", () => {
  it.each([
    ["en", "what time is it according to you", "query_time"],
    ["en", "which day is it in your opinion", "query_date"],
    ["de", "wie spät ist es deiner Meinung nach", "query_time"],
    ["de", "wie spät ist es jetzt, glaubst du", "query_time"],
    ["fr", "quelle heure est-il d'après toi", "query_time"],
    ["fr", "on est quel jour à ton avis", "query_date"],
    ["es", "qué hora es según tú", "query_time"],
    ["es", "qué día es hoy en tu opinión", "query_date"],
    ["es", "qué día es según usted", "query_date"],
    ["nl", "hoe laat is het nu volgens jou", "query_time"],
    ["nl", "welke dag is het volgens u", "query_date"],
    ["it", "che ore sono secondo te", "query_time"],
    ["it", "che giorno è oggi secondo lei", "query_date"],
  ])("%s: %j asks the home's clock", asksTheClock);

  it.each([
    ["en", "what time is it in lima according to you"],
    ["de", "wie spät ist es morgen deiner Meinung nach"],
    ["fr", "quelle heure est-il selon toi à lima"],
    ["nl", "hoe laat is het volgens jou in lima"],
    ["it", "che ore sono a lima secondo te"],
  ])("%s: %j, another place or day, is not the home's clock", notTheClock);
});

describe("words of another place, day or kind are not the home's clock", () => {
  it.each([
    ["en", "what time is it in lisbon"],
    ["en", "what day is it tomorrow"],
    ["en", "when is the next full moon"],
    ["de", "wie spät ist es in Lissabon"],
    ["de", "welcher Tag ist morgen"],
    // A day named, and not today: another day is asked about.
    ["de", "welches Datum ist Montag"],
    ["nl", "welke datum is het zaterdag"],
    // A weekday after a preposition or an article, with "today" said too: that day's date.
    ["en", "what will today's date be on thursday"],
    ["es", "qué fecha es hoy el jueves"],
    ["it", "che data è oggi il giovedì"],
    ["en", "what day is the ninth"],
    ["it", "che giorno è il nove"],
    ["de", "welcher Wochentag ist der 24."],
    ["fr", "quel temps fait-il dehors"],
    ["fr", "quelle est l'heure actuelle de l'est"],
    ["fr", "silence pendant une heure"],
    ["es", "qué tiempo hace hoy en la calle"],
    ["es", "a qué hora abre la farmacia"],
    ["nl", "een uur stil"],
    ["it", "che tempo fa oggi"],
    ["it", "silenzio per un'ora"],
    ["fr", "jour"],
    ["de", "Datum"],
    // Something else of the day: a greeting, or what is to be done.
    ["en", "hello there how are you today"],
    ["en", "what do I still have to do today"],
    ["de", "wie geht es dir heute"],
    ["es", "hola, ¿cómo estás hoy?"],
    ["it", "come stai oggi"],
    // What the day holds: the calendar's to say, not the date.
    ["en", "what's on today"],
    ["en", "what have i got today"],
    ["de", "was habe ich heute"],
    ["de", "was ist heute los"],
    ["fr", "j'ai quoi aujourd'hui"],
    ["fr", "qu'est-ce que je fais aujourd'hui"],
    ["es", "qué tengo hoy"],
    ["nl", "wat heb ik vandaag nou"],
    ["it", "cosa ho oggi"],
    ["en", "tell me about today, what's it like for me"],
    ["de", "kannst du mir bitte von heute erzählen"],
    ["it", "mi dici gli orari"],
    // "How many" is no slip of "der wievielte": a count asked of the day.
    ["de", "wie viele Anrufe habe ich heute verpasst"],
    ["de", "wieviele Nachrichten kamen heute"],
    ["de", "was ist denn an diesem Datum"],
    // Whether the time has come for something.
    ["fr", "est-ce que c'est l'heure"],
    // An amount of something else.
    ["en", "how much time do we have"],
    ["fr", "combien ça coûte"],
    ["es", "cuánto tiempo tenemos"],
    // Asked whether one knows the time of something else.
    ["en", "any idea what time the shop opens"],
    ["it", "hai idea di che ore apre la farmacia"],
    // A time to be set, not asked.
    ["en", "remind me at this time tomorrow"],
    ["es", "despiértame a esta hora"],
    ["nl", "wek me morgen op deze tijd"],
    ["de", "weck mich um diese Zeit"],
  ])("%s: %j", notTheClock);

  it.each([
    // "este" is east too, which politeness drops as a word that says nothing.
    ["es", "dime la hora del este"],
    // A word after a preposition is a place, never a slip of the date's ("maan", moon, is no "maand").
    ["nl", "hoe laat is het nu op de maan"],
  ])("%s: %j, a place said after its preposition, is not the home's clock", (language, sentence) => {
    expect(notTheHomes(readers[language]!(sentence))).toBe(true);
    const understood = understandings[language]!.understand(sentence, nothingNamed);
    if (understood?.match.intent.startsWith("query_")) expect(understood.match.about).toBeTruthy();
  });

  it("a greeting before a question of the time still asks it, as being reminded of it does", () => {
    expect(readers.en!("how are you, what time is it")).toEqual({ intent: "query_time" });
    expect(readers.en!("remind me what time it is")).toEqual({ intent: "query_time" });
  });
});

describe("'it is about time' said of something awaited asks no time", () => {
  it.each([
    ["en", "it's about time"],
    ["en", "about time"],
    ["de", "es ist wohl Zeit"],
    ["de", "es ist an der Zeit"],
    ["es", "será la hora"],
    ["it", "sarebbe ora"],
    ["nl", "het wordt tijd"],
    ["nl", "'t wordt tijd"],
    ["en", "what a time"],
  ])("%s: %j", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });

  it.each([
    ["en", "what time is it roughly", "query_time"],
    ["de", "wie spät ist es wohl", "query_time"],
    ["es", "¿qué hora será?", "query_time"],
    ["it", "che ore sarebbero", "query_time"],
    ["nl", "hoe laat wordt het", "query_time"],
    ["en", "what time is it at the moment", "query_time"],
  ])("%s: %j still asks", (language, sentence, intent) => {
    expect(readers[language]!(sentence)?.intent).toBe(intent);
  });
});

describe("the time or the date to be let known", () => {
  it.each([
    ["de", "gib mir Bescheid, wie spät es ist", "query_time"],
    ["de", "sag mir Bescheid, welcher Tag heute ist", "query_date"],
  ])("%s: %j", (language, sentence, intent) => {
    expect(readers[language]!(sentence)?.intent).toBe(intent);
  });

  it.each([
    ["de", "gib mir Bescheid, wenn es zehn Uhr ist"],
    ["de", "gib mir Bescheid um acht"],
  ])("%s: %j, a moment to come, is not the home's clock now", notTheClock);
});

describe("the time a while from now is another time", () => {
  it.each([
    ["en", "what time will it be in an hour"],
    ["de", "wie spät ist es in einer Stunde"],
    ["fr", "quelle heure sera-t-il dans une heure"],
    ["es", "qué hora es en una hora"],
    ["nl", "hoe laat is het over een uur"],
    ["it", "che ore sono tra un'ora"],
  ])("%s: %j is not answered with the time now", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
    const understood = understandings[language]!.understand(sentence, nothingNamed);
    // A clock template that reads it keeps what it is about, and the turn hands it on (turn/clock.ts).
    if (understood?.match.intent === "query_time") expect(understood.match.about).toBeTruthy();
  });

  it.each([
    ["en", "which date will it be in a month"],
    ["de", "welches Datum haben wir in einem Monat"],
    ["fr", "on sera le combien dans un mois"],
    ["es", "qué fecha tenemos en un mes"],
    ["es", "en qué día estamos en una semana"],
    ["nl", "welke datum hebben we over een maand"],
    ["nl", "hoe laat is het over een week"],
    ["it", "quanti ne avremo fra un mese"],
  ])("%s: %j, a day, week, month or year from now, is not answered with today", (language, sentence) => {
    expect(notTheHomes(readers[language]!(sentence))).toBe(true);
    const understood = understandings[language]!.understand(sentence, nothingNamed);
    if (understood?.match.intent.startsWith("query_")) expect(understood.match.about).toBeTruthy();
  });

  it.each([
    // "en", "in" asking which week or month it is now.
    ["es", "en qué mes estamos ahora", "query_date"],
    ["nl", "in welke maand zitten we nu", "query_date"],
  ])("%s: %j still asks today's", (language, sentence, intent) => {
    expect(readers[language]!(sentence)?.intent).toBe(intent);
  });
});

describe("the question's own shape, whatever the words around it", () => {
  it.each([
    // Particles, greetings and tags around the question.
    ["en", "okay so what day of the week are we on today", "query_date"],
    ["de", "wie spät ist es denn eigentlich grade", "query_time"],
    // Spoken German: "is" for "ist".
    ["de", "sag mal, wie spät is es jetzt", "query_time"],
    ["de", "servus, der wievielte ist heute", "query_date"],
    ["fr", "excusez-moi, vous avez l'heure pile", "query_time"],
    ["es", "oiga, ¿a cuántos estamos hoy?", "query_date"],
    ["nl", "goeiemorgen, de hoeveelste is het vandaag eigenlijk", "query_date"],
    ["it", "scusi, in che giorno della settimana siamo", "query_date"],
    // Questions asked to "Sie", "vous", "usted", "u", "lei".
    ["de", "Können Sie mir die genaue Uhrzeit nennen", "query_time"],
    ["fr", "pourriez-vous m'afficher la date du jour", "query_date"],
    ["es", "¿me podría usted dar la hora exacta?", "query_time"],
    ["nl", "kunt u mij zeggen welke dag het is", "query_date"],
    ["it", "mi saprebbe dire che ore sono", "query_time"],
    // Word order of the embedded question in German and Dutch, inversion in French.
    ["de", "weißt du zufällig, welchen Tag wir heute haben", "query_date"],
    ["nl", "weet jij toevallig welke datum het vandaag is", "query_date"],
    ["fr", "quel jour du mois sommes-nous donc", "query_date"],
    // Today, said to be checked by a day's name.
    ["en", "it's thursday today, isn't it", "query_date"],
    ["fr", "on est bien mercredi aujourd'hui", "query_date"],
    ["it", "oggi è giovedì, giusto", "query_date"],
  ])("%s: %j", (language, sentence, intent) => {
    // The day named, which is checked, aside.
    expect({ ...readers[language]!(sentence), checks: undefined }).toEqual({ intent });
  });
});

describe("a word the lists lack, where only a verb of asking can stand", () => {
  it.each([
    // Before the one asking ("me", "mir", "moi", "mij"): an imperative.
    ["en", "recite me the date", "query_date"],
    ["de", "verkünde mir das Datum", "query_date"],
    ["fr", "récite-moi la date", "query_date"],
    ["nl", "meld me even hoe laat het is", "query_time"],
    // After a subject, a clitic or a modal, asking for what follows.
    ["en", "could you broadcast the time", "query_time"],
    ["en", "i forgot what day it is", "query_date"],
    ["fr", "tu pourrais me transmettre l'heure", "query_time"],
    ["es", "¿me recuerdas qué día es hoy?", "query_date"],
    ["it", "mi puoi indicare l'ora", "query_time"],
    // A verb with its object on it.
    ["es", "notifícame la fecha", "query_date"],
    ["it", "sapresti comunicarmi l'ora esatta", "query_time"],
    // The infinitive that closes a German or Dutch question.
    ["de", "kannst du mir die Uhrzeit vorlesen", "query_time"],
    ["nl", "kun je me de datum voorlezen", "query_date"],
  ])("%s: %j", asksTheClock);

  it.each([
    // A name, before or after the question: the home's clock is not its clock.
    ["en", "tokyo what time is it"],
    ["en", "what's the time lisbon"],
    ["de", "Tokio, wie spät ist es"],
    ["fr", "Tokyo, il est quelle heure"],
    ["es", "Tokio, ¿qué hora es?"],
    ["nl", "Tokio, hoe laat is het"],
    ["it", "Tokyo che ore sono"],
    // A name after a preposition, even where a verb could stand.
    ["de", "kannst du mir die Uhrzeit von Essen sagen"],
    ["es", "me dices la hora de Quito"],
    ["nl", "kun je me de tijd in Leiden geven"],
    // A name before a clock word: its time, not ours.
    ["en", "what's the auckland time"],
    ["de", "sag mir die Wiener Zeit"],
    // Written with a capital inside the sentence: a name, not a verb.
    ["en", "could you Bing the time"],
    // Where a verb stands with nothing asked after it, it asks about something else.
    ["en", "what time do you close"],
    ["en", "what time do i leave"],
    // A place left off after its preposition and article, or said as "there".
    ["es", "¿qué hora es en el este?"],
    ["it", "che ore sono là"],
    ["fr", "quelle heure est-il là-bas"],
    // "wie viel" asks the time only of "Uhr".
    ["de", "wie viel Zeit haben wir noch"],
    // The time asked first, then a modal and an infinitive: when that is done, not the time now.
    ["de", "wie spät willst du frühstücken"],
    ["de", "welche Uhrzeit möchtest du aufwachen"],
    ["de", "an welchem Tag kann ich vorbeikommen"],
    ["nl", "hoe laat moet ik weggaan"],
    ["nl", "hoe laat wil je ontbijten"],
    ["nl", "welke dag kan ik langsgaan"],
  ])("%s: %j is left to the templates", notTheClock);
});

describe("the time and the date in the words people use for them", () => {
  it.each([
    // "may" asks here, and is not the month.
    ["en", "may i know what day it is", "query_date"],
    ["en", "may we have the time please", "query_time"],
    // Shorthand of typing, and "for today" said of the date.
    ["en", "could u tell me the date", "query_date"],
    ["en", "pls what's the time", "query_time"],
    ["en", "what's the date for today", "query_date"],
    ["en", "what time is it at the moment", "query_time"],
    // "ist es", "is het" said as one word.
    ["de", "wie spät ists denn", "query_time"],
    ["de", "wieviel Uhr isses", "query_time"],
    ["nl", "hoe laat isset nou", "query_time"],
    ["de", "in welchem Jahr leben wir", "query_date"],
    ["nl", "in welk jaar leven we", "query_date"],
    // Now, in other words.
    ["fr", "donne-moi l'heure courante", "query_time"],
    ["fr", "on est en quelle année, l'année en cours", "query_date"],
    ["es", "dime la fecha presente", "query_date"],
    ["es", "qué hora es al momento", "query_time"],
    ["it", "che ora è al momento", "query_time"],
    ["it", "dimmi l'anno in corso", "query_date"],
    // Verbs of asking, needing and knowing.
    ["fr", "je dois savoir la date", "query_date"],
    ["es", "hazme saber la hora", "query_time"],
    ["es", "por favor di la hora", "query_time"],
    ["it", "conosci la data di oggi", "query_date"],
    ["it", "ce l'hai l'ora", "query_time"],
    ["nl", "ken je de datum", "query_date"],
    ["nl", "kun je me de tijd laten zien", "query_time"],
    ["fr", "le jour et le mois actuels", "query_date"],
    ["es", "puedo obtener la fecha", "query_date"],
    ["it", "che giorno è quello di oggi", "query_date"],
    // The whole date asked for.
    ["es", "¿me dices la fecha completa de hoy?", "query_date"],
    ["it", "dimmi la data completa di oggi", "query_date"],
  ])("%s: %j", asksTheClock);

  it.each([
    // An elided word written without its apostrophe, as speech-to-text drops it.
    ["fr", "cest quoi lheure", "query_time"],
    ["fr", "tas lheure", "query_time"],
    ["fr", "quelle est la date daujourdhui", "query_date"],
    ["fr", "jaimerais savoir quel jour on est", "query_date"],
    ["fr", "quelle heure est il sil te plait", "query_time"],
    ["it", "mi dici lora", "query_time"],
    ["en", "id like the date", "query_date"],
  ])("%s: %j, its apostrophes left out", asksTheClock);

  it.each([
    // The same words, asked of another time, place or thing.
    ["en", "may i set an alarm"],
    ["en", "what's the weather for today"],
    ["en", "what time is sunrise for today"],
    ["en", "what time must i go"],
    ["en", "what's the time at the moment in lima"],
    ["de", "wie ist das Wetter für heute"],
    ["de", "wann endet der laufende Film"],
    ["nl", "hoe lang leven katten"],
    ["nl", "ken je een goede bakker"],
    ["fr", "quelle est la durée du film en cours"],
    ["fr", "quel temps fait-il pour aujourd'hui"],
    ["fr", "lheure du rendez-vous"],
    ["es", "qué tiempo hace para hoy"],
    ["es", "haz una alarma a las siete"],
    ["es", "di la hora de mi cita"],
    ["it", "conosci un buon ristorante"],
    ["it", "quanto dura il film in corso"],
    ["it", "ce l'hai una sveglia"],
    ["it", "che ore son a Lima"],
    // Another day said anywhere, even where a verb could stand.
    ["de", "kannst du mir die Uhrzeit zeigen morgen"],
    ["nl", "ik wil graag weten hoe laat het was gisteren"],
    ["nl", "kun je me de datum geven van overmorgen"],
    ["en", "tell me the date yesterday"],
    ["fr", "dis-moi la date après-demain"],
    ["es", "dime la fecha anteayer"],
    ["it", "dimmi la data dopodomani"],
    // Asked about the day: what is on it, not its date.
    ["en", "could you tell me about today"],
    // The whole date of another day, or of another place.
    ["es", "dime la fecha completa de mañana"],
    ["it", "la data completa a tokyo"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("French 'là' said alone after the question is now, 'là-bas' is there", () => {
  it.each([
    ["fr", "il est quelle heure là", "query_time"],
    ["fr", "et là, on est quel jour", "query_date"],
  ])("%s: %j asks the home's clock", asksTheClock);

  it.each([
    ["fr", "il est quelle heure là-bas"],
    ["fr", "on est quel jour là-bas maintenant"],
    ["it", "che giorno è là"],
  ])("%s: %j, of a place over there, is left to the templates", notTheClock);
});

describe("the home's own zone said with the clock's word", () => {
  it("a zone named as such asks nothing of the time: the date in my time zone is the date alone", () => {
    expect(readers.en!("what's the date in my time zone")).toEqual({ intent: "query_date" });
  });

  it.each([
    ["en", "the local time please", "query_time"],
    ["en", "what's the current local time", "query_time"],
    ["de", "was ist gerade die Ortszeit", "query_time"],
    ["fr", "donne-moi l'heure locale", "query_time"],
    ["es", "¿cuál es la hora local ahora?", "query_time"],
    ["nl", "wat is nu de lokale tijd", "query_time"],
    ["it", "dimmi l'ora locale", "query_time"],
  ])("%s: %j", asksTheClock);

  it.each([
    ["en", "what's the local time in lisbon"],
    ["fr", "l'heure locale à Montréal"],
    ["es", "hora local de Lima"],
  ])("%s: %j, of another place, is left to the templates", notTheClock);
});

describe("the word for the time or the date misspelt by one letter left out, added or swapped", () => {
  it.each([
    ["en", "what tmie is it please", "query_time"],
    ["en", "tell me the daet", "query_date"],
    ["de", "wie spt ist es jetzt", "query_time"],
    ["de", "welches Datumm haben wir", "query_date"],
    ["de", "welcher Wchentag ist heute", "query_date"],
    ["fr", "quelle huere est-il maintenant", "query_time"],
    ["es", "qué hroa es ahora", "query_time"],
    ["nl", "wat is de dtaum van vandaag", "query_date"],
    ["it", "che giono è oggi", "query_date"],
  ])("%s: %j", asksTheClock);

  it.each([
    // One letter for another is another word: the tide, a rate.
    ["en", "what's the tide now"],
    ["en", "what's the rate today"],
    // A word the bridge knows for something else is meant as said.
    ["en", "what's the lock"],
    ["en", "what's the timer"],
    ["de", "wie ist die Temperatur jetzt"],
  ])("%s: %j is no question of the clock", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });

  it.each([
    // A word of the language one letter from the clock's word means itself: a word of three
    // letters ("tie", "tim", "tij", the tide), one of four a letter short ("maan", the moon;
    // "hure"), a letter added ("flecha", the arrow; "datte", "messe", "hoyo", "fechar"), or one
    // for another ("heurt", "dame", "spam", "mele").
    ["en", "what is the tie"],
    ["en", "is it tim"],
    ["en", "what tie is it"],
    ["en", "what's the tie today"],
    ["en", "what dame is it"],
    ["en", "what tire is it"],
    ["nl", "wat is het tij nu"],
    ["nl", "welk tij is het"],
    ["nl", "welke maan is het"],
    ["nl", "wat is de kok"],
    ["es", "cuál es la flecha"],
    ["es", "qué flecha es hoy"],
    ["es", "qué hoyo es"],
    ["es", "qué fechar es"],
    ["es", "qué orca es"],
    ["fr", "quelle heurt est-il"],
    ["fr", "quelle datte est-il"],
    ["fr", "quelle hure est-il"],
    ["fr", "quelle dame est-il"],
    ["fr", "quel mots est-ce"],
    ["de", "wie spam ist es"],
    ["de", "welche Zweit ist es"],
    ["de", "welches Darum haben wir"],
    ["it", "che messe è"],
    ["it", "che mele è"],
    ["it", "che orca è"],
  ])("%s: %j is no question of the clock", (language, sentence) => {
    const intent = understandings[language]!.understand(sentence, nothingNamed)?.match.intent;
    expect(["query_time", "query_date"]).not.toContain(intent);
  });

  it.each([
    // Beside them, slips of a letter swapped, or left out of a longer word, are still asked.
    ["en", "waht time is it", "query_time"],
    ["en", "what tiem is it", "query_time"],
    ["nl", "hoe laat is het vadnaag", "query_time"],
    ["es", "cuál es la fehca", "query_date"],
    ["fr", "quelle heuer est-il", "query_time"],
    ["de", "welche Uhrzet ist es", "query_time"],
    ["it", "che giono è", "query_date"],
  ])("%s: %j, a slip of the clock's word, is asked here and now", (language, sentence, intent) => {
    const understood = understandings[language]!.understand(sentence, nothingNamed);
    expect(understood).toMatchObject({ match: { intent }, by: "question" });
    // "waht" stands where a place may ("tokyo time"): read as such, it was no question of ours.
    expect(understood?.match.about).toBeUndefined();
  });

  it.each([
    // An event's name is no word written without its space ("thanks giving", "show time").
    ["en", "which date is thanksgiving this year"],
    ["en", "is it already showtime"],
    ["en", "what time does showtime start"],
  ])("%s: %j names an event, not the home's clock", (language, sentence) => {
    const intent = understandings[language]!.understand(sentence, nothingNamed)?.match.intent;
    expect(["query_time", "query_date"]).not.toContain(intent);
  });

  it.each([
    ["en", "what tmie is it now", "query_time"],
    ["en", "which daet is it today", "query_date"],
  ])("%s: %j, a slip within the word, is still asked", (language, sentence, intent) => {
    expect(understandings[language]!.understand(sentence, nothingNamed)).toMatchObject({
      match: { intent },
      by: "question",
    });
  });
});

describe("a day or a month checked of today", () => {
  it.each([
    ["en", "is it monday", "monday"],
    ["de", "haben wir schon März", "marz"],
    ["fr", "sommes-nous mardi", "mardi"],
    ["es", "estamos en marzo", "marzo"],
    ["nl", "is het al vrijdag", "vrijdag"],
    ["it", "siamo a marzo", "marzo"],
    ["it", "siamo già a marzo", "marzo"],
    ["it", "oggi è lunedì", "lunedi"],
  ])("%s: %j checks %j", (language, sentence, checks) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date", checks });
  });

  it.each([
    ["en", "is it monday or tuesday"],
    ["fr", "on est mardi ou mercredi"],
    ["en", "is today the ninth"],
  ])("%s: %j asks the date, and checks no one name", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date" });
  });

  it.each([
    ["en", "what's on monday"],
    ["de", "was haben wir Montag"],
    ["fr", "c'est quoi mardi"],
    ["en", "is it monday tomorrow"],
    ["es", "es el lunes"],
    ["it", "siamo aperti lunedì"],
  ])("%s: %j is no check of today", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });
});

describe("German: the date as written ('welches Datum schreiben wir') and the time mentioned", () => {
  it.each([
    ["de", "welches Datum schreiben wir heute", "query_date"],
    ["de", "den Wievielten schreiben wir", "query_date"],
    ["de", "welches Jahr schreiben wir eigentlich", "query_date"],
    ["de", "erwähne bitte die aktuelle Uhrzeit", "query_time"],
  ])("%s: %j asks the home's clock", (language, sentence, intent) => {
    expect(readers[language]!(sentence)?.intent).toBe(intent);
  });

  it.each([
    ["de", "welches Datum schreiben wir nächsten Montag"],
    ["de", "erwähne die Uhrzeit in Wien"],
    ["de", "schreib mir das Datum von morgen auf"],
  ])("%s: %j is another day or place, or no question: not the home's clock", notTheClock);
});

describe("the week of the year asked", () => {
  it.each([
    ["en", "which week of the year are we in"],
    ["en", "what's the calendar week"],
    ["de", "welche Kalenderwoche haben wir gerade"],
    ["de", "in welcher Woche sind wir"],
    ["fr", "on est en quelle semaine"],
    ["es", "¿en qué semana estamos?"],
    ["nl", "wat is het weeknummer"],
    ["it", "in che settimana siamo adesso"],
  ])("%s: %j asks the week's number", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date", week: true });
  });

  it.each([
    ["en", "which day of the week is it now"],
    ["de", "welcher Tag der Woche ist heute"],
    ["fr", "quel jour de la semaine sommes-nous"],
    ["es", "qué día de la semana es hoy"],
    ["nl", "welke dag van de week is het"],
    ["it", "che giorno della settimana è oggi"],
  ])("%s: %j asks the day, and so the date", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date" });
  });

  it.each([
    // How the week went, or what it holds.
    ["es", "¡qué semana!"],
    ["it", "che settimana!"],
    ["fr", "quelle semaine !"],
    ["en", "what's on this week"],
    ["en", "how is the week going"],
    ["de", "was habe ich diese Woche"],
    ["nl", "wat staat er deze week op de planning"],
    // Another week.
    ["en", "what week is it next week"],
    ["de", "welche Kalenderwoche ist nächsten Montag"],
  ])("%s: %j is no question of this week's number", (language, sentence) => {
    expect(readers[language]!(sentence)?.week).toBeUndefined();
  });
});

describe("the weekend checked of today", () => {
  it.each([
    ["en", "is it the weekend yet"],
    ["de", "ist es schon Wochenende?"],
    ["fr", "est-ce qu'on est le week-end"],
    ["es", "¿ya estamos en fin de semana?"],
    ["nl", "is het al weekend"],
    ["it", "è già il fine settimana?"],
  ])("%s: %j asks whether today is in the weekend", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date", weekend: true });
  });

  it.each([
    // When something is, or a wish.
    ["en", "is it on the weekend"],
    ["de", "ist das Konzert am Wochenende"],
    ["en", "have a lovely weekend"],
    ["fr", "bon week-end à toi"],
    ["es", "qué hacemos el fin de semana"],
    ["nl", "wat doen we in het weekend"],
    ["it", "cosa facciamo nel weekend"],
    // Another day.
    ["en", "is it the weekend tomorrow"],
  ])("%s: %j is no check of today", (language, sentence) => {
    expect(readers[language]!(sentence)?.weekend).toBeUndefined();
  });
});

describe("today said to be a day, or a date with its year, checked", () => {
  it.each([
    ["en", "is today a friday", "friday"],
    ["de", "ist heute ein Freitag", "freitag"],
    ["fr", "aujourd'hui c'est un vendredi", "vendredi"],
    ["es", "hoy es un viernes", "viernes"],
    ["nl", "is het vandaag een vrijdag", "vrijdag"],
    ["it", "oggi è un venerdì", "venerdi"],
  ])("%s: %j checks %j", (language, sentence, checks) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date", checks });
  });

  it.each([
    ["en", "is it 2027 today"],
    ["en", "is today the third of may 2027"],
    ["es", "hoy es tres de mayo de 2027 o no"],
  ])("%s: %j asks today's date", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date" });
  });

  it.each([
    // Another day said to be one.
    ["en", "is tomorrow a friday"],
    ["es", "mañana es un viernes"],
    ["it", "domani è un venerdì"],
    // A year asked of, not today's.
    ["en", "is 2027 a leap year"],
    ["en", "is it 2027 already"],
  ])("%s: %j is no check of today", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });

  it("a year after a preposition is another time", () => {
    expect(notTheHomes(readers.en!("which day is it in 2031"))).toBe(true);
  });
});

describe("the date asked as not knowing it, whole, by its number or as typed", () => {
  it.each([
    ["en", "i don't know which day it is"],
    ["en", "i've lost track of the date"],
    ["es", "olvidé qué fecha es hoy"],
    ["es", "se me olvidó qué día es"],
    ["es", "tengo que saber qué día es hoy"],
    ["it", "ho dimenticato che data è oggi"],
    ["it", "non so che giorno è"],
    // "sé" and "me" are dropped as fillers: "no" is read with what is left after it.
    ["es", "no sé qué fecha es hoy"],
    ["es", "no sé cuál es la fecha"],
    ["es", "no me acuerdo de la fecha"],
    // "ne" dropped, as spoken French does.
    ["fr", "je sais pas quelle date on est"],
    ["fr", "je me souviens plus de la date"],
    ["nl", "ik ben vergeten welke dag het is"],
    ["nl", "welke datum is het vandaag ook alweer"],
    ["en", "tell me the full date please"],
    ["de", "sag mir das vollständige Datum"],
    ["nl", "zeg me de volledige datum"],
    ["de", "was ist das lokale Datum"],
    ["de", "in welchem Monat befinden wir uns"],
    ["de", "erinnere mich, welcher Tag heute ist"],
    ["en", "which number is today"],
    ["en", "what's today's day number"],
    ["fr", "c'est quoi le numéro du jour"],
    ["fr", "quel jour de semaine on est"],
    ["fr", "on est quel jour de aujourd'hui"],
    ["fr", "c'est quoi la date aujourdhui"],
    ["es", "ke fecha es hoy"],
    ["it", "ma che data è oggi"],
    ["it", "qualè la data di oggi"],
    ["en", "which day of week is it"],
    ["en", "tell me the day name"],
    ["en", "what's the date as of now"],
    // "qué" written with its accent asks: no reminder "that" ("recuérdame que") is begun.
    ["es", "recuérdame qué día es hoy"],
    ["es", "recuérdame qué fecha es"],
  ])("%s: %j asks the date", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date" });
    expect(understandings[language]!.understand(sentence, nothingNamed)).toMatchObject({
      match: { intent: "query_date" },
      by: "question",
    });
  });

  it.each([
    ["es", "no sé qué hora es ahora"],
    ["es", "no me acuerdo de la hora"],
    ["es", "ni idea de qué hora es"],
  ])("%s: %j asks the time", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_time" });
  });

  it.each([
    // Not knowing something else, or of another day.
    ["en", "i don't know what time the bus comes"],
    ["es", "no sé qué hacer hoy"],
    ["fr", "je ne sais pas quoi faire aujourd'hui"],
    ["fr", "je me souviens pas de la date de la fête"],
    ["es", "ni idea de qué hacer hoy"],
    ["es", "no sé qué día es pasado mañana"],
    ["es", "hoy no"],
    ["it", "non so cosa cucinare oggi"],
    ["nl", "ik ben de datum van het feest vergeten"],
    ["en", "what's the full date of the wedding"],
    ["de", "das vollständige Datum der Hochzeit"],
    ["en", "what number is tomorrow"],
    ["en", "which day of week is new year"],
    ["en", "the day name of the day after tomorrow"],
    ["fr", "quel jour de semaine est noël"],
    ["it", "ma che ore sono a tokyo"],
    // "weer" is also the weather.
    ["nl", "hoe wordt het weer vandaag eigenlijk"],
  ])("%s: %j is not the home's date", notTheClock);

  it.each([
    // A reminder begun, with "today" and no word of the date.
    ["en", "remind me today"],
    ["de", "erinnere mich heute"],
    ["fr", "rappelle-moi aujourd'hui"],
    ["es", "recuérdame hoy"],
    ["it", "ricordami oggi"],
    ["nl", "herinner me vandaag"],
    // Without its accent, "que" begins what to be reminded of.
    ["es", "recuérdame que día es hoy"],
    ["es", "recuérdame que hoy es martes"],
  ])("%s: %j is no question of the date", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });
});

describe("'how much' asks the time only of the hour it is", () => {
  it.each([
    ["nl", "hoeveel uur is het nu"],
    ["nl", "hoeveel uur is het"],
  ])("%s: %j asks the time", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_time" });
  });

  it.each([
    // How long one still has: never the time it is.
    ["nl", "hoeveel tijd heb ik nog"],
    ["nl", "hoeveel tijd hebben we nog over"],
    ["nl", "hoeveel uur heb ik nog"],
    ["nl", "hoeveel uur duurt het"],
  ])("%s: %j is not the home's clock", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });
});

describe("the week's number asked as a fragment or with its number", () => {
  it.each([
    ["en", "week number?"],
    ["en", "what week number are we in"],
    ["en", "what number week is this"],
    ["de", "Kalenderwoche?"],
    ["de", "welche KW ist gerade"],
    ["fr", "numéro de semaine ?"],
    ["fr", "nous sommes dans quelle semaine"],
    ["es", "número de semana, por favor"],
    ["nl", "weeknummer?"],
    ["it", "numero della settimana?"],
    ["it", "in che settimana dell'anno ci troviamo"],
  ])("%s: %j asks the week's number", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date", week: true });
  });

  it.each([
    ["en", "week number of next monday"],
    ["de", "Kalenderwoche von Ostern"],
    ["de", "wie viel kW braucht der Ofen"],
    ["fr", "numéro de semaine de Noël"],
    ["es", "número de semana de Navidad"],
    ["nl", "weeknummer volgende week"],
    ["it", "numero della settimana di Natale"],
    ["it", "che settimana!"],
  ])("%s: %j is not this week's number", notTheClock);
});

describe("the time asked roughly or of this very moment, in the language's own words", () => {
  it.each([
    ["en", "roughly what time would it be"],
    ["en", "what's the time approximately"],
    ["en", "what time is it as we speak"],
    ["de", "wie spät ist es so ungefähr"],
    ["de", "wieviel Uhr ist es in diesem Augenblick"],
    ["fr", "il est quelle heure à peu près"],
    ["fr", "quelle heure est-il au juste"],
    ["fr", "donne-moi l'heure de maintenant"],
    ["es", "qué hora es más o menos"],
    ["es", "dime la hora en este instante"],
    ["nl", "hoe laat is het zo ongeveer"],
    ["nl", "hoe laat is het op dit ogenblik"],
    ["it", "che ore sono all'incirca"],
    ["it", "che ore sono più o meno adesso"],
  ])("%s: %j asks the time", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_time" });
  });

  it.each([
    ["en", "roughly what time does the bakery open"],
    ["de", "wie spät ist es ungefähr in Sydney"],
    ["fr", "à peu près quelle heure à Tokyo"],
    ["es", "qué hora es más o menos en Lima"],
    ["nl", "hoe laat is het ongeveer morgen om deze tijd"],
    ["it", "che ore saranno più o meno domani"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("reminded of the time, or not knowing it, said plainly", () => {
  it.each([
    ["nl", "herinner me even aan de tijd", "query_time"],
    ["nl", "herinner me aan de huidige tijd", "query_time"],
    ["de", "erinnere mich an die Uhrzeit", "query_time"],
    ["de", "erinner mich bitte an die aktuelle Uhrzeit", "query_time"],
    ["es", "no sé la hora", "query_time"],
    ["es", "es que no sé la fecha", "query_date"],
  ])("%s: %j asks the home's clock", understoodAsTheClock);

  it.each([
    // A reminder of something else, or of a time of one's life.
    ["nl", "herinner me aan de tijd van de afspraak"],
    ["nl", "herinner me aan de tijd om te vertrekken"],
    ["de", "erinnere mich an die Zeit mit dir"],
    ["de", "erinnere mich an die Uhrzeit vom Termin"],
    ["es", "no, la hora de cenar"],
    ["es", "no sé la fecha de mañana"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("time spent or to spare is no question of the clock", () => {
  it.each([
    ["de", "hast du mal kurz Zeit für mich"],
    ["de", "ich genieße die Zeit mit dir"],
    ["de", "danke für die Zeit mit dir"],
    ["de", "ich habe Zeit für dich"],
    ["de", "gib mir noch etwas Zeit"],
    ["de", "lass dir Zeit"],
    ["en", "do you have time for me right now"],
    ["en", "have you got time"],
    ["en", "give me time"],
    ["nl", "heb je even tijd voor mij"],
    ["nl", "de tijd met jou"],
    ["nl", "geef me nog even tijd"],
  ])("%s: %j is not the home's clock", (language, sentence) => {
    notTheClock(language, sentence);
    const understood = understandings[language]!.understand(sentence, nothingNamed);
    expect(["query_time", "query_date"]).not.toContain(understood?.match.intent);
  });

  it.each([
    ["de", "hast du mal die Zeit", "query_time"],
    ["de", "gib mir mal die Zeit", "query_time"],
    ["de", "teil mir die Zeit mit", "query_time"],
    ["en", "do you have the time please", "query_time"],
    ["en", "give me the time please", "query_time"],
    ["nl", "heb je de tijd voor me", "query_time"],
    ["nl", "lees me de tijd voor", "query_time"],
  ])("%s: %j still asks the home's clock", (language, sentence, intent) => {
    expect(understandings[language]!.understand(sentence, nothingNamed)).toMatchObject({ match: { intent } });
  });
});

describe("the vowel after the first letter of the clock's word left out", () => {
  it.each([
    ["en", "what tme is it", "query_time"],
    ["en", "whats the dte today", "query_date"],
    ["es", "dime la hra", "query_time"],
    ["it", "che dta è oggi", "query_date"],
  ])("%s: %j asks the home's clock", understoodAsTheClock);

  it.each([
    // A letter left out elsewhere of a short word makes another word.
    ["en", "what tie is it"],
    ["en", "what tim is it"],
    ["nl", "wat is het tij nu"],
  ])("%s: %j is not the home's clock", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });
});

describe("the time and the date in words each language has for them", () => {
  it.each([
    ["en", "what's the timing right now", "query_time"],
    ["de", "welches Datum haben wir heut", "query_date"],
    ["de", "wieviel Uhr ist's gerade", "query_time"],
    ["nl", "welke datum schrijven we eigenlijk", "query_date"],
    ["es", "me hace falta saber la hora", "query_time"],
    // Wondered aloud, of now: "what time might it be".
    ["es", "¿qué hora será?", "query_time"],
    ["it", "che ore saranno adesso?", "query_time"],
    ["it", "che ore si è fatto", "query_time"],
    ["it", "avresti l'ora per favore", "query_time"],
    ["it", "dimmi la data d'oggi", "query_date"],
    ["it", "che giorno è quest'oggi", "query_date"],
  ])("%s: %j asks the home's clock", asksTheClock);

  it("a weekend checked as 'siamo nel weekend' is today's", () => {
    expect(readers.it!("siamo nel weekend?")).toEqual({ intent: "query_date", weekend: true });
  });

  it.each([
    ["en", "what's the timing of the parade"],
    ["nl", "welke datum schrijven we volgende week"],
    ["es", "qué hora será en Lima"],
    ["es", "qué día será pasado mañana"],
    ["it", "che ore saranno tra un'ora"],
    ["it", "che giorno sarà domani"],
    ["it", "la data d'oggi a New York"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("the time where the speaker is, and the time told aloud", () => {
  it.each([
    ["en", "what's the time in my area", "query_time"],
    ["en", "the date at my current location", "query_date"],
    ["es", "qué hora es en mi zona", "query_time"],
    ["nl", "hoe laat is het in mijn regio", "query_time"],
    ["it", "che ore sono nella mia zona", "query_time"],
    ["en", "speak the time please", "query_time"],
    ["de", "sag die Uhrzeit laut an", "query_time"],
    ["de", "lies mir das Datum vor", "query_date"],
    ["fr", "dis l'heure à voix haute", "query_time"],
    ["es", "di la hora en voz alta", "query_time"],
  ])("%s: %j asks the home's clock", asksTheClock);

  it.each([
    ["en", "what's the time in my area code"],
    ["es", "qué hora es en mi zona de trabajo"],
    ["en", "speak louder"],
    ["de", "welches Datum war vor drei Tagen"],
    ["de", "wie spät war es vor einer Stunde"],
    ["nl", "lees het nieuws hardop voor"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("the time to the minute, and wondered aloud", () => {
  it.each([
    ["en", "what minute is it now"],
    ["en", "the current hour and minutes please"],
    ["de", "welche Minute haben wir gerade"],
    ["fr", "donne-moi l'heure et les minutes"],
    ["es", "¿qué minuto es ahora?"],
    ["nl", "welke minuut is het nu"],
    ["it", "dimmi ore e minuti"],
    ["de", "wie spät mag es sein"],
    ["fr", "quelle heure peut-il bien être"],
    ["es", "¿qué hora podrá ser?"],
    ["es", "qué hora es por aquí"],
    ["nl", "hoe laat zal het zijn"],
    ["it", "che ore potranno essere"],
  ])("%s: %j asks the time", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_time" });
  });

  it.each([
    ["en", "just a minute"],
    ["en", "what minute does the race start"],
    ["de", "wie spät ist es wohl in Tokio"],
    ["fr", "quelle heure serait-il mieux pour appeler"],
    ["es", "qué hora sería mejor para llamar"],
    ["es", "un minuto"],
    ["nl", "hoe laat zal het morgen zijn"],
    ["it", "che giorno sarebbe domani"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("the time or the date looked up or checked", () => {
  it.each([
    ["en", "verify the time for me", "query_time"],
    ["en", "fetch today's date", "query_date"],
    ["de", "guck mal, wie spät es ist", "query_time"],
    ["de", "prüf die Uhrzeit", "query_time"],
    ["fr", "cherche l'heure", "query_time"],
    ["fr", "consulte la date du jour", "query_date"],
    ["es", "averigua qué hora es", "query_time"],
    ["es", "busca la fecha de hoy", "query_date"],
    ["nl", "bevestig de datum", "query_date"],
    ["it", "scopri che ore sono", "query_time"],
    ["it", "consulta la data di oggi", "query_date"],
  ])("%s: %j asks the home's clock", asksTheClock);

  it.each([
    ["en", "fetch the time of the next train"],
    ["de", "prüf die Heizung im Bad"],
    ["fr", "cherche l'heure du film"],
    ["es", "busca la hora de apertura de la farmacia"],
    ["nl", "bevestig de afspraak"],
    ["it", "cerca l'orario del treno"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("the time and the date as typed or spoken loosely", () => {
  it.each([
    ["en", "wut time is it now", "query_time"],
    ["en", "what time izzit", "query_time"],
    ["de", "weißte, wie spät es ist", "query_time"],
    ["de", "wie spät isset jetzt", "query_time"],
    ["es", "q hora es", "query_time"],
    ["es", "¿a cómo estamos hoy?", "query_date"],
    ["nl", "hoe laat is ut nu", "query_time"],
    ["nl", "weetje hoe laat het is", "query_time"],
    ["nl", "welke dag is het vandaag eigelijk", "query_date"],
    ["it", "k ore sono", "query_time"],
  ])("%s: %j asks the home's clock", asksTheClock);

  it.each([
    ["en", "wut time does the shop open"],
    ["de", "weißte, wann der Bus kommt"],
    ["es", "q hora es en Lima"],
    ["es", "a cómo está el dólar hoy"],
    ["nl", "hoe laat is ut in Londen"],
    ["it", "k ore sono a Tokyo"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("a question of the clock begun by the way", () => {
  it.each([
    ["en", "btw, what day is it", "query_date"],
    ["en", "one more thing: what's the date", "query_date"],
    ["de", "übrigens, welcher Tag ist heute", "query_date"],
    ["fr", "au fait, on est quel jour", "query_date"],
    ["fr", "encore une chose, quelle heure est-il", "query_time"],
    ["es", "por cierto, qué día es hoy", "query_date"],
    ["es", "otra cosa, ¿qué hora es?", "query_time"],
    ["nl", "trouwens, welke dag is het vandaag", "query_date"],
    ["nl", "nog iets: hoe laat is het", "query_time"],
    ["it", "a proposito, che giorno è oggi", "query_date"],
    ["it", "un'altra cosa, che ore sono", "query_time"],
  ])("%s: %j asks the home's clock", asksTheClock);

  it.each([
    ["en", "by the way, what time is it in tokyo"],
    ["de", "übrigens, wie spät ist es morgen früh"],
    ["fr", "autre chose, quelle heure est la réunion"],
    ["es", "por cierto, qué día es mañana"],
    ["nl", "trouwens, hoe laat is het in Londen"],
    ["it", "a proposito, che giorno è domani"],
  ])("%s: %j is not the home's clock", notTheClock);
});

describe("a part of the day, or late and early, asked of now is answered with the time", () => {
  it.each([
    ["en", "is it evening yet"],
    ["en", "is it still early"],
    ["en", "is it noon yet"],
    ["de", "ist es schon Abend"],
    ["de", "ist es noch früh"],
    ["de", "ist es vormittags oder abends"],
    ["fr", "est-ce que c'est déjà le soir ?"],
    ["es", "¿ya es de noche?"],
    ["es", "¿es tarde?"],
    ["nl", "is het al avond"],
    ["it", "è già sera?"],
    ["it", "è tardi?"],
  ])("%s: %j asks the time", (language, sentence) => {
    understoodAsTheClock(language, sentence, "query_time");
  });

  it.each([
    // A greeting, tomorrow, or a part of the day said of something else asks nothing of the clock.
    ["en", "good evening"],
    ["de", "guten Abend"],
    ["de", "ist es morgen"],
    ["es", "¿es mañana?"],
    ["it", "buona sera"],
    ["en", "what is the morning temperature"],
    ["en", "is it too late to call"],
    ["fr", "bonne nuit"],
    // With the date, the time or today, a part of the day is of another time, or of something else.
    ["es", "dime la fecha de mañana"],
    ["fr", "je me lève tôt aujourd'hui"],
    ["es", "hoy salgo temprano"],
    // Somewhere else.
    ["de", "ist es Mittag in Berlin"],
    ["it", "è sera a Tokyo?"],
  ])("%s: %j is no question of the clock", (language, sentence) => {
    notTheClock(language, sentence);
  });

  it.each([
    // One part of the day or another: which it is now, with or without a copula that asks.
    ["en", "is it evening or night"],
    ["de", "ist es Vormittag oder Nachmittag"],
    ["fr", "c'est le matin ou l'après-midi ?"],
    ["es", "¿es por la mañana o por la tarde?"],
    ["nl", "is het ochtend of middag"],
    ["it", "è mattina o pomeriggio?"],
  ])("%s: %j asks the time", (language, sentence) => {
    understoodAsTheClock(language, sentence, "query_time");
  });

  it.each([
    // A greeting, or a doing said of one part of the day or another, asks nothing.
    ["en", "good morning or good evening"],
    ["fr", "je préfère le matin ou le soir"],
    ["fr", "le matin ou le soir je fais du sport"],
    ["nl", "lees ik 's ochtends of 's avonds"],
    ["it", "buongiorno o buonasera"],
  ])("%s: %j is no question of the clock", (language, sentence) => {
    notTheClock(language, sentence);
  });

  it("en: 'how late is it' still asks the time", () => {
    understoodAsTheClock("en", "how late is it now", "query_time");
  });
});

describe("a question of the clock said to someone, or as spoken in a region", () => {
  it.each([
    ["en", "what's the time, love", "query_time"],
    ["en", "what day is it today, sir", "query_date"],
    ["en", "wait, what day is it", "query_date"],
    ["en", "what time do you make it", "query_time"],
    ["de", "wie spät ist es, Schatz", "query_time"],
    ["de", "wie spät hamma", "query_time"],
    ["de", "wieviel Uhr isch es", "query_time"],
    ["de", "sag amoi, wie spät is", "query_time"],
    ["fr", "quelle heure il est, mon pote", "query_time"],
    ["fr", "ça fait quelle heure", "query_time"],
    ["fr", "c'est quelle heure asteure", "query_time"],
    ["fr", "est-ce que tu as l'heure", "query_time"],
    ["fr", "est-ce que vous pouvez me dire l'heure", "query_time"],
    ["es", "qué hora es, tío", "query_time"],
    ["es", "che, qué día es hoy", "query_date"],
    ["es", "espera, qué día es hoy", "query_date"],
    ["nl", "hoe laat is het, schat", "query_time"],
    ["nl", "euh, welke dag is het vandaag", "query_date"],
    ["nl", "weet ge hoe laat het is", "query_time"],
    ["nl", "den hoeveelste zijn we vandaag", "query_date"],
    ["it", "che ore sono, amico", "query_time"],
    ["it", "senti un po', che ore sono", "query_time"],
    ["it", "uè, che giorno è oggi", "query_date"],
    ["it", "che ore so'", "query_time"],
  ])("%s: %j asks the home's clock", understoodAsTheClock);

  it.each([
    ["en", "what time is it in the isle of man, mate"],
    ["de", "wie spät ist es in Wien, Alter"],
    ["fr", "quelle heure il est à Montréal, mon pote"],
    ["es", "qué hora es en México, amigo"],
    ["nl", "hoe laat is het in Gent, schat"],
    ["it", "che ore sono a Tokyo, amico"],
  ])("%s: %j asks of another place still", notTheClock);

  it.each([
    ["fr", "c'est l'heure"],
    ["fr", "est-ce que c'est l'heure"],
    ["fr", "quel temps il fait"],
  ])("%s: %j asks nothing of the clock", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });

  it.each([
    ["de", "die wievielte Kalenderwoche ist heute"],
    ["de", "wievielte Woche haben wir"],
    ["nl", "de hoeveelste week is het"],
  ])("%s: %j asks the week's number, not the date", (language, sentence) => {
    expect(readers[language]!(sentence)).toEqual({ intent: "query_date", week: true });
  });
});

describe("the time come, told with a reason, is no question", () => {
  it.each([
    ["en", "it's time, i'm leaving"],
    ["fr", "c'est l'heure, je pars"],
    ["fr", "il est l'heure, je m'en vais"],
    ["es", "es la hora, me voy"],
  ])("%s: %j asks nothing", (language, sentence) => {
    expect(understandings[language]!.understand(sentence, nothingNamed)).toBeUndefined();
  });

  it.each([
    ["en", "what time is it, i'm leaving", "query_time"],
    ["fr", "quelle heure est-il, je pars", "query_time"],
  ])("%s: %j still asks the time", understoodAsTheClock);
});
