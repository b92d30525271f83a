// State questions: one device ("is the kitchen light on?") or a group ("are any windows open?",
// "are all …", "which …", "how many …"), and how far a cover is open ("how far open is the
// shutter?"), said in the grammar's words.
import { isPartlyOpen, positionOf, positionSaid } from "../cover-position.js";
import { askedAs, stateOfEntity, sameFamily } from "../entity-state.js";
import { fill } from "../grammar.js";
import type { StateWord } from "../grammar-types.js";
import type { FastPathOutcome } from "../outcome.js";
import { listOf } from "../speech.js";
import type { Resolved, Target } from "../targets.js";
import { zwaveStateWord } from "../tool-results.js";
import { notALock, unreachableSaid } from "./capabilities.js";
import type { Turn } from "./turn.js";

/** `found`: what the question is about when it is already known (the answer to our "which one?"). */
export async function answerState(turn: Turn, found?: Resolved): Promise<FastPathOutcome> {
  const { intent } = turn.match;
  // "how far open is the bedroom", "is the garage open": a place said alone is asked about its covers.
  const opening = turn.match.state === "open" || turn.match.state === "closed";
  const aboutCovers =
    intent === "query_position" || (opening && !turn.targets.isPronoun(turn.match.name ?? ""));
  const resolved = found ?? (await turn.resolve(turn.match.name, aboutCovers ? "cover" : undefined));
  // "is the garage door in the garage closed": a kind in a place that has one such device is it.
  if (
    resolved.kind === "group" &&
    resolved.targets.length === 1 &&
    (intent === "query_state" || intent === "query_position")
  ) {
    return answerOne(turn, resolved.targets[0]!);
  }
  if (resolved.kind === "group" && intent === "query_position") return answerPositions(turn, resolved);
  // "is the fan on" in a home with no fan: said as such, never "I can't do that yet".
  if (resolved.kind === "group" && !resolved.targets.length && resolved.said) {
    return turn.noneOfKind(resolved.said, resolved.place);
  }
  if (resolved.kind === "group") return answerGroup(turn, resolved.targets);
  if (resolved.kind !== "one") return turn.unresolved(resolved);
  return answerOne(turn, resolved.target);
}

async function answerOne(turn: Turn, target: Target): Promise<FastPathOutcome> {
  turn.deps.memory.remember(turn.request.conversationId, [target]);
  const silent = unreachableSaid(turn, target);
  if (silent) return turn.done(silent, "query_answer");
  const { word, said } = stateNow(turn, target);
  const name = target.name;
  const lockless = await notALock(turn, target, turn.match.state, said);
  if (lockless) return lockless;
  const asked = turn.match.state && word ? askedAs(turn.match.state, word) : turn.match.state;
  const r = turn.replies;
  // Yes or no only when the question and the state speak of the same thing (open/closed, on/off).
  const template =
    !asked || !word || !sameFamily(asked, word) ? r.stateIs : asked === word ? r.stateYes : r.stateNo;
  return turn.done(fill(template, { name, state: said }), "query_answer");
}

/**
 * What the target reports now: its state word (on, open, locked …) and how a reply says it. A
 * cover that reports a position says it when asked how far it is open, or when it is partly open
 * ("Yes, Bedroom Shutter is 40 percent open.").
 */
function stateNow(turn: Turn, target: Target): { word: StateWord | undefined; said: string } {
  const { zwave, mirror } = turn.deps;
  let word: StateWord | undefined;
  let raw: string;
  let now: Target;
  if (target.source === "zwave") {
    // The view the server keeps current: the device's last report, pushed as it arrived.
    const fresh = zwave.target(target.device.nodeId, target.device.endpoint) ?? target.device;
    now = { ...target, device: fresh };
    // The state the device last reported (never an optimistic value); its text is only said,
    // never read. One that cannot answer is said so before (capabilities.ts `unreachableSaid`).
    word = zwaveStateWord(fresh);
    // A thermostat's mode is said as Home Assistant's own state ("in heat mode").
    raw = fresh.reports.hvacMode ?? fresh.value ?? "unknown";
  } else {
    const entity = mirror.entity(target.entity.entityId) ?? target.entity;
    now = { ...target, entity };
    raw = entity.state;
    word = stateOfEntity(entity, turn.match.state);
  }
  const position = positionOf(now);
  if (position !== undefined && (turn.match.intent === "query_position" || isPartlyOpen(position))) {
    return { word: position > 0 ? "open" : "closed", said: positionSaid(turn.grammar, position) };
  }
  // A state of its own ("heat", "idle") is said as such, also when it answers "on" or "off".
  const own = turn.grammar.otherStates?.[raw];
  return { word, said: own ?? (word ? turn.grammar.states[word] : raw) };
}

/** "How far open are the blinds": each one's position, or its state when it reports none. */
function answerPositions(
  turn: Turn,
  { targets, place, said }: Extract<Resolved, { kind: "group" }>,
): FastPathOutcome {
  const r = turn.replies;
  // Said only when true: the home (or the place) has none of the kind asked about.
  if (!targets.length && said) {
    return turn.noneOfKind(said, place);
  }
  if (!targets.length && place) return turn.unsure(fill(r.noCoversIn, { place }));
  if (!targets.length) return turn.unsure(r.cannotYet);
  return eachOnesState(turn, targets);
}

