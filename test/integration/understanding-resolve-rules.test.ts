// What a spoken phrase names, rule by rule: each rule of the resolver's one ordered table
// (src/understanding/resolve-rules.ts) decides a phrase of its own, against a home in the HA fake
// with satellites in the kitchen, the office and the bedroom.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import type { FastIntent } from "../../src/understanding/grammar-types.js";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { RESOLVE_RULES } from "../../src/understanding/resolve-rules.js";
import { scopeFor } from "../../src/understanding/scopes.js";
import {
  createTargetResolver,
  homeViews,
  type ResolveContext,
  type Target,
} from "../../src/understanding/targets.js";
import type { ZwaveTarget } from "../../src/zwave-host/zwave-target.js";
import { captureLogger } from "../support/capture-logger.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { state } from "../support/ha-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;

beforeAll(async () => {
  const home = corpusHome();
  // A second plug, with no registry entry (as HA keeps entities of YAML), so that "which plug?" has
  // two to offer.
  home.states.set(
    "switch.printer_plug",
    state("off", { device_class: "outlet", friendly_name: "Printer Plug" }),
  );
  home.legacyExposure.set("switch.printer_plug", true);
  ha = await startFakeHa({ home });
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
  await waitFor("the first sync", () => !mirror.status().stale);
});
afterAll(async () => {
  await mirror.close();
  await ha.close();
});

function context(
  language: string,
  options: { intent?: FastIntent; speaker?: string; previous?: Target[]; devices?: ZwaveTarget[] } = {},
): ResolveContext {
  const intent = options.intent ?? "turn_on";
  return {
    grammar: GRAMMARS[language]!,
    mirror,
    ...homeViews(mirror),
    devices: options.devices ?? [],
    scope: scopeFor(intent),
    question: intent.startsWith("query_"),
    ...(options.speaker ? { speakerDeviceId: options.speaker } : {}),
    ...(options.previous ? { previous: options.previous } : {}),
  };
}

const explain = (
  language: string,
  phrase: string,
  ctx: Parameters<typeof context>[1] = {},
  options: Parameters<ReturnType<typeof createTargetResolver>["resolve"]>[2] = {},
) => createTargetResolver(GRAMMARS[language]!).explain(context(language, ctx), phrase, options);

/** One switch load of a Z-Wave device in the living room: its endpoint, named by its label or number. */
const load = (nodeId: number, nodeName: string, endpoint: number, label?: string): ZwaveTarget => ({
  nodeId,
  endpoint,
  homeId: 1,
  name: label ? `${nodeName} ${label}` : `${nodeName} ${endpoint}`,
  nodeName,
  location: "Living Room",
  state: "online",
  function: "switch",
  coverType: null,
  wholeNode: false,
  commandClasses: [37],
  on: false,
  level: null,
  value: "off",
  reports: {} as ZwaveTarget["reports"],
});

/** What a "which one?" offers: each choice as the question names it, and what it would act on. */
const offered = (resolved: ReturnType<typeof explain>["resolved"]) =>
  resolved.kind === "ambiguous"
    ? { rooms: resolved.rooms === true, choices: resolved.choices.map((c) => [c.label, ids(c.resolved)]) }
    : resolved;

const ids = (resolved: ReturnType<typeof explain>["resolved"]): string[] =>
  resolved.kind === "group"
    ? resolved.targets.map((t) => (t.source === "ha" ? t.entity.entityId : t.name)).sort()
    : resolved.kind === "one"
      ? [resolved.target.source === "ha" ? resolved.target.entity.entityId : resolved.target.name]
      : [];

