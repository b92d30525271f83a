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

describe("the time and the date asked plainly", () => {
  it.each([
    ["en", "tell me the time now", "query_time"],
    ["en", "could you give me the current time please", "query_time"],
    ["en", "do you know what day it is", "query_date"],
    ["de", "sag mal die Uhrzeit", "query_time"],
    ["de", "kannst du mir sagen, wie spät es ist?", "query_time"],
    ["de", "welchen Wochentag haben wir heute", "query_date"],
    ["fr", "dis-moi, on est quel jour", "query_date"],
    ["fr", "tu peux me donner l'heure exacte ?", "query_time"],
    ["es", "¿me dices la hora?", "query_time"],
    ["es", "qué fecha es hoy por favor", "query_date"],
    ["nl", "hoe laat is het precies", "query_time"],
    ["nl", "vertel me de datum van vandaag", "query_date"],
    ["it", "che ore sono di preciso", "query_time"],
    ["it", "mi dici che giorno è oggi", "query_date"],
    // "today" alone asks the date; politeness and "now" still make two words.
    ["en", "what's today", "query_date"],
    ["de", "was ist heute", "query_date"],
    ["de", "aktuelles Datum", "query_date"],
    ["fr", "aujourd'hui c'est quoi", "query_date"],
    ["es", "fecha actual por favor", "query_date"],
    ["es", "quiero saber la hora", "query_time"],
    ["nl", "ik wil weten hoe laat het is", "query_time"],
    // A day named of today checks today's date.
    ["de", "ist heute Freitag oder nicht", "query_date"],
    ["nl", "is het vandaag dinsdag", "query_date"],
    ["nl", "de tijd a.u.b.", "query_time"],
    ["it", "che cos'è oggi", "query_date"],
    ["it", "vorrei sapere l'ora", "query_time"],
    // The clock on the wall is the home's clock, not another place.
    ["en", "what's the time on the clock", "query_time"],
    ["es", "dime la hora en el reloj", "query_time"],
  ])("%s: %j", (language, sentence, intent) => {
    expect(readers[language]!(sentence)).toEqual({ intent });
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

  it("the time and the date asked together are both asked", () => {
    expect(readers.en!("what's the time and the date")).toEqual({ intent: "query_time", alsoDate: true });
    expect(readers.de!("Uhrzeit und Datum bitte")).toEqual({ intent: "query_time", alsoDate: true });
  });
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
  ])("%s: %j", (language, sentence) => {
    expect(readers[language]!(sentence)).toBeUndefined();
  });
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
});
