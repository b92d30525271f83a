import type { StatusSnapshot } from "../snapshot.js";
import { badge, card, el, fact, type Child, type Tone } from "./dom.js";
import type { Formats } from "./format.js";
import type { Words } from "./words.js";

type Health = StatusSnapshot["health"];

/** Health as cards: Home Assistant, the broker, Z-Wave, the language model, MCP. */
export function healthCards(d: StatusSnapshot, t: Words, f: Formats): Child {
  const h = d.health;
  return el(
    "div",
    { class: "cards" },
    homeAssistant(h, t, f),
    zwave(h, t),
    languageModel(h, t, f),
    mcpServers(h, t, f),
    card(
      t.mcpEndpoint,
      { id: "card-mcp" },
      fact(t.toolCount, String(h.mcp.tools)),
      fact(t.listing, `${h.mcp.listing} (mcp_mode ${h.mcp.configured})`),
      fact(t.mcpSessions, String(h.mcp.sessions)),
      fact(t.version, d.version),
      fact(t.uptime, f.duration(d.uptimeSeconds)),
    ),
  );
}

function homeAssistant(h: Health, t: Words, f: Formats): HTMLElement {
  const home = h.home;
  if (!home.configured)
    return card(
      [t.homeAssistant, badge("muted", t.notConfigured)],
      { id: "card-home" },
      el("p", { class: "note" }, t.noHomeAssistant),
    );
  return card(
    [t.homeAssistant, badge(home.connected ? "ok" : "bad", home.connected ? t.connected : t.disconnected)],
    { id: "card-home" },
    home.haVersion ? fact(t.version, home.haVersion) : "",
    fact(t.entities, `${home.entityCount} (${home.exposedCount} ${t.exposed})`),
    fact(t.lastSync, f.time(home.lastSync), home.stale ? el("span", { class: "note" }, ` (${t.stale})`) : ""),
    home.error ? el("p", { class: "error" }, home.error) : "",
  );
}

/** The bridge's Z-Wave client: waiting for Z-Wave JS, starting, connected or unavailable, and what it reaches. */
function zwave(h: Health, t: Words): HTMLElement {
  const link = h.zwave;
  const tone: Tone =
    link.state === "connected"
      ? "ok"
      : link.state === "unavailable"
        ? "bad"
        : link.state === "off"
          ? "muted"
          : "warn";
  const said =
    link.state === "connected"
      ? t.online
      : link.state === "unavailable"
        ? t.offline
        : (link.reason ?? link.state);
  return card(
    [t.zwave, badge(tone, said)],
    { id: "card-zwave" },
    link.upstream ? fact(t.zwaveGateway, link.upstream) : "",
    link.error ? el("p", { class: "error" }, link.error.message) : "",
  );
}

const PROVIDER_TONE: Record<string, Tone> = {
  ready: "ok",
  loading: "warn",
  checking: "warn",
  unchecked: "warn",
  failing: "bad",
  unreachable: "bad",
  "model-missing": "bad",
  rejected: "bad",
  failed: "bad",
};

function languageModel(h: Health, t: Words, f: Formats): HTMLElement {
  const agent = h.agent;
  if (agent.provider === "local")
    return card(
      [t.languageModel, badge("muted", t.noLlm)],
      { id: "card-llm" },
      fact(t.provider, "local"),
      fact(t.languages, agent.languages.join(", ")),
    );
  const state = agent.modelState ?? "ready";
  const llm = agent.llm;
  const words = t as Record<string, string>;
  return card(
    [t.languageModel, badge(PROVIDER_TONE[state] ?? "muted", words[`model_${state}`] ?? state)],
    { id: "card-llm" },
    fact(t.provider, llm ? `${agent.provider} · ${llm.host}` : agent.provider),
    fact(t.model, agent.model ?? "—"),
    llm?.check.detail ? fact(t.startCheck, llm.check.detail) : "",
    fact(t.lastSuccess, llm?.lastSuccess ? f.time(llm.lastSuccess) : t.never),
    llm?.lastError
      ? fact(
          t.lastError,
          el("span", { class: "error" }, llm.lastError.detail),
          el("span", { class: "note" }, ` · ${f.time(llm.lastError.at)}`),
        )
      : "",
    agent.oneLlmRound === undefined ? "" : fact(t.oneLlmRound, agent.oneLlmRound ? t.on : t.off),
  );
}

const SERVER_TONE: Record<string, Tone> = { up: "ok", starting: "warn", down: "bad", stopped: "muted" };

function mcpServers(h: Health, t: Words, f: Formats): HTMLElement {
  const servers = h.mcpServers;
  const down = servers.filter((s) => s.state !== "up").length;
  return card(
    [
      t.mcpServers,
      servers.length ? badge(down ? "bad" : "ok", `${servers.length - down}/${servers.length} ${t.up}`) : "",
    ],
    { id: "card-servers" },
    servers.length
      ? el(
          "ul",
          { class: "list" },
          servers.map((s) =>
            el(
              "li",
              { "data-server": s.name },
              el(
                "div",
                { class: "row-head" },
                el("strong", {}, s.name),
                badge(SERVER_TONE[s.state] ?? "muted", s.state),
                el(
                  "span",
                  { class: "note" },
                  `${s.toolbox} · ${s.tools} ${t.toolCount} · ${t.since} ${f.time(s.since)}${s.restarts ? ` · ${s.restarts} ${t.restarts}` : ""}`,
                ),
              ),
              s.lastError ? el("div", { class: "error" }, s.lastError) : "",
            ),
          ),
        )
      : el("p", { class: "note" }, t.noServers),
  );
}
