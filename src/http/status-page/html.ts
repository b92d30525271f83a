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
 * The page shell in the reader's language: what happened first (conversations and their tool
 * calls), then health, then tools and devices folded away. Every URL is relative: under Ingress
 * the page lives at /api/hassio_ingress/<token>/, and an absolute /status.js would miss the add-on.
 */
export function renderStatusPage(language: string): string {
  const t = translationsFor(language);
  const e = (key: keyof typeof t) => escapeHtml(t[key]);
  // In a <script> element only "</" could end it early.
  const words = JSON.stringify(t).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${e("title")}</title>
<link rel="stylesheet" href="status.css">
</head>
<body>
<header class="app-bar">
<div class="toolbar"><h1>${e("title")}</h1><span id="updated" class="updated"></span></div>
<nav class="tabs">
<a href="#conversations">${e("conversations")}</a>
<a href="#health">${e("health")}</a>
<a href="#tools">${e("tools")}</a>
<a href="#devices">${e("devices")}</a>
</nav>
</header>
<p id="load-error" class="error-box" hidden></p>
<p id="loading" class="loading" role="status">${e("loading")}</p>
<main aria-busy="true">
<section id="conversations">
<div class="section-head"><h2>${e("conversations")}</h2>
<label><input id="only-failures" type="checkbox"> ${e("onlyFailures")}</label></div>
<div id="turns"></div>
<article class="card"><h3 class="card-header">${e("mcpCalls")}</h3><div class="card-content" id="mcp-calls"></div></article>
</section>
<section id="health"><h2>${e("health")}</h2><div id="health-body"></div></section>
<section id="tools"><details class="collapsible"><summary>${e("tools")} <span id="tools-count"></span></summary>
<input id="tool-filter" type="search" placeholder="${e("filterTools")}" aria-label="${e("filterTools")}">
<div id="tools-body"></div></details></section>
<section id="devices"><details class="collapsible"><summary>${e("devices")} <span id="devices-count"></span></summary>
<div id="devices-body"></div></details></section>
</main>
<script id="i18n" type="application/json">${words}</script>
<script src="status.js" defer></script>
</body>
</html>
`;
}
