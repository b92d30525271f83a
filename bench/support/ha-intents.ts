// Home Assistant's own intent tests (OHF-Voice/intents `tests/<lang>/<Intent>/<combination>.yaml`),
// read at run time from a checkout and never copied into this repository. Each file names a
// small home of its own (entities, areas, floors) and, per group of sentences, the intent's slots.
// This module turns one file into a home for the HA fake, with the satellite's area and one device
// of every kind and cover class in every area, so that "the curtains in the kitchen" has both
// curtains and other covers to choose from; and it computes what HA's intent handler would act on
// for the expected slots (name or alias, area, floor, domain, device class), the yardstick the
// benchmark measures our understanding by.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { heldEffect } from "../../src/tools/policy/effects.js";
import {
  areaRow,
  deviceRow,
  entityRow,
  floorRow,
  MEDIA_VOLUME_MUTE,
  MEDIA_VOLUME_SET,
  sampleHome,
  state,
  type FakeHome,
} from "../../test/support/ha-home.js";

export type SlotValue = string | number | Array<string | number>;

export interface IntentTest {
  language: string;
  intent: string;
  combination: string;
  file: string;
  sentences: string[];
  slots: Record<string, SlotValue>;
  /** HA's expected reply for the group (used only for yes/no and numbers in answers). */
  response: string;
  /** The combination takes its area from the satellite ("turn on the lights in here"). */
  contextArea: boolean;
  /**
   * The file names no domain: the sentence means one of the combination's domains ("luces" the
   * lights, "ventiladores" the fans), whichever its words say.
   */
  inferredDomain: boolean;
  home: TestHome;
}

export interface TestEntity {
  id: string;
  name: string;
  domain: string;
  state: string;
  area?: string;
  attributes: Record<string, unknown>;
  exposed: boolean;
}

export interface TestHome {
  floors: Array<{ id: string; name: string }>;
  areas: Array<{ id: string; name: string; floor?: string }>;
  entities: TestEntity[];
  /** The area the satellite is in. */
  contextArea: string;
}

export const SATELLITE = "bench_satellite";
/** Device classes a cover can have, each present in every area of a test home. */
const COVER_CLASSES = ["curtain", "blind", "shade", "shutter", "window", "garage", "gate", "awning", "door"];
/** A media player of a test home: it can set and mute its volume, which is at half. */
const PLAYER = { supported_features: MEDIA_VOLUME_SET | MEDIA_VOLUME_MUTE | 384, volume_level: 0.5 };
/** One plain device of each kind in every area: names that no test sentence says. */
const KINDS: Array<{ domain: string; state: string; attributes?: Record<string, unknown> }> = [
  { domain: "light", state: "off" },
  { domain: "switch", state: "off" },
  { domain: "fan", state: "off" },
  { domain: "media_player", state: "on", attributes: PLAYER },
  { domain: "lock", state: "locked" },
  ...COVER_CLASSES.map((device_class) => ({
    domain: "cover",
    state: "closed",
    attributes: { device_class },
  })),
];

