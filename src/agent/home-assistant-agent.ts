// Home Assistant's built-in agent, the second local path, under the one action policy. HA's agent
// acts without asking, so it is first asked only what it understands (src/ha/recognition.ts,
// recognise-only and with the satellite's device, so "turn on all the fans" said in a room
// works). What it recognised as a command of ours (on, off, toggle, brightness, volume) the
// bridge carries out itself, through its tools and the policy, worded in the user's language.
// Anything else HA may do itself through `conversation/process`, but only after what that would
// do is judged: process carries no satellite, so it is judged as recognised without one, and an
// effect the policy holds (unlocking, opening a garage door, gate or door, disarming; or any
// intent we do not know on such a device) is never handed to it.
import { HomeAssistantError } from "../ha/errors.js";
import type { HaRecognition, HomeMirror, SlotValue } from "../ha/mirror.js";
import type { Logger } from "../log.js";
import { withTimeout } from "../shared/timeout.js";
import type { Act } from "../tools/policy/effects.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import type { createFastPath, FastPathRequest } from "../understanding/fast-path.js";
import { entitiesForSlots, recognizedAction } from "../understanding/ha-recognition.js";
import type { ResponseType } from "./types.js";

/** What HA's intents do to their targets, as the policy reads effects (helpers/intent.py, cover/intent.py). */
function actOf(intent: string, slots: Record<string, SlotValue>): Act | undefined {
  switch (intent) {
    case "HassTurnOn":
    case "HassLightSet":
      return "on";
    case "HassTurnOff":
      return "off";
    case "HassToggle":
      return "toggle";
    case "HassSetPosition":
      return Number(slots.position) > 0 ? "open" : "close";
    default:
      return undefined;
  }
}

/** Intents that only answer: whatever their targets, they do nothing to them. */
const ANSWERS = new Set([
  "HassGetState",
  "HassGetCurrentTime",
  "HassGetCurrentDate",
  "HassGetWeather",
  "HassClimateGetTemperature",
  "HassTimerStatus",
  "HassNevermind",
  "HassRespond",
]);

export interface HomeAssistantAgentOptions {
  mirror: HomeMirror;
  registry: ToolRegistry;
  fastPath: ReturnType<typeof createFastPath>;
  logger: Logger;
  /** How long HA may take to answer one request (a share of the turn budget). */
  timeoutMs: number;
  /** With a language model, HA's errors are left to it; without, HA's words win where ours are none. */
  hasModel: boolean;
}

export interface HomeAssistantAnswer {
  speech: string;
  responseType: ResponseType;
  results: ToolResult[];
  handledBy: string;
}

export function createHomeAssistantAgent(options: HomeAssistantAgentOptions) {
  const { mirror, registry, fastPath, logger } = options;
  let tooOldSaid = false;

  /** The effects HA's agent would have that the policy holds, as recognised; empty when none. */
  function heldBy(heard: HaRecognition): string[] {
    if (heard.kind !== "intent" || !heard.match || ANSWERS.has(heard.intent)) return [];
    const policy = registry.policy();
    const act = actOf(heard.intent, heard.slots);
    const ids = new Set([
      ...heard.targets,
      ...entitiesForSlots(mirror, heard.slots).entities.map((e) => e.entityId),
    ]);
    const held: string[] = [];
    for (const id of ids) {
      const entity = mirror.entity(id);
      if (!entity) continue;
      // A toggle is judged as opening whatever the state says now; an intent we do not know is
      // judged by the worst it could do to its target. Both readings of a joined device count.
      const effect = act
        ? policy.entityEffect(entity, act === "toggle" ? "on" : act, act !== "toggle")
        : (policy.entityEffect(entity, "on", false) ?? policy.entityEffect(entity, "off", false));
      if (effect) held.push(`${effect} ${entity.name}`);
    }
    return held;
  }

  let takesDevice = true;
  async function recognize(text: string, language: string, signal: AbortSignal, deviceId?: string) {
    const ask = (device?: string) =>
      withTimeout(() => mirror.recognize(text, language, device), { ms: options.timeoutMs, signal });
    if (!deviceId || !takesDevice) return ask();
    try {
      return await ask(deviceId);
    } catch (err) {
      // An HA whose command takes no device_id yet refuses the key: asked without the speaker.
      if (!(err instanceof HomeAssistantError && err.code === "invalid_format")) throw err;
      takesDevice = false;
      logger.warn(
        "Home Assistant's agent cannot be told which satellite heard a sentence (its recognise-only command takes no device_id): sentences that need the speaker's area are not understood by it. Update Home Assistant.",
      );
      return ask();
    }
  }

  return async function ask(
    request: FastPathRequest,
    fast: { speech: string; results: ToolResult[] },
  ): Promise<HomeAssistantAnswer | undefined> {
    if (!mirror.status().connected) return undefined;
    const { text, language, deviceId, signal } = request;
    const handledBy = "home assistant";
    let heard: HaRecognition;
    try {
      heard = await recognize(text, language, signal, deviceId);
    } catch (err) {
      if (err instanceof HomeAssistantError && err.code === "unknown_command") {
        // Without the recognise-only command what HA would do cannot be judged first.
        if (!tooOldSaid) {
          tooOldSaid = true;
          logger.warn(
            "Home Assistant's own agent is not asked: this Home Assistant lacks conversation/agent/homeassistant/debug, " +
              "so what its agent would do cannot pass the bridge's action policy first. Update Home Assistant.",
          );
        }
        if (registry.policy().confirms) return undefined;
        heard = { kind: "none" };
      } else {
        logger.warn(`Home Assistant's agent failed: ${(err as Error).message}`);
        return undefined;
      }
    }

    // A command of ours: carried out here, with the speaker, through the tools and the policy.
    if (heard.kind === "intent" && heard.match) {
      const action = recognizedAction(mirror, heard.intent, heard.slots, deviceId);
      const outcome = action ? await fastPath.actOn(request, action) : undefined;
      // Nothing of it in the speaker's area: said so, never handed to HA's process, which has no
      // satellite and would act on the whole home.
      if (outcome?.kind === "done" || (outcome && action && !action.targets.length)) {
        return {
          speech: outcome.speech,
          responseType: outcome.kind === "done" ? outcome.responseType : "error",
          results: [...fast.results, ...outcome.results],
          handledBy,
        };
      }
    }

    // HA acts itself: what `conversation/process` would do (no satellite) is judged first.
    let plain = heard;
    try {
      if (deviceId) plain = await recognize(text, language, signal);
    } catch (err) {
      if (!(err instanceof HomeAssistantError && err.code === "unknown_command")) {
        logger.warn(`Home Assistant's agent failed: ${(err as Error).message}`);
        return undefined;
      }
    }
    const held = heldBy(plain);
    if (held.length) {
      logger.info(
        `not handed to Home Assistant's agent, which would not ask first: it would ${held.join(", ")}`,
      );
      return undefined;
    }
    let reply;
    try {
      // A slow answer must leave the LLM (or our own reply) time within the turn.
      reply = await withTimeout(() => mirror.converse(text, language), { ms: options.timeoutMs, signal });
    } catch (err) {
      logger.warn(`Home Assistant's agent failed: ${(err as Error).message}`);
      return undefined;
    }
    if (reply.responseType !== "error") {
      return { speech: reply.speech, responseType: reply.responseType, results: fast.results, handledBy };
    }
    if (options.hasModel || fast.speech || !reply.speech) return undefined;
    return { speech: reply.speech, responseType: "error", results: fast.results, handledBy };
  };
}
