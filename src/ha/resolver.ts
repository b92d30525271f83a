import type { EntityRecord, HomeIndex } from "./home-index.js";
import { normalizeName } from "../spoken-name.js";
import { looksLikeEntityId, nameTokens } from "./names.js";

export interface ResolveOptions {
  domain?: string;
  /** An area or floor, by name, alias or id. */
  area?: string;
  /** The satellite that heard the request; its area wins ties. */
  speakerDeviceId?: string;
  /** Only entities the query names exactly (a name, alias or id): no walk over partial matches. */
  exactOnly?: boolean;
  /** Names only as written: a name said in two words is not the one written as one word. */
  asWritten?: boolean;
}

export interface ResolvedEntity {
  entityId: string;
  name: string;
  domain: string;
  areaId?: string;
  /**
   * "exact": the query is one of its names or its id; "partial": every word of the query is in
   * its name, area, floor or domain.
   */
  match: "exact" | "partial";
  score: number;
  inSpeakerArea: boolean;
  exposed: boolean;
}

export interface Resolution {
  /**
   * Best first. Entities exposed to Assist only; when none fits, the unexposed ones that do
   * (flagged `exposed: false`), so a caller can say why it won't act.
   */
  matches: ResolvedEntity[];
  /** Several entities fit equally well, even after the speaker's area was taken into account. */
  ambiguous: boolean;
  /** The equally good matches when ambiguous, else empty. */
  candidates: ResolvedEntity[];
  /** The `area` option named no known area or floor. */
  unknownArea?: string;
}

const EXACT = 100;
/** The lowest score of a match that names the entity itself, not only its area, floor or domain. */
export const PARTIAL = 50;
/** Every word fits, but only through the entity's area, floor or domain ("kitchen" → its Ceiling Light). */
const PLACE_ONLY = 30;
const MAX_MATCHES = 25;

/** Finds the entities a spoken or typed name refers to. */
export function resolveEntities(
  index: HomeIndex,
  query: string,
  options: ResolveOptions & { speakerAreaId?: string } = {},
): Resolution {
  let areaFilter: ((r: EntityRecord) => boolean) | undefined;
  if (options.area !== undefined && options.area.trim() !== "") {
    const key = normalizeName(options.area);
    const areaId = index.areaByName.get(key) ?? index.areaByName.get(options.area);
    const floorId = areaId ? undefined : (index.floorByName.get(key) ?? index.floorByName.get(options.area));
    if (!areaId && !floorId)
      return { matches: [], ambiguous: false, candidates: [], unknownArea: options.area };
    areaFilter = areaId ? (r) => r.areaId === areaId : (r) => r.floorId === floorId;
  }
  const accept = (r: EntityRecord) =>
    (options.domain === undefined || r.domain === options.domain) && (!areaFilter || areaFilter(r));

  const scored = new Map<string, number>();
  const consider = (entityId: string, score: number) => {
    const record = index.records.get(entityId);
    if (!record || !accept(record)) return;
    if ((scored.get(entityId) ?? 0) < score) scored.set(entityId, score);
  };

  const trimmed = query.trim();
  if (looksLikeEntityId(trimmed)) consider(trimmed.toLowerCase(), EXACT);
  const normalized = normalizeName(trimmed);
  // "de bureau lamp", "die Wohnzimmer Lampe": a name said in two words, as speech-to-text often
  // writes a compound, is the name written as one ("bureaulamp"), when nothing has it as said.
  const byName =
    index.byName.get(normalized) ??
    (options.asWritten ? undefined : index.byName.get(normalized.replaceAll(" ", "")));
  for (const entityId of byName ?? []) consider(entityId, EXACT);

  const words = options.exactOnly ? [] : nameTokens(normalized);
  if (words.length > 0) {
    // Walk the rarest word's list; every other word must fit the same entity.
    let rarest: string[] | undefined;
    for (const word of words) {
      const list = index.byWord.get(word);
      if (!list) {
        rarest = [];
        break;
      }
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    for (const entityId of rarest ?? []) {
      if (scored.get(entityId) === EXACT) continue;
      const record = index.records.get(entityId);
      if (!record || !words.every((w) => record.words.has(w))) continue;
      // Prefer the name the query covers most tightly.
      let coverage = 0;
      for (const nameWords of record.nameWords) {
        if (nameWords.length === 0) continue;
        const hits = nameWords.filter((w) => words.includes(w)).length;
        coverage = Math.max(coverage, hits / nameWords.length);
      }
      consider(entityId, coverage > 0 ? PARTIAL + Math.round(40 * coverage) : PLACE_ONLY);
    }
  }

  const all: ResolvedEntity[] = [];
  for (const [entityId, score] of scored) {
    const r = index.records.get(entityId)!;
    all.push({
      entityId,
      name: r.name,
      domain: r.domain,
      areaId: r.areaId,
      match: score === EXACT ? "exact" : "partial",
      score,
      inSpeakerArea: options.speakerAreaId !== undefined && r.areaId === options.speakerAreaId,
      exposed: r.exposed,
    });
  }
  const exposed = all.filter((m) => m.exposed);
  const ranked = (exposed.length > 0 ? exposed : all).sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.inSpeakerArea) - Number(a.inSpeakerArea) ||
      a.name.localeCompare(b.name) ||
      a.entityId.localeCompare(b.entityId),
  );
  const top = ranked[0];
  if (!top) return { matches: [], ambiguous: false, candidates: [] };
  const tied = ranked.filter((m) => m.score === top.score && m.inSpeakerArea === top.inSpeakerArea);
  const ambiguous = tied.length > 1;
  return { matches: ranked.slice(0, MAX_MATCHES), ambiguous, candidates: ambiguous ? tied.slice(0, 10) : [] };
}
