import type { TurnRecord, TurnToolCall } from "../../../agent/types.js";
import type { McpCallRecord } from "../../../mcp/server/call-log.js";
import { stateWord } from "./device-words.js";
import { badge, card, el, type Child } from "./dom.js";
import type { Formats } from "./format.js";
import type { Words } from "./words.js";

/** Turns shown at first, and added by each "show more": the page stays short after many turns. */
export const PAGE_SIZE = 8;
/** A result longer than this is folded behind its first line. */
const LONG_RESULT = 160;

type Call = TurnToolCall | McpCallRecord;

export interface ConversationView {
  turns(turns: TurnRecord[], options: { onlyFailures: boolean; shown: number; onMore: () => void }): Child;
  mcpCalls(calls: McpCallRecord[], options: { onlyFailures: boolean }): Child;
}

export function conversationView(t: Words, f: Formats): ConversationView {
  /** A call held for a yes did not fail: it waits. */
  const callFailed = (c: Call) => !c.ok && c.status !== "held";
  const failed = (turn: TurnRecord) => turn.response_type === "error" || turn.tool_calls.some(callFailed);

  /** The way a turn was answered, in the reader's words. */
  function path(handledBy: string): string {
    const names: Record<string, string> = {
      "fast-path": t.pathFast,
      "home assistant": t.pathHomeAssistant,
      llm: t.pathLlm,
      "fast-path → llm": `${t.pathFast} → ${t.pathLlm}`,
      confirmation: t.pathConfirmation,
    };
    return names[handledBy] ?? handledBy;
  }

  /** " · 1 LLM request · 900 input tokens (800 cached)" */
  function llmUse(turn: TurnRecord): string {
    const llm = turn.llm;
    if (!llm) return "";
    let text = ` · ${llm.requests} ${llm.requests === 1 ? t.llmRequest : t.llmRequests}`;
    if (llm.tokens) {
      const written = llm.tokens.cacheWrite ? `, ${llm.tokens.cacheWrite} ${t.cacheWritten}` : "";
      text += ` · ${llm.tokens.input} ${t.inputTokens} (${llm.tokens.cachedInput} ${t.cached}${written})`;
    }
    return text;
  }

  /**
   * What the turn's requests carried against the context asked for: tokens per request (estimated
   * before sending, "≤" when only bounded by the request's bytes, and as the provider reported),
   * the tools offered and found, and any cut.
   */
  function contextUse(turn: TurnRecord): Child {
    const use = turn.llm?.context;
    if (!use) return "";
    const requests = use.sent.map(
      (r, i) =>
        `${i + 1}: ${r.bound ? "≤" : "~"}${r.estimated}${r.reported !== undefined ? ` / ${r.reported} ${t.reported}` : ""} · ${r.tools} ${t.toolsWord}`,
    );
    return el(
      "details",
      { class: use.cuts.length ? "context cut" : "context" },
      el(
        "summary",
        {},
        `${t.contextAsked} ${use.context} ${t.tokensWord} (${use.source}) · ${t.tokensSent} ${requests.join(" · ")}`,
        use.cuts.length ? badge(use.sent.some((r) => r.cutByServer) ? "bad" : "warn", t.contextCut) : "",
      ),
      el(
        "div",
        { class: "note" },
        `${use.allTools ? t.allToolsOffered : t.toolsOffered}: ${use.offered.join(", ")}`,
      ),
      use.searched.length
        ? el("div", { class: "note" }, `${t.toolsSearched}: ${use.searched.join(", ")}`)
        : "",
      use.cuts.map((cut) => el("div", { class: "note" }, cut)),
    );
  }

  function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): Set<string> {
    const keys = new Set<string>();
    for (const k of Object.keys(after))
      if (!(k in before) || JSON.stringify(before[k]) !== JSON.stringify(after[k])) keys.add(k);
    for (const k of Object.keys(before)) if (!(k in after)) keys.add(k);
    return keys;
  }

  function argumentsView(args: Record<string, unknown>, changed: Set<string>): HTMLElement {
    const parts: Child[] = ["{"];
    Object.keys(args).forEach((k, i) => {
      if (i) parts.push(", ");
      parts.push(el(changed.has(k) ? "mark" : "span", {}, k), `: ${JSON.stringify(args[k])}`);
    });
    parts.push("}");
    return el("code", {}, parts);
  }

  function confirmationBadge(call: Call): Child {
    if (!("confirmation" in call) || !call.confirmation) return "";
    if (call.confirmation === "none") return badge("warn", t.notConfirmed);
    return badge("ok", call.confirmation === "supervised" ? t.confirmedSupervised : t.confirmedDevice);
  }

  /** A cover the call left on its way: until it stops, then how it ended, by its own word. */
  function followBadge(call: Call): Child {
    if (!("followId" in call) || !call.followId) return "";
    const end = call.followed;
    if (!end) return badge("warn", t.followedOnItsWay);
    const where = end.position === null ? (end.state ? stateWord(t, end.state) : "") : `${end.position} %`;
    const words = {
      reached: t.followedReached,
      stopped: t.followedStopped,
      not_moved: t.followedNotMoved,
      unknown: t.followedUnknown,
    }[end.outcome];
    return badge(end.outcome === "reached" ? "ok" : "warn", where ? `${words}: ${where}` : words);
  }

  function result(text: string): Child {
    if (!text) return "";
    if (text.length <= LONG_RESULT && !text.includes("\n")) return el("div", { class: "note result" }, text);
    const first = text.split("\n", 1)[0] ?? "";
    return el(
      "details",
      { class: "result" },
      el(
        "summary",
        {},
        `${first.slice(0, 100)}${first.length > 100 || text.length > first.length ? " …" : ""}`,
      ),
      el("pre", {}, text),
    );
  }

  function call(c: Call, head: Child = ""): HTMLElement {
    const args = c.arguments ?? {};
    const normalized = c.normalized_arguments ?? {};
    const changed = changedKeys(args, normalized);
    const device = "device" in c && c.device ? c.device : undefined;
    const sent = c.sent;
    return el(
      "li",
      { class: callFailed(c) ? "call failed" : "call" },
      el(
        "div",
        { class: "call-head" },
        head,
        device ? el("span", { class: "device" }, device.name) : "",
        device?.location ? el("span", { class: "note" }, device.location) : "",
        el("code", {}, c.name),
        c.tool && c.tool !== c.name ? el("span", { class: "note" }, `${c.server}/${c.tool}`) : "",
        c.status === "held" ? badge("warn", t.held) : badge(c.ok ? "ok" : "bad", c.ok ? t.ok : t.failed),
        confirmationBadge(c),
        followBadge(c),
        el("span", { class: "note" }, f.ms(c.ms)),
      ),
      el(
        "div",
        { class: "args" },
        sent
          ? [
              el("span", { class: "label" }, t.sent),
              el(
                "code",
                { class: "sent" },
                `${sent.name} ${typeof sent.arguments === "string" ? sent.arguments : JSON.stringify(sent.arguments)}`,
              ),
            ]
          : "",
        el("span", { class: "label" }, changed.size ? t.original : t.arguments),
        argumentsView(args, changed),
        changed.size ? [el("span", { class: "label" }, t.repaired), argumentsView(normalized, changed)] : "",
        "textFamily" in c && c.textFamily
          ? [el("span", { class: "label" }, t.textFamily), el("span", {}, c.textFamily)]
          : "",
      ),
      c.repairs?.length
        ? el(
            "ul",
            { class: "repairs", "aria-label": t.repairs },
            c.repairs.map((step) => el("li", {}, step)),
          )
        : "",
      result(c.result),
    );
  }

  return {
    turns(all, { onlyFailures, shown, onMore }) {
      const turns = all
        .slice()
        .reverse()
        .filter((turn) => !onlyFailures || failed(turn));
      if (!turns.length) return el("p", { class: "note" }, t.noTurns);
      const cards = turns.slice(0, shown).map((turn) =>
        card(
          [
            el("span", { class: "said" }, `“${turn.text}”`),
            badge("path", path(turn.handledBy)),
            turn.response_type === "error" ? badge("bad", t.failed) : "",
          ],
          { class: failed(turn) ? "turn failed" : "turn" },
          el("p", { class: "speech" }, `→ ${turn.speech}`),
          turn.llm?.error ? el("p", { class: "error" }, `${t.llmFailed}: ${turn.llm.error}`) : "",
          el(
            "div",
            { class: "note" },
            `${f.time(turn.startedAt)} · ${turn.language} · ${f.ms(turn.ms)}${llmUse(turn)}`,
          ),
          contextUse(turn),
          turn.tool_calls.length
            ? el(
                "ol",
                { class: "calls" },
                turn.tool_calls.map((c) => call(c)),
              )
            : "",
        ),
      );
      const rest = turns.length - shown;
      return [
        cards,
        rest > 0
          ? el("button", { class: "more", type: "button", onclick: onMore }, `${t.showMore} (${rest})`)
          : "",
      ];
    },

    mcpCalls(all, { onlyFailures }) {
      const calls = all
        .slice()
        .reverse()
        .filter((c) => !onlyFailures || callFailed(c))
        .slice(0, PAGE_SIZE);
      if (!calls.length) return el("p", { class: "note" }, t.noMcpCalls);
      return el(
        "ol",
        { class: "calls" },
        calls.map((c) => {
          const caller = (t as Record<string, string>)[`caller.${c.caller}`] ?? c.caller;
          const called = c.called !== c.name ? ` · ${c.called}` : "";
          return call(c, el("span", { class: "note" }, `${f.time(c.at)} · ${caller}${called}`));
        }),
      );
    },
  };
}
