// One sentence's handling: the request, its grammar and match, the tool calls made so far, and
// the ways every concern (actions, locks, questions, the clock, sensors) answers.
import type { HomeMirror } from "../../ha/mirror.js";
import type { ToolIdentifier } from "../../tools/identifier.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { ToolResult } from "../../tools/types.js";
import { fill } from "../grammar.js";
import { isOfKind } from "../kinds.js";
import type { DeviceKind, FastPathGrammar, FastPathReplies } from "../grammar-types.js";
import { spokenAs, type FastMatch } from "../matcher.js";
import type { ConversationMemory } from "../memory.js";
import type { FastPathOutcome, FastPathRequest, HoldCall, ResponseType } from "../outcome.js";
import { scopeFor } from "../scopes.js";
import { choiceOf } from "../speech.js";
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
import type { ZwaveCall, ZwaveClient } from "../../zwave-host/zwave-client.js";

/** What every turn shares: the home, the tools and the conversation's memory. */
export interface TurnDeps {
  registry: ToolRegistry;
  mirror: HomeMirror;
  zwave: ZwaveClient<ToolResult>;
  memory: ConversationMemory;
  hold?: HoldCall | undefined;
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
}

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
      scope: scopeFor(intent),
      question: intent.startsWith("query_"),
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
    async resolve(name, kindInPlace) {
      const ctx = await context();
      if (
        name === undefined &&
        ctx.previous?.length &&
        (match.intent === "brighten" || match.intent === "dim")
      ) {
        // "brighter": the device of the conversation's last command, as "make it brighter".
        return ctx.previous.length === 1
          ? { kind: "one", target: ctx.previous[0]! }
          : { kind: "group", targets: ctx.previous };
      }
      // "light up": the kind the verb names.
      if (name === undefined && match.kind) return throughZwave(targets.kindHere(ctx, match.kind), twins);
      if (name === undefined) {
        // "set the volume to 30", "brightness to 50 %": what the intent acts on in the speaker's
        // area (as HA's handlers do), else the one such device in the home.
        const speakerArea = request.deviceId ? mirror.areaOfDevice(request.deviceId) : undefined;
        // A verb that names its kind ("illumina") acts on that kind only.
        const { kind } = match;
        const pool = views
          .exposed()
          .filter(
            (e) =>
              ctx.scope.domain(e.domain) &&
              (!kind || isOfKind(e, kind)) &&
              (!speakerArea || e.area?.id === speakerArea.id),
          )
          .map((entity): Target => ({ source: "ha", entity, name: entity.name }));
        if (pool.length === 1) return { kind: "one", target: pool[0]! };
        // Nothing named: what the intent acts on in the room, so only what is safe as a group.
        if (pool.length > 1 && speakerArea)
          return { kind: "group", targets: pool, place: speakerArea.name, whole: true };
        if (pool.length > 1) return { kind: "ambiguous", candidates: pool.map((t) => t.name) };
        return { kind: "not_found", name: "" };
      }
      const question = match.intent.startsWith("query_");
      const options = {
        ...(match.all ? { all: true } : {}),
        ...(kindInPlace ? { kindInPlace } : {}),
        home: question,
      };
      let resolved = targets.resolve(ctx, name, options);
      // Not found: the Z-Wave network may have a device the last listing did not have yet.
      if (resolved.kind === "not_found" && (await deps.zwave.freshen())) {
        resolved = targets.resolve(await context(), name, options);
      }
      return throughZwave(resolved, twins);
    },
    withIntent: (intent) => createTurn(deps, grammar, targets, { ...match, intent }, request, results),
    zwaveNotConnected,
    unresolved(resolved) {
      if (resolved.kind === "ambiguous") {
        // Not certain which: HA's agent or the LLM may know; asked as a question if nobody does.
        return unsure(fill(replies.ambiguous, { candidates: choiceOf(grammar, resolved.candidates) }));
      }
      if (resolved.kind === "not_exposed") return unsure(fill(replies.notExposed, { name: resolved.name }));
      // The device may well be a Z-Wave one the bridge cannot see yet: say that, promptly.
      const notConnected = zwaveNotConnected();
      if (notConnected) return notConnected;
      const why = homeUnseen(mirror) ? ` ${replies.homeUnseen}` : "";
      // Quoted as the user said it. A name that is not a run of the user's own words (a template
      // that took a word from its middle) says the sentence was not read as meant: not "no device
      // called <words reassembled>", but what the fast path can do.
      const said =
        (resolved.name === match.name ? match.spokenName : undefined) ??
        spokenAs(request.text, resolved.name);
      if (!said) return unsure(replies.cannotYet);
      return unsure(fill(replies.notFound, { name: said }) + why);
    },
  };
}

/** "Not found" means little while Home Assistant's devices have never been loaded. */
function homeUnseen(mirror: HomeMirror): boolean {
  const status = mirror.status();
  return status.configured && !status.lastSync;
}
