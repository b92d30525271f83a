// Switching, opening, dimming and volume: one device or a group, with the tool the LLM would use,
// and a reply built from what the devices confirmed.
import { BUILTIN_TOOLS } from "../../config/own-servers.js";
import { isGroupSafe } from "../../tools/policy/effects.js";
import type { ToolResult } from "../../tools/types.js";
import { fill } from "../grammar.js";
import { failureSpeech } from "../spoken-result.js";
import type { FastPathOutcome, ResponseType } from "../outcome.js";
import { COVERS } from "../scopes.js";
import { capitalize, listOf, quantity } from "../speech.js";
import type { Resolved, Target } from "../targets.js";
import { targetKind } from "../target-kind.js";
import type { StateWord } from "../grammar-types.js";
import { currentLevel, haLevel, isConfirmed, stateWordOf } from "../tool-results.js";
import { askFor, lockActionOf, lockSpeech } from "./held.js";
import type { Turn } from "./turn.js";

/** A relative change ("brighter", "a bit dimmer") moves the level by this many percent. */
const STEP = 25;

interface Acted {
  target: Target;
  result: ToolResult;
  ok: boolean;
  confirmed: boolean;
  name: string;
  /** What the device reports after the write: its level in percent, and on or off. */
  level?: number | undefined;
  state?: StateWord | undefined;
  /** Set when the target is a lock: what was asked of it. */
  lock?: "lock" | "unlock" | undefined;
}

export async function act(turn: Turn, found?: Resolved): Promise<FastPathOutcome> {
  const { intent } = turn.match;
  const r = turn.replies;
  const relative = intent === "brighten" || intent === "dim";
  const kindInPlace =
    turn.match.kind ??
    (relative || intent === "set_level" ? "light" : intent === "set_volume" ? "media_player" : undefined);
  const resolved = found ?? (await turn.resolve(turn.match.name, kindInPlace));
  // Found among what stops by turning off (fans), then turned off.
  if (intent === "stop") {
    if (resolved.kind !== "one" && resolved.kind !== "group") return turn.unresolved(resolved);
    return act(turn.withIntent("turn_off"), resolved);
  }
  const nothing = resolved.kind === "not_found" || (resolved.kind === "group" && !resolved.targets.length);
  if (nothing && intent === "set_level" && turn.match.name !== undefined) {
    // "Stelle den TV auf maximum", "règle les enceintes à 70 %": a level for speakers is their volume.
    const asVolume = turn.withIntent("set_volume");
    const speakers = await asVolume.resolve(turn.match.name);
    if (speakers.kind === "one" || (speakers.kind === "group" && speakers.targets.length))
      return act(asVolume);
  }
  if (resolved.kind !== "one" && resolved.kind !== "group") return turn.unresolved(resolved);
  if (resolved.kind === "group") return actOnGroup(turn, resolved.targets, resolved.place, resolved.whole);
  const { target } = resolved;
  if (!supports(turn, target)) return turn.done(fill(r.cannotDo, { name: target.name }), "error");
  const acted = await apply(turn, target);
  turn.deps.memory.remember(turn.request.conversationId, [target]);
  // Held by the action policy: nothing was done; the user is asked.
  if (acted.result.held) return turn.done(askFor(turn, [acted]), "query_answer");
  if (!acted.ok) return turn.done(failureSpeech(r, acted.result, acted.name), "error");
  if (acted.lock) return turn.done(lockSpeech(turn, target, acted.lock, acted.result), "action_done");
  if (!acted.confirmed) return turn.done(fill(r.notConfirmed, { name: acted.name }), "action_done");
  return turn.done(actedSpeech(turn, target, acted), "action_done");
}

/** Whether the target's kind of device can do what the sentence asks. */
function supports(turn: Turn, target: Target): boolean {
  if (target.source === "zwave") return true;
  const domain = target.entity.domain;
  if ((domain === "scene" || domain === "script") && turn.match.intent !== "turn_on") return false;
  return true;
}

async function actOnGroup(
  turn: Turn,
  targets: Target[],
  place?: string,
  whole?: boolean,
): Promise<FastPathOutcome> {
  const r = turn.replies;
  // "Everything", "all" or a bare area switches only what is safe to switch together, judged by
  // what each target really is, on either side of the HA ↔ Z-Wave identity join.
  const supported = targets.filter((t) => supports(turn, t) && (!whole || isGroupSafe(targetKind(t))));
  if (!supported.length) return turn.unsure(fill(r.nothingToSwitch, { name: place ?? "" }));
  // Locks one after another, as before: a lock's motor and the controller take one at a time.
  const isLock = (t: Target) => targetKind(t).domain === "lock";
  const all = await Promise.all(supported.filter((t) => !isLock(t)).map((t) => apply(turn, t)));
  for (const t of supported.filter(isLock)) all.push(await apply(turn, t));
  turn.deps.memory.remember(turn.request.conversationId, supported);
  const held = all.filter((a) => a.result.held);
  const locks = all.filter((a) => !a.result.held && a.lock);
  const acted = all.filter((a) => !a.result.held && !a.lock);
  const confirmed = acted.filter((a) => a.ok && a.confirmed);
  const done = confirmed.map((a) => a.name);
  const unconfirmed = acted.filter((a) => a.ok && !a.confirmed).map((a) => a.name);
  const failed = acted.filter((a) => !a.ok);
  const parts: string[] = [];
  if (done.length) {
    const names = listOf(turn.grammar, done);
    const { intent, level } = turn.match;
    const covers = acted.every((a) => a.target.source === "ha" && COVERS.has(a.target.entity.domain));
    const template =
      intent === "open" || (intent === "turn_on" && covers)
        ? r.groupOpened
        : intent === "close" || (intent === "turn_off" && covers)
          ? r.groupClosed
          : intent === "turn_off"
            ? r.groupOff
            : intent === "turn_on"
              ? r.groupOn
              : undefined;
    if (template) parts.push(fill(template, { names }));
    else {
      // Brightness: each light's own confirmed level.
      for (const a of confirmed) {
        const reported = a.level ?? level;
        parts.push(
          fill(r.setLevel, {
            name: a.name,
            level: reported === undefined ? "" : quantity(turn.grammar, reported, "%"),
          }),
        );
      }
    }
  }
  if (unconfirmed.length) parts.push(fill(r.someNotConfirmed, { names: listOf(turn.grammar, unconfirmed) }));
  for (const f of failed) parts.push(failureSpeech(r, f.result, f.name));
  for (const l of locks) parts.push(lockSpeech(turn, l.target, l.lock!, l.result));
  const question = held.length ? askFor(turn, held) : undefined;
  if (question) parts.push(question);
  const responseType: ResponseType = question
    ? "query_answer"
    : done.length || unconfirmed.length || locks.some((l) => l.ok)
      ? "action_done"
      : "error";
  return turn.done(parts.map(capitalize).join(" "), responseType);
}

