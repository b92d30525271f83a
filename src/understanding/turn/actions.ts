// Switching, opening, dimming and volume: one device or a group, with the tool the LLM would use,
// and a reply built from what the devices confirmed.
import { getMaxListeners, setMaxListeners } from "node:events";
import { BUILTIN_TOOLS } from "../../config/own-servers.js";
import type { EntityView } from "../../ha/mirror.js";
import { isGroupSafe } from "../../tools/policy/effects.js";
import type { ToolResult } from "../../tools/types.js";
import { fill } from "../grammar.js";
import { failureSpeech } from "../spoken-result.js";
import type { FastPathOutcome, ResponseType } from "../outcome.js";
import { KINDS, RELATIVE_INTENTS, SOUND_INTENTS } from "../kinds.js";
import { COVERS, scopeFor } from "../scopes.js";
import { cannotDoSpeech, capitalize, listOf, quantity } from "../speech.js";
import { ZWAVE_COVERS, ZWAVE_SWITCHES, type Resolved, type Target } from "../targets.js";
import { errorCodeOf } from "../../tools/tool-error.js";
import { targetKind } from "../target-kind.js";
import type { ColorName as SaidColor, StateWord } from "../grammar-types.js";
import type { CoverAction } from "../../zwave/contract.js";
import type { ZwaveTarget } from "../../zwave-host/zwave-target.js";
import { WHITE_TEMPERATURES } from "../../zwave/colors.js";
import { CC } from "../../zwave/functions.js";
import { currentLevel, haLevel, isConfirmed, isOnItsWay, stateWordOf } from "../tool-results.js";
import { askFor, lockActionOf, lockSpeech } from "./held.js";
import { unreachableSaid } from "./capabilities.js";
import type { Turn } from "./turn.js";

/** Intents that change a speaker's sound. */
/** Intents that change a light's brightness. */
const LIGHT = new Set(["set_level", "brighten", "dim"]);

/** Home Assistant's cover features (homeassistant/components/cover/const.py `CoverEntityFeature`). */
const COVER_FEATURES = { setPosition: 4, stop: 8 };
/** Light colour modes that take a colour, and the one that takes a colour temperature (HA `ColorMode`). */
const COLOR_MODES = new Set(["hs", "rgb", "rgbw", "rgbww", "xy"]);

/** What a sentence asks of a cover, when it asks something a cover does. */
function coverMove(turn: Turn, target: Target): { action: CoverAction; position?: number } | undefined {
  const { intent, level, amount, by, steps } = turn.match;
  switch (intent) {
    // Toggled by where it is now; with that unknown, not at all.
    case "toggle": {
      const open = openNow(target);
      return open === undefined ? undefined : { action: open ? "close" : "open" };
    }
    case "step_up":
    case "step_down": {
      const up = intent === "step_up";
      // "raise the shutter": all the way; "a bit", "by 20 %": a step from where it reports it is.
      if ((amount === undefined || amount === "full") && by === undefined)
        return { action: up ? "open" : "close" };
      // "baisse le volet de moitié": half its way, or half of where it is; not for us to choose.
      if (amount === "half") return undefined;
      const now = positionNow(turn, target);
      if (now === undefined) return undefined;
      const step = by ?? (steps ?? (amount === "lot" ? 2 : 1)) * turn.deps.steps.brightness;
      return { action: "set_position", position: up ? Math.min(100, now + step) : Math.max(0, now - step) };
    }
    case "open":
    case "turn_on":
      return { action: "open" };
    case "close":
    case "turn_off":
      return { action: "close" };
    case "stop":
      return { action: "stop" };
    case "set_position":
    case "set_level":
      if (level === undefined) return undefined;
      // "mach das Garagentor ganz auf": all the way open or shut, of a cover that only opens and
      // closes, is opened or closed.
      if ((level === 100 || level === 0) && !takesPosition(target))
        return { action: level ? "open" : "close" };
      return { action: "set_position", position: level };
    default:
      return undefined;
  }
}

/** Whether a cover goes to a position it is given, not only open and shut. */
function takesPosition(target: Target): boolean {
  if (target.source === "zwave") return target.device.function !== "barrier";
  const features = target.entity.attributes.supported_features;
  return typeof features !== "number" || (features & COVER_FEATURES.setPosition) !== 0;
}

/** Where a cover reports it is, in percent open (undefined: it reports no position). */
function positionNow(turn: Turn, target: Target): number | undefined {
  if (target.source === "zwave") {
    const now = turn.deps.zwave.target(target.device.nodeId, target.device.endpoint) ?? target.device;
    return now.reports.position ?? undefined;
  }
  const entity = turn.deps.mirror.entity(target.entity.entityId) ?? target.entity;
  const position = entity.attributes.current_position;
  return typeof position === "number" ? position : undefined;
}

