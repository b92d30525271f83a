// One sentence's handling: the request, its grammar and match, the tool calls made so far, and
// the ways every concern (actions, locks, questions, the clock, sensors) answers.
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import type { AreaView } from "../../ha/home-mirror.js";
import { normalizeName } from "../../spoken-name.js";
import type { ToolIdentifier } from "../../tools/identifier.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { ToolResult } from "../../tools/types.js";
import { fill } from "../grammar.js";
import { allMeansKey, isOfKind, RELATIVE_INTENTS, STATE_QUESTIONS } from "../kinds.js";
import type { DeviceKind, FastPathGrammar, FastPathReplies } from "../grammar-types.js";
import { fold, spokenAs, type FastMatch } from "../matcher.js";
import type { ConversationMemory } from "../memory.js";
import type { FastPathOutcome, FastPathRequest, HoldCall, ResponseType } from "../outcome.js";
import { scopeFor } from "../scopes.js";
import { cannotDoSpeech, choiceOf, MAX_SPOKEN_NAMES } from "../speech.js";
import {
  homeViews,
  throughZwave,
  type Resolved,
  type ResolveContext,
  type Target,
  type TargetResolver,
} from "../targets.js";
import type { ExecuteOptions } from "../../tools/registry.js";
import { homeTwins, type HomeTwins } from "../../ha/zwave-twins.js";
import { homeLoads } from "../endpoint-phrase.js";
import type { ZwaveCall, ZwaveClient } from "../../zwave-host/zwave-client.js";
import { homeVocabulary, type Spotted } from "../reading/spotting.js";
import { deviceChoices } from "../choices.js";

/** What every turn shares: the home, the tools and the conversation's memory. */
export interface TurnDeps {
  registry: ToolRegistry;
  mirror: HomeMirror;
  zwave: ZwaveClient<ToolResult>;
  memory: ConversationMemory;
  hold?: HoldCall | undefined;
  /** How far "brighter" and "louder" go, in percent (the `brightness_step` and `volume_step` options). */
  steps: Steps;
}

export interface Steps {
  brightness: number;
  volume: number;
}

export interface Turn {
  readonly deps: TurnDeps;
  readonly grammar: FastPathGrammar;
  readonly replies: FastPathReplies;
  readonly targets: TargetResolver;
  readonly match: FastMatch;
  readonly request: FastPathRequest;
  readonly views: ReturnType<typeof homeViews>;
  /** Which Z-Wave nodes are also Home Assistant devices. */
  readonly twins: HomeTwins;
  /** Calls the Z-Wave client with the request's signal and time limit, and records the call. */
  zwave<T>(
    run: (options: ExecuteOptions) => Promise<ZwaveCall<T, ToolResult>>,
  ): Promise<ZwaveCall<T, ToolResult>>;
  /** Calls a registry tool by identifier (a user's server may offer one of the same name). */
  call(tool: ToolIdentifier, args: Record<string, unknown>): Promise<ToolResult>;
  done(speech: string, responseType: ResponseType): FastPathOutcome;
  unsure(speech: string): FastPathOutcome;
  /** The context names are resolved in: the home as of now, the speaker, the last command. */
  context(intent?: FastMatch["intent"]): Promise<ResolveContext>;
  /** `kindInPlace`: what a bare place means ("bedroom to 50 %": its lights). */
  resolve(name: string | undefined, kindInPlace?: DeviceKind): Promise<Resolved>;
  /** The same turn (request, tool calls so far) asking for another intent. */
  withIntent(intent: FastMatch["intent"]): Turn;
  /** What to say when a name resolved to no single device or group. */
  unresolved(resolved: Exclude<Resolved, { kind: "one" | "group" }>): FastPathOutcome;
  /**
   * While Z-Wave's devices have never been listed (it is still connecting, or not reachable since
   * start-up), the honest answer for a name or reading not found: it may well be a Z-Wave one.
   */
  zwaveNotConnected(): FastPathOutcome | undefined;
  /**
   * None of the kind asked for (`said`, folded) is in `place`, or in the home: the kind quoted as
   * the user said it ("Fernseher", "télé"), not as folded for reading ("fernseher", "tele").
   */
  noneOfKind(said: string, place: string | undefined): FastPathOutcome;
}

