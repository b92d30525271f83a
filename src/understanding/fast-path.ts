import type { HomeMirror } from "../ha/mirror.js";
import { normalizeName } from "../spoken-name.js";
import type { ToolIdentifier } from "../tools/identifier.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../tools/own-servers.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import type { HeldTurn } from "../agent/destructive-gate.js";
import type { ResponseType } from "../agent/types.js";
import { fill, GRAMMARS, type FastPathGrammar, type SensorKind } from "./grammar.js";
import { createMatcher, type FastMatch } from "./matcher.js";
import { COVERS, scopeFor } from "./scopes.js";
import { capitalize, choiceOf, dateOf, listOf, quantity, reading, timeOf } from "./speech.js";
import {
  createTargetResolver,
  homeViews,
  ZWAVE_ANY,
  ZWAVE_LOCKS,
  type Resolved,
  type Target,
  type TargetResolver,
} from "./targets.js";
import { confirmedLevel, currentLevel, isConfirmed, readingOf, stateWordOf } from "./tool-results.js";
import type { ZwaveCatalog, ZwaveDevice } from "./zwave-catalog.js";

export type FastPathOutcome =
  | { kind: "done"; speech: string; responseType: ResponseType; results: ToolResult[] }
  /** Understood, but not what it refers to: HA's agent or an LLM may do better; else say `speech`. */
  | { kind: "unsure"; speech: string; results: ToolResult[] }
  /** Not a sentence of this grammar (or no grammar for the language). */
  | { kind: "no_match"; speech: string; results: ToolResult[] };

export interface FastPathRequest {
  text: string;
  language: string;
  conversationId: string;
  deviceId?: string;
  signal: AbortSignal;
  toolTimeoutMs: number;
}

export interface FastPathOptions {
  registry: ToolRegistry;
  mirror: HomeMirror;
  catalog: ZwaveCatalog;
  /**
   * Holds a destructive call until the user confirms it; returns undefined when the call may run
   * now (confirmations off, or not destructive).
   */
  hold?: (
    conversationId: string,
    tool: string,
    args: Record<string, unknown>,
    own: { reply: (result: ToolResult) => string; run: (turn: HeldTurn) => Promise<ToolResult> },
  ) => string | undefined;
}

/** A relative change ("brighter", "a bit dimmer") moves the level by this many percent. */
const STEP = 25;
/** "it" refers to the last command's devices for this long. */
const REMEMBER_MS = 5 * 60 * 1000;
const MAX_REMEMBERED = 500;

interface Acted {
  target: Target;
  result: ToolResult;
  ok: boolean;
  confirmed: boolean;
  name: string;
}

/**
 * Common commands without an LLM: a sentence from the language's grammar, names resolved to
 * Z-Wave devices or exposed Home Assistant entities, and the same registry tools the LLM would call.
 */