/** Whether a Z-Wave cover or barrier reports itself open (undefined: not known); HA's are toggled by HA. */
function openNow(target: Target): boolean | undefined {
  if (target.source !== "zwave") return undefined;
  const { open, coverState } = target.device.reports;
  if (typeof open === "boolean") return open;
  if (coverState === "open" || coverState === "opening") return true;
  if (coverState === "closed" || coverState === "closing") return false;
  return undefined;
}

/** A thermostat the bridge drives itself (Home Assistant's are switched by HA's climate services). */
function isZwaveThermostat(target: Target): target is Extract<Target, { source: "zwave" }> {
  return target.source === "zwave" && target.device.function === "thermostat";
}

/** Whether a target is a cover (a shutter, blind, garage door…), on either side of the identity join. */
function isCover(target: Target): boolean {
  return target.source === "zwave" ? ZWAVE_COVERS(target.device) : target.entity.domain === "cover";
}

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
  /** Set when the target is a cover: what it was asked to do. */
  move?: CoverAction | undefined;
  /** A cover that reported a position on its way, not yet where it was sent. */
  moving?: boolean | undefined;
  /** A cover that took the command and says it is still where it was. */
  stayed?: boolean | undefined;
}

/** What a call on a target came to: `ok`, `confirmed` and the name follow from its result. */
function actedOn(target: Target, result: ToolResult, more: Partial<Acted> = {}): Acted {
  return { target, result, ok: result.ok, confirmed: isConfirmed(result), name: target.name, ...more };
}

export async function act(turn: Turn, found?: Resolved): Promise<FastPathOutcome> {
  const { intent } = turn.match;
  const r = turn.replies;
  // What a place said alone stands for: its lights for brightness, its speakers for sound.
  const kindInPlace =
    turn.match.kind ?? (LIGHT.has(intent) ? "light" : SOUND_INTENTS.has(intent) ? "media_player" : undefined);
  const resolved = found ?? (await inEveryPlace(turn, kindInPlace));
  const nothing =
    resolved.kind === "not_found" ||
    resolved.kind === "unsupported" ||
    (resolved.kind === "group" && !resolved.targets.length);
  // "turn the volume up" in a home with no speaker: said so, not "I can't do that yet".
  const speakers = () => turn.views.exposed().some((e) => e.domain === "media_player");
  const unnamed = turn.match.name === undefined || turn.targets.isPronoun(turn.match.name);
  if (nothing && SOUND_INTENTS.has(intent) && unnamed && !speakers()) return turn.unsure(r.noSpeaker);
  if (nothing && intent === "set_level" && turn.match.name !== undefined) {
    // "Stelle den TV auf maximum", "règle les enceintes à 70 %": a level for speakers is their volume.
    const asVolume = turn.withIntent("set_volume");
    const speakers = await asVolume.resolve(turn.match.name);
    if (speakers.kind === "one" || (speakers.kind === "group" && speakers.targets.length))
      return act(asVolume);
  }
  if (nothing && intent === "set_level" && turn.match.name !== undefined) {
    // "set the shutter to 40 %", named by a word that says nothing of its kind: a cover's level is its position.
    const asPosition = turn.withIntent("set_position");
    const covers = await asPosition.resolve(turn.match.name);
    if (covers.kind === "one" || (covers.kind === "group" && covers.targets.length))
      return act(asPosition, covers);
  }
  if (resolved.kind !== "one" && resolved.kind !== "group") return turn.unresolved(resolved);
  const some = resolved.kind === "one" ? [resolved.target] : resolved.targets;
  // "fai buio il termostato", "deja el altavoz a oscuras": darkness asked of what is no light nor a
  // switch a lamp may hang on is not understood; handed on, nothing is done. ("allume le
  // ventilateur", "éteins le thermostat": a verb that switches anything is another matter.)
  if (
    turn.match.lightWords === true &&
    intent === "turn_off" &&
    some.some((t) => !LIGHT_HOLDERS.has(targetKind(t).domain))
  )
    return turn.unsure(r.cannotYet);
  // "hit the lights in the printer": a verb said of lights alone names no plug or speaker.
  if (turn.match.lightsOnly === true && some.some((t) => targetKind(t).domain !== "light"))
    return turn.unsure(r.cannotYet);
  // "switch to movie night": a verb said of scenes alone switches nothing else to on.
  if (turn.match.scenesOnly === true && some.some((t) => !SCENE_DOMAINS.has(targetKind(t).domain)))
    return turn.unsure(r.cannotYet);
  if (some.some((t) => t.source === "zwave") && fromStateNow(turn)) await turn.deps.zwave.refresh();
  const against = againstDirection(turn, some);
  // "raise the lights to 50 %" with one at 40 % and one at 60 %: the one below is raised.
  const agreeing = some.filter((t) => !against.includes(t) && !isDarkLight(turn, t));
  if (against.length && (resolved.kind === "one" || !agreeing.length)) {
    // "turn the lights up to 8 %" of lights at 50 %: the direction and the level disagree; which
    // one was meant is a guess, so nothing is done, and where each light is now is said.
    return turn.unsure(levelsNow(turn, against));
  }
  if (resolved.kind === "group")
    return actOnGroup(
      turn,
      { ...resolved, targets: resolved.targets.filter((t) => !against.includes(t)) },
      against,
    );
  const { target } = resolved;
  // A device that cannot answer now is said so, not "can't do that" for the values it has not listed.
  const silent = unreachableSaid(turn, target);
  if (silent) return turn.done(silent, "error");
  // A player that reports no volume now may still take a step from Home Assistant, which knows
  // it better: handed on, never "it can't do that".
  if (withoutVolume(turn, target)) return turn.unsure(r.cannotYet);
  if (!supports(turn, target)) return turn.done(fill(r.cannotDo, { name: target.name }), "error");
  if (dimsWhatIsOff(turn, target)) {
    turn.deps.memory.remember(turn.request.conversationId, [target]);
    return turn.done(fill(r.alreadyOff, { names: target.name }), "query_answer");
  }
  const acted = await apply(turn, target);
  turn.deps.memory.remember(turn.request.conversationId, [target]);
  // Held by the action policy: nothing was done; the user is asked.
  if (acted.result.held) return turn.done(askFor(turn, [acted]), "query_answer");
  if (!acted.ok) return turn.done(failureSpeech(r, acted.result, acted.name), "error");
  if (acted.lock) return turn.done(lockSpeech(turn, target, acted.lock, acted.result), "action_done");
  if (!acted.confirmed || acted.moving)
    return turn.done(
      fill(acted.moving ? r.onItsWay : acted.stayed ? r.didNotMove : r.notConfirmed, { name: acted.name }),
      "action_done",
    );
  return turn.done(actedSpeech(turn, target, acted), "action_done");
}

