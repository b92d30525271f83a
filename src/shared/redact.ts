/**
 * `mqtt://user:secret@host` → `mqtt://host`, wherever a URL appears in a text: the one way a
 * URL given by the user reaches a log, an error or the status page.
 */
export function withoutCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1");
}
