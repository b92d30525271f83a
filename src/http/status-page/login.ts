// Signing in to the status page with the `api_token`, for a browser that opens the add-on's port
// directly (stand-alone, or a published port) rather than through Ingress. A browser cannot send
// an Authorization header by itself, so it gets a page that says how to open the status page and
// a form that takes the token once and sets a session cookie. The argument for why this is safe
// is in SECURITY.md ("The status page in a browser"); in short:
// - the token is compared in constant time (src/http/auth.ts), travels only in the form's POST
//   body, and is never logged, put in a URL or stored: the cookie holds a random session id, and
//   the server keeps only its SHA-256;
// - the cookie is HttpOnly, SameSite=Strict, Secure when the browser sees the page over https,
//   and admits only the status page's own GETs, never an endpoint that can act;
// - the login form refuses cross-site posts and anything but a form body, and failed attempts
//   are throttled.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Auth } from "../auth.js";
import { readBody } from "../body.js";
import { refuseCrossSite } from "../cross-site.js";
import { HttpError } from "../respond.js";
import { pickLanguage } from "./translations.js";

export const LOGIN_PATH = "/login";
const COOKIE = "mcp_assist_session";
/** How long a browser stays signed in; a restart of the add-on signs every browser out. */
const SESSION_SECONDS = 12 * 60 * 60;
/** Sessions kept at most; the oldest goes first. */
const MAX_SESSIONS = 64;
/** Failed sign-ins allowed per minute, over all clients, before the form answers 429. */
const FAILURES_PER_MINUTE = 10;
const FORM_LIMIT = 4096;

const WORDS = {
  en: {
    title: "MCP Assist Bridge",
    heading: "Sign in to the status page",
    explain:
      "This add-on has an api_token, so its status page needs it. In Home Assistant, open the MCP Assist panel in the sidebar instead: it needs no token. Here, enter the token once and this browser stays signed in for 12 hours; API and MCP clients send it as the header Authorization: Bearer <api_token>.",
    label: "api_token",
    submit: "Sign in",
    wrong: "That is not the api_token.",
    tooMany: "Too many wrong tokens. Wait a minute and try again.",
  },
  de: {
    title: "MCP Assist Bridge",
    heading: "Anmelden zur Statusseite",
    explain:
      "Dieses Add-on hat ein api_token, also braucht seine Statusseite es. In Home Assistant öffnest du stattdessen das Panel MCP Assist in der Seitenleiste: Es braucht kein Token. Hier gibst du das Token einmal ein, und dieser Browser bleibt 12 Stunden angemeldet; API- und MCP-Clients senden es als Header Authorization: Bearer <api_token>.",
    label: "api_token",
    submit: "Anmelden",
    wrong: "Das ist nicht das api_token.",
    tooMany: "Zu viele falsche Tokens. Warte eine Minute und versuche es erneut.",
  },
  fr: {
    title: "MCP Assist Bridge",
    heading: "Se connecter à la page d'état",
    explain:
      "Ce module complémentaire a un api_token, sa page d'état le demande donc. Dans Home Assistant, ouvre plutôt le panneau MCP Assist dans la barre latérale : il ne demande pas de jeton. Ici, saisis le jeton une fois et ce navigateur reste connecté 12 heures ; les clients API et MCP l'envoient dans l'en-tête Authorization: Bearer <api_token>.",
    label: "api_token",
    submit: "Se connecter",
    wrong: "Ce n'est pas l'api_token.",
    tooMany: "Trop de jetons erronés. Attends une minute et réessaie.",
  },
  es: {
    title: "MCP Assist Bridge",
    heading: "Iniciar sesión en la página de estado",
    explain:
      "Este complemento tiene un api_token, así que su página de estado lo pide. En Home Assistant, abre en su lugar el panel MCP Assist de la barra lateral: no pide token. Aquí, introduce el token una vez y este navegador seguirá con la sesión iniciada 12 horas; los clientes de la API y de MCP lo envían en la cabecera Authorization: Bearer <api_token>.",
    label: "api_token",
    submit: "Iniciar sesión",
    wrong: "Ese no es el api_token.",
    tooMany: "Demasiados tokens incorrectos. Espera un minuto y vuelve a intentarlo.",
  },
  nl: {
    title: "MCP Assist Bridge",
    heading: "Aanmelden bij de statuspagina",
    explain:
      "Deze add-on heeft een api_token, dus de statuspagina vraagt erom. Open in Home Assistant liever het paneel MCP Assist in de zijbalk: dat vraagt geen token. Vul hier het token één keer in en deze browser blijft 12 uur aangemeld; API- en MCP-clients sturen het mee in de header Authorization: Bearer <api_token>.",
    label: "api_token",
    submit: "Aanmelden",
    wrong: "Dat is niet het api_token.",
    tooMany: "Te veel verkeerde tokens. Wacht een minuut en probeer het opnieuw.",
  },
  it: {
    title: "MCP Assist Bridge",
    heading: "Accedi alla pagina di stato",
    explain:
      "Questo componente aggiuntivo ha un api_token, quindi la sua pagina di stato lo richiede. In Home Assistant apri invece il pannello MCP Assist nella barra laterale: non richiede alcun token. Qui inserisci il token una volta e questo browser resta connesso per 12 ore; i client API e MCP lo inviano nell'intestazione Authorization: Bearer <api_token>.",
    label: "api_token",
    submit: "Accedi",
    wrong: "Questo non è l'api_token.",
    tooMany: "Troppi token errati. Aspetta un minuto e riprova.",
  },
};

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}" +
  "form{display:flex;flex-direction:column;gap:.5rem}input,button{font:inherit;padding:.5rem}" +
  ".error{color:#b3261e}@media (prefers-color-scheme:dark){body{background:#111;color:#eee}.error{color:#f2b8b5}}";