/**
 * What the sentence names: in one place, or ("in the kitchen and the dining room") in each place
 * it joined, as one group. Every place must resolve to something to act on, or nothing is done.
 */
async function inEveryPlace(turn: Turn, kindInPlace: Parameters<Turn["resolve"]>[1]): Promise<Resolved> {
  const first = await turn.resolve(turn.match.name, kindInPlace);
  const more = turn.match.alsoIn;
  if (!more?.length) return first;
  const all = [first];
  for (const name of more) all.push(await turn.resolve(name, kindInPlace));
  const failed = all.find((r) => r.kind !== "one" && r.kind !== "group");
  // "the kettle and the ceiling light" with two ceiling lights: which one is asked, and each
  // answer carries the rest of what was named, so that naming one does all of it.
  const others = all.filter((r) => r !== failed);
  if (failed?.kind === "ambiguous" && all.filter((r) => r.kind === "ambiguous").length === 1) {
    if (others.every((r) => r.kind === "one" || r.kind === "group")) {
      return {
        ...failed,
        choices: failed.choices.map((c) => ({
          ...c,
          resolved: { kind: "group", targets: unionOf([c.resolved, ...others]) },
        })),
      };
    }
  }
  if (failed) return failed;
  const targets = unionOf(all);
  const places = all.flatMap((r) => (r.kind === "group" && r.place ? [r.place] : []));
  return {
    kind: "group",
    targets,
    ...(places.length ? { place: listOf(turn.grammar, places) } : {}),
    ...(first.kind === "group" && first.said ? { said: first.said } : {}),
  };
}

/** Every target of `all`, each once. */
function unionOf(all: Resolved[]): Target[] {
  const targets: Target[] = [];
  const seen = new Set<string>();
  for (const r of all) {
    const some = r.kind === "one" ? [r.target] : r.kind === "group" ? r.targets : [];
    for (const t of some) {
      const key = t.source === "ha" ? t.entity.entityId : `zwave:${t.device.nodeId}:${t.device.endpoint}`;
      if (!seen.has(key)) targets.push(t);
      seen.add(key);
    }
  }
  return targets;
}

