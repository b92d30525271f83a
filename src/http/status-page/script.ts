/**
 * The status page's script, plain browser JavaScript kept as a string so that `tsc` ships it
 * in dist/ with the rest. It fetches status.json, renders with textContent only (never HTML
 * from data), and refetches when the server's event stream says something changed, with a
 * slow poll as well for proxies that buffer the stream.
 */
export const statusScript = String.raw`"use strict";
(function () {
  var t = JSON.parse(document.getElementById("i18n").textContent);
  var lang = document.documentElement.lang || "en";
  var data = null;
  var openSchemas = new Set();
  var POLL_MS = 15000;

  function el(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === undefined || value === null || value === false) return;
      if (key === "class") node.className = value;
      else if (key.indexOf("on") === 0) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    });
    append(node, Array.prototype.slice.call(arguments, 2));
    return node;
  }

  function append(node, children) {
    children.forEach(function (child) {
      if (Array.isArray(child)) return append(node, child);
      if (child === undefined || child === null || child === false || child === "") return;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    });
  }

  function fill(id, content) {
    var target = document.getElementById(id);
    target.replaceChildren();
    append(target, [content]);
  }

  function time(value) {
    if (value === undefined || value === null) return t.unknown;
    return new Date(value).toLocaleString(lang);
  }

  function duration(seconds) {
    var d = Math.floor(seconds / 86400), h = Math.floor((seconds % 86400) / 3600);
    var m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    if (d) return d + " d " + h + " h";
    if (h) return h + " h " + m + " min";
    if (m) return m + " min " + s + " s";
    return s + " s";
  }

  function ms(value) {
    return typeof value === "number" ? (value < 10 ? value.toFixed(1) : Math.round(value)) + " ms" : "";
  }

  function badge(kind, text) {
    return el("span", { class: "badge " + kind }, text);
  }

  function row(label) {
    return el("tr", {}, el("th", { scope: "row" }, label), el("td", {}, Array.prototype.slice.call(arguments, 1)));
  }

  function table(headings, rows) {
    return el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, headings.map(function (h) { return el("th", { scope: "col" }, h); }))),
      el("tbody", {}, rows));
  }

  function renderHealth(d) {
    var h = d.health, home = h.home;
    var homeValue = !home.configured
      ? badge("muted", t.notConfigured)
      : [
          badge(home.connected ? "ok" : "bad", home.connected ? t.connected : t.disconnected),
          " " + home.entityCount + " " + t.entities + ", " + home.exposedCount + " " + t.exposed,
          home.lastSync ? ", " + t.lastSync + " " + time(home.lastSync) : "",
          home.stale ? el("span", { class: "note" }, " (" + t.stale + ")") : "",
        ];
    var serverState = { up: "ok", starting: "warn", down: "bad", stopped: "muted" };
    var servers = h.mcpServers.length
      ? table([t.server, t.toolbox, t.state, t.restarts, t.toolCount, t.lastError], h.mcpServers.map(function (s) {
          return el("tr", {},
            el("td", {}, s.name), el("td", {}, s.toolbox),
            el("td", {}, badge(serverState[s.state] || "muted", s.state), " ", el("span", { class: "note" }, t.since + " " + time(s.since))),
            el("td", { class: "num" }, s.restarts), el("td", { class: "num" }, s.tools),
            el("td", { class: "error" }, s.lastError || ""));
        }))
      : el("p", { class: "note" }, t.noServers);
    return [
      el("table", { class: "kv" },
        row(t.version, d.version),
        row(t.uptime, duration(d.uptimeSeconds)),
        row(t.homeAssistant, homeValue, home.configured && home.error ? el("div", { class: "error" }, home.error) : ""),
        row(t.zwaveGateway, [
          badge(h.zwave.state === "connected" ? "ok" : h.zwave.state === "off" ? "" : h.zwave.state === "unavailable" ? "bad" : "warn",
            h.zwave.state === "connected" ? t.online : h.zwave.state === "unavailable" ? t.offline : h.zwave.reason || h.zwave.state),
          " ", h.zwave.upstream || "", h.zwave.error ? el("div", { class: "error" }, h.zwave.error.message) : ""]),
        row(t.provider, h.agent.provider),
        row(t.model, h.agent.model || "—", h.agent.modelState && h.agent.modelState !== "ready" ? [" ", badge(h.agent.modelState === "failed" ? "bad" : "warn", t["model_" + h.agent.modelState])] : ""),
        h.agent.oneLlmRound === undefined ? "" : row(t.oneLlmRound, h.agent.oneLlmRound ? t.on : t.off),
        row(t.mcpEndpoint, h.mcp.listing + " (mcp_mode " + h.mcp.configured + "), " + h.mcp.tools + " " + t.toolCount + ", " + h.mcp.sessions + " " + t.sessions)),
      el("h3", {}, t.mcpServers),
      servers,
    ];
  }

  function schemaDetails(tool) {
    var details = el("details", { open: openSchemas.has(tool.name) }, el("summary", {}, t.schema));
    var pre = el("pre", {});
    details.append(pre);
    function show() {
      if (details.open) {
        openSchemas.add(tool.name);
        if (!pre.textContent) pre.textContent = JSON.stringify(tool.inputSchema, null, 2);
      } else openSchemas.delete(tool.name);
    }
    details.addEventListener("toggle", show);
    if (details.open) show();
    return details;
  }

  function renderTools(d) {
    var words = document.getElementById("tool-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
    var tools = d.tools.filter(function (tool) {
      var text = (tool.name + " " + tool.tool + " " + tool.server + " " + tool.toolbox + " " + tool.description).toLowerCase();
      return words.every(function (w) { return text.indexOf(w) >= 0; });
    });
    return table([t.presentedName, t.ownName, t.server, t.toolbox, t.namespaced, t.source], tools.map(function (tool) {
      return el("tr", { class: tool.available ? "" : "unavailable", "data-tool": tool.name },
        el("td", { class: "tool" }, el("code", {}, tool.name), tool.available ? "" : [" ", badge("bad", t.unavailable)],
          tool.description ? el("div", { class: "note" }, tool.description) : "", schemaDetails(tool)),
        el("td", {}, el("code", {}, tool.tool)),
        el("td", {}, tool.server),
        el("td", {}, tool.toolbox),
        el("td", {}, tool.namespaced ? [t.yes, tool.reason ? el("div", { class: "note" }, tool.reason) : ""] : t.no),
        el("td", {}, tool.source));
    }));
  }

  function renderDevices(d) {
    var zwave = d.devices.zwave;
    var zwaveBody = !zwave
      ? el("p", { class: "note" }, t.noZwave)
      : [
          zwave.error ? el("p", { class: "error" }, zwave.error) : "",
          table([t.node, t.name, t.location, t.state, t.value], zwave.devices.map(function (dev) {
            return el("tr", {},
              el("td", { class: "num" }, dev.nodeId), el("td", {}, dev.name), el("td", {}, dev.location || ""),
              el("td", {}, badge(dev.online ? "ok" : "bad", dev.state || (dev.online ? t.online : t.offline))),
              el("td", {}, dev.value || ""));
          })),
        ];
    var areas = d.devices.areas.length
      ? d.devices.areas.map(function (area) {
          return el("div", { class: "area" },
            el("h4", {}, area.name, area.floor ? el("span", { class: "note" }, " · " + area.floor) : ""),
            el("ul", {}, area.entities.map(function (e) {
              return el("li", {}, e.name + ": ", el("strong", {}, e.state + (e.unit ? " " + e.unit : "")), " ",
                el("code", { class: "note" }, e.entityId), e.stale ? el("span", { class: "note" }, " (" + t.stale + ")") : "");
            })));
        })
      : el("p", { class: "note" }, t.noAreas);
    return [el("h3", {}, t.zwaveDevices), zwaveBody, el("h3", {}, t.areas), areas];
  }

  function changedKeys(before, after) {
    var keys = new Set();
    Object.keys(after).forEach(function (k) {
      if (!(k in before) || JSON.stringify(before[k]) !== JSON.stringify(after[k])) keys.add(k);
    });
    Object.keys(before).forEach(function (k) { if (!(k in after)) keys.add(k); });
    return keys;
  }

  function argumentsView(args, changed) {
    var keys = Object.keys(args || {});
    var parts = ["{"];
    keys.forEach(function (k, i) {
      if (i) parts.push(", ");
      parts.push(el(changed.has(k) ? "mark" : "span", {}, k), ": " + JSON.stringify(args[k]));
    });
    parts.push("}");
    return el("code", { class: "args" }, parts);
  }

  function failed(turn) {
    return turn.response_type === "error" || turn.tool_calls.some(function (c) { return !c.ok; });
  }

  /** " · 1 LLM request · 900 input tokens (800 cached)" */
  function llmUse(llm) {
    if (!llm) return "";
    var text = " · " + llm.requests + " " + (llm.requests === 1 ? t.llmRequest : t.llmRequests);
    if (llm.tokens) {
      text += " · " + llm.tokens.input + " " + t.inputTokens + " (" + llm.tokens.cachedInput + " " + t.cached +
        (llm.tokens.cacheWrite ? ", " + llm.tokens.cacheWrite + " " + t.cacheWritten : "") + ")";
    }
    return text;
  }

  function renderTurns(d) {
    var onlyFailures = document.getElementById("only-failures").checked;
    var turns = d.turns.slice().reverse().filter(function (turn) { return !onlyFailures || failed(turn); });
    if (!turns.length) return el("p", { class: "note" }, t.noTurns);
    return turns.map(function (turn) {
      return el("article", { class: failed(turn) ? "turn failed" : "turn" },
        el("div", { class: "turn-head" },
          el("span", { class: "note" }, time(turn.startedAt)),
          " ", badge(turn.response_type === "error" ? "bad" : "ok", turn.response_type),
          " ", el("span", { class: "note" }, t.handledBy + " " + turn.handledBy + " · " + ms(turn.ms) + llmUse(turn.llm))),
        el("p", { class: "said" }, "“" + turn.text + "”"),
        el("p", { class: "speech" }, "→ " + turn.speech),
        turn.tool_calls.length ? el("ol", { class: "calls" }, turn.tool_calls.map(function (call) { return renderCall(call, ""); })) : "");
    });
  }

  function renderCall(call, head) {
    var changed = changedKeys(call.arguments || {}, call.normalized_arguments || {});
    return el("li", { class: call.ok ? "call" : "call failed" },
      el("div", {}, head, el("code", {}, call.name), call.tool && call.tool !== call.name ? el("span", { class: "note" }, " (" + call.server + "/" + call.tool + ")") : "",
        " ", badge(call.ok ? "ok" : "bad", call.ok ? t.ok : t.failed), " ", el("span", { class: "note" }, ms(call.ms))),
      call.sent ? el("div", { class: "argline" }, el("span", { class: "label" }, t.sent + ": "), el("code", { class: "sent" }, call.sent.name + " " + (typeof call.sent.arguments === "string" ? call.sent.arguments : JSON.stringify(call.sent.arguments)))) : "",
      call.repairs ? el("ul", { class: "repairs", "aria-label": t.repairs }, call.repairs.map(function (step) { return el("li", {}, step); })) : "",
      el("div", { class: "argline" }, el("span", { class: "label" }, t.arguments + ": "), argumentsView(call.arguments, changed)),
      changed.size ? el("div", { class: "argline" }, el("span", { class: "label" }, t.normalized + ": "), argumentsView(call.normalized_arguments, changed)) : "",
      el("pre", { class: "result" }, call.result));
  }

  function renderMcpCalls(d) {
    var onlyFailures = document.getElementById("only-failures").checked;
    var calls = (d.mcpCalls || []).slice().reverse().filter(function (call) { return !onlyFailures || !call.ok; });
    return [el("h3", {}, t.mcpCalls), calls.length ? el("ol", { class: "calls" }, calls.map(function (call) {
      return renderCall(call, el("span", { class: "note" }, time(call.at) + " · " + (t["caller." + call.caller] || call.caller) + (call.called !== call.name ? " · " + call.called : "") + " · "));
    })) : el("p", { class: "note" }, t.noMcpCalls)];
  }

  function render() {
    if (!data) return;
    fill("health-body", renderHealth(data));
    fill("tools-body", renderTools(data));
    fill("devices-body", renderDevices(data));
    fill("conversations-body", [renderTurns(data), renderMcpCalls(data)]);
    document.getElementById("updated").textContent = t.updated + " " + new Date().toLocaleTimeString(lang);
  }

  var loading = false, again = false;
  function refresh() {
    if (loading) { again = true; return; }
    loading = true;
    fetch("status.json", { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (json) {
        data = json;
        document.getElementById("load-error").hidden = true;
        render();
      })
      .catch(function (err) {
        var box = document.getElementById("load-error");
        box.textContent = t.loadFailed + ": " + err.message;
        box.hidden = false;
      })
      .finally(function () {
        loading = false;
        if (again) { again = false; refresh(); }
      });
  }

  document.getElementById("tool-filter").addEventListener("input", render);
  document.getElementById("only-failures").addEventListener("change", render);
  if (window.EventSource) new EventSource("events").addEventListener("change", refresh);
  setInterval(refresh, POLL_MS);
  refresh();
})();
`;
