import type { HomeMirror, ResolvedEntity } from "../../ha/mirror.js";
import type { ToolIdentifier } from "../../tools/identifier.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../tools/own-servers.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { ToolResult } from "../../tools/types.js";
import type { ResponseType } from "../types.js";
import { fill, GRAMMARS, type FastPathGrammar, type SensorKind } from "./grammar.js";
import { createMatcher, type FastMatch } from "./matcher.js";
import { matchDevices, simplify, type ZwaveCatalog, type ZwaveDevice } from "./zwave-catalog.js";

export type FastPathOutcome =
  | { kind: "done"; speech: string; responseType: ResponseType; results: ToolResult[] }
  /** Understood, but not sure what it refers to: an LLM may do better; without one, say `speech`. */
  | { kind: "unsure"; speech: string; results: ToolResult[] }
  | { kind: "no_match"; speech: string; results: ToolResult[] };

export interface FastPathRequest {
  text: string;
  language: string;
  deviceId?: string;
  signal: AbortSignal;
  toolTimeoutMs: number;
}

type Target =
  | { source: "zwave"; device: ZwaveDevice }
  | { source: "ha"; entity: ResolvedEntity }
  | { source: "none"; reason: "not_found" | "ambiguous" | "not_exposed"; candidates: string[] };

const CONTROL_DOMAINS = new Set(["light", "switch", "fan", "input_boolean", "media_player"]);

/**
 * Common commands without an LLM: a sentence from the grammar, a name that resolves to one
 * device (Z-Wave list or the HA mirror), and the same registry tools the LLM would call.
 */