/** Nothing but this page's own style, and a form that posts only to this add-on. */
const LOGIN_POLICY =
  `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; ` +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The referrer policy is same-origin, not no-referrer: under no-referrer a browser sends the form
// with `Origin: null`, which the cross-site check must refuse.
function loginPage(language: string, problem?: "wrong" | "tooMany"): string {
  const lang: keyof typeof WORDS = language in WORDS ? (language as keyof typeof WORDS) : "en";
  const w = WORDS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(w.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(w.heading)}</h1>
<p>${escapeHtml(w.explain)}</p>
${problem ? `<p class="error" role="alert">${escapeHtml(w[problem])}</p>\n` : ""}<form method="post" action="login">
<label for="token">${escapeHtml(w.label)}</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<button type="submit">${escapeHtml(w.submit)}</button>
</form>
</body>
</html>
`;
}

export interface StatusLogin {
  /** A browser signed in by its session cookie, asking for one of the status page's paths. */
  admits(req: IncomingMessage, path: string, pagePaths: readonly string[]): boolean;
  /**
   * Answers a request that has no credentials when it is a browser opening the status page (the
   * sign-in page) or the sign-in form's POST; false for anything else, which gets the JSON 401.
   */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

export function createStatusLogin(auth: Pick<Auth, "tokenMatches">): StatusLogin {
  /** SHA-256 of each session id → when it ends (ms). */
  const sessions = new Map<string, number>();
  let failures: number[] = [];

  const hash = (id: string) => createHash("sha256").update(id).digest("base64url");

  function sessionOf(req: IncomingMessage): string | undefined {
    for (const part of (req.headers.cookie ?? "").split(";")) {
      const [name, ...value] = part.trim().split("=");
      if (name === COOKIE) return value.join("=");
    }
    return undefined;
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, problem?: "wrong" | "tooMany") {
    const html = loginPage(pickLanguage(req.headers["accept-language"]), problem);
    res.writeHead(status, {
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(html),
      "Content-Security-Policy": LOGIN_POLICY,
      Vary: "Accept-Language",
      ...(status === 401 ? { "WWW-Authenticate": 'Bearer realm="mcp-assist-bridge"' } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : html);
  }

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    refuseCrossSite(req, false);
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded")
      throw new HttpError(415, "Send the sign-in form as application/x-www-form-urlencoded.");
    const now = Date.now();
    failures = failures.filter((t) => now - t < 60_000);
    if (failures.length >= FAILURES_PER_MINUTE) return send(req, res, 429, "tooMany");
    const token = new URLSearchParams((await readBody(req, FORM_LIMIT)).toString("utf8")).get("token");
    if (!token || !auth.tokenMatches(token.trim())) {
      failures.push(now);
      return send(req, res, 401, "wrong");
    }
    for (const [key, ends] of sessions) if (ends <= now) sessions.delete(key);
    while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
    const id = randomBytes(32).toString("base64url");
    sessions.set(hash(id), now + SESSION_SECONDS * 1000);
    const cookie = [
      `${COOKIE}=${id}`,
      "HttpOnly",
      "SameSite=Strict",
      "Path=/",
      `Max-Age=${SESSION_SECONDS}`,
      ...(seenOverHttps(req) ? ["Secure"] : []),
    ].join("; ");
    // Relative, so it lands on the page whatever prefix a proxy puts before it.
    res.writeHead(303, { Location: "./", "Set-Cookie": cookie, "Cache-Control": "no-store" });
    res.end();
  }

  return {
    admits(req, path, pagePaths) {
      const id = sessionOf(req);
      if (!id || req.method !== "GET" || !pagePaths.includes(path)) return false;
      const ends = sessions.get(hash(id));
      return ends !== undefined && ends > Date.now();
    },
    async handle(req, res, path) {
      if (path === LOGIN_PATH && req.method === "POST") {
        await signIn(req, res);
        return true;
      }
      const wantsHtml = /\btext\/html\b/.test(req.headers.accept ?? "");
      if (path === "/" && (req.method === "GET" || req.method === "HEAD") && wantsHtml) {
        send(req, res, 401);
        return true;
      }
      return false;
    },
  };
}

/**
 * Whether the browser sees the page over https: our own TLS, or a proxy in front whose origin the
 * browser names. Marking the cookie Secure only ever withholds it, so a forged header harms no one
 * but its sender.
 */
function seenOverHttps(req: IncomingMessage): boolean {
  return (
    (req.socket as TLSSocket).encrypted === true ||
    (req.headers.origin ?? "").startsWith("https:") ||
    req.headers["x-forwarded-proto"] === "https"
  );
}
