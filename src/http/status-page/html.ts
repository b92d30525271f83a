import { translationsFor } from "./translations.js";

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/**
 * The page shell in the reader's language. Every URL is relative: under Ingress the page lives
 * at /api/hassio_ingress/<token>/, and an absolute /status.js would miss the add-on.
 */
export function renderStatusPage(language: string): string {
  const t = translationsFor(language);
  // In a <script> element only "</" could end it early.
  const words = JSON.stringify(t).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(t.title)}</title>
<link rel="stylesheet" href="status.css">
</head>
<body>
<header>
<h1>${escapeHtml(t.title)}</h1>
<nav>
<a href="#health">${escapeHtml(t.health)}</a>
<a href="#tools">${escapeHtml(t.tools)}</a>
<a href="#devices">${escapeHtml(t.devices)}</a>
<a href="#conversations">${escapeHtml(t.conversations)}</a>
</nav>
<span id="updated" class="note"></span>
</header>
<p id="load-error" class="error" hidden></p>
<main>
<section id="health"><h2>${escapeHtml(t.health)}</h2><div id="health-body"></div></section>
<section id="tools"><h2>${escapeHtml(t.tools)}</h2>
<input id="tool-filter" type="search" placeholder="${escapeHtml(t.filterTools)}" aria-label="${escapeHtml(t.filterTools)}">
<div id="tools-body"></div></section>
<section id="devices"><h2>${escapeHtml(t.devices)}</h2><div id="devices-body"></div></section>
<section id="conversations"><h2>${escapeHtml(t.conversations)}</h2>
<label><input id="only-failures" type="checkbox"> ${escapeHtml(t.onlyFailures)}</label>
<div id="conversations-body"></div></section>
</main>
<script id="i18n" type="application/json">${words}</script>
<script src="status.js" defer></script>
</body>
</html>
`;
}