export function createFastPath(options: {
  registry: ToolRegistry;
  mirror: HomeMirror;
  catalog: ZwaveCatalog;
}) {
  const { registry, mirror, catalog } = options;
  const matchers = new Map(
    Object.entries(GRAMMARS).map(([lang, g]) => [lang, { grammar: g, matcher: createMatcher(g) }]),
  );

  function grammarFor(language: string) {
    return matchers.get(language.toLowerCase().split(/[-_]/)[0] ?? "en") ?? matchers.get("en");
  }

  async function resolveTarget(
    match: FastMatch,
    request: FastPathRequest,
    domains?: Set<string>,
  ): Promise<Target> {
    const zw = matchDevices(await catalog.devices(), match.name, match.area);
    const resolution = mirror.resolve(match.name, {
      ...(match.area ? { area: match.area } : {}),
      ...(request.deviceId ? { speakerDeviceId: request.deviceId } : {}),
    });
    const haMatches = resolution.matches.filter((m) => !domains || domains.has(m.domain));
    const haExposed = haMatches.filter((m) => m.exposed);
    const haBest = haExposed[0];
    const haUnique =
      haBest && (!resolution.ambiguous || resolution.candidates.length <= 1) ? haBest : undefined;

    if (zw.exact.length === 1) return { source: "zwave", device: zw.exact[0] as ZwaveDevice };
    if (haUnique?.match === "exact") return { source: "ha", entity: haUnique };
    if (zw.exact.length > 1) return ambiguous(zw.exact.map(describeDevice));
    if (zw.partial.length === 1 && !haExposed.length)
      return { source: "zwave", device: zw.partial[0] as ZwaveDevice };
    if (haUnique && !zw.partial.length) return { source: "ha", entity: haUnique };
    if (zw.partial.length > 1 || (zw.partial.length && haExposed.length)) {
      return ambiguous([...zw.partial.map(describeDevice), ...haExposed.map((m) => m.name)]);
    }
    if (resolution.ambiguous) return ambiguous(resolution.candidates.map((c) => c.name));
    if (haMatches.length && !haExposed.length)
      return { source: "none", reason: "not_exposed", candidates: [] };
    return { source: "none", reason: "not_found", candidates: [] };
  }

  /** By identifier: a user's server may offer a tool of the same name. */
  async function call(tool: ToolIdentifier, args: Record<string, unknown>, request: FastPathRequest) {
    return registry.executeIdentifier(tool, args, {
      timeoutMs: request.toolTimeoutMs,
      signal: request.signal,
      ...(request.deviceId ? { deviceId: request.deviceId } : {}),
    });
  }

  async function control(
    match: FastMatch,
    grammar: FastPathGrammar,
    request: FastPathRequest,
  ): Promise<FastPathOutcome> {
    const domains = match.intent === "set_level" ? new Set(["light"]) : CONTROL_DOMAINS;
    const target = await resolveTarget(match, request, domains);
    if (target.source === "none") return unresolved(target, match, grammar, mirror);
    let result: ToolResult;
    let shownName: string;
    if (target.source === "zwave") {
      const { device } = target;
      shownName = device.name;
      const action =
        match.intent === "set_level"
          ? "dim"
          : match.intent === "toggle"
            ? device.value?.startsWith("on")
              ? "off"
              : "on"
            : match.intent === "turn_on"
              ? "on"
              : "off";
      result = await call(
        { ...ZWAVE_TOOLS, name: "control_zwave_device" },
        { deviceName: device.name, action, ...(match.level !== undefined ? { level: match.level } : {}) },
        request,
      );
      if (typeof result.structuredContent?.device === "string") shownName = result.structuredContent.device;
    } else {
      const { entity } = target;
      shownName = entity.name;
      const action =
        match.intent === "turn_off" ? "turn_off" : match.intent === "toggle" ? "toggle" : "turn_on";
      result = await call(
        { ...BUILTIN_TOOLS, name: "control_entity" },
        { name: entity.entityId, action, ...(match.level !== undefined ? { brightness: match.level } : {}) },
        request,
      );
    }
    if (!result.ok) {
      return {
        kind: "done",
        speech: fill(grammar.replies.failed, { error: result.error ?? "" }),
        responseType: "error",
        results: [result],
      };
    }
    const confirmed = result.structuredContent?.confirmed;
    const notConfirmed = confirmed === false || /^sent, but/i.test(result.content);
    const replies = grammar.replies;
    const speech = notConfirmed
      ? fill(replies.notConfirmed, { name: shownName })
      : match.intent === "set_level"
        ? fill(replies.setLevel, { name: shownName, level: match.level ?? 0 })
        : match.intent === "toggle"
          ? fill(replies.toggled, { name: shownName, state: stateFromText(result.content) })
          : fill(match.intent === "turn_on" ? replies.turnedOn : replies.turnedOff, { name: shownName });
    return { kind: "done", speech, responseType: "action_done", results: [result] };
  }

  async function querySensor(
    match: FastMatch,
    grammar: FastPathGrammar,
    request: FastPathRequest,
  ): Promise<FastPathOutcome> {
    const sensor = match.sensor as SensorKind;
    const sensorWord = grammar.sensors[sensor][0] ?? sensor;
    // Home Assistant: a sensor of that class in the named area, or the named entity itself.
    const place = simplify(match.name);
    const area = mirror
      .areas()
      .find((a) => simplify(a.name) === place || a.aliases.some((x) => simplify(x) === place));
    const haSensors = (area?.entities ?? []).filter(
      (e) => e.domain === "sensor" && e.attributes.device_class === sensor,
    );
    const named = mirror
      .resolve(match.name, request.deviceId ? { speakerDeviceId: request.deviceId } : {})
      .matches.filter((m) => m.exposed && m.domain === "sensor")
      .map((m) => mirror.entity(m.entityId))
      .filter((e) => e?.attributes.device_class === sensor);
    const haSensor = haSensors[0] ?? named[0];
    if (haSensor) {
      const value = `${haSensor.state}${haSensor.unit ? ` ${haSensor.unit}` : ""}`;
      const speech = fill(grammar.replies.sensorValue, {
        sensor: sensorWord,
        name: area?.name ?? haSensor.name,
        value,
      });
      return { kind: "done", speech, responseType: "query_answer", results: [] };
    }
    // Z-Wave: the devices the name or location points at, first one with such a reading wins.
    const zw = matchDevices(await catalog.devices(), match.name);
    const candidates = (zw.exact.length ? zw.exact : zw.partial).slice(0, 3);
    const results: ToolResult[] = [];
    for (const device of candidates) {
      const result = await call(
        { ...ZWAVE_TOOLS, name: "get_device_sensor_data" },
        { deviceName: device.name },
        request,
      );
      results.push(result);
      const readings = Array.isArray(result.structuredContent?.readings)
        ? result.structuredContent.readings
        : [];
      const reading = (readings as Array<{ label?: unknown; text?: unknown }>).find((r) =>
        grammar.sensors[sensor].some((w) =>
          String(r.label ?? "")
            .toLowerCase()
            .includes(w),
        ),
      );
      if (reading) {
        const where = device.location || device.name;
        const speech = fill(grammar.replies.sensorValue, {
          sensor: sensorWord,
          name: where,
          value: String(reading.text),
        });
        return { kind: "done", speech, responseType: "query_answer", results };
      }
    }
    if (candidates.length) {
      return {
        kind: "unsure",
        speech: fill(grammar.replies.noSensor, { name: match.name, sensor: sensorWord }),
        results,
      };
    }
    return { kind: "unsure", speech: fill(grammar.replies.notFound, { name: match.name }), results };
  }

  async function queryState(
    match: FastMatch,
    grammar: FastPathGrammar,
    request: FastPathRequest,
  ): Promise<FastPathOutcome> {
    const target = await resolveTarget(match, request);
    if (target.source === "none") return unresolved(target, match, grammar, mirror);
    if (target.source === "zwave") {
      const fresh =
        (await catalog.devices({ refresh: true })).find((d) => d.nodeId === target.device.nodeId) ??
        target.device;
      const state = fresh.online ? (fresh.value ?? "unknown") : `${fresh.state}`;
      return {
        kind: "done",
        speech: fill(grammar.replies.stateIs, { name: fresh.name, state }),
        responseType: "query_answer",
        results: [],
      };
    }
    const entity = mirror.entity(target.entity.entityId);
    const state = entity ? entity.state : "unknown";
    return {
      kind: "done",
      speech: fill(grammar.replies.stateIs, { name: target.entity.name, state }),
      responseType: "query_answer",
      results: [],
    };
  }

  return {
    async run(request: FastPathRequest): Promise<FastPathOutcome> {
      const chosen = grammarFor(request.language);
      if (!chosen) return { kind: "no_match", speech: "", results: [] };
      const { grammar, matcher } = chosen;
      const match = matcher.match(request.text);
      if (!match) return { kind: "no_match", speech: grammar.replies.cannotYet, results: [] };
      switch (match.intent) {
        case "query_sensor":
          return querySensor(match, grammar, request);
        case "query_state":
          return queryState(match, grammar, request);
        default:
          return control(match, grammar, request);
      }
    },
  };
}

