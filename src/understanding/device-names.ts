// One device by its name: exact names and aliases, partial names, typos within reason, numbers
// said either way ("switch 1", "Switch One"), Home Assistant entities and Z-Wave devices alike.
import { PARTIAL } from "../ha/resolver.js";
import { normalizeName } from "../spoken-name.js";
import type { FastPathGrammar } from "./grammar-types.js";
import { numberWords } from "./number-words.js";
import type { Place, Resolved, ResolveContext, Target } from "./target-types.js";
import { typoOf } from "./typo.js";
import { namesCeilingLight } from "./ceiling.js";
import { deviceChoices } from "./choices.js";
import type { ZwaveTarget as ZwaveDevice } from "../zwave-host/zwave-target.js";
import { targetKey } from "../zwave-host/zwave-target.js";
import { isReachable, matchDevices } from "./zwave-names.js";
import { haKindOf } from "../zwave-host/ha-kind.js";
import { GRAMMARS } from "./grammar.js";

/**
 * The words that join the parts of a name in any of the languages ("of", "da", "della", "van"): a
 * home may name its devices in any of them ("lampada da terra"). A name said with these words
 * alone ("da light": "the light", said as spoken) names none of its devices by part.
 */
const JOINING = new Set(
  Object.values(GRAMMARS)
    .flatMap((g) => g.areaPrepositions)
    .map(normalizeName)
    .filter((w) => w && !w.includes(" ")),
);
/** The name without its joining words; undefined when it has none. */
const withoutJoining = (name: string): string | undefined => {
  const words = normalizeName(name).split(" ");
  const kept = words.filter((w) => !JOINING.has(w));
  return kept.length === words.length ? undefined : kept.join(" ");
};

/** A first part shorter than this names nothing by itself ("Steh" of "Stehlampe"). */
const SHORTEST_FIRST_PART = 5;

export function zwaveName(device: ZwaveDevice): string {
  return device.name;
}

