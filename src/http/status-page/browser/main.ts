// The status page in the browser. It fetches status.json, renders with DOM calls only (dom.ts),
// and fetches again when the server's event stream says something changed, with a slow poll
// for proxies that buffer the stream. Every URL is relative, for Ingress's path prefix.
import "./status.css";
import type { StatusSnapshot } from "../snapshot.js";
import { conversationView, PAGE_SIZE } from "./conversations.js";
import { byId, fill } from "./dom.js";
import { formats } from "./format.js";
import { healthCards } from "./health.js";
import { deviceList, toolList } from "./inventory.js";
import { adoptParentTheme } from "./theme.js";
import { readWords } from "./words.js";

const POLL_MS = 15_000;

const { words: t, lang } = readWords();
const f = formats(t, lang);
const conversations = conversationView(t, f);
const openSchemas = new Set<string>();
const onlyFailures = byId<HTMLInputElement>("only-failures");
const toolFilter = byId<HTMLInputElement>("tool-filter");
let data: StatusSnapshot | undefined;
let shownTurns = PAGE_SIZE;

adoptParentTheme();

function render(): void {
  if (!data) return;
  const d = data;
  fill(
    "turns",
    conversations.turns(d.turns, {
      onlyFailures: onlyFailures.checked,
      shown: shownTurns,
      onMore: () => {
        shownTurns += PAGE_SIZE;
        render();
      },
    }),
  );
  fill("mcp-calls", conversations.mcpCalls(d.mcpCalls, { onlyFailures: onlyFailures.checked }));
  fill("health-body", healthCards(d, t, f));
  fill("tools-count", `(${d.tools.length})`);
  fill("tools-body", toolList(d.tools, toolFilter.value, openSchemas, t));
  const zwaveCount = d.devices.zwave?.devices.length ?? 0;
  const entityCount = d.devices.areas.reduce((n, area) => n + area.entities.length, 0);
  fill("devices-count", `(${zwaveCount + entityCount})`);
  fill("devices-body", deviceList(d.devices, t));
  fill("updated", `${t.updated} ${new Date().toLocaleTimeString(lang)}`);
}

/** The first answer has come: the sections show what it said, or the error box why not. */
function loaded(): void {
  byId("loading").hidden = true;
  document.querySelector("main")?.removeAttribute("aria-busy");
}

let loading = false;
let again = false;

async function refresh(): Promise<void> {
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  const box = byId("load-error");
  try {
    const response = await fetch("status.json", { cache: "no-store", credentials: "same-origin" });
    // Signed out (the session ended, or the add-on restarted): the page itself asks for the token.
    if (response.status === 401) return window.location.reload();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    data = (await response.json()) as StatusSnapshot;
    box.hidden = true;
    render();
    loaded();
  } catch (err) {
    box.textContent = `${t.loadFailed}: ${(err as Error).message}`;
    box.hidden = false;
    loaded();
  } finally {
    loading = false;
    if (again) {
      again = false;
      void refresh();
    }
  }
}

toolFilter.addEventListener("input", render);
onlyFailures.addEventListener("change", () => {
  shownTurns = PAGE_SIZE;
  render();
});
if ("EventSource" in window) new EventSource("events").addEventListener("change", () => void refresh());
setInterval(() => void refresh(), POLL_MS);
void refresh();
