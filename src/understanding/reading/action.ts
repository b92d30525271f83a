// What the cues of a command say to do, when they say one thing: on or off, a change up or down
// (of a light's brightness or a speaker's volume, by a step, an amount or a percentage), a level,
// muting, a cover's opening, closing, stopping and position, a light's colour. Cues that disagree
// ("turn on … off", "up … down", "louder … brighter", "open … close") say nothing.
import type { ColorName, DeviceKind, FastIntent, WhiteName } from "../grammar-types.js";
import { COVER_KINDS } from "../kinds.js";
import type { Cue } from "./lexicon.js";

/** What a thing said is: a device by name, a kind, a pronoun, "everything", or words nobody knows. */
export interface Thing {
  text: string;
  type: "device" | "kind" | "pronoun" | "everything" | "unknown";
  kind?: DeviceKind;
  domains?: string[];
}

/** How a level was said: "to 50 %" (or a level word), "by 10 %", or a bare "20 %". */
export type LevelSaid = "to" | "by" | "bare";

type Hint = "light" | "media" | "cover";

/** A colour said: by name, or a colour temperature in kelvin. */
export interface ColorSaid {
  color?: ColorName | WhiteName;
  kelvin?: number;
  /** Said by a word that is also a temperature ("warm"): a colour only of a light named. */
  ofLightOnly?: boolean;
}

const DIRECTION_CUES: Record<string, { up: boolean; hint?: Hint }> = {
  up: { up: true },
  down: { up: false },
  brighter: { up: true, hint: "light" },
  dimmer: { up: false, hint: "light" },
  louder: { up: true, hint: "media" },
  quieter: { up: false, hint: "media" },
};

export interface Action {
  intent: FastIntent;
  kind?: DeviceKind;
  level?: number;
  by?: number;
  amount?: "step" | "lot" | "full" | "half";
  /** A level said as a change up or down ("dim the lights to 40 %"). */
  towards?: "up" | "down";
  color?: ColorName | WhiteName;
  kelvin?: number;
  /** "unmute and turn it up": the speaker is unmuted before its volume is changed. */
  unmute?: true;
}

/** Cues that switch a thing on or off. */
export const SWITCHES: readonly Cue[] = ["on", "off", "lightOn", "lightOff"];