/** Runs the sentence's action on one target with the tool the LLM would use. */
async function apply(turn: Turn, target: Target): Promise<Acted> {
  const { intent } = turn.match;
  const { zwave, mirror } = turn.deps;
  const lock = targetKind(target).domain === "lock" ? lockActionOf(intent) : undefined;
  if (lock) {
    // Locking acts at once; unlocking is held by the action policy, which the registry applies.
    const device = target.source === "zwave" ? target.device : undefined;
    const result =
      device === undefined
        ? await turn.call(
            { ...BUILTIN_TOOLS, name: "lock_entity" },
            { name: target.source === "ha" ? target.entity.entityId : target.name, action: lock },
          )
        : (await turn.zwave((o) => zwave.lock(device, lock, o))).result;
    return { target, result, ok: result.ok, confirmed: isConfirmed(result), name: target.name, lock };
  }
  let level = turn.match.level;
  const relative = intent === "brighten" || intent === "dim";
  // What it does now decides what to send: its state as of now, not as listed or remembered.
  if ((relative || intent === "toggle") && target.source === "zwave") {
    const { nodeId, endpoint } = target.device;
    await zwave.refresh();
    const now = zwave.target(nodeId, endpoint);
    if (now) target = { ...target, device: now };
  }
  if (relative) {
    const fresh: Target =
      target.source === "ha"
        ? { ...target, entity: mirror.entity(target.entity.entityId) ?? target.entity }
        : target;
    const current = currentLevel(fresh);
    level = intent === "brighten" ? Math.min(100, current + STEP) : Math.max(1, current - STEP);
  }
  if (target.source === "zwave") {
    const action =
      intent === "set_level" || intent === "brighten" || intent === "dim"
        ? "dim"
        : intent === "toggle"
          ? target.device.on
            ? "off"
            : "on"
          : intent === "turn_off" || intent === "close"
            ? "off"
            : "on";
    const device = target.device;
    const { result, output } = await turn.zwave((o) => zwave.control(device, action, level, o));
    const on = output?.on ?? undefined;
    return {
      target,
      result,
      ok: result.ok,
      confirmed: isConfirmed(result),
      name: target.name,
      level: output?.level ?? (on === false ? 0 : undefined),
      state: on === undefined || on === null ? undefined : on ? "on" : "off",
    };
  }
  let result: ToolResult;
  if (intent === "set_volume") {
    result = await turn.call(
      { ...BUILTIN_TOOLS, name: "set_volume" },
      { name: target.entity.entityId, level },
    );
  } else {
    const action =
      intent === "turn_off" || intent === "close" ? "turn_off" : intent === "toggle" ? "toggle" : "turn_on";
    result = await turn.call(
      { ...BUILTIN_TOOLS, name: "control_entity" },
      { name: target.entity.entityId, action, ...(level !== undefined ? { brightness: level } : {}) },
    );
  }
  const confirmed = isConfirmed(result);
  const after = confirmed ? mirror.entity(target.entity.entityId) : undefined;
  const reported = result.structuredContent?.state;
  return {
    target,
    result,
    ok: result.ok,
    confirmed,
    name: target.name,
    level: after && after.domain === "light" ? haLevel(after) : undefined,
    state: typeof reported === "string" ? stateWordOf(reported) : undefined,
  };
}

function actedSpeech(turn: Turn, target: Target, acted: Acted): string {
  const r = turn.replies;
  const name = acted.name;
  const domain = target.source === "ha" ? target.entity.domain : "";
  switch (turn.match.intent) {
    case "set_level":
    case "brighten":
    case "dim": {
      const level = acted.level ?? turn.match.level;
      return fill(r.setLevel, { name, level: level === undefined ? "" : quantity(turn.grammar, level, "%") });
    }
    case "set_volume": {
      const volume = acted.result.structuredContent?.volume;
      const level = typeof volume === "number" ? volume : (turn.match.level ?? 0);
      return fill(r.volumeSet, { name, level: quantity(turn.grammar, level, "%") });
    }
    case "toggle": {
      return fill(r.toggled, { name, state: acted.state ? turn.grammar.states[acted.state] : "" });
    }
    case "open":
      return fill(r.opened, { name });
    case "close":
      return fill(r.closed, { name });
    case "turn_off":
      return fill(COVERS.has(domain) ? r.closed : r.turnedOff, { name });
    default:
      return fill(
        COVERS.has(domain) ? r.opened : domain === "scene" || domain === "script" ? r.activated : r.turnedOn,
        { name },
      );
  }
}