export function createFastPath(options: FastPathOptions) {
  const { registry, mirror, catalog } = options;
  const languages = new Map(
    Object.entries(GRAMMARS).map(([lang, grammar]) => [
      lang,
      { grammar, matcher: createMatcher(grammar), targets: createTargetResolver(grammar) },
    ]),
  );
  const remembered = new Map<string, { targets: Target[]; at: number }>();

  function grammarFor(language: string) {
    return languages.get(language.toLowerCase().split(/[-_]/)[0] ?? "");
  }

  function remember(conversationId: string, targets: Target[]) {
    remembered.delete(conversationId);
    remembered.set(conversationId, { targets, at: Date.now() });
    if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  }

  function previous(conversationId: string): Target[] | undefined {
    const entry = remembered.get(conversationId);
    return entry && Date.now() - entry.at < REMEMBER_MS ? entry.targets : undefined;
  }

  /** By identifier: a user's server may offer a tool of the same name. */
  async function call(tool: ToolIdentifier, args: Record<string, unknown>, request: FastPathRequest) {
    return registry.executeIdentifier(tool, args, {
      timeoutMs: request.toolTimeoutMs,
      signal: request.signal,
      ...(request.deviceId ? { deviceId: request.deviceId } : {}),
    });
  }

  // One sentence's handling; a class only to share the request's grammar and match.
  class Turn {
    private readonly results: ToolResult[] = [];
    private readonly views = homeViews(mirror);
    private readonly replies;
    constructor(
      private readonly grammar: FastPathGrammar,
      private readonly targets: TargetResolver,
      private readonly match: FastMatch,
      private readonly request: FastPathRequest,
    ) {
      this.replies = grammar.replies;
    }

    async run(): Promise<FastPathOutcome> {
      switch (this.match.intent) {
        case "query_time":
        case "query_date":
          return this.clock(this.match.intent);
        case "query_sensor":
          return this.sensor();
        case "query_state":
          return this.state();
        default:
          return this.act();
      }
    }

    private done(speech: string, responseType: ResponseType): FastPathOutcome {
      return { kind: "done", speech, responseType, results: this.results };
    }

    private unsure(speech: string): FastPathOutcome {
      return { kind: "unsure", speech, results: this.results };
    }

    private async call(tool: ToolIdentifier, args: Record<string, unknown>): Promise<ToolResult> {
      const result = await call(tool, args, this.request);
      this.results.push(result);
      return result;
    }

    private async resolve(name: string | undefined, lightsInPlace = false): Promise<Resolved> {
      const ctx = {
        grammar: this.grammar,
        mirror,
        ...this.views,
        devices: await catalog.devices(),
        scope: scopeFor(this.match.intent),
        ...(this.request.deviceId ? { speakerDeviceId: this.request.deviceId } : {}),
        ...(previous(this.request.conversationId) ? { previous: previous(this.request.conversationId) } : {}),
      };
      if (name === undefined) {
        // "set the volume to 30": the one media player in the speaker's area, or in the home.
        const speakerArea = this.request.deviceId ? mirror.areaOfDevice(this.request.deviceId) : undefined;
        const pool = this.views
          .exposed()
          .filter((e) => ctx.scope.domain(e.domain) && (!speakerArea || e.area?.id === speakerArea.id));
        if (pool.length === 1)
          return { kind: "one", target: { source: "ha", entity: pool[0]!, name: pool[0]!.name } };
        if (pool.length > 1) return { kind: "ambiguous", candidates: pool.map((e) => e.name) };
        return { kind: "not_found", name: "" };
      }
      return this.targets.resolve(ctx, name, { ...(this.match.all ? { all: true } : {}), lightsInPlace });
    }

    private unresolved(resolved: Exclude<Resolved, { kind: "one" | "group" }>): FastPathOutcome {
      const r = this.replies;
      if (resolved.kind === "ambiguous") {
        return this.done(
          fill(r.ambiguous, { candidates: choiceOf(this.grammar, resolved.candidates) }),
          "query_answer",
        );
      }
      if (resolved.kind === "not_exposed") return this.unsure(fill(r.notExposed, { name: resolved.name }));
      const unseen = unseenHome(mirror);
      const why = unseen === undefined ? "" : ` ${fill(r.homeUnseen, { error: unseen })}`;
      return this.unsure(fill(r.notFound, { name: resolved.name }) + why);
    }

    private async act(): Promise<FastPathOutcome> {
      const { intent } = this.match;
      const relative = intent === "brighten" || intent === "dim";
      const resolved = await this.resolve(this.match.name, relative || intent === "set_level");
      if (resolved.kind !== "one" && resolved.kind !== "group") return this.unresolved(resolved);
      if (resolved.kind === "group") return this.actOnGroup(resolved.targets, resolved.place);
      const { target } = resolved;
      const lock = this.lockAction(target);
      if (lock) return this.lock(target, lock);
      if (!this.supports(target))
        return this.done(fill(this.replies.cannotDo, { name: target.name }), "error");
      const acted = await this.apply(target);
      remember(this.request.conversationId, [target]);
      if (!acted.ok) {
        return this.done(
          fill(this.replies.failed, { error: acted.result.error ?? acted.result.content }),
          "error",
        );
      }
      if (!acted.confirmed)
        return this.done(fill(this.replies.notConfirmed, { name: acted.name }), "action_done");
      return this.done(this.actedSpeech(target, acted), "action_done");
    }

    /** Whether the target's kind of device can do what the sentence asks. */
    private supports(target: Target): boolean {
      const { intent } = this.match;
      if (target.source === "zwave") return true;
      const domain = target.entity.domain;
      if ((domain === "scene" || domain === "script") && intent !== "turn_on") return false;
      return true;
    }

    private lockAction(target: Target): "lock" | "unlock" | undefined {
      const { intent } = this.match;
      const isLock = target.source === "ha" ? target.entity.domain === "lock" : ZWAVE_LOCKS(target.device);
      if (!isLock) return undefined;
      if (intent === "lock" || intent === "turn_on") return "lock";
      if (intent === "unlock" || intent === "turn_off") return "unlock";
      return undefined;
    }

    /** Locks run only after the user says yes: the call is held, and the question asked. */
    private async lock(target: Target, action: "lock" | "unlock"): Promise<FastPathOutcome> {
      const [tool, args]: [ToolIdentifier, Record<string, unknown>] =
        target.source === "ha"
          ? [
              { ...BUILTIN_TOOLS, name: "lock_entity" },
              { name: target.entity.entityId, action },
            ]
          : [
              { ...ZWAVE_TOOLS, name: "lock_zwave_door" },
              { deviceName: `node ${target.device.nodeId}`, action },
            ];
      const r = this.replies;
      const outcome = (result: ToolResult) =>
        !result.ok
          ? fill(r.failed, { error: result.error ?? result.content })
          : !isConfirmed(result)
            ? fill(r.notConfirmed, { name: target.name })
            : fill(r.stateIs, {
                name: target.name,
                state: this.grammar.states[action === "lock" ? "locked" : "unlocked"],
              });
      const held = options.hold?.(this.request.conversationId, tool.name, args, {
        reply: (result) => capitalize(outcome(result)),
        // Confirmed in a later turn: the call runs with that turn's signal and time limit.
        run: (turn) =>
          call(tool, args, {
            ...this.request,
            signal: turn.signal,
            toolTimeoutMs: turn.toolTimeoutMs,
            ...(turn.deviceId ? { deviceId: turn.deviceId } : {}),
          }),
      });
      if (held !== undefined) {
        return this.done(
          fill(action === "lock" ? r.confirmLock : r.confirmUnlock, { name: target.name }),
          "query_answer",
        );
      }
      const result = await this.call(tool, args);
      return this.done(outcome(result), result.ok ? "action_done" : "error");
    }

    private async actOnGroup(targets: Target[], place?: string): Promise<FastPathOutcome> {
      const usable = targets.filter((t) => this.supports(t) && !this.lockAction(t));
      if (!usable.length) return this.unsure(fill(this.replies.nothingToSwitch, { name: place ?? "" }));
      const acted = await Promise.all(usable.map((t) => this.apply(t)));
      remember(this.request.conversationId, usable);
      const confirmed = acted.filter((a) => a.ok && a.confirmed);
      const done = confirmed.map((a) => a.name);
      const unconfirmed = acted.filter((a) => a.ok && !a.confirmed).map((a) => a.name);
      const failed = acted.filter((a) => !a.ok);
      const r = this.replies;
      const parts: string[] = [];
      if (done.length) {
        const names = listOf(this.grammar, done);
        const { intent, level } = this.match;
        const covers = usable.every((t) => t.source === "ha" && COVERS.has(t.entity.domain));
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
            const reported = confirmedLevel(a.result) ?? level;
            parts.push(
              fill(r.setLevel, {
                name: a.name,
                level: reported === undefined ? "" : quantity(this.grammar, reported, "%"),
              }),
            );
          }
        }
      }
      if (unconfirmed.length)
        parts.push(fill(r.someNotConfirmed, { names: listOf(this.grammar, unconfirmed) }));
      for (const f of failed) parts.push(fill(r.failed, { error: f.result.error ?? f.result.content }));
      const responseType: ResponseType = done.length || unconfirmed.length ? "action_done" : "error";
      return this.done(parts.map(capitalize).join(" "), responseType);
    }

    /** Runs the sentence's action on one target with the tool the LLM would use. */
    private async apply(target: Target): Promise<Acted> {
      const { intent } = this.match;
      let level = this.match.level;
      const relative = intent === "brighten" || intent === "dim";
      // What it does now decides what to send: its state as of now, not as listed or remembered.
      if ((relative || intent === "toggle") && target.source === "zwave") {
        const nodeId = target.device.nodeId;
        const now = (await catalog.devices({ refresh: true })).find((d) => d.nodeId === nodeId);
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
      let result: ToolResult;
      if (target.source === "zwave") {
        const action =
          intent === "set_level" || intent === "brighten" || intent === "dim"
            ? "dim"
            : intent === "toggle"
              ? target.device.value?.startsWith("on")
                ? "off"
                : "on"
              : intent === "turn_off" || intent === "close"
                ? "off"
                : "on";
        result = await this.call(
          { ...ZWAVE_TOOLS, name: "control_zwave_device" },
          {
            deviceName: `node ${target.device.nodeId}`,
            action,
            ...(action === "dim" ? { level } : {}),
          },
        );
      } else if (intent === "set_volume") {
        result = await this.call(
          { ...BUILTIN_TOOLS, name: "set_volume" },
          { name: target.entity.entityId, level },
        );
      } else {
        const action =
          intent === "turn_off" || intent === "close"
            ? "turn_off"
            : intent === "toggle"
              ? "toggle"
              : "turn_on";
        result = await this.call(
          { ...BUILTIN_TOOLS, name: "control_entity" },
          {
            name: target.entity.entityId,
            action,
            ...(level !== undefined ? { brightness: level } : {}),
          },
        );
      }
      return {
        target,
        result,
        ok: result.ok,
        confirmed: result.ok && isConfirmed(result),
        name: target.name,
      };
    }

    private actedSpeech(target: Target, acted: Acted): string {
      const r = this.replies;
      const name = acted.name;
      const domain = target.source === "ha" ? target.entity.domain : "";
      switch (this.match.intent) {
        case "set_level":
        case "brighten":
        case "dim": {
          const level = confirmedLevel(acted.result) ?? this.match.level;
          return fill(r.setLevel, {
            name,
            level: level === undefined ? "" : quantity(this.grammar, level, "%"),
          });
        }
        case "set_volume": {
          const volume = acted.result.structuredContent?.volume;
          const level = typeof volume === "number" ? volume : (this.match.level ?? 0);
          return fill(r.volumeSet, { name, level: quantity(this.grammar, level, "%") });
        }
        case "toggle": {
          const state = stateWordOf(acted.result.content.replace(/^.*\bis /, ""));
          return fill(r.toggled, { name, state: state ? this.grammar.states[state] : "" });
        }
        case "open":
          return fill(r.opened, { name });
        case "close":
          return fill(r.closed, { name });
        case "turn_off":
          return fill(COVERS.has(domain) ? r.closed : r.turnedOff, { name });
        default:
          return fill(
            COVERS.has(domain)
              ? r.opened
              : domain === "scene" || domain === "script"
                ? r.activated
                : r.turnedOn,
            { name },
          );
      }
    }

    private async state(): Promise<FastPathOutcome> {
      const resolved = await this.resolve(this.match.name);
      if (resolved.kind === "group") return this.unsure(this.replies.cannotYet);
      if (resolved.kind !== "one") return this.unresolved(resolved);
      const { target } = resolved;
      remember(this.request.conversationId, [target]);
      let raw: string;
      let name = target.name;
      if (target.source === "zwave") {
        const fresh =
          (await catalog.devices({ refresh: true })).find((d) => d.nodeId === target.device.nodeId) ??
          target.device;
        raw = fresh.online ? (fresh.value ?? "unknown") : fresh.state;
        name = fresh.name;
      } else {
        raw = mirror.entity(target.entity.entityId)?.state ?? "unknown";
      }
      const word = stateWordOf(raw);
      const said = word ? this.grammar.states[word] : raw;
      const asked = this.match.state;
      const r = this.replies;
      const template = !asked || !word ? r.stateIs : asked === word ? r.stateYes : r.stateNo;
      return this.done(fill(template, { name, state: said }), "query_answer");
    }

    private async clock(intent: "query_time" | "query_date"): Promise<FastPathOutcome> {
      const result = await this.call({ ...BUILTIN_TOOLS, name: "get_datetime" }, {});
      const iso = result.structuredContent?.iso;
      const zone = result.structuredContent?.time_zone;
      if (!result.ok || typeof iso !== "string" || typeof zone !== "string") {
        return this.done(fill(this.replies.failed, { error: result.error ?? result.content }), "error");
      }
      const at = new Date(iso);
      return intent === "query_time"
        ? this.done(fill(this.replies.time, { time: timeOf(this.grammar, at, zone) }), "query_answer")
        : this.done(fill(this.replies.date, { date: dateOf(this.grammar, at, zone) }), "query_answer");
    }

    private async sensor(): Promise<FastPathOutcome> {
      const kind = this.match.sensor as SensorKind;
      const sensorName = this.grammar.sensorNames[kind];
      const r = this.replies;
      const devices = await catalog.devices();
      const ctx = { grammar: this.grammar, mirror, ...this.views, devices, scope: scopeFor("query_sensor") };
      let placeText = this.match.name ? this.targets.stripPlaceWords(this.match.name) : undefined;
      if (placeText === undefined && this.request.deviceId)
        placeText = mirror.areaOfDevice(this.request.deviceId)?.name;
      const place = placeText !== undefined ? this.targets.findPlace(ctx, placeText) : undefined;

      // A place: its Home Assistant sensors first, then its Z-Wave devices.
      if (place || placeText === undefined) {
        const entities = place ? place.areas.flatMap((a) => a.entities) : this.views.exposed();
        const sources = entities.filter((e) => readingOf(e, kind) !== undefined);
        const zwave = devices.filter(
          (d) => d.online && (!place || place.locations.has(normalizeName(d.location))) && !ZWAVE_ANY(d),
        );
        if (!place || place.areas.length > 1) {
          // "how humid is it" with no place, or a floor: fine when it has one such reading.
          const areas = new Set(sources.map((e) => e.area?.name ?? e.name));
          if (areas.size > 1) {
            return this.done(
              fill(r.whichArea, { candidates: choiceOf(this.grammar, [...areas]) }),
              "query_answer",
            );
          }
        }
        const first = sources[0];
        if (first) {
          const value = readingOf(first, kind)!;
          const where = place?.label ?? first.area?.name ?? first.name;
          return this.done(
            fill(r.sensorValue, {
              sensor: sensorName,
              name: where,
              value: reading(this.grammar, value.value, value.unit),
            }),
            "query_answer",
          );
        }
        const fromZwave = await this.zwaveReading(zwave.slice(0, 3), kind);
        if (fromZwave) {
          const where = place?.label ?? (fromZwave.device.location || fromZwave.device.name);
          return this.done(
            fill(r.sensorValue, { sensor: sensorName, name: where, value: fromZwave.value }),
            "query_answer",
          );
        }
        if (place) return this.unsure(fill(r.noSensor, { name: place.label, sensor: sensorName }));
        return this.unsure(this.replies.cannotYet);
      }

      // A device: "the thermostat", "the office sensor".
      const resolved = await this.targets.resolve(ctx, this.match.name ?? "", {});
      if (resolved.kind !== "one") {
        if (resolved.kind === "group") return this.unsure(this.replies.cannotYet);
        return this.unresolved(resolved);
      }
      const { target } = resolved;
      if (target.source === "ha") {
        const value = readingOf(target.entity, kind);
        if (!value) return this.unsure(fill(r.noSensor, { name: target.name, sensor: sensorName }));
        return this.done(
          fill(r.sensorValue, {
            sensor: sensorName,
            name: target.name,
            value: reading(this.grammar, value.value, value.unit),
          }),
          "query_answer",
        );
      }
      const fromZwave = await this.zwaveReading([target.device], kind);
      if (!fromZwave) return this.unsure(fill(r.noSensor, { name: target.name, sensor: sensorName }));
      return this.done(
        fill(r.sensorValue, { sensor: sensorName, name: target.name, value: fromZwave.value }),
        "query_answer",
      );
    }

    private async zwaveReading(devices: ZwaveDevice[], kind: SensorKind) {
      const words = [
        ...new Set([
          ...GRAMMARS.en!.sensors[kind],
          ...this.grammar.sensors[kind],
          ...(kind === "temperature" ? ["setpoint"] : []),
        ]),
      ];
      for (const device of devices) {
        const result = await this.call(
          { ...ZWAVE_TOOLS, name: "get_device_sensor_data" },
          { deviceName: `node ${device.nodeId}` },
        );
        const readings = Array.isArray(result.structuredContent?.readings)
          ? result.structuredContent.readings
          : [];
        const found = (readings as Array<{ label?: unknown; text?: unknown }>).find((r) =>
          words.some((w) =>
            String(r.label ?? "")
              .toLowerCase()
              .includes(w),
          ),
        );
        if (found) return { device, value: reading(this.grammar, String(found.text)) };
      }
      return undefined;
    }
  }

  return {
    /** The languages the fast path speaks. */
    languages: (): string[] => [...languages.keys()],

    async run(request: FastPathRequest): Promise<FastPathOutcome> {
      const chosen = grammarFor(request.language);
      if (!chosen) return { kind: "no_match", speech: "", results: [] };
      const { grammar, matcher, targets } = chosen;
      const match = matcher.match(request.text);
      if (!match) return { kind: "no_match", speech: grammar.replies.cannotYet, results: [] };
      const turn = new Turn(grammar, targets, match, request);
      const outcome = await turn.run();
      return { ...outcome, speech: capitalize(outcome.speech) };
    },
  };
}

/** "Not found" means little while Home Assistant's devices have never been loaded: why not. */
function unseenHome(mirror: HomeMirror): string | undefined {
  const status = mirror.status();
  if (!status.configured || status.lastSync) return undefined;
  return status.error ?? "it is not connected";
}
