// What another server's tool would do, read from its arguments. MCP's annotations are hints, and
// the default for a tool that is not read-only is "destructive" (MCP specification, tool
// annotations): so a call of such a tool is never trusted to say it is harmless. It is held when
// an argument names or resolves to something whose opening lets someone in: an entity id
// (`lock.front_door`), a domain and service (`lock.unlock`, `cover.open_cover`, a position above
// closed), a name or alias said anywhere in a text ("unlock the front door"), an area that holds
// such a device, or, where Home Assistant cannot tell, a word for a lock, garage door, gate or
// door in one of the six languages. What the call does is read from its service, action or
// intent, else from the tool's name; when nothing says, the worst it could do is judged.
import type { EntityView, HomeMirror } from "../../ha/mirror.js";
import { normalizeName } from "../../spoken-name.js";
import { ENTRANCE_COVER_CLASSES, type Act } from "./effects.js";
import type { HeldEffect } from "./held.js";
import { entityReading, strictestEffect, asEffect, type Reading } from "./readings.js";

/** Domains whose entities may open the home. */
const SENSITIVE_DOMAINS = new Set(["lock", "cover", "alarm_control_panel"]);

/** Words of what a call does, in services, intents and tool names (folded: letters only). */
const ACT_WORDS: ReadonlyArray<[word: string, act: Act | "position"]> = [
  ["unlock", "unlock"],
  ["disarm", "disarm"],
  ["turnoff", "off"],
  ["turnon", "on"],
  ["toggle", "toggle"],
  ["setcoverposition", "position"],
  ["setposition", "position"],
  ["opencover", "open"],
  ["closecover", "close"],
  ["open", "open"],
  ["close", "close"],
  ["lock", "lock"],
];

/** Keys whose value says what the call does, not what it acts on. */
const ACT_KEYS = new Set(["service", "action", "command", "intent", "method", "operation"]);

/**
 * Words, in the six languages, that name a lock or an entrance: what is judged when Home
 * Assistant cannot say what a name is. Folded as names are (spoken-name.ts).
 */
const LOCK_WORDS = new Set(
  "lock deadbolt schloss turschloss serrure verrou cerradura cerrojo slot deurslot serratura".split(" "),
);
/** A garage door or gate: a cover. */
const GATE_WORDS = new Set(
  (
    "garage gate tor garagentor hoftor gartentor einfahrtstor portail porton garaje verja cancela poort " +
    "garagedeur cancello portone"
  ).split(" "),
);
/** A door: a lock, or a cover that opens it. */
const DOOR_WORDS = new Set("door tur haustur eingangstur porte puerta deur voordeur porta".split(" "));

const ENTITY_ID = /^([a-z_]+)\.([a-z0-9_]+)$/;

/** A folded name as words, padded, so "front door" is found whole in "unlock the front door". */
const padded = (text: string) => ` ${normalizeName(text)} `;

function actOfWord(text: string): Act | "position" | undefined {
  const folded = text.toLowerCase().replace(/[^a-z]/g, "");
  return ACT_WORDS.find(([word]) => folded.includes(word))?.[1];
}

/** Every string and number of the arguments, with the key it stands under. */
function leaves(
  value: unknown,
  key = "",
  out: Array<[string, unknown]> = [],
  depth = 0,
): Array<[string, unknown]> {
  if (depth > 8) return out;
  if (Array.isArray(value)) for (const v of value) leaves(v, key, out, depth + 1);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) leaves(v, k.toLowerCase(), out, depth + 1);
  else if (typeof value === "string" || typeof value === "number") out.push([key, value]);
  return out;
}

export interface ArgumentCall {
  tool: string;
  args: Record<string, unknown>;
}