/** What the cues say to do, when they say one thing. */
export function actionOf(
  cues: Map<Cue, number>,
  level: number | undefined,
  levelSaid: LevelSaid,
  thing: Thing | undefined,
  placeSaid: boolean,
  colorSaid: ColorSaid = {},
): Action | undefined {
  const has = (cue: Cue) => cues.has(cue);
  const moves = [has("open"), has("close"), has("stop")].filter(Boolean).length;
  const soundNoun = has("volume");
  const music = has("music");
  const lightNoun = has("brightness");
  if (soundNoun && lightNoun) return undefined;
  let directions = Object.entries(DIRECTION_CUES).filter(([cue]) => has(cue as Cue));
  // "metti su un po' di musica rock" puts music on, "metti su la luce" the light: a particle is a
  // direction only next to a volume, a brightness or a level.
  const byParticle = (cues.get("particles") ?? 0) >= (cues.get("up") ?? 0) + (cues.get("down") ?? 0);
  if (
    !soundNoun &&
    !lightNoun &&
    level === undefined &&
    byParticle &&
    directions.every(([cue]) => cue === "up" || cue === "down")
  ) {
    // "apaga la luz hacia abajo": a way said beside switching, left unread, may be what was meant.
    if (directions.length && SWITCHES.some(has)) return undefined;
    directions = [];
  }
  const ups = new Set(directions.map(([, d]) => d.up));
  if (ups.size > 1) return undefined;
  const up = ups.has(true);
  const hints = new Set(directions.flatMap(([, d]) => (d.hint ? [d.hint] : [])));
  const domainHint = thingHint(thing);
  // "la luz está demasiado fuerte", "doe het licht zachter", "metti la luce più bassa": a word of
  // loudness said of a light, with nothing of sound, is the light's strength.
  const saidOfLight = (lightNoun || domainHint === "light") && !has("brighter") && !has("dimmer");
  if (saidOfLight && !soundNoun && !music && !has("speak") && hints.has("media") && hints.size === 1)
    hints.delete("media");
  // "speak louder", "parle moins fort": the assistant's voice is the speaker's volume.
  if (soundNoun || music || has("speak")) hints.add("media");
  if (lightNoun) hints.add("light");
  if (domainHint) hints.add(domainHint);
  if (hints.size > 1) return undefined;
  const [hint] = [...hints] as Hint[];
  // "atténue les stores", "reduce the blinds", "increase the blinds": softened, lessened or
  // increased is said of light or sound, and no cover goes either way by it; "réduis les stores à
  // 30 %" says where it goes.
  if ((has("softens") || has("increases")) && hint === "cover" && (level === undefined || levelSaid === "by"))
    return undefined;
  const amount: Action["amount"] = has("full")
    ? "full"
    : has("lot")
      ? "lot"
      : has("bit")
        ? "step"
        : undefined;
  // "audio start", "connect to lights", "avvia": a word that starts or connects is "on" only of a
  // device named, or of a plug or a fan, which have nothing to start but their power ("start the
  // smart plug"); of the sound, another kind or nothing it is a guess, left to whoever reads on.
  const startedOnly = has("starts") && !has("lightOn") && (cues.get("on") ?? 0) <= (cues.get("starts") ?? 0);
  const powered = thing?.type === "kind" && (thing.kind === "outlet" || thing.kind === "fan");
  if (startedOnly && thing?.type !== "device" && !powered) return undefined;
  // "power up the kitchen plug": power given to what switches; "power up the volume" is no such thing.
  // A name the home knows only in part ("la stampante", the Printer Plug) may be one: only a
  // device it names is then switched (understand.ts, `powerOf`).
  if (has("powers") && !switches(thing) && thing?.type !== "unknown") return undefined;
  // "i don't need the lights off", "… dimmed": not needed so, said with another way, is no command.
  const unneeded = cues.get("unneeded") ?? 0;
  const otherWay = (cues.get("off") ?? 0) > unneeded || has("on") || has("lightOn") || has("lightOff");
  if (unneeded && (otherWay || directions.length || level !== undefined)) return undefined;
  const on = has("on") || has("lightOn");
  const off = has("off") || has("lightOff");
  const lightVerb =
    has("lightOn") || has("lightOff") ? { kind: "light" as DeviceKind, lightWords: true as const } : {};
  const acts = [on, off, has("mute"), has("unmute"), has("toggle")].filter(Boolean).length;
  // "allume le son", "rallume le son": a light's verb said of the sound gives the sound back; it
  // lights nothing. With a change or a level ("allume le son plus fort") it is not read here.
  if (soundNoun && has("lightOn")) {
    const plain = !directions.length && level === undefined && !amount && acts === 1 && !music;
    return plain && !has("mute") && !off ? { intent: "unmute" } : undefined;
  }
  const colored = colorSaid.color !== undefined || colorSaid.kelvin !== undefined;

  if (colored) {
    // "make the lamp red", "set the bulb to warm white", "turn on the light in blue".
    if (moves || directions.length || off || acts > 1 || has("mute") || has("unmute") || has("toggle"))
      return undefined;
    if (level !== undefined || amount || soundNoun || music || lightNoun) return undefined;
    if (hint === "media" || hint === "cover") return undefined;
    if (colorSaid.ofLightOnly && hint !== "light") return undefined;
    if (!thing && !placeSaid) return undefined;
    if (thing?.type === "everything") return undefined;
    return {
      intent: "set_color",
      kind: "light",
      ...(colorSaid.color ? { color: colorSaid.color } : {}),
      ...(colorSaid.kelvin !== undefined ? { kelvin: colorSaid.kelvin } : {}),
    };
  }
  // One cover verb and nothing else said of the thing: no switching, way, level, sound or light word.
  const moveAlone =
    moves === 1 &&
    !acts &&
    !directions.length &&
    level === undefined &&
    !amount &&
    !soundNoun &&
    !music &&
    !lightNoun;
  // "stop the smart plug", "arrête la prise": what only has power has nothing to stop but it, so
  // it is switched off. Not a light ("stop the light" says nothing plain) nor a cover's stop.
  if (moveAlone && has("stop") && powersOnly(thing)) return { intent: "turn_off" };
  // "ouvre la prise", "ferme la lampe": opened or closed, what has only power or light is switched
  // on or off, as Quebec French says of any device ("ouvrir la lumière").
  if (moveAlone && !has("stop") && (powersOnly(thing) || thingHint(thing) === "light"))
    return { intent: has("open") ? "turn_on" : "turn_off" };
  if (moves) {
    // A cover's own verbs: "open the blinds halfway", "close the shutters", "stop the shutter".
    if (moves > 1 || acts || soundNoun || music || lightNoun || hint === "light" || hint === "media")
      return undefined;
    // Said of something: a bare "stop" or "open" is no cover's (a player pauses, a timer stops).
    if (!thing || thing.type === "everything" || (has("stop") && thing.type === "unknown")) return undefined;
    if (has("stop"))
      return directions.length || level !== undefined || amount ? undefined : { intent: "stop" };
    if (directions.length) {
      // "open up", "roll down": the direction agrees with the verb, or the sentence says nothing.
      if (has("open") !== up) return undefined;
    }
    if (level !== undefined) {
      // "open the shutter by 20 %": a step of the size said, from where it is.
      if (levelSaid === "by")
        return amount ? undefined : { intent: has("open") ? "step_up" : "step_down", by: level };
      return amount ? undefined : { intent: "set_position", level };
    }
    if (amount === "full" || !amount) return { intent: has("open") ? "open" : "close" };
    // "open the shutter a bit": a step from where it is, not all the way.
    return { intent: has("open") ? "step_up" : "step_down", amount };
  }

  // "silent mode on", "activate silent mode", "turn mute off": mute switched as a state.
  if (
    has("muteModes") &&
    on !== off &&
    acts === 2 &&
    !has("unmute") &&
    !directions.length &&
    level === undefined &&
    hint !== "light"
  )
    return { intent: on ? "mute" : "unmute" };
  // "unmute and turn it up", "unmute it and set the volume to 30": the sound back, then louder or
  // at the level said; never quieter, which would undo what the first asked.
  if (has("unmute") && !has("mute") && acts === 1 && hint !== "light" && hint !== "cover") {
    const louder = directions.length > 0 && up && level === undefined && !has("lightOn");
    const toLevel = level !== undefined && levelSaid === "to" && !amount && (!directions.length || up);
    if (louder || toLevel) {
      const change = { ...(amount ? { amount } : {}) };
      return toLevel
        ? { intent: "set_volume", level: level!, unmute: true }
        : { intent: "volume_up", ...change, unmute: true };
    }
  }
  if (has("mute") || has("unmute")) {
    if (acts > 1 || directions.length || level !== undefined || hint === "light") return undefined;
    return { intent: has("mute") ? "mute" : "unmute" };
  }
  // "Musik aus", "arrête la musique": music is paused, not switched off or muted.
  if (music && !soundNoun && (on || off || has("toggle"))) return undefined;
  if (has("toggle")) {
    if (acts > 1 || directions.length || level !== undefined || soundNoun) return undefined;
    return { intent: "toggle" };
  }
  // "turn the sound off": the speaker is muted, not switched off.
  if (
    soundNoun &&
    !directions.length &&
    level === undefined &&
    acts === 1 &&
    (on || off) &&
    !has("lightOn")
  ) {
    return { intent: off ? "mute" : "unmute" };
  }
  if (directions.length) {
    // "raise the blinds", "lower the shutter to 30 %": a cover goes up (opens) or down.
    if (hint === "cover") {
      if (on || off || has("lightOn")) return undefined;
      if (level !== undefined) {
        if (amount) return undefined;
        return levelSaid === "by"
          ? { intent: up ? "step_up" : "step_down", by: level }
          : { intent: "set_position", level };
      }
      // "lower the blinds a bit": a step from where they are; all the way, or no amount, to the end.
      if (amount && amount !== "full") return { intent: up ? "step_up" : "step_down", amount };
      return { intent: up ? "open" : "close" };
    }
    if (off && !has("lightOn")) return undefined;
    // "light it up", "turn on … up": the verb's on, not a change; "allume … moins lumineuses" is neither.
    // "ilumina más luz", "illumina più luce": more light is a change, brightening what is lit; so is a
    // stronger one ("fais de la lumière plus forte", "necesito luz más fuerte"), said of the light.
    if (has("lightOn") && !level && !amount) {
      if (!up) return undefined;
      return has("brighter") || has("louder") ? { intent: "brighten" } : { intent: "turn_on", ...lightVerb };
    }
    // "éclaire un peu plus", "light it up a bit more": light, a bit more of it, is a step brighter.
    if (has("lightOn") && up && amount && amount !== "full" && level === undefined)
      return { intent: "brighten", amount };
    if (has("lightOn")) return undefined;
    // "turn the volume up to 50 %" is a level; "up 20 %", "up by 20 %" a change.
    if (level !== undefined && levelSaid === "to") {
      const towards = up ? "up" : "down";
      if (hint === "media") return { intent: "set_volume", level, towards };
      // Of a device named and not known by its words ("erhöhe die Wohnzimmerlichter auf 50
      // Prozent"): a level, as "set … to 50" is, for what it turns out to be.
      if (hint === "light" || (!hint && thing && thing.type !== "everything"))
        return { intent: "set_level", level, towards };
      return undefined;
    }
    const change = {
      ...(level !== undefined ? { by: level } : {}),
      ...(amount ? { amount } : {}),
    };
    if (hint === "media") return { intent: up ? "volume_up" : "volume_down", ...change };
    if (hint === "light") return { intent: up ? "brighten" : "dim", ...change };
    // Up or down of a device named: by what it is; of a place alone, not knowing of what.
    if (thing && thing.type !== "everything") return { intent: up ? "step_up" : "step_down", ...change };
    return undefined;
  }
  if (acts > 1) return undefined;
  if (level !== undefined) {
    if (off || levelSaid === "by" || amount) return undefined;
    // "turn the lights on at 50 %", "set the kitchen light to 40", "volume 30 percent"; "set it
    // to maximum", "metti al massimo" say a level of nothing said: the volume, the heating, a
    // light?
    if (!on && !hint && !soundNoun && !lightNoun && !thing && !placeSaid) return undefined;
    // "set the blinds to 40 %": a cover's level is its position.
    if (hint === "cover") return on ? undefined : { intent: "set_position", level };
    return hint === "media" ? { intent: "set_volume", level } : { intent: "set_level", level };
  }
  if (on) return { intent: "turn_on", ...lightVerb };
  // "apaga un poco la luz", "spegni un po' le luci": a light switched off only a bit is dimmed;
  // anything else switched off a bit is no command we know.
  if (off && amount === "step") return hint === "light" ? { intent: "dim", amount } : undefined;
  if (off) return { intent: "turn_off", ...lightVerb };
  // "pon la luz": a light put, and nothing said of how, is switched on; "metti su la luce" puts
  // it up or on, which is not said for certain.
  if (
    has("lightPuts") &&
    !acts &&
    !has("particles") &&
    !soundNoun &&
    !music &&
    !lightNoun &&
    thingHint(thing) === "light"
  )
    return { intent: "turn_on" };
  return undefined;
}

