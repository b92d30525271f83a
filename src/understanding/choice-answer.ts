// The answer to our own "which one?" (turn.ts `unresolved`): a sentence made only of a choice —
// its name or its room ("Laundry", "the one in the kitchen", "die in der Küche"), a place by an
// alias, several joined ("kitchen and office"), "both" or "all", "the first", "the last" — picks
// what the command acts on. Any other word makes it a new sentence, read as itself.
import type { AreaView } from "../ha/mirror.js";
import { normalizeName } from "../spoken-name.js";
import type { DeviceKind, FastPathGrammar } from "./grammar-types.js";
import { isOfKind } from "./kinds.js";
import { createCleaner, fold, remover } from "./sentence.js";
import type { Choice, Resolved, Target } from "./target-types.js";
import { targetKey } from "../zwave-host/zwave-target.js";

export type Picked = Extract<Resolved, { kind: "one" | "group" }>;

export function createChoiceReader(grammar: FastPathGrammar) {
  const clean = createCleaner(grammar);
  // "the one in the", "celle de la", "die im": words around a choice that say nothing.
  const bare = remover([...grammar.choices.one, ...grammar.articles, ...grammar.areaPrepositions]);
  const key = (text: string) => normalizeName(bare(fold(text.replace(/'/g, "' "))));
  const every = new Set(
    [...grammar.choices.all, ...grammar.quantifiers, ...grammar.everything].map(key).filter(Boolean),
  );
  const last = new Set(grammar.choices.last.map(key).filter(Boolean));
  const ordinals = new Map(Object.entries(grammar.endpoints.ordinals).map(([w, n]) => [key(w), n]));
  const home = new Set(grammar.wholeHome.map(key).filter(Boolean));
  const kinds = new Map(
    (Object.entries(grammar.kinds) as Array<[DeviceKind, string[]]>).flatMap(([kind, words]) =>
      words.map((w) => [key(w), kind] as const),
    ),
  );
  const joins = new RegExp(
    `\\s(?:${grammar.conjunctions.map((c) => fold(c).replace(/ /g, "\\s+")).join("|")})\\s`,
    "g",
  );

  /**
   * The choices a part names: one by a name of the choice or an alias of its room, or every device
   * of a kind said by its kind word ("the lights", "le luci" after "which one: Floor Lamp, TV Plug
   * or Speaker?").
   */
  function named(part: string, choices: Choice[], areas: AreaView[]): Choice[] | undefined {
    const said = key(part);
    if (!said) return undefined;
    if (home.has(said)) {
      const whole = choices.find((c) => c.home);
      return whole && [whole];
    }
    const area = areas.find((a) => [a.name, ...a.aliases].some((n) => key(n) === said));
    const asSaid = area ? [said, key(area.name)] : [said];
    const fits = choices.filter((c) => c.names.some((n) => asSaid.includes(key(n))));
    if (fits.length === 1) return fits;
    const kind = kinds.get(said);
    const ofKind = kind ? choices.filter((c) => isKind(c, kind)) : [];
    return ofKind.length ? ofKind : undefined;
  }

  return {
    /** What the answer picks among `choices`, or undefined when it is no answer to them. */
    pick(text: string, choices: Choice[], areas: AreaView[]): Picked | undefined {
      const sentence = clean(fold(text));
      const whole = key(sentence);
      if (!whole) return undefined;
      if (every.has(whole)) return choices.find((c) => c.home)?.resolved ?? together(choices);
      const position = last.has(whole) ? choices.length : ordinals.get(whole);
      if (position !== undefined) return choices[position - 1]?.resolved;
      const parts = sentence.split(joins);
      const picked = parts.map((part) => named(part, choices, areas));
      if (picked.some((c) => !c)) return undefined;
      const unique = [...new Set(picked.flatMap((c) => c!))];
      return unique.length === 1 ? unique[0]!.resolved : together(unique);
    },
  };
}

/** A choice of one Home Assistant device of the kind. */
function isKind(choice: Choice, kind: DeviceKind): boolean {
  const { resolved } = choice;
  return resolved.kind === "one" && resolved.target.source === "ha" && isOfKind(resolved.target.entity, kind);
}

/** Several choices as one group, each device once. */
function together(choices: Choice[]): Picked {
  const targets = new Map<string, Target>();
  for (const { resolved } of choices) {
    for (const t of resolved.kind === "one" ? [resolved.target] : resolved.targets) {
      targets.set(t.source === "ha" ? t.entity.entityId : `zwave:${targetKey(t.device)}`, t);
    }
  }
  return { kind: "group", targets: [...targets.values()] };
}

export type ChoiceReader = ReturnType<typeof createChoiceReader>;
