// Fluent Speech Commands' phrase list: 248 phrases that crowd workers in the US and Canada said to
// a voice assistant, each labelled with an action (activate, deactivate, increase, decrease,
// bring, change language), an object (lights, lamp, music, volume, heat, …) and a location
// (kitchen, bedroom, washroom or none). Read at run time from one of two public trees:
// - the dataset itself (`data/{train,valid,test}_data.csv`: path, speakerId, transcription,
//   action, object, location), where someone has it;
// - synesthesiam/voice2json, whose `recipes/fluent_dataset/results/test_truth.jsonl` holds the
//   dataset's test-split transcriptions with the same labels (lower-cased), as its README says.
// The phrases are the same in every split (the split is by speaker), so the distinct phrases are
// the corpus.
import { readTreeFile } from "./corpus-tree.js";
import {
  command,
  partOf,
  placeAreas,
  targetsOf,
  type CorpusItem,
  type Expectation,
} from "./practice-corpus.js";

const VOICE2JSON = "recipes/fluent_dataset/results/test_truth.jsonl";
const DATASET = ["data/train_data.csv", "data/valid_data.csv", "data/test_data.csv"];

interface Labelled {
  text: string;
  action: string;
  object: string;
  location: string;
}

/** The corpus from a tree (a checkout or a bare git clone), or an error saying what the tree lacks. */
export function loadFsc(tree: string): CorpusItem[] {
  const rows: Labelled[] = [];
  const csvs = DATASET.map((p) => readTreeFile(tree, p)).filter((t): t is string => t !== undefined);
  if (csvs.length) {
    for (const csv of csvs) rows.push(...fromCsv(csv));
  } else {
    const jsonl = readTreeFile(tree, VOICE2JSON);
    if (!jsonl) {
      throw new Error(`${tree} holds neither FSC's data/*_data.csv nor voice2json's ${VOICE2JSON}`);
    }
    for (const line of jsonl.split("\n").filter(Boolean)) {
      const row = JSON.parse(line) as { text: string; entities: Array<{ entity: string; value: string }> };
      const slot = (name: string) => row.entities.find((e) => e.entity === name)?.value ?? "none";
      rows.push({
        text: row.text,
        action: slot("action"),
        object: slot("object"),
        location: slot("location"),
      });
    }
  }
  const seen = new Map<string, CorpusItem>();
  for (const row of rows) {
    const key = row.text.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.set(key, {
      text: row.text.trim(),
      part: partOf(row.text),
      label: `${row.action}/${row.object}/${row.location}`,
      expect: expectation(row),
    });
  }
  return [...seen.values()];
}

function expectation({ text, action, object, location }: Labelled): Expectation {
  const place = location === "none" ? undefined : location;
  const on = action === "activate";
  switch (object.toLowerCase()) {
    case "lights":
      return command(on ? "switch lights on" : "switch lights off", place);
    case "lamp":
      // Which lamp? The living room has two: acting on its lights is not judged.
      return {
        type: "unclear",
        why: "which lamp",
        allowed: targetsOf("switch lights on", placeAreas(place) ?? []),
      };
    case "music":
      return command(on ? "play music" : "stop music", place);
    case "volume":
      // "volume mute" is labelled decrease; muting is what it asks.
      if (/\bmute\b/i.test(text)) return command("mute", place);
      return command(action === "increase" ? "raise volume" : "lower volume", place);
    case "heat":
      return command(action === "increase" ? "raise heat" : "lower heat", place);
    default:
      // bring (socks, shoes, juice, newspaper), change language: nothing this home can do.
      return { type: "none" };
  }
}

/** FSC's csv: an index column, then path, speakerId, transcription, action, object, location. */
function fromCsv(csv: string): Labelled[] {
  const lines = csv.split(/\r?\n/).filter(Boolean);
  const header = splitCsv(lines[0] ?? "");
  const col = (name: string) => header.indexOf(name);
  const [t, a, o, l] = [col("transcription"), col("action"), col("object"), col("location")];
  if ([t, a, o, l].some((i) => i < 0)) throw new Error(`unexpected FSC csv header: ${lines[0]}`);
  return lines.slice(1).map((line) => {
    const cells = splitCsv(line);
    return { text: cells[t]!, action: cells[a]!, object: cells[o]!, location: cells[l]! };
  });
}

function splitCsv(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}