/** Whether the target's kind of device can do what the sentence asks. */
function supports(turn: Turn, target: Target): boolean {
  const { intent } = turn.match;
  // Home Assistant toggles its own covers (`cover.toggle`), by the state it knows.
  if (isCover(target) && target.source === "ha" && intent === "toggle") return true;
  if (isCover(target)) {
    const move = coverMove(turn, target);
    if (!move) return false;
    if (move.action === "set_position") return takesPosition(target);
    if (target.source === "zwave") return true;
    const features = target.entity.attributes.supported_features;
    if (typeof features !== "number") return true;
    if (move.action === "stop") return (features & COVER_FEATURES.stop) !== 0;
    return true;
  }
  if (intent === "set_position") return false;
  if (intent === "stop")
    return target.source === "zwave" ? target.device.function === "fan" : target.entity.domain === "fan";
  if (intent === "set_color") return takesColor(turn, target);
  if (target.source === "zwave") return !SOUND_INTENTS.has(intent);
  const domain = target.entity.domain;
  if (SCENE_DOMAINS.has(domain) && intent !== "turn_on") return false;
  // A speaker that reports no volume (it is off) has none to change by a step.
  if (withoutVolume(turn, target)) return false;
  if (domain === "media_player" && RELATIVE_SOUND.has(intent)) return true;
  if (SOUND_INTENTS.has(intent)) return domain === "media_player";
  if (LIGHT.has(intent)) return domain === "light";
  if (intent === "step_up" || intent === "step_down") return domain === "light";
  return true;
}

/** What darkness may be asked of: a light, a switch or plug a lamp hangs on, a fan's light. */
const LIGHT_HOLDERS: ReadonlySet<string> = new Set(["light", "switch", "input_boolean", "fan"]);
/** What a verb said of scenes alone starts (`IntentTemplates.scenesOnly`). */
const SCENE_DOMAINS: ReadonlySet<string> = new Set(KINDS.scene.domains);

const RELATIVE_SOUND: ReadonlySet<string> = new Set(["volume_up", "volume_down", "step_up", "step_down"]);

/** A player asked for a step of volume that reports none now. */
function withoutVolume(turn: Turn, target: Target): boolean {
  if (target.source !== "ha" || target.entity.domain !== "media_player") return false;
  if (!RELATIVE_SOUND.has(turn.match.intent)) return false;
  return volumeOf(turn.deps.mirror.entity(target.entity.entityId) ?? target.entity) === undefined;
}

/** Whether a light can show the colour or white asked for. */
function takesColor(turn: Turn, target: Target): boolean {
  const white = turn.match.kelvin !== undefined || turn.match.color === "warm" || turn.match.color === "cold";
  if (target.source === "zwave") {
    return target.device.function === "light" && target.device.commandClasses.includes(CC.colorSwitch);
  }
  if (target.entity.domain !== "light") return false;
  const modes = target.entity.attributes.supported_color_modes;
  if (!Array.isArray(modes)) return true;
  return modes.some((m) => (white ? m === "color_temp" || m === "rgbww" : COLOR_MODES.has(String(m))));
}

/**
 * Whether what the sentence does depends on the device's state now: a step ("a bit brighter", "open
 * it a bit"), a toggle, dimming (a light that is off stays off), a level said as a change ("up to
 * 80 %"). Such a sentence reads its Z-Wave devices once more as it acts: the server pushes every
 * report as it arrives, but a report still on its way through a busy worker would be missed.
 */
function fromStateNow(turn: Turn): boolean {
  const { intent, towards } = turn.match;
  return (
    RELATIVE_INTENTS.has(intent) || intent === "toggle" || (intent === "set_level" && towards !== undefined)
  );
}

/** Whether the sentence dims a light that is off: there is nothing to dim. */
function dimsWhatIsOff(turn: Turn, target: Target): boolean {
  const { intent, level, by } = turn.match;
  // "dim it by 20 percent" is a change from where it is, as "dim it a bit" is; "dim it to 20 %" is not.
  if (!(intent === "dim" || intent === "step_down") || (level !== undefined && by === undefined))
    return false;
  return isDarkLight(turn, target);
}

/** A light that is off now: as the device last reported, not as the sentence's targets were listed. */
function isDarkLight(turn: Turn, target: Target): boolean {
  if (target.source === "zwave") return currentTarget(turn, target).device.on === false;
  const now = turn.deps.mirror.entity(target.entity.entityId) ?? target.entity;
  return now.domain === "light" && now.state === "off";
}

/** A target as the home reports it now, not as the sentence's targets were listed. */
function current(turn: Turn, target: Target): Target {
  if (target.source === "zwave") return currentTarget(turn, target);
  return { ...target, entity: turn.deps.mirror.entity(target.entity.entityId) ?? target.entity };
}

/**
 * A lit light or a speaker that a level said as a change would move the other way ("up to 8 %" of
 * a light at 50 %, "dim to 80 %" of one at 40 %, "turn the volume up to five" of a speaker at
 * 40 %), if any. A speaker that reports no volume cannot be judged, and is not.
 */
function againstDirection(turn: Turn, targets: Target[]): Target[] {
  const { intent, level, towards } = turn.match;
  if (!towards || level === undefined) return [];
  const wrongWay = (now: number) => (towards === "up" ? level < now : level > now);
  if (intent === "set_volume")
    return targets.filter((t) => {
      const now = current(turn, t);
      const volume = now.source === "ha" ? volumeOf(now.entity) : undefined;
      return volume !== undefined && wrongWay(volume);
    });
  if (intent !== "set_level") return [];
  return targets.filter((t) => !isDarkLight(turn, t) && wrongWay(currentLevel(current(turn, t))));
}