const slug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, "_");
const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
export const values = (v: SlotValue | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map(String);

/**
 * The tests directory of an OHF-Voice/intents tree: a checkout (has `tests/`), or a bare git
 * clone, whose `tests/` is exported to a temporary
 * folder with `git archive`.
 */
export function testsDirectory(tree: string, languages: string[]): string {
  if (existsSync(join(tree, "tests"))) return join(tree, "tests");
  const out = mkdtempSync(join(tmpdir(), "ha-intents-"));
  const archive = execFileSync(
    "git",
    [`--git-dir=${tree}`, "archive", "HEAD", ...languages.map((l) => `tests/${l}`), "intents.yaml"],
    { maxBuffer: 1 << 28 },
  );
  execFileSync("tar", ["-x", "-C", out], { input: archive });
  return join(out, "tests");
}

interface Combination {
  context_area?: boolean;
  inferred_domains?: Record<string, string[]>;
}

/** Every test group of a language, with its home. */
export function loadTests(testsDir: string, language: string): IntentTest[] {
  const schema = parse(readFileSync(join(testsDir, "..", "intents.yaml"), "utf8")) as Record<
    string,
    { slot_combinations?: Record<string, Combination> }
  >;
  const tests: IntentTest[] = [];
  const dir = join(testsDir, language);
  for (const intent of readdirSync(dir)
    .filter((d) => d.startsWith("Hass"))
    .sort()) {
    for (const file of readdirSync(join(dir, intent))
      .filter((f) => f.endsWith(".yaml"))
      .sort()) {
      const combination = file.replace(/\.yaml$/, "");
      const raw = parse(readFileSync(join(dir, intent, file), "utf8")) as RawFile;
      const combo = schema[intent]?.slot_combinations?.[combination] ?? {};
      // Questions are answered about the file's own home: extra devices would change the answer.
      const home = buildHome(raw, !QUESTION_INTENTS.has(intent));
      for (const group of raw.tests ?? []) {
        const slots = { ...(group.slots ?? {}) };
        const inferred = slots.domain === undefined && combo.inferred_domains !== undefined;
        if (inferred) {
          slots.domain = Object.values(combo.inferred_domains!).flat();
        }
        placeNamed(home, slots);
        tests.push({
          language,
          intent,
          combination,
          file: `tests/${language}/${intent}/${file}`,
          sentences: group.sentences,
          slots,
          response: String(group.response ?? ""),
          contextArea: combo.context_area === true,
          inferredDomain: inferred,
          home,
        });
      }
    }
  }
  return tests;
}

interface RawFile {
  entities?: Array<{
    name: string;
    domain: string;
    state?: unknown;
    state_with_unit?: unknown;
    area?: string;
    attributes?: Record<string, unknown>;
    is_exposed?: boolean;
  }>;
  areas?: Array<{ name: string; floor?: string; context_area?: boolean }>;
  floors?: Array<{ name: string }>;
  tests?: Array<{ sentences: string[]; slots?: Record<string, SlotValue>; response?: unknown }>;
}

/** Intents that ask rather than act. */
const QUESTION_INTENTS = new Set([
  "HassGetState",
  "HassClimateGetTemperature",
  "HassGetCurrentTime",
  "HassGetCurrentDate",
]);

function buildHome(raw: RawFile, withKinds: boolean): TestHome {
  const floors = (raw.floors ?? []).map((f) => ({ id: slug(f.name), name: f.name }));
  const areas: TestHome["areas"] = (raw.areas ?? []).map((a) => ({
    id: slug(a.name),
    name: a.name,
    ...(a.floor ? { floor: slug(a.floor) } : {}),
  }));
  // A floor with no area of its own gets one, so that "the lights upstairs" has lights.
  for (const floor of floors) {
    if (!areas.some((a) => a.floor === floor.id)) {
      areas.push({ id: `${floor.id}_rooms`, name: `Zone ${areas.length + 1}`, floor: floor.id });
    }
  }
  const marked = (raw.areas ?? []).find((a) => a.context_area);
  let contextArea = marked ? slug(marked.name) : "satellite_area";
  if (!marked) areas.push({ id: contextArea, name: "Zone 0" });
  areas.push({ id: "elsewhere", name: `Zone ${areas.length + 1}` });
  const entities: TestEntity[] = (raw.entities ?? []).map((e) => ({
    id: `${e.domain}.${slug(e.name)}`,
    name: e.name,
    domain: e.domain,
    state: String(e.state ?? e.state_with_unit ?? "off"),
    ...(e.area ? { area: slug(e.area) } : {}),
    // A media player in a test can set its volume (HA's tests do not model features).
    attributes: e.domain === "media_player" ? { ...PLAYER, ...e.attributes } : (e.attributes ?? {}),
    exposed: e.is_exposed ?? true,
  }));
  let n = 0;
  for (const area of withKinds ? areas : []) {
    for (const kind of KINDS) {
      n++;
      entities.push({
        id: `${kind.domain}.unit_${n}`,
        name: `Unit ${n}`,
        domain: kind.domain,
        state: kind.state,
        area: area.id,
        attributes: kind.attributes ?? {},
        exposed: true,
      });
    }
  }
  contextArea ||= "satellite_area";
  return { floors, areas, entities, contextArea };
}

/** A named device said to be in an area or on a floor is put there (the file names no place). */
function placeNamed(home: TestHome, slots: Record<string, SlotValue>) {
  const [name] = values(slots.name);
  const [areaName] = values(slots.area);
  const [floorName] = values(slots.floor);
  if (!name || (!areaName && !floorName)) return;
  const area = areaName
    ? home.areas.find((a) => fold(a.name) === fold(areaName))
    : home.areas.find(
        (a) => a.floor && fold(home.floors.find((f) => f.id === a.floor)?.name ?? "") === fold(floorName!),
      );
  if (!area) return;
  const named = home.entities.filter((e) => fold(e.name) === fold(name));
  // Already there: in that area, or (for a floor) in any area of that floor.
  const there = (e: TestEntity) =>
    areaName ? e.area === area.id : home.areas.find((a) => a.id === e.area)?.floor === area.floor;
  if (!named.length || named.some(there)) return;
  const free = named.find((e) => e.area === undefined);
  if (free) free.area = area.id;
  else home.entities.push({ ...named[0]!, id: `${named[0]!.id}_${area.id}`, area: area.id });
}

/** The home as the HA fake serves it, with the satellite as a device in the context area. */
export function fakeHome(home: TestHome, language: string): FakeHome {
  const fake = sampleHome();
  fake.config = { ...fake.config, language };
  fake.floors = home.floors.map((f, i) => floorRow(f.id, f.name, i));
  fake.areas = home.areas.map((a) => areaRow(a.id, a.name, a.floor ?? null));
  fake.devices = [deviceRow(SATELLITE, "Satellite", home.contextArea)];
  fake.entities = home.entities.map((e) =>
    entityRow(e.id, { original_name: e.name, area_id: e.area ?? null, exposed: e.exposed }),
  );
  fake.states = new Map(
    home.entities.map((e) => [e.id, state(e.state, { ...e.attributes, friendly_name: e.name })]),
  );
  fake.legacyExposure = new Map();
  return fake;
}

/** Intents that act on one domain whatever the slots say. */
const IMPLIED_DOMAINS: Record<string, string[]> = {
  HassLightSet: ["light"],
  HassSetVolume: ["media_player"],
  HassSetVolumeRelative: ["media_player"],
  HassMediaPlayerMute: ["media_player"],
  HassMediaPlayerUnmute: ["media_player"],
  HassClimateGetTemperature: ["climate"],
};

/**
 * What HA's handler may act on: one set per domain the sentence may mean when the file names
 * none, else the one set.
 */
export function expectedAlternatives(test: IntentTest): TestEntity[][] {
  if (!test.inferredDomain) return [expectedTargets(test)];
  return values(test.slots.domain).map((domain) =>
    expectedTargets({ ...test, slots: { ...test.slots, domain } }),
  );
}

/** What HA's handler acts on for these slots: every exposed entity that fits all of them. */
export function expectedTargets(test: IntentTest): TestEntity[] {
  const { home, slots } = test;
  const names = values(slots.name).map(fold);
  let areaNames = values(slots.area).map(fold);
  if (!areaNames.length && !names.length && test.contextArea) {
    areaNames = [fold(home.areas.find((a) => a.id === home.contextArea)?.name ?? "")];
  }
  const floorNames = values(slots.floor).map(fold);
  const domains = values(slots.domain).length ? values(slots.domain) : (IMPLIED_DOMAINS[test.intent] ?? []);
  const classes = values(slots.device_class);
  const areaOf = (e: TestEntity) => home.areas.find((a) => a.id === e.area);
  return home.entities.filter((e) => {
    if (!e.exposed) return false;
    if (names.length && !names.includes(fold(e.name))) return false;
    if (areaNames.length && !areaNames.includes(fold(areaOf(e)?.name ?? ""))) return false;
    if (floorNames.length) {
      const floor = home.floors.find((f) => f.id === areaOf(e)?.floor);
      if (!floor || !floorNames.includes(fold(floor.name))) return false;
    }
    if (domains.length && !domains.includes(e.domain)) return false;
    if (classes.length && !classes.includes(String(e.attributes.device_class ?? ""))) return false;
    return true;
  });
}

const ON_SERVICE: Record<string, string> = { cover: "open_cover", valve: "open_valve", lock: "lock" };
const OFF_SERVICE: Record<string, string> = { cover: "close_cover", valve: "close_valve", lock: "unlock" };

/** The service HA's intent would call on this entity, with the data that matters; else undefined. */
export function expectedCall(
  test: IntentTest,
  entity: TestEntity,
):
  | { service: string; data?: Record<string, unknown>; fits?: (data: Record<string, unknown>) => boolean }
  | undefined {
  switch (test.intent) {
    case "HassTurnOn":
      return { service: ON_SERVICE[entity.domain] ?? "turn_on" };
    case "HassTurnOff":
      return { service: OFF_SERVICE[entity.domain] ?? "turn_off" };
    case "HassLightSet": {
      const [brightness] = values(test.slots.brightness);
      return brightness === undefined || entity.domain !== "light"
        ? undefined
        : { service: "turn_on", data: { brightness_pct: Number(brightness) } };
    }
    case "HassSetVolume": {
      const [level] = values(test.slots.volume_level);
      return level === undefined
        ? undefined
        : { service: "volume_set", data: { volume_level: Number(level) / 100 } };
    }
    // HA steps up and down by the player's own step (`async_volume_up`), or by the percentage said.
    case "HassSetVolumeRelative": {
      const [step] = values(test.slots.volume_step);
      const now = Number(entity.attributes.volume_level ?? 0);
      if (step === "up" || step === "down") {
        const up = step === "up";
        return {
          service: "volume_set",
          fits: (data) => {
            const level = Number(data.volume_level);
            return up ? level > now : level < now;
          },
        };
      }
      return step === undefined
        ? undefined
        : {
            service: "volume_set",
            data: { volume_level: Math.min(1, Math.max(0, now + Number(step) / 100)) },
          };
    }
    // A cover (or valve) to the position said, in percent open.
    case "HassSetPosition": {
      const [position] = values(test.slots.position);
      if (position === undefined) return undefined;
      return entity.domain === "valve"
        ? { service: "set_valve_position", data: { position: Number(position) } }
        : { service: "set_cover_position", data: { position: Number(position) } };
    }
    case "HassMediaPlayerMute":
    case "HassMediaPlayerUnmute":
      return { service: "volume_mute", data: { is_volume_muted: test.intent === "HassMediaPlayerMute" } };
    default:
      return undefined;
  }
}

/** Calls the action policy holds for the user's yes (src/tools/policy/effects.ts), by HA's service. */
export function isDestructive(domain: string, service: string, deviceClass: unknown): boolean {
  const act = service === "unlock" || service === "open" || service === "open_cover" ? "open" : "close";
  return (
    heldEffect({ domain, ...(typeof deviceClass === "string" ? { deviceClass } : {}) }, act) !== undefined
  );
}

/** "Yes"/"no" at the start of HA's expected reply, in the six languages. */
export function polarity(text: string): "yes" | "no" | undefined {
  const first = fold(text).split(" ")[0] ?? "";
  if (["yes", "ja", "oui", "si"].includes(first)) return "yes";
  if (["no", "nein", "non", "nee"].includes(first)) return "no";
  return undefined;
}

/** The numbers a reply says (21.5 and 21,5 alike). */
export function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => String(Number(n.replace(",", "."))));
}

export const YES_WORD: Record<string, string> = {
  en: "yes",
  de: "ja",
  fr: "oui",
  es: "sí",
  nl: "ja",
  it: "sì",
};