/** Each target's state, one after another ("Kitchen Ceiling is on. Counter Lights is off."). */
function eachOnesState(turn: Turn, targets: Target[]): FastPathOutcome {
  turn.deps.memory.remember(turn.request.conversationId, targets);
  const each = targets.map(
    (t) =>
      unreachableSaid(turn, t) ?? fill(turn.replies.stateIs, { name: t.name, state: stateNow(turn, t).said }),
  );
  return turn.done(each.join(" "), "query_answer");
}

/** A question about several devices, answered about all of them; never "which one?". */
function answerGroup(turn: Turn, targets: Target[]): FastPathOutcome {
  const asked = turn.match.state;
  const r = turn.replies;
  // "what's the status of the kitchen lights": no state asked, so each one's is said.
  if (!asked) return eachOnesState(turn, targets);
  const read = targets.map((t) => {
    // A device that cannot answer has no state now: never counted by its last report.
    const word =
      t.source === "ha"
        ? stateOfEntity(turn.deps.mirror.entity(t.entity.entityId) ?? t.entity, asked)
        : unreachableSaid(turn, t)
          ? undefined
          : zwaveStateWord(t.device);
    return { name: t.name, word, wanted: word ? askedAs(asked, word) : asked };
  });
  const known = read.filter((t) => t.word !== undefined && sameFamily(t.wanted, t.word));
  if (!known.length) return turn.unsure(r.cannotYet);
  // "are all the doors closed" of a lock and a garage door: said as asked, not as one of them is.
  const wanted = known.every((t) => t.wanted === known[0]!.wanted) ? known[0]!.wanted : asked;
  // The state as said of `count` devices: "apagado" of one, "apagados" of several.
  const stateOf = (count: number) =>
    (count > 1 ? turn.grammar.statesPlural?.[wanted] : undefined) ?? turn.grammar.states[wanted];
  const state = stateOf(1);
  const inState = known.filter((t) => t.word === t.wanted).map((t) => t.name);
  const others = known.filter((t) => t.word !== t.wanted).map((t) => t.name);
  const names = (list: string[]) => listOf(turn.grammar, list);
  // "is everything off", "ist alles aus": asks about every one of them, as "are all … off" does;
  // never "yes" because one is while others are not.
  // "is everything in the kitchen off": the same, with its place said.
  const name = turn.match.name ?? "";
  // "¿están encendidas todas las luces del salón?", "sono spente tutte le luci?": "all" said
  // after the verb, before the name the state question took, asks of every one too.
  // "is the light off in the whole house": the whole home asks of every one, never "yes" of some.
  const everyOne =
    turn.match.intent === "query_state" &&
    (turn.match.all === true ||
      turn.targets.isEverything(name) ||
      turn.targets
        .splits(name)
        .some(
          (s) =>
            turn.targets.isEverything(s.name) ||
            (turn.targets.kindOf(s.name) !== undefined && turn.targets.placeWord(s.place) === "home"),
        ));
  // "is everything off" while one's state is not known (unavailable): never "yes" without it.
  const all = everyOne || turn.match.intent === "query_all";
  if (all && read.some((t) => t.word === undefined)) return turn.unsure(r.cannotYet);
  switch (everyOne ? "query_all" : turn.match.intent) {
    case "query_all":
      // "are all the doors locked" of the home's one lock: said of it, not of "all".
      if (read.length === 1 && inState.length === 1)
        return turn.done(fill(r.stateYes, { name: inState[0]!, state }), "query_answer");
      return turn.done(
        others.length
          ? fill(r.groupAllNo, { state, names: names(others) })
          : fill(r.groupAllYes, { state: stateOf(known.length) }),
        "query_answer",
      );
    case "query_which":
      return turn.done(
        inState.length ? fill(r.groupWhich, { names: names(inState) }) : fill(r.groupWhichNone, { state }),
        "query_answer",
      );
    case "query_count":
      // "How many lights are on": "None is on.", never "0 of them are on."
      return turn.done(
        !inState.length
          ? fill(r.groupWhichNone, { state })
          : inState.length === 1
            ? fill(r.groupCountOne, { state: stateOf(1) })
            : fill(r.groupCount, { count: inState.length, state: stateOf(inState.length) }),
        "query_answer",
      );
    case "query_state":
      // "is the light off?", a kind alone, asked in a room about its several: answered about each,
      // never "yes" for some while others are not. With a place said ("sind in der Küche Lichter
      // an"), any of them, as Home Assistant answers.
      if (inState.length && others.length && turn.targets.kindOf(turn.match.name ?? "")) {
        const said = stateOf(inState.length);
        const State = said.charAt(0).toLocaleUpperCase() + said.slice(1);
        return turn.done(
          fill(r.groupSome, {
            State,
            state: stateOf(others.length),
            names: names(inState),
            others: names(others),
          }),
          "query_answer",
        );
      }
      return turn.done(
        inState.length ? fill(r.groupAnyYes, { names: names(inState) }) : fill(r.groupAnyNo, { state }),
        "query_answer",
      );
    default:
      return turn.done(
        inState.length ? fill(r.groupAnyYes, { names: names(inState) }) : fill(r.groupAnyNo, { state }),
        "query_answer",
      );
  }
}