function ambiguous(candidates: string[]): Target {
  return { source: "none", reason: "ambiguous", candidates };
}

function unresolved(
  target: Extract<Target, { source: "none" }>,
  match: FastMatch,
  grammar: FastPathGrammar,
  mirror: HomeMirror,
): FastPathOutcome {
  const name = match.area ? `${match.name} in ${match.area}` : match.name;
  const speech =
    target.reason === "ambiguous"
      ? fill(grammar.replies.ambiguous, { candidates: target.candidates.join(", ") })
      : target.reason === "not_exposed"
        ? `${name} is not exposed to Assist, so I won't control it.`
        : fill(grammar.replies.notFound, { name }) + unseenHome(mirror);
  return { kind: "unsure", speech, results: [] };
}

/** "Not found" means little while Home Assistant's devices have never been loaded: say why. */
function unseenHome(mirror: HomeMirror): string {
  const status = mirror.status();
  if (!status.configured || status.lastSync) return "";
  return ` I can't see Home Assistant's devices yet: ${status.error ?? "it is not connected"}.`;
}

function describeDevice(device: ZwaveDevice): string {
  return device.location ? `${device.name} (${device.location})` : device.name;
}

function stateFromText(text: string): string {
  const found = /\bis (on|off|on at \d+ %)/.exec(text);
  return found?.[1] ?? "changed";
}