/** The home's names as the reader spots them: HA's entities and areas, Z-Wave-only devices. */
export async function homeLookup(deps: TurnDeps): Promise<(words: string) => Spotted | undefined> {
  await deps.zwave.listed();
  return homeVocabulary({ mirror: deps.mirror, devices: homeTwins(deps.zwave, deps.mirror).zwaveOnly() });
}

/** The intents a bare verb ("switch off", "spegni") says with nothing named. */
const SWITCHING: ReadonlySet<string> = new Set(["turn_on", "turn_off", "toggle"]);

/**
 * Devices that set a level of their own (a target temperature, a humidity), which the fast path
 * does not set yet: "set the thermostat to 21" is ours to decline, not the thermostat's.
 */
const OWN_SETTINGS: ReadonlySet<string> = new Set(["climate", "water_heater", "humidifier"]);
const LEVEL_INTENTS: ReadonlySet<string> = new Set(["set_level", ...RELATIVE_INTENTS]);

/** Intents whose target, when none is named, is the one the conversation last acted on. */
const AGAIN: ReadonlySet<FastMatch["intent"]> = RELATIVE_INTENTS;

/** Runs a tool with the request's signal, time limit and speaker. */
export function callTool(
  registry: ToolRegistry,
  tool: ToolIdentifier,
  args: Record<string, unknown>,
  request: Pick<FastPathRequest, "signal" | "toolTimeoutMs" | "deviceId">,
): Promise<ToolResult> {
  return registry.executeIdentifier(tool, args, {
    timeoutMs: request.toolTimeoutMs,
    signal: request.signal,
    ...(request.deviceId ? { deviceId: request.deviceId } : {}),
  });
}