/** Kinds and domains of what power switches on and off: lights, switches, plugs and fans. */
const SWITCHED_KINDS: ReadonlySet<DeviceKind> = new Set(["light", "switch", "outlet", "fan"]);
const SWITCHED_DOMAINS: ReadonlySet<string> = new Set(["light", "switch", "input_boolean", "fan"]);

/** Whether a thing said is a light, a switch, a plug or a fan, by kind or by name. */
function switches(thing: Thing | undefined): boolean {
  if (thing?.type === "kind") return !!thing.kind && SWITCHED_KINDS.has(thing.kind);
  if (thing?.type === "device")
    return !!thing.domains?.length && thing.domains.every((d) => SWITCHED_DOMAINS.has(d));
  return false;
}

/** Whether a thing said is a plug, a switch or a fan: power is all it has, by kind or by name. */
function powersOnly(thing: Thing | undefined): boolean {
  if (thing?.type === "kind")
    return thing.kind === "outlet" || thing.kind === "switch" || thing.kind === "fan";
  if (thing?.type === "device")
    return !!thing.domains?.length && thing.domains.every((d) => d === "switch" || d === "fan");
  return false;
}

/** What a thing said has a level of, when that is plain from what it is. */
function thingHint(thing: Thing | undefined): Hint | undefined {
  if (!thing) return undefined;
  if (thing.type === "kind") {
    if (thing.kind && COVER_KINDS.has(thing.kind)) return "cover";
    if (thing.kind === "media_player" || thing.kind === "tv") return "media";
    return thing.kind === "light" ? "light" : undefined;
  }
  if (thing.type === "device" && thing.domains?.length === 1) {
    const [domain] = thing.domains;
    return domain === "light"
      ? "light"
      : domain === "media_player"
        ? "media"
        : domain === "cover"
          ? "cover"
          : undefined;
  }
  return undefined;
}
