/**
 * What happens when a reply holds call markup that cannot be run with certainty: the model is
 * asked once to try again (the same message for every provider), and if that fails too the user
 * hears that the reply could not be used, in the request's language.
 */
export function correctionMessage(why: string): string {
  return (
    `Your last reply contained tool-call markup as text (${why}), so nothing was run and nothing was said to the user. ` +
    "If you want to use a tool, call it through the tool-calling interface with one of the offered tool names. " +
    "Otherwise answer the user in plain words, without any markup."
  );
}

const UNUSABLE: Record<string, string> = {
  en: "Sorry, the language model's reply could not be used.",
  de: "Entschuldigung, die Antwort des Sprachmodells war nicht verwendbar.",
  fr: "Désolé, la réponse du modèle de langage n'a pas pu être utilisée.",
  es: "Lo siento, no se pudo usar la respuesta del modelo de lenguaje.",
  nl: "Sorry, het antwoord van het taalmodel kon niet worden gebruikt.",
  it: "Spiacente, la risposta del modello linguistico non era utilizzabile.",
};

/** The sentence the user hears, in the request's language (English when it is none of the six). */
export function unusableReplySpeech(language: string | undefined): string {
  const base = (language ?? "en").toLowerCase().split(/[-_]/)[0] ?? "en";
  return UNUSABLE[base] ?? UNUSABLE.en!;
}
