import type { HomeData } from "./home-data.js";
import type { EntityRecord, HomeIndex } from "./home-index.js";
import { normalizeName } from "../spoken-name.js";

export interface SummaryOptions {
  /** Budget in tokens, estimated as characters / 4. */
  maxTokens?: number;
  /**
   * The Z-Wave node (and endpoint, for a device with several loads) an entity is one identity with,
   * when the identity join holds (src/ha/zwave-twins.ts). Left out, every entity that names a node
   * is marked with it.
   */
  zwaveTarget?: (entityId: string) => { nodeId: number; endpoint?: number } | undefined;
}

/** The summary's default size; the context budget asks for smaller ones (src/agent/context-budget/). */
export const DEFAULT_SUMMARY_TOKENS = 800;
const NOTE_RESERVE = 120;

/** "Kitchen Ceiling Light" in the Kitchen reads as "Ceiling Light" under a "Kitchen" heading. */
function shortName(name: string, areaName: string | undefined): string {
  if (!areaName) return name;
  const prefix = `${areaName} `;
  if (name.length > prefix.length && name.toLowerCase().startsWith(prefix.toLowerCase())) {
    return name.slice(prefix.length);
  }
  return name;
}

function describeEntities(
  records: EntityRecord[],
  areaName: string | undefined,
  options: SummaryOptions,
): string {
  const byDomain = new Map<string, string[]>();
  for (const r of records) {
    const aliases = r.aliases.filter((a) => normalizeName(a) !== normalizeName(r.name));
    // A Z-Wave node is one device, listed once: here, under HA's name, with the node id (and the
    // endpoint of one load of several) the Z-Wave tools take.
    const target = options.zwaveTarget ? options.zwaveTarget(r.entityId) : r.zwaveNode;
    const node = target
      ? ` (Z-Wave node ${target.nodeId}${target.endpoint ? `, endpoint ${target.endpoint}` : ""})`
      : "";
    const label = shortName(r.name, areaName) + (aliases.length ? ` (aka ${aliases.join(", ")})` : "") + node;
    const list = byDomain.get(r.domain) ?? [];
    list.push(label);
    byDomain.set(r.domain, list);
  }
  return [...byDomain]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, labels]) => `${domain}: ${labels.sort().join(", ")}`)
    .join("; ");
}

/**
 * The home as the LLM's system prompt needs it: each area (grouped by floor) with the names and
 * aliases of what Assist may control there. No states: they change, and the tools read them live.
 */
export function summarizeHome(data: HomeData, index: HomeIndex, options: SummaryOptions = {}): string {
  const budget = (options.maxTokens ?? DEFAULT_SUMMARY_TOKENS) * 4;
  const exposed = [...index.records.values()].filter((r) => r.exposed);
  const config = data.config;
  const header = [
    `Home${config?.location_name ? ` "${config.location_name}"` : ""}${config ? `, time zone ${config.time_zone}` : ""}.`,
    `Exposed to Assist, by area (names shown without the area's name; "aka" gives aliases):`,
  ].join("\n");

  const byArea = new Map<string, EntityRecord[]>();
  const noArea: EntityRecord[] = [];
  for (const r of exposed) {
    if (r.areaId && data.areas.has(r.areaId)) byArea.set(r.areaId, [...(byArea.get(r.areaId) ?? []), r]);
    else noArea.push(r);
  }
  const floorOrder = [...data.floors.values()].sort(
    (a, b) => (a.level ?? 0) - (b.level ?? 0) || a.name.localeCompare(b.name),
  );
  const areasOn = (floorId: string | undefined) =>
    [...byArea.keys()]
      .map((id) => data.areas.get(id)!)
      .filter(
        (a) =>
          (a.floor_id ?? undefined) === floorId ||
          (floorId === undefined && !data.floors.has(a.floor_id ?? "")),
      )
      .sort((a, b) => a.name.localeCompare(b.name));

  const blocks: Array<{ line: string; count: number }> = [];
  const addArea = (areaId: string) => {
    const area = data.areas.get(areaId)!;
    const aliases = area.aliases?.length ? ` (aka ${area.aliases.join(", ")})` : "";
    const records = byArea.get(areaId)!;
    blocks.push({
      line: `- ${area.name}${aliases}: ${describeEntities(records, area.name, options)}`,
      count: records.length,
    });
  };
  for (const floor of floorOrder) {
    const areas = areasOn(floor.floor_id);
    if (areas.length === 0) continue;
    blocks.push({ line: `${floor.name}:`, count: 0 });
    for (const area of areas) addArea(area.area_id);
  }
  const floorless = areasOn(undefined);
  if (floorless.length && floorOrder.length) blocks.push({ line: "Other areas:", count: 0 });
  for (const area of floorless) addArea(area.area_id);
  if (noArea.length)
    blocks.push({
      line: `- No area: ${describeEntities(noArea, undefined, options)}`,
      count: noArea.length,
    });

  let text = header;
  let shown = 0;
  for (const block of blocks) {
    if (text.length + 1 + block.line.length > budget - NOTE_RESERVE) break;
    text += `\n${block.line}`;
    shown += block.count;
  }
  if (exposed.length === 0) text += "\n(nothing is exposed to Assist yet)";
  else if (shown < exposed.length) {
    text += `\n(${exposed.length - shown} more exposed entities not listed; find them with search_entities)`;
  }
  return text;
}