/** Where each light or speaker is now: "Living Room Ceiling is at 60 percent." */
function levelsNow(turn: Turn, targets: Target[]): string {
  const volume = turn.match.intent === "set_volume";
  return targets
    .map((t) => {
      const now = current(turn, t);
      const level = volume && now.source === "ha" ? (volumeOf(now.entity) ?? 0) : currentLevel(now);
      return fill(volume ? turn.replies.volumeIs : turn.replies.brightnessIs, {
        name: t.name,
        level: quantity(turn.grammar, level, "%"),
      });
    })
    .join(" ");
}

/**
 * "Brighter" over a group moves the lights that are on; one that is off was not asked to come on
 * (only when every light there is off does "brighter" mean switching them on). So does a level
 * said as a change ("dim the lights to 40 %"). The dark told ("it's dark in here") wants light
 * from every one: those that are off come on by the same step.
 */
function brightensOnlyLit(turn: Turn, targets: Target[]): Target[] {
  const { intent, level, towards, dark } = turn.match;
  if (dark) return targets;
  const change = (intent === "brighten" || intent === "step_up") && level === undefined;
  if (!change && !(intent === "set_level" && towards)) return targets;
  const lit = targets.filter((t) => !isDarkLight(turn, t));
  return lit.length ? lit : targets;
}

/** A Z-Wave target as the bridge's view holds it now (src/zwave-host/zwave-client.ts). */
function currentTarget(
  turn: Turn,
  target: Extract<Target, { source: "zwave" }>,
): Extract<Target, { source: "zwave" }> {
  const now = turn.deps.zwave.target(target.device.nodeId, target.device.endpoint);
  return now ? { ...target, device: now } : target;
}

/** A speaker's volume in percent, when it reports one. */
function volumeOf(entity: EntityView): number | undefined {
  const level = entity.attributes.volume_level;
  return typeof level === "number" ? Math.round(level * 100) : undefined;
}

/**
 * What a change by a step does to `current` (0–100): the step, twice it, the steps counted, to the
 * end, or down to half of it.
 */
function stepped(turn: Turn, current: number, up: boolean, step: number, lowest: number): number {
  const { amount, by, steps } = turn.match;
  if (amount === "full") return up ? 100 : lowest;
  if (amount === "half") return up ? current : Math.max(lowest, Math.round(current / 2));
  const change = by ?? (steps ?? (amount === "lot" ? 2 : 1)) * step;
  return up ? Math.min(100, current + change) : Math.max(lowest, current - change);
}

/** What a step changes on this target: brightness, or a speaker's volume. */
function stepOf(turn: Turn, target: Target): "light" | "sound" {
  const { intent } = turn.match;
  if (SOUND_INTENTS.has(intent)) return "sound";
  if (intent === "step_up" || intent === "step_down") {
    return target.source === "ha" && target.entity.domain === "media_player" ? "sound" : "light";
  }
  return "light";
}