export function createTurn(
  deps: TurnDeps,
  grammar: FastPathGrammar,
  targets: TargetResolver,
  match: FastMatch,
  request: FastPathRequest,
  results: ToolResult[] = [],
): Turn {
  const { mirror, memory } = deps;
  const views = homeViews(mirror);
  const twins = homeTwins(deps.zwave, mirror);
  const replies = grammar.replies;

  const done = (speech: string, responseType: ResponseType): FastPathOutcome => ({
    kind: "done",
    speech,
    responseType,
    results,
  });
  const unsure = (speech: string): FastPathOutcome => ({ kind: "unsure", speech, results });
  const zwaveNotConnected = (): FastPathOutcome | undefined => {
    const { state } = deps.zwave.link();
    const neverListed =
      state === "waiting" ||
      state === "starting" ||
      (state === "unavailable" && !deps.zwave.devices().length);
    // Said, not handed on: another agent would only say the device does not exist.
    return neverListed ? done(replies.zwaveNotConnected, "error") : undefined;
  };

  async function context(intent = match.intent): Promise<ResolveContext> {
    const previous = memory.previous(request.conversationId);
    await deps.zwave.listed();
    return {
      grammar,
      mirror,
      ...views,
      // A node Home Assistant knows is named, placed and exposed by HA: it is listed there.
      devices: twins.zwaveOnly(),
      loads: () => homeLoads(deps.zwave.targets(), twins, views.exposed()),
      scope: scopeFor(intent),
      question: intent.startsWith("query_"),
      ...(match.state ? { asked: match.state } : {}),
      ...(request.deviceId ? { speakerDeviceId: request.deviceId } : {}),
      ...(previous ? { previous } : {}),
    };
  }

  return {
    deps,
    grammar,
    replies,
    targets,
    match,
    request,
    views,
    twins,
    async zwave(run) {
      const outcome = await run({
        timeoutMs: request.toolTimeoutMs,
        signal: request.signal,
        ...(request.deviceId ? { deviceId: request.deviceId } : {}),
      });
      results.push(outcome.result);
      return outcome;
    },
    async call(tool, args) {
      const result = await callTool(deps.registry, tool, args, request);
      results.push(result);
      return result;
    },
    done,
    unsure,
    context,
    async resolve(said, kindInPlace) {
      const ctx = await context();
      // "make it louder" with nothing said before: "it" is what the verb is about, as if unsaid.
      // A level says of nothing what it is ("set it to maximum": the volume, the heating, a light?).
      const unsaidIt = said !== undefined && !ctx.previous?.length && targets.isPronoun(said);
      const saysItsKind = match.kind || (kindInPlace && match.intent !== "set_level");
      const name = unsaidIt && saysItsKind ? undefined : said;
      // "turn it up" with nothing said before and music playing: the one player that plays.
      const isSoundPronoun = (word: string) =>
        !grammar.soundPronouns || grammar.soundPronouns.some((p) => fold(p) === fold(word));
      const soundPronoun = isSoundPronoun(said ?? "");
      // "turn it down in the bedroom", "dreh es im Schlafzimmer runter" with nothing said before:
      // "it" is the sound there, as "turn it down" alone is the sound here.
      const [first, ...where] = (said ?? "").split(" ");
      const stepsSound = match.intent === "step_up" || match.intent === "step_down";
      if (stepsSound && !ctx.previous?.length && !match.kind && where.length && first) {
        if (targets.isPronoun(first) && isSoundPronoun(first)) {
          const sound = match.intent === "step_up" ? "volume_up" : "volume_down";
          return createTurn(deps, grammar, targets, { ...match, intent: sound }, request, results).resolve(
            where.join(" "),
            "media_player",
          );
        }
      }
      if (unsaidIt && soundPronoun && (match.intent === "step_up" || match.intent === "step_down")) {
        const playing = playingNow(
          views.exposed(),
          request.deviceId ? mirror.areaOfDevice(request.deviceId)?.id : undefined,
        );
        if (playing) return { kind: "one", target: { source: "ha", entity: playing, name: playing.name } };
      }
      // "sube un poco", "abbassa": up or down with nothing named (not even "it", which may be the
      // blind one has in mind) is the sound's, found as "turn the volume up" finds it. After a
      // command on a light or a cover it may mean that one: left to whoever reads on, never guessed.
      const stepped = match.intent === "step_up" || match.intent === "step_down";
      if (said === undefined && stepped && !match.kind && !kindInPlace) {
        const before = ctx.previous ?? [];
        const players = before.filter((t) => t.source === "ha" && t.entity.domain === "media_player");
        if (before.length && players.length < before.length) return { kind: "not_found", name: "" };
        if (players.length)
          return players.length === 1
            ? { kind: "one", target: players[0]! }
            : { kind: "group", targets: players };
        const sound = match.intent === "step_up" ? "volume_up" : "volume_down";
        return createTurn(deps, grammar, targets, { ...match, intent: sound }, request, results).resolve(
          undefined,
        );
      }
      // "louder" after "turn on the lamp" is not about the lamp: only what the intent can act on.
      const again = ctx.previous?.filter((t) =>
        t.source === "ha" ? ctx.scope.domain(t.entity.domain) : ctx.scope.zwave(t.device),
      );
      if (name === undefined && again?.length && AGAIN.has(match.intent)) {
        // "brighter": the device of the conversation's last command, as "make it brighter".
        return again.length === 1 ? { kind: "one", target: again[0]! } : { kind: "group", targets: again };
      }
      // "light up": the kind the verb names.
      if (name === undefined && match.kind) return throughZwave(targets.kindHere(ctx, match.kind), twins);
      if (name === undefined) {
        // "set the volume to 30", "brightness to 50 %": what the intent acts on in the speaker's
        // area (as HA's handlers do), else the one such device in the home.
        const speakerArea = request.deviceId ? mirror.areaOfDevice(request.deviceId) : undefined;
        // A verb that names its kind ("illumina") acts on that kind only.
        const { kind } = match;
        const fits = (e: EntityView) => ctx.scope.domain(e.domain) && (!kind || isOfKind(e, kind));
        const exposed = views.exposed().filter(fits);
        let pool = exposed.filter((e) => !speakerArea || e.area?.id === speakerArea.id);
        // Sound is the speaker's area's when it has a speaker, else the home's: Home Assistant's
        // media handlers take the satellite's area as a preference, not a limit.
        const sound = ctx.scope.domain("media_player") && !ctx.scope.domain("light");
        if (!pool.length && sound) pool = exposed;
        const inPool = pool.map((entity): Target => ({ source: "ha", entity, name: entity.name }));
        if (inPool.length === 1) return { kind: "one", target: inPool[0]! };
        // Several speakers and none named: those playing, as Home Assistant's volume handlers take it.
        const playing = inPool.filter((t) => t.source === "ha" && t.entity.state === "playing");
        if (inPool.length > 1 && sound) {
          if (playing.length === 1) return { kind: "one", target: playing[0]! };
          if (playing.length) return { kind: "group", targets: playing };
        }
        const local = speakerArea && pool.every((e) => e.area?.id === speakerArea.id);
        // "switch off" and nothing more, in a room with more than its lights (the TV's plug, the
        // speaker): which of them is a guess, so it is asked, and the answer completes the command
        // (Home Assistant's own agent acts on none). A room of lights only: its lights.
        // Only what "everything" switches is offered: never a cover, a lock or a thermostat.
        const switchable = inPool.filter(
          (t) => t.source === "ha" && ctx.scope.everything.has(t.entity.domain),
        );
        if (
          SWITCHING.has(match.intent) &&
          !kind &&
          switchable.length > 1 &&
          !pool.every((e) => isOfKind(e, "light"))
        )
          return throughZwave({ kind: "ambiguous", choices: deviceChoices(switchable, !!local) }, twins);
        // Nothing named: what the intent acts on in the room, so only what is safe as a group.
        if (inPool.length > 1 && local)
          return { kind: "group", targets: inPool, place: speakerArea.name, whole: true };
        if (inPool.length > 1)
          return throughZwave({ kind: "ambiguous", choices: deviceChoices(inPool) }, twins);
        return { kind: "not_found", name: "" };
      }
      const question = match.intent.startsWith("query_");
      // "all the lights" from a satellite: the home or the room, as the language's sentences say.
      const meantKey = allMeansKey(match.intent);
      const meant = meantKey ? grammar.allMeans?.[meantKey] : undefined;
      const kind = targets.kindOf(name);
      const allMeans = !kind
        ? undefined
        : meant?.home?.includes(kind)
          ? ("home" as const)
          : meant?.here?.includes(kind)
            ? ("here" as const)
            : undefined;
      const options = {
        ...(match.all ? { all: true } : {}),
        ...(match.all && allMeans ? { allMeans } : {}),
        ...(kindInPlace ? { kindInPlace } : {}),
        ...(match.intent === "turn_on" || match.intent === "turn_off"
          ? { switchedInPlace: "light" as const }
          : {}),
        // "is the light on", asked in a room, is that room's lights, as a command would be; "are
        // any lights on", "which …", "how many …" ask about the home.
        home: question && match.intent !== "query_state",
      };
      let resolved = targets.resolve(ctx, name, options);
      // Not found: the Z-Wave network may have a device the last listing did not have yet.
      if (resolved.kind === "not_found" && (await deps.zwave.freshen())) {
        resolved = targets.resolve(await context(), name, options);
      }
      // "turn off a lamp": one of them, which is asked when several fit; "is a light on" asks of any.
      if (match.one && !question && resolved.kind === "group" && resolved.targets.length > 1)
        resolved = { kind: "ambiguous", choices: deviceChoices(resolved.targets) };
      // "cut the power to the printer": a device's power is that device; a place's or a kind's
      // group is no command to guess (understand.ts, `powerOf`), left to whoever reads on.
      if (match.powered && resolved.kind === "group") return { kind: "not_found", name: "" };
      return throughZwave(resolved, twins);
    },
    withIntent: (intent) => createTurn(deps, grammar, targets, { ...match, intent }, request, results),
    zwaveNotConnected,
    noneOfKind(said, place) {
      const kind = spokenAs(request.text, said) ?? said;
      return unsure(
        place ? fill(replies.noneOfKind, { kind, place }) : fill(replies.noneOfKindAnywhere, { kind }),
      );
    },
    unresolved(resolved) {
      if (resolved.kind === "ambiguous") {
        // Not certain which: HA's agent or the LLM may know; asked as a question if nobody does.
        // Every candidate is named, or, past what a question can list, how many there are.
        const { choices } = resolved;
        if (choices.length > MAX_SPOKEN_NAMES)
          return unsure(fill(replies.manyFit, { count: choices.length }));
        const asked = fill(resolved.rooms ? replies.whichArea : replies.ambiguous, {
          candidates: choiceOf(
            grammar,
            choices.map((c) => c.label),
          ),
        });
        // The answer ("the kitchen", "both") completes a command (understanding/choice-answer.ts).
        if (match.intent.startsWith("query_") && !STATE_QUESTIONS.has(match.intent)) return unsure(asked);
        return { kind: "unsure", speech: asked, results, question: { match, choices } };
      }
      if (resolved.kind === "nowhere") return unsure(replies.unknownHere);
      if (resolved.kind === "not_exposed") return unsure(fill(replies.notExposed, { name: resolved.name }));
      if (resolved.kind === "one_load_only")
        return unsure(fill(replies.oneLoadOnly, { name: resolved.name }));
      if (resolved.kind === "unsupported") {
        // A thermostat, Home Assistant's or a Z-Wave one, has a level of its own we do not set yet,
        // and a Z-Wave one turns on only to a mode the sentence did not say.
        const ownSetting = LEVEL_INTENTS.has(match.intent) || SWITCHING.has(match.intent);
        if (ownSetting && resolved.domains.every((d) => OWN_SETTINGS.has(d)))
          return unsure(replies.cannotYet);
        return unsure(cannotDoSpeech(grammar, resolved.names));
      }
      // The device may well be a Z-Wave one the bridge cannot see yet: say that, promptly.
      const notConnected = zwaveNotConnected();
      if (notConnected) return notConnected;
      const why = homeUnseen(mirror) ? ` ${replies.homeUnseen}` : "";
      // Quoted as the user said it. A name that is not a run of the user's own words (a template
      // that took a word from its middle) says the sentence was not read as meant: not "no device
      // called <words reassembled>", but what the fast path can do.
      const said = match.unquoted
        ? undefined
        : ((resolved.name === match.name ? match.spokenName : undefined) ??
          spokenAs(request.text, resolved.name));
      // Words are quoted as a name only where a name goes: after an article, a possessive or a
      // preposition ("turn on the toaster"), never "louder phone" or "far too quiet".
      if (
        !said ||
        !saidAsAName(grammar, request.text, said) ||
        holdsWhatTheHomeHas(targets, said, views.areas(), grammar)
      )
        return unsure(replies.cannotYet);
      // "the light in the attic": a kind the home has, in a place it does not.
      const place = placeAfterKind(targets, said);
      if (place)
        return unsure(fill(replies.unknownPlace, { name: spokenAs(request.text, place) ?? place }) + why);
      // "the lamp next to the bed", "la lampe près du canapé": a kind the home has, told apart by
      // words we cannot place. Lamps are there, so not "no device called …", but what we can do.
      if (kindThenWords(targets, said)) return unsure(replies.cannotYet);
      return unsure(fill(replies.notFound, { name: said }) + why);
    },
  };
}