/** The effects a call of another server's tool would have that wait for a yes; empty when none. */
export function argumentEffects(call: ArgumentCall, mirror: HomeMirror | undefined): HeldEffect[] {
  const all = leaves(call.args);
  const domains = new Set<string>();
  let act: Act | "position" | undefined;
  for (const [key, value] of all) {
    if (typeof value !== "string") continue;
    if (key === "domain") domains.add(value.toLowerCase());
    if (!ACT_KEYS.has(key)) continue;
    // "lock.unlock" as a service: its domain and what it does.
    const service = ENTITY_ID.exec(value.toLowerCase());
    if (service) domains.add(service[1]!);
    act ??= actOfWord(service ? service[2]! : value);
  }
  act ??= actOfWord(call.tool);
  const position = all.find(([key, value]) => key.includes("position") && typeof value === "number")?.[1];
  const effectiveAct: Act | undefined =
    act === "position" ? (typeof position === "number" && position <= 0 ? "close" : "open") : act;

  const exposed = mirror?.exposedEntities() ?? [];
  const sensitive = exposed.filter((e) => SENSITIVE_DOMAINS.has(e.domain));
  // Each group is one target, read one or more ways ("front door": a lock, or a door cover).
  const groups: Reading[][] = [];
  for (const [key, value] of all) {
    if (typeof value !== "string" || ACT_KEYS.has(key) || key === "domain") continue;
    groups.push(...readingsOfText(value.slice(0, 2000), key, mirror, exposed, sensitive));
  }
  // A domain and service with no target the bridge could read ("all", or none): the domain itself.
  if (!groups.some((g) => g.length)) {
    for (const domain of domains) {
      if (!SENSITIVE_DOMAINS.has(domain)) continue;
      if (domain !== "cover") groups.push([{ kind: { domain }, name: domain }]);
      // Any cover: held when the home has an entrance among them, or the bridge cannot see the home.
      else if (!mirror || sensitive.some(isEntrance))
        groups.push([{ kind: { domain, deviceClass: "garage" }, name: "the covers" }]);
    }
  }
  const effects = new Map<string, HeldEffect>();
  for (const group of groups) {
    const fitting = domains.size ? group.filter((r) => domains.has(r.kind.domain)) : group;
    const effect = strictestEffect(fitting, effectiveAct);
    if (effect) effects.set(`${effect.kind} ${effect.entityId ?? effect.target}`, asEffect(effect));
  }
  return [...effects.values()];
}

const isEntrance = (e: EntityView) =>
  e.domain === "cover" && ENTRANCE_COVER_CLASSES.has(String(e.attributes.device_class ?? ""));

/** What one string argument names: entities by id, name or area, else the words it holds. */
function readingsOfText(
  text: string,
  key: string,
  mirror: HomeMirror | undefined,
  exposed: readonly EntityView[],
  sensitive: readonly EntityView[],
): Reading[][] {
  const id = ENTITY_ID.exec(text.trim().toLowerCase());
  if (id) {
    const entity = mirror?.entity(id[0]);
    if (entity) return [[entityReading(entity)]];
    // An entity the bridge does not see: a lock or panel by its domain, a cover by what its id says.
    const domain = id[1]!;
    if (domain === "lock" || domain === "alarm_control_panel") return [[{ kind: { domain }, name: text }]];
    return [wordReadings(id[2]!.replace(/_/g, " "), text).filter((r) => r.kind.domain === domain)];
  }
  const said = padded(text);
  if (said.trim() === "") return [];
  // An area (HA's intents take one): every exposed entity in it.
  if (key.startsWith("area") || key.startsWith("floor")) {
    const inArea = exposed.filter((e) =>
      [e.area?.id, e.area?.name, e.floor?.id, e.floor?.name].some((n) => n && padded(n) === said),
    );
    if (inArea.length) return inArea.map((e) => [entityReading(e)]);
  }
  const named = sensitive.filter((e) =>
    [e.name, e.entityId.split(".")[1]!, ...e.aliases].some((n) => said.includes(padded(n))),
  );
  if (named.length) return named.map((e) => [entityReading(e)]);
  // A name Home Assistant knows as something else ("Door Light") is that, not a door.
  if (exposed.some((e) => [e.name, ...e.aliases].some((n) => padded(n) === said))) return [];
  return [wordReadings(text, text)];
}

/** What the words of a name suggest it is: a lock, an entrance cover, or both ("front door"). */
function wordReadings(text: string, shown: string): Reading[] {
  const words = normalizeName(text).split(" ");
  const name = shown.trim().slice(0, 60);
  const door = words.some((w) => DOOR_WORDS.has(w) || w.endsWith("tur"));
  const lock = door || words.some((w) => LOCK_WORDS.has(w) || w.endsWith("schloss"));
  const gate = words.some((w) => GATE_WORDS.has(w));
  return [
    ...(lock ? [{ kind: { domain: "lock" }, name }] : []),
    ...(door || gate ? [{ kind: { domain: "cover", deviceClass: gate ? "garage" : "door" }, name }] : []),
  ];
}