async function actOnGroup(
  turn: Turn,
  { targets, place, said, whole }: Extract<Resolved, { kind: "group" }>,
  /** Lights a level said with a direction would move the other way: left as they are, and said. */
  against: Target[] = [],
): Promise<FastPathOutcome> {
  const r = turn.replies;
  // "Everything", "all" or a bare area switches only what is safe to switch together, judged by
  // what each target really is, on either side of the HA ↔ Z-Wave identity join.
  const usable = brightensOnlyLit(
    turn,
    targets.filter((t) => supports(turn, t) && (!whole || isGroupSafe(targetKind(t)))),
  );
  if (!usable.length) {
    // Said only when true: none of the kind asked for is there, or nothing at all can be switched.
    if (said && !targets.length) {
      return turn.noneOfKind(said, place);
    }
    if (targets.length)
      return turn.unsure(
        cannotDoSpeech(
          turn.grammar,
          targets.map((t) => t.name),
        ),
      );
    // "Open everything", "lock the whole house": the action policy never opens, closes or locks
    // all at once, so nothing is there to do; said as such, not as a home with nothing to switch.
    if (whole && !scopeFor(turn.match.intent).everything.size) return turn.unsure(r.notAllAtOnce);
    return turn.unsure(place ? fill(r.nothingToSwitch, { name: place }) : r.nothingToSwitchAnywhere);
  }
  // Dimming leaves a light that is off as it is: it is said, not switched on at the lowest level.
  const dark = usable.filter((t) => dimsWhatIsOff(turn, t));
  const lit = usable.filter((t) => !dark.includes(t));
  // Locks one after another: a lock's motor and the controller take one command at a time.
  const isLock = (t: Target) => targetKind(t).domain === "lock";
  const together = lit.filter((t) => !isLock(t));
  // Each call listens on the turn's signal until it settles, so switching N at once is N listeners
  // for a moment, not a leak: lift Node's warning line (10 a signal) by what this group adds.
  const { signal } = turn.request;
  setMaxListeners(getMaxListeners(signal) + together.length, signal);
  const all = await applyTogether(turn, together);
  for (const t of lit.filter(isLock)) all.push(await apply(turn, t));
  turn.deps.memory.remember(turn.request.conversationId, usable);
  // Held by the action policy (unlocking, opening a garage door): asked about, not done.
  const held = all.filter((a) => a.result.held);
  const locks = all.filter((a) => !a.result.held && a.lock);
  const acted = all.filter((a) => !a.result.held && !a.lock);
  const confirmed = acted.filter((a) => a.ok && a.confirmed && !a.moving);
  const done = confirmed.map((a) => a.name);
  const unconfirmed = acted.filter((a) => a.ok && !a.confirmed && !a.moving).map((a) => a.name);
  const onTheWay = acted.filter((a) => a.ok && a.moving).map((a) => a.name);
  const failed = acted.filter((a) => !a.ok);
  const parts: string[] = [];
  if (done.length) {
    const names = listOf(turn.grammar, done);
    const { intent } = turn.match;
    const covers = acted.every(opensAndCloses);
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
    // A level, a volume, muting: what each device itself reported.
    else for (const a of confirmed) parts.push(actedSpeech(turn, a.target, a));
  }
  if (dark.length)
    parts.push(
      fill(r.alreadyOff, {
        names: listOf(
          turn.grammar,
          dark.map((t) => t.name),
        ),
      }),
    );
  if (against.length) parts.push(levelsNow(turn, against));
  if (onTheWay.length) parts.push(fill(r.someOnTheirWay, { names: listOf(turn.grammar, onTheWay) }));
  if (unconfirmed.length) parts.push(fill(r.someNotConfirmed, { names: listOf(turn.grammar, unconfirmed) }));
  for (const f of failed) parts.push(failureSpeech(r, f.result, f.name));
  for (const l of locks) parts.push(lockSpeech(turn, l.target, l.lock!, l.result));
  const question = held.length ? askFor(turn, held) : undefined;
  if (question) parts.push(question);
  const responseType: ResponseType = question
    ? "query_answer"
    : done.length || unconfirmed.length || onTheWay.length || locks.some((l) => l.ok)
      ? "action_done"
      : dark.length && !failed.length
        ? "query_answer"
        : "error";
  return turn.done(parts.map(capitalize).join(" "), responseType);
}

/** The one write a group command makes to every load, when it is the same for all: on, off, a level. */
function sameWrite(turn: Turn): { action: "on" | "off" | "dim"; level?: number } | undefined {
  const { intent, level } = turn.match;
  if (intent === "turn_on") return { action: "on" };
  if (intent === "turn_off") return { action: "off" };
  if (intent === "set_level" && level !== undefined)
    return level === 0 ? { action: "off" } : { action: "dim", level };
  return undefined;
}

type ZwaveLoad = Extract<Target, { source: "zwave" }>;

/**
 * Several Z-Wave loads that take the same write go out together (`control_zwave_group`): one
 * multicast frame, so they switch at once, then each device's own report confirms it, and those
 * that did not are named. Everything else, one call each, at the same time.
 */
async function applyTogether(turn: Turn, targets: Target[]): Promise<Acted[]> {
  const write = sameWrite(turn);
  const loads = write
    ? targets.filter((t): t is ZwaveLoad => t.source === "zwave" && ZWAVE_SWITCHES(t.device))
    : [];
  if (!write || loads.length < 2) return Promise.all(targets.map((t) => apply(turn, t)));
  const rest = targets.filter((t) => !loads.includes(t as ZwaveLoad));
  const [grouped, others] = await Promise.all([
    applyGroup(turn, loads, write),
    Promise.all(rest.map((t) => apply(turn, t))),
  ]);
  // In the order they were named, as the reply lists them.
  const acted = new Map<Target, Acted>([
    ...loads.map((t, i) => [t, grouped[i]!] as const),
    ...rest.map((t, i) => [t, others[i]!] as const),
  ]);
  return targets.map((t) => acted.get(t)!);
}