/** Whether `said` follows an article, a possessive, a quantifier or a preposition in `text`. */
function saidAsAName(grammar: FastPathGrammar, text: string, said: string): boolean {
  const words = fold(text).split(" ");
  const name = fold(said).split(" ");
  const before = new Set(
    [...grammar.articles, ...grammar.areaPrepositions, ...grammar.quantifiers].map((w) => fold(w)),
  );
  for (let i = 0; i + name.length <= words.length; i++) {
    if (name.every((w, k) => words[i + k] === w)) {
      const previous = words[i - 1];
      // "l'interruttore", "dell'ufficio": the article is written joined to the name.
      const elided = [...before].some((b) => b.endsWith("'") && name[0]!.startsWith(b));
      return elided || (previous !== undefined && before.has(previous));
    }
  }
  return false;
}

/** A word of `notOurs` ends a compound ("Küchentimer") only when this long: "lied" ends many words. */
const SHORTEST_COMPOUND_HEAD = 5;

/**
 * "light socket", "light of hall percent": words read as a name that hold two kinds of device, or
 * a kind and a place of the home, were not read as meant; "no device called …" would mislead, as
 * the home has such devices or such a place ("garden light" holds one kind and no place: it may
 * well be missing). So would words for what a device has or does ("the speed of the fans", "den
 * Timer"), for a device the fast path does not run ("the vacuum"), or a value to set. Kinds and
 * places are looked up as the resolver reads them.
 */