export function createDeviceNames(grammar: FastPathGrammar) {
  // One-word compounds too ("Schalter einundzwanzig" for "Schalter 21"); words for digits are
  // the grammar's own.
  const numberOf = new Map(numberWords(grammar).map(([w, v]) => [normalizeName(w), v]));
  const wordOf = new Map<number, string>();
  for (const [w, v] of Object.entries(grammar.numbers)) if (!wordOf.has(v)) wordOf.set(v, normalizeName(w));

  /** "switch 1" for "Switch One" and "switch one" for "Switch 1": the other way to say its numbers. */
  function numbersSwapped(key: string): string | undefined {
    let changed = false;
    const words = key.split(" ").map((w) => {
      const asWord = /^\d+$/.test(w) ? wordOf.get(Number(w)) : undefined;
      const asDigits = numberOf.get(w);
      if (asWord !== undefined) {
        changed = true;
        return asWord;
      }
      if (asDigits !== undefined) {
        changed = true;
        return String(asDigits);
      }
      return w;
    });
    return changed ? words.join(" ") : undefined;
  }

  function haTarget(ctx: ResolveContext, entityId: string): Target | undefined {
    const entity = ctx.mirror.entity(entityId);
    return entity ? { source: "ha", entity, name: entity.name } : undefined;
  }

  /** One device by name, within `place` when given. */
  function device(ctx: ResolveContext, name: string, place?: Place): Resolved {
    const zwAll = matchDevices(ctx.devices, name, place?.locations);
    const zw = {
      exact: zwAll.exact.filter(ctx.scope.zwave),
      partial: zwAll.partial.filter(ctx.scope.zwave),
    };
    const area = place?.areas[0];
    const within = {
      ...(area && place?.areas.length === 1 ? { area: area.id } : {}),
      ...(ctx.speakerDeviceId ? { speakerDeviceId: ctx.speakerDeviceId } : {}),
    };
    const resolution = ctx.mirror.resolve(name, within);
    const inPlace = (m: { areaId?: string | undefined }) =>
      !place || place.areas.some((a) => a.id === m.areaId);
    // A name must name the device: "the garage" is not the garage door, even when it is the
    // garage's only device (a match through the area, floor or domain alone is not a name).
    // A name matches by part through its other words only: "da lamp" ("the lamp", as spoken) is
    // not the one lamp whose name holds "da" ("lampada da terra").
    const content = withoutJoining(name);
    const byPart =
      content === undefined ? resolution.matches : content ? ctx.mirror.resolve(content, within).matches : [];
    const exact = resolution.matches.filter((m) => m.match === "exact");
    const matches = [...exact, ...byPart.filter((m) => !exact.some((e) => e.entityId === m.entityId))].filter(
      (m) => ctx.scope.domain(m.domain) && inPlace(m) && m.score >= PARTIAL,
    );
    const exposed = matches.filter((m) => m.exposed);
    const top = exposed[0];
    // Exact names tie on score; a partial name fits every device it partly names, whatever the
    // resolver's ranking: "the lamp" with two lamps is a question, unless the speaker's area has one.
    const fitting = top?.match === "exact" ? exposed.filter((m) => m.score === top.score) : exposed;
    const local = fitting.filter((m) => m.inSpeakerArea);
    const tied = local.length ? local : fitting;
    const one = (entityId: string): Resolved => {
      const t = haTarget(ctx, entityId);
      return t ? { kind: "one", target: t } : { kind: "not_found", name };
    };

    if (zw.exact.length === 1 && !(top?.match === "exact")) {
      return {
        kind: "one",
        target: { source: "zwave", device: zw.exact[0]!, name: zwaveName(zw.exact[0]!) },
      };
    }
    // The one that fits, which need not be the resolver's first: the speaker's room decides ties.
    if (top?.match === "exact" && tied.length === 1 && !zw.exact.length) return one(tied[0]!.entityId);
    if (zw.exact.length || (top?.match === "exact" && tied.length > 1)) {
      return ambiguous([
        ...zw.exact.map(zwaveTarget),
        ...tied.flatMap((m) => (m.match === "exact" ? (haTarget(ctx, m.entityId) ?? []) : [])),
      ]);
    }
    if (top && tied.length === 1 && !zw.partial.length) return one(tied[0]!.entityId);
    if (zw.partial.length === 1 && !top) {
      return {
        kind: "one",
        target: { source: "zwave", device: zw.partial[0]!, name: zwaveName(zw.partial[0]!) },
      };
    }
    if (zw.partial.length || tied.length > 1) {
      return ambiguous([
        ...zw.partial.map(zwaveTarget),
        ...tied.flatMap((m) => haTarget(ctx, m.entityId) ?? []),
      ]);
    }
    if (matches.length && !exposed.length) return { kind: "not_exposed", name };
    // Named exactly, but not what the sentence can act on ("turn up the kettle"): it exists.
    const exactHa = resolution.matches.filter((m) => m.match === "exact" && m.exposed && inPlace(m));
    // A Z-Wave device that cannot answer lists no values that tell what it does: it is still the one
    // named, and the turn says it is not responding rather than that it cannot do this.
    const [only, ...more] = zwAll.exact;
    if (!exactHa.length && only && !more.length && !isReachable(only))
      return { kind: "one", target: zwaveTarget(only) };
    const others = [...exactHa.map((m) => m.name), ...zwAll.exact.map(zwaveName)];
    if (others.length)
      return {
        kind: "unsupported",
        names: [...new Set(others)],
        domains: [
          ...new Set([...exactHa.map((m) => m.domain), ...zwAll.exact.map((d) => haKindOf(d).domain)]),
        ],
      };
    return typo(ctx, name, place) ?? firstPart(ctx, name, place) ?? { kind: "not_found", name };
  }

  // Words for kinds of device, one word each: the heads compounds end in ("steckdose", "lamp").
  const heads = grammar.compounds
    ? Object.values(grammar.kinds)
        .flat()
        .map(normalizeName)
        .filter((w) => w && !w.includes(" "))
    : [];
  const links = ["", ...(grammar.compoundLinks ?? [])];
  const namesCeiling = namesCeilingLight(grammar.ceiling.map(normalizeName));

  /**
   * "schalte den Drucker aus": the first part of a name or alias written as one word with a word
   * for its kind ("Druckersteckdose"), as compounding languages write names; another language's
   * "printer" is a word of "Printer Plug". Only one device so named.
   */
  function firstPart(ctx: ResolveContext, name: string, place?: Place): Resolved | undefined {
    const said = normalizeName(name);
    if (!heads.length || said.includes(" ") || said.length < SHORTEST_FIRST_PART) return undefined;
    const entities = place ? place.areas.flatMap((a) => a.entities) : ctx.exposed();
    const found = entities.filter(
      (e) =>
        ctx.scope.domain(e.domain) &&
        [e.name, ...e.aliases].some((n) => {
          const key = normalizeName(n);
          return heads.some((h) => links.some((l) => key === `${said}${l}${h}`));
        }),
    );
    const [only] = found;
    return found.length === 1 && only
      ? { kind: "one", target: { source: "ha", entity: only, name: only.name } }
      : undefined;
  }

  /** A name one or two edits from exactly one device's name or alias, and only then. */
  function typo(ctx: ResolveContext, name: string, place?: Place): Resolved | undefined {
    const query = normalizeName(name);
    const near = typoOf(query);
    if (!near) return undefined;
    // "lampadario" alone is the chandelier, a word of the language, never "lampadaire" (another
    // language's alias of a floor lamp) mistyped. A longer name that begins so may be mistyped
    // ("Hauptlampe Wintergartn").
    if (!query.includes(" ") && namesCeiling(query)) return undefined;
    const found = new Map<string, Target>();
    const entities = place ? place.areas.flatMap((a) => a.entities) : ctx.exposed();
    for (const entity of entities) {
      if (!ctx.scope.domain(entity.domain)) continue;
      const names = [entity.name, ...entity.aliases];
      if (names.some((n) => near(normalizeName(n)))) {
        found.set(entity.entityId, { source: "ha", entity, name: entity.name });
      }
    }
    for (const d of ctx.devices) {
      if (!ctx.scope.zwave(d)) continue;
      if (place && !place.locations.has(normalizeName(d.location))) continue;
      const names = [d.name, d.location ? `${d.location} ${d.name}` : ""].filter(Boolean);
      if (names.some((n) => near(normalizeName(n)))) {
        found.set(`zwave:${targetKey(d)}`, { source: "zwave", device: d, name: zwaveName(d) });
      }
    }
    const [only] = found.values();
    return found.size === 1 && only ? { kind: "one", target: only } : undefined;
  }

  /** Every candidate: a question that lists some of them is not honest (see turn.ts `unresolved`). */
  function ambiguous(candidates: Target[]): Resolved {
    return { kind: "ambiguous", choices: deviceChoices(candidates) };
  }

  function zwaveTarget(d: ZwaveDevice): Target {
    return { source: "zwave", device: d, name: zwaveName(d) };
  }

  function exactly(ctx: ResolveContext, target: Target, key: string, asWritten = false): boolean {
    if (target.source === "zwave") {
      const own = normalizeName(target.device.name);
      return own === key || `${normalizeName(target.device.location)} ${own}` === key;
    }
    const e = target.entity;
    if ([e.name, ...e.aliases].some((n) => normalizeName(n) === key)) return true;
    const top = ctx.mirror.resolve(key, { asWritten }).matches[0];
    return top?.match === "exact" && top.entityId === e.entityId;
  }

  return { device, exactly, numbersSwapped };
}