async function applyGroup(
  turn: Turn,
  loads: ZwaveLoad[],
  write: { action: "on" | "off" | "dim"; level?: number },
): Promise<Acted[]> {
  const devices = loads.map((t) => t.device);
  const { result, output } = await turn.zwave((o) =>
    turn.deps.zwave.group(devices, write.action, write.level, o),
  );
  const members = output?.devices;
  // Held, or no word of each device: every load is told the call's own outcome.
  if (result.held || !members || members.length !== loads.length) return loads.map((t) => actedOn(t, result));
  return loads.map((t, i) => {
    const member = members[i]!;
    const own: ToolResult = {
      ...result,
      ok: result.ok && member.ok,
      structuredContent: member,
      ...(member.error ? { error: member.error.message, errorCode: errorCodeOf(member) } : {}),
    };
    const on = member.on ?? undefined;
    return actedOn(t, own, {
      level: member.level ?? (on === false ? 0 : undefined),
      state: on === undefined ? undefined : on ? "on" : "off",
    });
  });
}

/** Runs the sentence's action on one target with the tool the LLM would use. */
async function apply(turn: Turn, target: Target): Promise<Acted> {
  const { zwave, mirror, steps } = turn.deps;
  const lock = targetKind(target).domain === "lock" ? lockActionOf(turn.match.intent) : undefined;
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
    return actedOn(target, result, { lock });
  }
  if (isCover(target) && !(target.source === "ha" && turn.match.intent === "toggle"))
    return applyToCover(turn, target);
  if (isZwaveThermostat(target) && turn.match.intent === "turn_off") {
    // Off is a mode of a thermostat (Thermostat Mode CC's "Off"), as Home Assistant's climate turns it off.
    const device = target.device;
    const { result } = await turn.zwave((o) => zwave.thermostatMode(device, "Off", o));
    return actedOn(target, result);
  }
  if (turn.match.intent === "set_color") return applyColor(turn, target);
  if (turn.match.intent === "stop") return apply(turn.withIntent("turn_off"), target);
  let level = turn.match.level;
  const up = ["brighten", "step_up", "volume_up"].includes(turn.match.intent);
  const relative = RELATIVE_INTENTS.has(turn.match.intent);
  const sound = stepOf(turn, target) === "sound";
  // A step of a speaker is a volume set from its volume now; of a light, a brightness.
  let intent = turn.match.intent;
  if (relative) intent = sound ? "set_volume" : "set_level";
  // What it does now decides what to send: its state as of now (the server pushes every report
  // as it arrives), not as listed at the start of the sentence or remembered from an earlier one.
  if ((relative || intent === "toggle") && target.source === "zwave") target = currentTarget(turn, target);
  if (relative) {
    const fresh: Target =
      target.source === "ha"
        ? { ...target, entity: mirror.entity(target.entity.entityId) ?? target.entity }
        : target;
    const current = sound && fresh.source === "ha" ? (volumeOf(fresh.entity) ?? 0) : currentLevel(fresh);
    level = sound
      ? stepped(turn, current, up, steps.volume, 0)
      : stepped(turn, current, up, steps.brightness, 1);
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
    return actedOn(target, result, {
      level: output?.level ?? (on === false ? 0 : undefined),
      state: on === undefined || on === null ? undefined : on ? "on" : "off",
    });
  }
  // "unmute and turn it up": the sound back first; a speaker that could not be unmuted is left as it is.
  if (turn.match.unmute && intent === "set_volume") {
    const unmuted = await turn.call(
      { ...BUILTIN_TOOLS, name: "set_mute" },
      { name: target.entity.entityId, muted: false },
    );
    if (!unmuted.ok) return actedOn(target, unmuted);
  }
  let result: ToolResult;
  if (intent === "set_volume") {
    result = await turn.call(
      { ...BUILTIN_TOOLS, name: "set_volume" },
      { name: target.entity.entityId, level },
    );
  } else if (intent === "mute" || intent === "unmute") {
    result = await turn.call(
      { ...BUILTIN_TOOLS, name: "set_mute" },
      { name: target.entity.entityId, muted: intent === "mute" },
    );
  } else {
    const action =
      intent === "turn_off" || intent === "close" ? "turn_off" : intent === "toggle" ? "toggle" : "turn_on";
    result = await turn.call(
      { ...BUILTIN_TOOLS, name: "control_entity" },
      { name: target.entity.entityId, action, ...(level !== undefined ? { brightness: level } : {}) },
    );
  }
  const after = isConfirmed(result) ? mirror.entity(target.entity.entityId) : undefined;
  const reported = result.structuredContent?.state;
  return actedOn(target, result, {
    level: after && after.domain === "light" ? haLevel(after) : undefined,
    state: typeof reported === "string" ? stateWordOf(reported) : undefined,
  });
}