function holdsWhatTheHomeHas(
  targets: TargetResolver,
  said: string,
  areas: AreaView[],
  grammar: Pick<FastPathGrammar, "colorNouns" | "notOurs" | "cues">,
): boolean {
  const words = normalizeName(said).split(" ");
  // "die Wohnzimmerheizung auf 30 Grad", "el calor a 30": a value to set, read into the name.
  const toOrBy = new Set([...grammar.cues.to, ...grammar.cues.by].map(normalizeName));
  if (words.some((w, i) => i > 0 && /^\d+$/.test(w) && toOrBy.has(words[i - 1]!))) return true;
  const spans = words.flatMap((_, i) =>
    [1, 2, 3, 4].flatMap((n) => (i + n <= words.length ? [words.slice(i, i + n).join(" ")] : [])),
  );
  const notOurs = (grammar.notOurs ?? []).map(normalizeName);
  // "Küchentimer": a compound ends in its head.
  const compounds = notOurs.filter((f) => f.length >= SHORTEST_COMPOUND_HEAD);
  if (
    spans.some((span) => notOurs.includes(span)) ||
    words.some((w) => compounds.some((f) => w.length > f.length && w.endsWith(f)))
  )
    return true;
  const places = new Set(areas.flatMap((a) => [a.name, ...a.aliases].map(normalizeName)));
  // "lower the living room": a room the home has, said where a device goes, is no missing device.
  if (places.has(words.join(" "))) return true;
  const kinds = new Set(spans.flatMap((span) => targets.kindOf(span) ?? []));
  if (kinds.size !== 1) return kinds.size > 1;
  // "the light colors": a kind and what it has (a colour), or a kind and a room.
  const colors = new Set((grammar.colorNouns ?? []).map(normalizeName));
  return spans.some((span) => places.has(span) || colors.has(span));
}

