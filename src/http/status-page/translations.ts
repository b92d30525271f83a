/** The status page's words. English is complete; a missing key in another language falls back to it. */
const en = {
  title: "MCP Assist Bridge",
  health: "Health",
  tools: "Tools",
  devices: "Devices",
  conversations: "Recent conversations",
  version: "Version",
  uptime: "Uptime",
  homeAssistant: "Home Assistant",
  connected: "connected",
  disconnected: "not connected",
  notConfigured: "not configured",
  entities: "entities",
  exposed: "exposed",
  lastSync: "last sync",
  stale: "states may be out of date",
  broker: "MQTT broker",
  zwaveGateway: "Z-Wave gateway",
  online: "online",
  offline: "offline",
  unknown: "unknown",
  mcpServers: "MCP servers",
  noServers: "No MCP servers configured.",
  server: "Server",
  toolbox: "Toolbox",
  state: "State",
  restarts: "Restarts",
  toolCount: "Tools",
  lastError: "Last error",
  since: "since",
  provider: "Provider",
  model: "Model",
  mcpEndpoint: "MCP endpoint",
  sessions: "sessions",
  presentedName: "Presented name",
  ownName: "Own name",
  namespaced: "Namespaced",
  source: "Source",
  yes: "yes",
  no: "no",
  unavailable: "unavailable",
  schema: "Schema",
  filterTools: "Filter tools",
  zwaveDevices: "Z-Wave devices",
  noZwave: "No Z-Wave device list is available.",
  node: "Node",
  name: "Name",
  location: "Location",
  value: "Value",
  areas: "Home Assistant areas (entities exposed to Assist)",
  noAreas: "No areas with exposed entities.",
  onlyFailures: "Only failures",
  noTurns: "No conversations yet.",
  handledBy: "handled by",
  arguments: "Arguments",
  normalized: "Normalised",
  result: "Result",
  ok: "ok",
  failed: "failed",
  updated: "Updated",
  loadFailed: "Could not load the status",
} as const;

export type TranslationKey = keyof typeof en;
export type Translations = Record<TranslationKey, string>;

const de: Partial<Translations> = {
  health: "Zustand",
  tools: "Werkzeuge",
  devices: "Geräte",
  conversations: "Letzte Unterhaltungen",
  version: "Version",
  uptime: "Laufzeit",
  connected: "verbunden",
  disconnected: "nicht verbunden",
  notConfigured: "nicht eingerichtet",
  entities: "Entitäten",
  exposed: "freigegeben",
  lastSync: "letzter Abgleich",
  stale: "Zustände evtl. veraltet",
  broker: "MQTT-Broker",
  zwaveGateway: "Z-Wave-Gateway",
  online: "online",
  offline: "offline",
  unknown: "unbekannt",
  mcpServers: "MCP-Server",
  noServers: "Keine MCP-Server eingerichtet.",
  server: "Server",
  toolbox: "Werkzeugkasten",
  state: "Zustand",
  restarts: "Neustarts",
  toolCount: "Werkzeuge",
  lastError: "Letzter Fehler",
  since: "seit",
  provider: "Anbieter",
  model: "Modell",
  mcpEndpoint: "MCP-Endpunkt",
  sessions: "Sitzungen",
  presentedName: "Angezeigter Name",
  ownName: "Eigener Name",
  namespaced: "Mit Namensraum",
  source: "Quelle",
  yes: "ja",
  no: "nein",
  unavailable: "nicht verfügbar",
  schema: "Schema",
  filterTools: "Werkzeuge filtern",
  zwaveDevices: "Z-Wave-Geräte",
  noZwave: "Keine Z-Wave-Geräteliste verfügbar.",
  node: "Knoten",
  name: "Name",
  location: "Ort",
  value: "Wert",
  areas: "Home-Assistant-Bereiche (für Assist freigegebene Entitäten)",
  noAreas: "Keine Bereiche mit freigegebenen Entitäten.",
  onlyFailures: "Nur Fehlschläge",
  noTurns: "Noch keine Unterhaltungen.",
  handledBy: "bearbeitet von",
  arguments: "Argumente",
  normalized: "Normalisiert",
  result: "Ergebnis",
  ok: "ok",
  failed: "fehlgeschlagen",
  updated: "Aktualisiert",
  loadFailed: "Status konnte nicht geladen werden",
};

const languages: Record<string, Partial<Translations>> = { en, de };

/** The first language of an Accept-Language header that has translations, else English. */
export function pickLanguage(acceptLanguage: string | undefined): string {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q) : 1, index };
    })
    .filter((l) => l.base && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((l) => l.base in languages)?.base ?? "en";
}

export function translationsFor(language: string): Translations {
  return { ...en, ...languages[language] };
}
