// Home Assistant's built-in conversation agent in miniature, for the fake HA (ha-server.ts), as
// home-assistant/core has it (homeassistant/components/conversation/default_agent.py, http.py,
// helpers/intent.py):
// - recognition: a sentence becomes an intent with slots. `name` slot values come only from the
//   entities exposed to Assist (`_make_slot_lists`); a template that takes its area from the
//   speaker (`requires_context: area`) matches only when the request carried a device whose area
//   is known (`_make_intent_context`), and that area fills the `area` slot. A name HA does not
//   know leaves the intent unmatched (`match: false`).
// - `conversation/agent/homeassistant/debug` {sentences, language?, device_id?}: recognition only,
//   with `targets` as `_get_debug_targets` computes them (`async_match_states` over every state:
//   name or alias, area, domain, device class; not exposure, not floors).
// - `conversation/process` {text, language?, agent_id?, conversation_id?}: recognition with no
//   device (the command carries none), then the intent handler acts on the exposed entities that
//   match, with the service of each domain (helpers/intent.py `ServiceIntentHandler`,
//   cover/intent.py, lock/intent.py: on opens a cover and locks a lock, off closes and unlocks).
// The recogniser knows a few English and Swedish sentences; a test (or the HA-intents bench) may
// give its own, which returns what HA's own recogniser makes of its sentences.
import type { FakeHome } from "./ha-home.js";

export type SlotValue = string | number | Array<string | number>;

export type Recognized =
  | { trigger: true }
  | { intent: string; slots: Record<string, { value: SlotValue; text: string }>; match: boolean };

/** The speaker's area, when the request named a device that has one. */
export interface RecognizeContext {
  area?: { id: string; name: string };
}

export type Recognizer = (
  text: string,
  language: string,
  context: RecognizeContext,
  home: AgentHome,
) => Recognized | undefined;

/** What the agent sees of the fake's home. */
export interface AgentHome {
  home: FakeHome;
  isExposed(entityId: string): boolean;
  /** The names (friendly name and aliases) of an entity. */
  namesOf(entityId: string): string[];
  areaOf(entityId: string): string | undefined;
}

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^the\s+/, "")
    .trim();

const slot = (value: SlotValue, text = String(value)) => ({ value, text });

/** The exposed entity a spoken name is (its friendly name or an alias), as HA's name slot list holds it. */
function exposedName(agent: AgentHome, spoken: string): string | undefined {
  for (const entityId of agent.home.states.keys()) {
    if (!agent.isExposed(entityId)) continue;
    const names = agent.namesOf(entityId);
    const hit = names.find((n) => fold(n) === fold(spoken));
    if (hit) return names[0];
  }
  return undefined;
}

const PLURALS: Record<string, string> = { lights: "light", fans: "fan", lamps: "light", lamporna: "light" };

/** The miniature recogniser: a few of HA's English and Swedish templates. */
export const miniatureRecognizer: Recognizer = (raw, language, context, agent) => {
  const text = raw.trim().replace(/[.?!]+$/, "");
  const base = language.split(/[-_]/)[0];
  const named = (intent: string, spoken: string, extra: Record<string, string> = {}): Recognized => {
    const name = exposedName(agent, spoken);
    const slots = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, slot(v)]));
    return name
      ? { intent, slots: { ...slots, name: slot(name, spoken) }, match: true }
      : { intent, slots: { ...slots, name: slot(spoken) }, match: false };
  };
  // "turn on all the fans", "tänd lamporna här": the speaker's area fills the area slot.
  const here = (intent: string, plural: string): Recognized | undefined => {
    const domain = PLURALS[plural.toLowerCase()];
    if (!domain || !context.area) return undefined;
    return {
      intent,
      slots: { domain: slot(domain), name: slot("all"), area: slot(context.area.name) },
      match: true,
    };
  };
  if (base === "en") {
    // domain_all: "turn off all the lights" is the whole home (no area, no context needed).
    let m = /^(?:turn|switch) (on|off) all (?:the )?lights(?: in the (?:house|home))?$/i.exec(text);
    if (m) {
      const intent = m[1] === "on" ? "HassTurnOn" : "HassTurnOff";
      return { intent, slots: { domain: slot("light"), name: slot("all") }, match: true };
    }
    // domain_only: the lights, or (all) the fans, of the speaker's area.
    m =
      /^(?:turn|switch) (on|off) (?:(?:all )?(?:the )?(fans)|(?:the )?(lights)|all (?:the )?(lights) in here)(?: in here)?$/i.exec(
        text,
      );
    if (m) return here(m[1] === "on" ? "HassTurnOn" : "HassTurnOff", (m[2] ?? m[3] ?? m[4])!);
    m = /^(?:turn|switch) (on|off) (.+)$/i.exec(text);
    if (m) return named(m[1] === "on" ? "HassTurnOn" : "HassTurnOff", m[2]!);
    m = /^(?:please )?(unlock|lock|open|close) (.+)$/i.exec(text);
    if (m) {
      const verb = m[1]!.toLowerCase();
      const domain = verb === "unlock" || verb === "lock" ? "lock" : "cover";
      return named(verb === "lock" || verb === "open" ? "HassTurnOn" : "HassTurnOff", m[2]!, { domain });
    }
    m = /^toggle (.+)$/i.exec(text);
    if (m) return named("HassToggle", m[1]!);
    m = /^what(?: is|'s) (?:the state of )?(.+)$/i.exec(text);
    if (m) return named("HassGetState", m[1]!);
    return undefined;
  }
  if (base === "sv") {
    let m = /^(tänd|släck) (lamporna) här$/i.exec(text);
    if (m) return here(m[1]!.toLowerCase() === "tänd" ? "HassTurnOn" : "HassTurnOff", m[2]!);
    m = /^(tänd|släck) (.+)$/i.exec(text);
    if (m) return named(m[1]!.toLowerCase() === "tänd" ? "HassTurnOn" : "HassTurnOff", m[2]!);
    m = /^lås upp (.+)$/i.exec(text);
    if (m) return named("HassTurnOff", m[1]!, { domain: "lock" });
    return undefined;
  }
  return undefined;
};