/**
 * The place said after a kind and a preposition ("light in the attic" → "attic", "luce in
 * soffitta" → "soffitta"), as the resolver splits a phrase (places.ts `splits`); undefined when
 * `said` is no kind followed by a place.
 */
function placeAfterKind(targets: TargetResolver, said: string): string | undefined {
  const whole = normalizeName(said.replace(/'/g, "' "));
  const split = targets.splits(said).find(
    ({ name, place }) =>
      targets.kindOf(name) &&
      // Something stood between them (a preposition, an article): not "light attic".
      whole !== `${name} ${place}` &&
      !place.split(" ").some((w) => targets.kindOf(w)),
  );
  return split?.place || undefined;
}

/** Whether a kind ("lamp", "lumière") is said in `said` with words after it. */
function kindThenWords(targets: TargetResolver, said: string): boolean {
  const words = normalizeName(said).split(" ");
  return words.some((w, i) => i < words.length - 1 && targets.kindOf(w) !== undefined);
}

/** The one media player playing, in the speaker's area when one plays there, else in the home. */
function playingNow(exposed: EntityView[], areaId: string | undefined): EntityView | undefined {
  const playing = exposed.filter((e) => e.domain === "media_player" && e.state === "playing");
  const here = playing.filter((e) => areaId !== undefined && e.area?.id === areaId);
  const pool = here.length ? here : playing;
  return pool.length === 1 ? pool[0] : undefined;
}

/** "Not found" means little while Home Assistant's devices have never been loaded. */
function homeUnseen(mirror: HomeMirror): boolean {
  const status = mirror.status();
  return status.configured && !status.lastSync;
}
