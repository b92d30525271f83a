// SLURP (pswietojanski/slurp): commands and questions that crowd workers wrote for a home voice
// assistant, each with a scenario, an intent and slots ("turn off the [house_place : kitchen]
// lights"). Only the train split is read: `dataset/slurp/train.jsonl`. devel.jsonl and test.jsonl
// are the outside judges' sentences and are never opened here.
//
// One JSON object a line: { slurp_id, sentence, sentence_annotation, intent, action, scenario,
// tokens, entities, recordings }. The slots are read from `sentence_annotation`'s
// "[type : words]" spans.
import { readFileSync } from "node:fs";
import { readTreeFile, treeListsFile, levelIn } from "./corpus-tree.js";
import {
  command,
  partOf,
  placeAreas,
  targetsOf,
  type CommandKind,
  type CorpusItem,
  type Expectation,
} from "./practice-corpus.js";

export const SLURP_TRAIN = "dataset/slurp/train.jsonl";

interface SlurpLine {
  sentence: string;
  sentence_annotation?: string;
  intent: string;
  scenario?: string;
}

/** The train split's distinct sentences from a tree (a checkout or a bare git clone), or an error saying why there are none. */
export function loadSlurpTrain(tree: string): CorpusItem[] {
  // The train file itself may be given; no other file of the tree is opened.
  const text = tree.endsWith("/train.jsonl") ? readFileSync(tree, "utf8") : readTreeFile(tree, SLURP_TRAIN);
  if (text === undefined) {
    throw new Error(
      treeListsFile(tree, SLURP_TRAIN)
        ? `${tree} lists ${SLURP_TRAIN} but does not hold its content (a partial clone may leave out large files); point PRACTICE_SLURP at a checkout or at the file itself`
        : `${tree} has no ${SLURP_TRAIN}`,
    );
  }
  const seen = new Map<string, CorpusItem>();
  for (const line of text.split("\n").filter(Boolean)) {
    const row = JSON.parse(line) as SlurpLine;
    const key = row.sentence.trim().toLowerCase();
    if (seen.has(key)) continue;
    const slots = slotsOf(row.sentence_annotation ?? "");
    seen.set(key, {
      text: row.sentence.trim(),
      part: partOf(row.sentence),
      label: [row.intent, ...Object.entries(slots).map(([k, v]) => `${k}=${v}`)].join(" "),
      expect: expectation(row.intent, row.sentence, slots),
    });
  }
  return [...seen.values()];
}

/** "[house_place : kitchen]" → { house_place: "kitchen" } (the first of a type wins). */
export function slotsOf(annotation: string): Record<string, string> {
  const slots: Record<string, string> = {};
  for (const m of annotation.matchAll(/\[\s*([\w-]+)\s*:\s*([^\]]*?)\s*\]/g)) {
    slots[m[1]!] ??= m[2]!;
  }
  return slots;
}

const PLUG_WORDS = /\b(?:plugs?|sockets?|outlets?|wemo|smart ?plugs?|power)\b/i;
const LIGHT_WORDS = /\b(?:lights?|lamps?|bulbs?|lighting|hue)\b/i;
/** A date slot that still means today ("today", "now"). */
const TODAY = /^(?:today|now|right now|currently|this day|todays?|today's)$/i;

type LightKind = Extract<CommandKind, "switch lights on" | "switch lights off" | "dim" | "brighten">;
/** SLURP's light intents (MASSIVE's too) and the command each one is. */
export const LIGHT_INTENTS: Record<string, LightKind | undefined> = {
  iot_hue_lighton: "switch lights on",
  iot_hue_lightoff: "switch lights off",
  iot_hue_lightdim: "dim",
  iot_hue_lightup: "brighten",
};

export function expectation(intent: string, sentence: string, slots: Record<string, string>): Expectation {
  const place = slots.house_place;
  const level = levelIn(sentence);
  const device = slots.device_type;
  const all = !place && /\ball\b|\bevery/i.test(sentence);
  const lights = (kind: LightKind) => {
    if (device && !LIGHT_WORDS.test(device)) {
      return { type: "unclear" as const, why: `device "${device}"`, allowed: [] };
    }
    return command(kind, place, { ...(level !== undefined ? { level } : {}), orWholeHome: all });
  };
  const lightKind = LIGHT_INTENTS[intent];
  if (lightKind) return lights(lightKind);
  switch (intent) {
    case "iot_wemo_on":
    case "iot_wemo_off": {
      if (device && !PLUG_WORDS.test(device)) {
        return { type: "unclear", why: `device "${device}"`, allowed: [] };
      }
      return command(intent === "iot_wemo_on" ? "plug on" : "plug off", place, { orWholeHome: all });
    }
    case "audio_volume_up":
    case "audio_volume_down":
      if (level !== undefined) return command("set volume", place, { level });
      return command(intent === "audio_volume_up" ? "raise volume" : "lower volume", place);
    case "audio_volume_mute":
      return command(/\bun-?mute\b/i.test(sentence) ? "unmute" : "mute", place);
    case "audio_volume_other":
      if (level !== undefined) return command("set volume", place, { level });
      return {
        type: "unclear",
        why: "volume, no direction",
        allowed: targetsOf("set volume", placeAreas(place) ?? []),
      };
    case "datetime_query":
    case "datetime_convert": {
      const kind = /\b(?:time|hour|o'?clock)\b/i.test(sentence) ? "time" : "date";
      const elsewhere =
        intent === "datetime_convert" ||
        slots.place_name !== undefined ||
        slots.time_zone !== undefined ||
        (slots.date !== undefined && !TODAY.test(slots.date.trim()));
      return { type: "question", kind, elsewhere };
    }
    default:
      // Colour changes, cleaning, coffee, music, the weather, the news, …: nothing to act on.
      return { type: "none" };
  }
}
