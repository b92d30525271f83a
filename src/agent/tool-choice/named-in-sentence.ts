import type { EntityView } from "../../ha/home-mirror.js";
import { fold } from "../../understanding/sentence.js";
import type { ZwaveTarget } from "../../zwave-host/zwave-target.js";

/** What a sentence names, as the tool choice needs it: where those devices live, and what they are. */
export interface NamedInSentence {
  /** The tool servers that reach the named devices (Home Assistant's through the bridge's own tools). */
  servers: string[];
  /** What the named devices are: their domains and Z-Wave functions ("light", "lock", "cover"). */
  words: string[];
}

export interface HomeDevices {
  entities: readonly EntityView[];
  /** The Z-Wave targets Home Assistant does not know. */
  zwaveTargets: readonly ZwaveTarget[];
  /** The Z-Wave node an entity is one identity with, if any (src/ha/zwave-twins.ts). */
  isZwave(entity: EntityView): boolean;
  /** Servers: where Home Assistant's entities and the Z-Wave devices are reached. */
  homeServer: string;
  zwaveServer: string;
}

/**
 * The home's names as folded, kept across turns: every LLM turn looks for each entity's name and
 * aliases and each Z-Wave target's name in its sentence, and a name folds the same each time. A
 * renamed device brings a new name; the names of a large home fit many times over before the
 * map is emptied.
 */
const foldedNames = new Map<string, string>();
const MAX_FOLDED_NAMES = 20_000;

function foldName(name: string): string {
  let folded = foldedNames.get(name);
  if (folded === undefined) {
    if (foldedNames.size >= MAX_FOLDED_NAMES) foldedNames.clear();
    folded = fold(name);
    foldedNames.set(name, folded);
  }
  return folded;
}

/**
 * The devices a sentence names by their names or aliases, folded as the fast path folds sentences
 * (src/understanding/sentence.ts): "turn on the kitchen dimmer" names the Z-Wave dimmer, a light.
 */
export function namedInSentence(text: string, home: HomeDevices): NamedInSentence {
  const sentence = ` ${fold(text)} `;
  const says = (name: string) => {
    const folded = foldName(name);
    return folded.length > 1 && sentence.includes(` ${folded} `);
  };
  const servers = new Set<string>();
  const words = new Set<string>();
  for (const entity of home.entities) {
    if (!entity.exposed || !(says(entity.name) || entity.aliases.some(says))) continue;
    words.add(entity.domain);
    servers.add(home.isZwave(entity) ? home.zwaveServer : home.homeServer);
  }
  for (const target of home.zwaveTargets) {
    if (!says(target.name)) continue;
    words.add(target.function);
    if (target.coverType) words.add(target.coverType);
    servers.add(home.zwaveServer);
  }
  return { servers: [...servers].sort(), words: [...words].sort() };
}