describe("the resolver's rules, each deciding a phrase of its own", () => {
  it("has one test per rule below, in the table's order", () => {
    expect(RESOLVE_RULES.map((r) => r.name)).toEqual([
      "too long",
      "pronoun",
      "exact name",
      "device of several loads",
      "load of a device",
      "here or home",
      "compound",
      "another word for its kind",
      "kind and name",
      "scene by name only",
      "all of a kind from a satellite",
      "kind here",
      "kind in the whole home",
      "kind with no place and no satellite",
      "place alone",
      "kind between a room and its floor",
      "name in a place",
      "name said as a place",
      "none of a kind in a place",
      "a place misspelt",
      "kind with words nobody knows",
      "closest name",
    ]);
  });

  it("too long: a phrase of more than ten words names nothing", () => {
    const { resolved, rule } = explain("en", "the light that is next to the sofa by the big window");
    expect(rule).toBe("too long");
    expect(resolved.kind).toBe("not_found");
  });

  it("pronoun: 'it' is what the conversation last acted on, and without one, no name to quote", () => {
    const kettle = mirror.entity("switch.kettle")!;
    const previous: Target[] = [{ source: "ha", entity: kettle, name: kettle.name }];
    const withPrevious = explain("en", "it", { previous });
    expect(withPrevious.rule).toBe("pronoun");
    expect(ids(withPrevious.resolved)).toEqual(["switch.kettle"]);
    expect(explain("en", "it").resolved).toEqual({ kind: "not_found", name: "" });
  });

  it("exact name: a device named like a kind is that device", () => {
    const { resolved, rule } = explain("en", "thermostat", { intent: "query_sensor" });
    expect(rule).toBe("exact name");
    expect(ids(resolved)).toEqual(["climate.thermostat"]);
  });

  it("device of several loads: 'the wall plug' is its outlets, never another plug", () => {
    const devices = [load(11, "Wall Plug", 1, "Left Outlet"), load(11, "Wall Plug", 2, "Right Outlet")];
    const command = explain("en", "the wall plug", { devices });
    expect(command.rule).toBe("device of several loads");
    expect(offered(command.resolved)).toEqual({
      rooms: false,
      choices: [
        ["Wall Plug Left Outlet", ["Wall Plug Left Outlet"]],
        ["Wall Plug Right Outlet", ["Wall Plug Right Outlet"]],
      ],
    });
    const question = explain("en", "the wall plug", { devices, intent: "query_state" });
    expect(question.rule).toBe("device of several loads");
    expect(ids(question.resolved)).toEqual(["Wall Plug Left Outlet", "Wall Plug Right Outlet"]);
  });

  it("load of a device: 'outlet 2 of the double relay', 'the second socket', 'the left socket', in six languages", () => {
    const devices = [
      load(10, "Double Relay", 1),
      load(10, "Double Relay", 2),
      load(11, "Wall Plug", 1, "Left Outlet"),
      load(11, "Wall Plug", 2, "Right Outlet"),
    ];
    const named = (language: string, phrase: string) => {
      const { resolved, rule } = explain(language, phrase, { devices });
      return { rule, name: resolved.kind === "one" ? resolved.target.name : offered(resolved) };
    };
    for (const [language, phrase] of [
      ["en", "outlet 2 of the double relay"],
      ["en", "the double relay endpoint 2"],
      ["en", "socket two of the double relay"],
      ["en", "the second channel of the double relay"],
      ["de", "Steckdose 2 vom Double Relay"],
      ["de", "die zweite Steckdose des Double Relay"],
      ["fr", "la deuxième prise du Double Relay"],
      ["es", "el enchufe 2 del Double Relay"],
      ["nl", "het tweede stopcontact van de Double Relay"],
      ["it", "la presa 2 del Double Relay"],
      // An English possessive, and the English word of a device config's label in any language.
      ["en", "the double relay's outlet 2"],
      ["fr", "l'Outlet 2 du Double Relay"],
      ["nl", "Channel 2 van de Double Relay"],
    ] as const)
      expect(named(language, phrase), `${language}: ${phrase}`).toEqual({
        rule: "load of a device",
        name: "Double Relay 2",
      });
    for (const [language, phrase] of [
      ["en", "the left socket"],
      ["en", "left outlet of the wall plug"],
      ["de", "die linke Steckdose"],
      ["fr", "la prise de gauche"],
      ["es", "el enchufe izquierdo"],
      ["nl", "het linker stopcontact"],
      ["it", "la presa di sinistra"],
      ["de", "Left Outlet vom Wall Plug"],
      ["es", "el Left Outlet del Wall Plug"],
    ] as const)
      expect(named(language, phrase), `${language}: ${phrase}`).toEqual({
        rule: "load of a device",
        name: "Wall Plug Left Outlet",
      });
    // Two devices have a second load: which one is asked, never guessed.
    expect(named("en", "the second outlet")).toEqual({
      rule: "load of a device",
      name: {
        rooms: false,
        choices: [
          ["Double Relay 2", ["Double Relay 2"]],
          ["Wall Plug Right Outlet", ["Wall Plug Right Outlet"]],
        ],
      },
    });
    // A load of a device the home does not have is that device, not found: never read as the load's
    // kind word alone (all of the home's plugs) nor left unread.
    for (const [language, phrase, name] of [
      ["en", "outlet 2 of the triple relay", "triple relay"],
      ["en", "the third socket of the garden strip", "garden strip"],
      ["de", "Steckdose 2 der Steckerleiste", "steckerleiste"],
      ["fr", "la prise 2 de la multiprise", "multiprise"],
      ["es", "el segundo enchufe de la regleta", "regleta"],
      ["nl", "stopcontact 2 van de stekkerdoos", "stekkerdoos"],
      ["it", "la seconda presa della ciabatta", "ciabatta"],
    ] as const)
      expect(named(language, phrase), `${language}: ${phrase}`).toEqual({
        rule: "load of a device",
        name: { kind: "not_found", name },
      });
  });

  it("load of a device with one: its first is the device; another is said to be missing, in six languages", () => {
    const devices = [{ ...load(14, "Dryer Plug", 0), name: "Dryer Plug", wholeNode: true }];
    const named = (language: string, phrase: string) => {
      const { resolved, rule } = explain(language, phrase, { devices });
      return { rule, resolved: resolved.kind === "one" ? resolved.target.name : resolved };
    };
    for (const [language, first, second] of [
      ["en", "outlet 1 of the dryer plug", "the second outlet of the dryer plug"],
      ["de", "die erste Steckdose vom Dryer Plug", "Steckdose 2 vom Dryer Plug"],
      ["fr", "la première prise du Dryer Plug", "la prise 2 du Dryer Plug"],
      ["es", "el primer enchufe del Dryer Plug", "el enchufe 2 del Dryer Plug"],
      ["nl", "stopcontact 1 van de Dryer Plug", "het tweede stopcontact van de Dryer Plug"],
      ["it", "la prima presa del Dryer Plug", "la presa 2 del Dryer Plug"],
    ] as const) {
      expect(named(language, first), `${language}: ${first}`).toEqual({
        rule: "load of a device",
        resolved: "Dryer Plug",
      });
      expect(named(language, second), `${language}: ${second}`).toEqual({
        rule: "load of a device",
        resolved: { kind: "one_load_only", name: "Dryer Plug" },
      });
    }
    // Its root endpoint is the device too.
    expect(named("en", "the dryer plug endpoint 0").resolved).toBe("Dryer Plug");
  });

  it("here or home: 'in here' is the satellite's area; with none, where 'here' is is not known", () => {
    const here = explain("en", "lights in here", { speaker: "office_satellite" });
    expect(here.rule).toBe("here or home");
    expect(ids(here.resolved)).toEqual(["light.desk_lamp"]);
    expect(explain("en", "lights in here").resolved).toEqual({ kind: "nowhere" });
  });

  it("compound: a place and a kind written as one word", () => {
    const { resolved, rule } = explain("nl", "keukenlampen");
    expect(rule).toBe("compound");
    expect(ids(resolved)).toEqual(["light.counter_lights", "light.kitchen_ceiling"]);
    // German joins the parts with a linking sound: "Küche" + "n" + "lampen", "Büro" + "lampe".
    for (const [phrase, lights] of [
      ["küchenlampen", ["light.counter_lights", "light.kitchen_ceiling"]],
      ["bürolampe", ["light.desk_lamp"]],
    ] as const) {
      const german = explain("de", phrase);
      expect(german.rule).toBe("compound");
      expect(ids(german.resolved)).toEqual(lights);
    }
  });

  it("another word for its kind: a name said with another word for its kind, only when exact", () => {
    // The kitchen's Ceiling Light is also "Deckenlicht" and "plafondlamp".
    for (const [language, phrase] of [
      ["de", "deckenlampe"],
      ["de", "deckenleuchte"],
      ["nl", "plafondlicht"],
    ] as const) {
      const { resolved, rule } = explain(language, phrase);
      expect(rule).toBe("another word for its kind");
      expect(ids(resolved)).toEqual(["light.kitchen_ceiling"]);
    }
    // Nothing is named so after the swap: not this rule's.
    expect(explain("de", "radiolampe").rule).not.toBe("another word for its kind");
  });

  it("kind and name: a kind word says what the named device is", () => {
    const { resolved, rule } = explain("it", "interruttore bollitore");
    expect(rule).toBe("kind and name");
    expect(ids(resolved)).toEqual(["switch.kettle"]);
  });

  it("scene by name only: 'the scenes' are no group to run", () => {
    const { resolved, rule } = explain("it", "scene", {}, { all: true });
    expect(rule).toBe("scene by name only");
    expect(resolved.kind).toBe("not_found");
  });

  it("all of a kind from a satellite: the whole home where the language says so, else asked", () => {
    const english = explain(
      "en",
      "lights",
      { speaker: "kitchen_satellite", intent: "turn_off" },
      { all: true, allMeans: "home" },
    );
    expect(english.rule).toBe("all of a kind from a satellite");
    expect(ids(english.resolved)).toHaveLength(5);
    const dutch = explain(
      "nl",
      "lampen",
      { speaker: "kitchen_satellite", intent: "turn_off" },
      { all: true },
    );
    // Each answer says what it means: the kitchen's lights, or every light of the home.
    expect(offered(dutch.resolved)).toEqual({
      rooms: false,
      choices: [
        ["Kitchen", ["light.counter_lights", "light.kitchen_ceiling"]],
        ["het hele huis", ids(english.resolved)],
      ],
    });
  });

  it("kind here: a kind with no place is the satellite's area's", () => {
    const { resolved, rule } = explain("en", "lights", { speaker: "bedroom_satellite", intent: "dim" });
    expect(rule).toBe("kind here");
    expect(ids(resolved)).toEqual(["light.bedroom_light"]);
  });

  it("kind in the whole home: a question about a kind asks about the home", () => {
    const { resolved, rule } = explain(
      "en",
      "lights",
      { speaker: "kitchen_satellite", intent: "query_any" },
      { home: true },
    );
    expect(rule).toBe("kind in the whole home");
    expect(ids(resolved)).toHaveLength(5);
  });

  it("kind with no place and no satellite: which room, every room with one named", () => {
    const { resolved, rule } = explain("en", "lights");
    expect(rule).toBe("kind with no place and no satellite");
    expect(offered(resolved)).toEqual({
      rooms: true,
      choices: [
        ["Kitchen", ["light.counter_lights", "light.kitchen_ceiling"]],
        ["Living Room", ["light.living_room_lamp"]],
        ["Bedroom", ["light.bedroom_light"]],
        ["Office", ["light.desk_lamp"]],
      ],
    });
  });

  it("place alone: a room names no device, unless the verb says what of it (its lights)", () => {
    expect(explain("en", "the garage")).toMatchObject({
      rule: "place alone",
      resolved: { kind: "not_found" },
    });
    const lights = explain("en", "the kitchen", { intent: "dim" }, { kindInPlace: "light" });
    expect(lights.rule).toBe("place alone");
    expect(ids(lights.resolved)).toEqual(["light.counter_lights", "light.kitchen_ceiling"]);
  });

  it("kind between a room and its floor: the room's lights, the floor said after them; never another floor's room", () => {
    const upstairs = explain("en", "bedroom lights upstairs");
    expect(upstairs.rule).toBe("kind between a room and its floor");
    expect(ids(upstairs.resolved)).toEqual(["light.bedroom_light"]);
    const dutch = explain("nl", "slaapkamer lampen op de bovenverdieping");
    expect(dutch.rule).toBe("kind between a room and its floor");
    expect(ids(dutch.resolved)).toEqual(["light.bedroom_light"]);
    expect(explain("en", "kitchen lights upstairs").rule).not.toBe("kind between a room and its floor");
    // The room and its kind written as one word, as "the office lamps upstairs"; never another floor's.
    for (const [language, phrase] of [
      ["de", "bürolampen im obergeschoss"],
      ["nl", "kantoorlampen op de bovenverdieping"],
    ] as const) {
      const compound = explain(language, phrase);
      expect(compound.rule, phrase).toBe("kind between a room and its floor");
      expect(ids(compound.resolved), phrase).toEqual(["light.desk_lamp"]);
    }
    expect(ids(explain("de", "küchenlampen im obergeschoss").resolved)).toEqual([]);
    // A kind's own word said where it is ("das Garagentor in der Garage") is no room and kind.
    const door = explain("de", "garagentor in der garage");
    expect(door.rule).not.toBe("compound");
    expect(door.rule).not.toBe("kind between a room and its floor");
    expect(ids(door.resolved)).toEqual(["cover.garage_door"]);
  });

  it("name in a place: a kind in an area, and what cannot do it is said so", () => {
    const lights = explain("en", "lights in the kitchen");
    expect(lights.rule).toBe("name in a place");
    expect(ids(lights.resolved)).toEqual(["light.counter_lights", "light.kitchen_ceiling"]);
    const closing = explain("en", "lights in the kitchen", { intent: "close" });
    expect(closing.resolved).toEqual({
      kind: "unsupported",
      names: ["Ceiling Light", "Counter Lights"],
      domains: ["light"],
    });
  });

  it.each([
    ["en", "lights in all bedrooms"],
    ["de", "Lichter in den Schlafzimmern"],
    ["fr", "lumières des chambres"],
    ["es", "luces de los dormitorios"],
    ["nl", "lampen in de slaapkamers"],
    ["it", "luci nelle camere da letto"],
    // Every one of them.
    ["de", "Lichter in allen Schlafzimmern"],
    ["fr", "lumières de toutes les chambres"],
    ["es", "luces de todos los dormitorios"],
    ["nl", "lampen in alle slaapkamers"],
    ["it", "luci in tutte le camere da letto"],
  ])("name in a place: %s %j, a place said in the plural, is that place", (language, phrase) => {
    const { resolved, rule } = explain(language, phrase);
    expect(rule).toBe("name in a place");
    expect(ids(resolved)).toEqual(["light.bedroom_light"]);
  });

  it("name said as a place: a device's exact name after a preposition", () => {
    const { resolved, rule } = explain("es", "en el hervidor");
    expect(rule).toBe("name said as a place");
    expect(ids(resolved)).toEqual(["switch.kettle"]);
  });

  it("none of a kind in a place: no fan in the kitchen is said as such, not 'nothing I can switch'", () => {
    const { resolved, rule } = explain("en", "fans in the kitchen");
    expect(rule).toBe("none of a kind in a place");
    expect(resolved).toEqual({ kind: "group", targets: [], place: "Kitchen", said: "fans" });
  });

  it("a place misspelt: the one area within a typo of it, read again as that area; no other place is guessed", () => {
    const { resolved, rule } = explain("en", "lights in the kitchin");
    expect(rule).toBe("a place misspelt");
    expect(resolved).toMatchObject({ kind: "group", place: "Kitchen" });
    // Named as the area's alias the slip is of.
    expect(explain("it", "luci in cugina").resolved).toMatchObject({ kind: "group", place: "cucina" });
    // Two letters from the garage is no garage; four letters allow no typo.
    expect(explain("en", "lights in the garden").resolved.kind).toBe("not_found");
    expect(explain("de", "Licht in der Kühe").resolved.kind).toBe("not_found");
  });

  it("kind with words nobody knows: which of the kind is asked, the speaker's room's first, never one guessed", () => {
    const here = explain("en", "left light", { speaker: "kitchen_satellite" });
    expect(here.rule).toBe("kind with words nobody knows");
    expect(offered(here.resolved)).toEqual({
      rooms: false,
      choices: [
        ["Ceiling Light (Kitchen)", ["light.kitchen_ceiling"]],
        ["Counter Lights (Kitchen)", ["light.counter_lights"]],
      ],
    });
    // The office has one lamp: the home's lamps are offered, not the office's one taken.
    const home = explain("es", "lámpara de la esquina", { speaker: "office_satellite" });
    expect(home.rule).toBe("kind with words nobody knows");
    expect(home.resolved.kind).toBe("ambiguous");
    // A place among the words says where: no question about which.
    expect(explain("en", "garage upstairs light", { speaker: "kitchen_satellite" }).resolved.kind).not.toBe(
      "ambiguous",
    );
  });

  it("kind with words nobody knows: a plug named by what is plugged into it, a compound ending with its kind", () => {
    {
      const plugs = {
        rooms: false,
        choices: [
          ["Kettle (Kitchen)", ["switch.kettle"]],
          ["Printer Plug", ["switch.printer_plug"]],
        ],
      };
      for (const [language, said] of [
        ["en", "tv socket"],
        ["fr", "prise de la télé"],
        ["es", "enchufe de la tele"],
        ["it", "presa della televisione"],
        ["nl", "tv-stekker"],
        ["de", "Fernsehersteckdose"],
        ["de", "Kaffeemaschinensteckdose"],
      ] as const) {
        const resolved = explain(language, said).resolved;
        expect(resolved.kind, `${language}: ${said}`).toBe("ambiguous");
        expect(offered(resolved), `${language}: ${said}`).toMatchObject(plugs);
      }
    }
    // "Stehlampe", said in the kitchen: how a lamp stands says which, so which of the kitchen's
    // lights, not "no device called"; "Partylampe" says no which one: a device the home lacks.
    expect(explain("de", "Partylampe", { speaker: "kitchen_satellite" }).resolved).toEqual({
      kind: "not_found",
      name: "Partylampe",
    });
    expect(offered(explain("de", "Stehlampe", { speaker: "kitchen_satellite" }).resolved)).toEqual({
      rooms: false,
      choices: [
        ["Ceiling Light (Kitchen)", ["light.kitchen_ceiling"]],
        ["Counter Lights (Kitchen)", ["light.counter_lights"]],
      ],
    });
    // A kind the home has is not taken for what is plugged in ("the light socket" may be a light),
    // nor are two kinds a question of one.
    for (const said of ["fan socket", "light socket", "fan light"]) {
      expect(explain("en", said).resolved, said).toEqual({ kind: "not_found", name: said });
    }
  });

  it("closest name: a partial name, or a typo within reason", () => {
    expect(explain("en", "ceiling")).toMatchObject({ rule: "closest name", resolved: { kind: "one" } });
    const typo = explain("en", "bedrom ligth");
    expect(typo.rule).toBe("closest name");
    expect(ids(typo.resolved)).toEqual(["light.bedroom_light"]);
  });
});