const values = (v: SlotValue | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map(String);

/**
 * `intent.async_match_states`: every state whose name or alias, area (by id or name), domain and
 * device class fit; `exposedOnly` as the intent handlers ask it (assistant = conversation).
 */
export function matchStates(
  agent: AgentHome,
  slots: Record<string, { value: SlotValue }>,
  exposedOnly: boolean,
): string[] {
  const [name] = values(slots.name?.value);
  const areas = values(slots.area?.value).map(fold);
  // The intent handlers match floors too (`async_match_targets`); `_get_debug_targets` does not.
  const floors = exposedOnly ? values(slots.floor?.value).map(fold) : [];
  const domains = values(slots.domain?.value);
  const classes = values(slots.device_class?.value);
  const byName = name !== undefined && name !== "all" ? fold(name) : undefined;
  if (byName === undefined && !areas.length && !floors.length && !domains.length && !classes.length)
    return [];
  return [...agent.home.states].flatMap(([entityId, s]) => {
    if (exposedOnly && !agent.isExposed(entityId)) return [];
    if (byName !== undefined && !agent.namesOf(entityId).some((n) => fold(n) === byName)) return [];
    if (areas.length) {
      const areaId = agent.areaOf(entityId);
      const area = agent.home.areas.find((a) => a.area_id === areaId);
      if (!area || !areas.some((a) => a === fold(area.area_id) || a === fold(area.name))) return [];
    }
    if (floors.length) {
      const area = agent.home.areas.find((a) => a.area_id === agent.areaOf(entityId));
      const floor = agent.home.floors.find((f) => f.floor_id === area?.floor_id);
      if (!floor || !floors.some((f) => f === fold(floor.floor_id) || f === fold(floor.name))) return [];
    }
    if (domains.length && !domains.includes(entityId.split(".")[0]!)) return [];
    if (classes.length && !classes.includes(String(s.attributes.device_class ?? ""))) return [];
    return [entityId];
  });
}

/** `default_agent.async_debug_recognize` for one sentence. */
export function debugResult(
  agent: AgentHome,
  recognized: Recognized | undefined,
): Record<string, unknown> | null {
  if (!recognized) return null;
  if ("trigger" in recognized) return { match: true, source: "trigger", sentence_template: "" };
  const { intent, slots, match } = recognized;
  return {
    intent: { name: intent },
    slots: Object.fromEntries(Object.entries(slots).map(([k, v]) => [k, v.text || v.value])),
    details: Object.fromEntries(
      Object.entries(slots).map(([k, v]) => [k, { name: k, value: v.value, text: v.text }]),
    ),
    targets: match
      ? Object.fromEntries(matchStates(agent, slots, false).map((id) => [id, { matched: true }]))
      : {},
    match,
    sentence_template: "",
    unmatched_slots: {},
    fuzzy_match: false,
    source: "builtin",
  };
}

const ON: Record<string, string> = { cover: "open_cover", valve: "open_valve", lock: "lock" };
const OFF: Record<string, string> = { cover: "close_cover", valve: "close_valve", lock: "unlock" };
const DONE: Record<string, [on: string, off: string, toggled: string]> = {
  en: ["Turned on", "Turned off", "Toggled"],
  sv: ["Slog på", "Stängde av", "Växlade"],
};

/** What `conversation/process` does with a recognition: the intent handler's service calls and answer. */
export function handle(
  agent: AgentHome,
  recognized: Recognized | undefined,
  language: string,
  callService: (domain: string, service: string, entityId: string) => void,
): { type: "action_done" | "query_answer" | "error"; speech: string; code?: string; success?: unknown[] } {
  if (!recognized)
    return { type: "error", speech: "Sorry, I couldn't understand that", code: "no_intent_match" };
  if ("trigger" in recognized) return { type: "action_done", speech: "Done" };
  const name = recognized.slots.name?.text;
  if (!recognized.match) {
    return {
      type: "error",
      speech: `Sorry, I am not aware of any device called ${name ?? ""}`,
      code: "no_valid_targets",
    };
  }
  const targets = matchStates(agent, recognized.slots, true);
  if (!targets.length) {
    return { type: "error", speech: "Sorry, no device matched", code: "no_valid_targets" };
  }
  const success = targets.map((id) => ({ name: agent.namesOf(id)[0], type: "entity", id }));
  if (recognized.intent === "HassGetState") {
    const id = targets[0]!;
    return {
      type: "query_answer",
      speech: `${agent.namesOf(id)[0]} is ${agent.home.states.get(id)?.state}`,
      success,
    };
  }
  const index = { HassTurnOn: 0, HassTurnOff: 1, HassToggle: 2 }[recognized.intent];
  if (index === undefined)
    return { type: "error", speech: "Sorry, I can't do that", code: "failed_to_handle" };
  for (const id of targets) {
    const domain = id.split(".")[0]!;
    const service =
      index === 0 ? (ON[domain] ?? "turn_on") : index === 1 ? (OFF[domain] ?? "turn_off") : "toggle";
    callService(domain, service, id);
  }
  const words = DONE[language.split(/[-_]/)[0] ?? ""] ?? DONE.en!;
  return { type: "action_done", speech: `${words[index]} ${success.map((s) => s.name).join(", ")}`, success };
}