/** Opens, closes, stops or positions a cover with the tool the LLM would use. */
async function applyToCover(turn: Turn, target: Target): Promise<Acted> {
  const move = coverMove(turn, target)!;
  // Its level in the reply is the position it reported, when it reported one.
  const moved = (result: ToolResult, position: unknown, moving?: boolean, stayed?: boolean) =>
    actedOn(target, result, {
      ...(typeof position === "number" ? { level: position } : {}),
      move: move.action,
      ...(moving ? { moving } : {}),
      ...(stayed ? { stayed } : {}),
    });
  if (target.source === "zwave") {
    const device = target.device;
    const { result, output } = await turn.zwave((o) =>
      turn.deps.zwave.cover(device, move.action, move.position, o),
    );
    // A garage door's own word that it is opening or closing: on its way, not yet where it was sent.
    return moved(result, output?.position, isOnItsWay(result), output?.moved === false);
  }
  const args =
    move.action === "stop"
      ? { action: "stop" }
      : move.action === "set_position"
        ? { action: "turn_on", position: move.position }
        : { action: move.action === "open" ? "turn_on" : "turn_off" };
  const result = await turn.call(
    { ...BUILTIN_TOOLS, name: "control_entity" },
    { name: target.entity.entityId, ...args },
  );
  return moved(result, result.structuredContent?.position, isOnItsWay(result));
}

/** Sets a light's colour or white: by name, or by its colour temperature. */
async function applyColor(turn: Turn, target: Target): Promise<Acted> {
  const { color, kelvin } = turn.match;
  const white = color === "warm" || color === "cold" ? color : undefined;
  const named = color !== undefined && !white ? (color as SaidColor) : undefined;
  let result: ToolResult;
  if (target.source === "zwave") {
    const device: ZwaveTarget = target.device;
    const asked = named ? { color: named } : white ? { white } : { kelvin: kelvin! };
    result = (await turn.zwave((o) => turn.deps.zwave.color(device, asked, o))).result;
  } else {
    const temperature = white ? WHITE_TEMPERATURES[white] : kelvin;
    result = await turn.call(
      { ...BUILTIN_TOOLS, name: "control_entity" },
      {
        name: target.entity.entityId,
        action: "turn_on",
        ...(named ? { color: named } : { color_temp_kelvin: temperature }),
      },
    );
  }
  return actedOn(target, result);
}

/** A colour as a reply says it: its name in the language, or its temperature in kelvin. */
function colorSaid(turn: Turn): string {
  const { color, kelvin } = turn.match;
  if (color) return turn.grammar.colorNames[color];
  return `${kelvin} K`;
}

/**
 * Whether a reply says a target opened or closed rather than turned on or off: a cover that was
 * moved, or Home Assistant's cover or valve switched on or off. One rule for one target's reply and
 * a group's.
 */
function opensAndCloses(acted: Acted): boolean {
  return acted.move !== undefined || (acted.target.source === "ha" && COVERS.has(acted.target.entity.domain));
}

function actedSpeech(turn: Turn, target: Target, acted: Acted): string {
  const r = turn.replies;
  const name = acted.name;
  const domain = target.source === "ha" ? target.entity.domain : "";
  const { intent } = turn.match;
  if (acted.move) {
    switch (acted.move) {
      case "stop":
        return fill(r.stopped, { name });
      case "set_position": {
        const level = acted.level ?? turn.match.level;
        return fill(r.positionSet, {
          name,
          level: level === undefined ? "" : quantity(turn.grammar, level, "%"),
        });
      }
      case "open":
        return fill(r.opened, { name });
      case "close":
        return fill(r.closed, { name });
    }
  }
  if (intent === "set_color") return fill(r.colorSet, { name, color: colorSaid(turn) });
  if (intent === "stop") return fill(r.turnedOff, { name });
  if (
    SOUND_INTENTS.has(intent) ||
    ((intent === "step_up" || intent === "step_down") && domain === "media_player")
  ) {
    if (intent === "mute") return fill(r.muted, { name });
    if (intent === "unmute") return fill(r.unmuted, { name });
    const volume = acted.result.structuredContent?.volume;
    const level = typeof volume === "number" ? volume : (turn.match.level ?? 0);
    return fill(r.volumeSet, { name, level: quantity(turn.grammar, level, "%") });
  }
  switch (intent) {
    case "set_level":
    case "brighten":
    case "dim":
    case "step_up":
    case "step_down": {
      const level = acted.level ?? turn.match.level;
      return fill(r.setLevel, { name, level: level === undefined ? "" : quantity(turn.grammar, level, "%") });
    }
    case "toggle": {
      return fill(r.toggled, { name, state: acted.state ? turn.grammar.states[acted.state] : "" });
    }
    case "open":
      return fill(r.opened, { name });
    case "close":
      return fill(r.closed, { name });
    case "turn_off":
      return fill(opensAndCloses(acted) ? r.closed : r.turnedOff, { name });
    default:
      return fill(opensAndCloses(acted) ? r.opened : SCENE_DOMAINS.has(domain) ? r.activated : r.turnedOn, {
        name,
      });
  }
}
