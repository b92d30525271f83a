// Our understanding judged by public command sets that people wrote or said to other assistants
// (issue 30, "Practise on more than one corpus"), read at run time from fetched trees and never
// copied into this repository:
//   PRACTICE_FSC=<tree>    Fluent Speech Commands' phrases (the dataset, or synesthesiam/voice2json)
//   PRACTICE_SLURP=<tree>  SLURP's train split (pswietojanski/slurp, or its train.jsonl itself)
// A tree is a checkout or a bare git directory, such as the one the `fetch` tool gives:
//   PRACTICE_FSC=/work/.mirror/synesthesiam+voice2json/repo npx tsx bench/run.ts practice-corpora
// PRACTICE_VERBOSE=1 lists every missed command too.
//
// Every sentence is said from a satellite in the living room of one home
// (bench/support/practice-home.ts) to the real agent, with the real tools and mirror against the
// HA websocket fake: the fast path first and Home Assistant's agent (the fake's) behind it, no
// LLM. After each sentence the touched devices are put back as they were. Each item is judged by
// bench/support/practice-corpus.ts:
// - a clear command is done when every device it means got a call that does what it says, and
//   nothing else was acted on; "alone" counts what the fast path did, "with HA" adds what HA's
//   agent did with the sentences handed to it (the fake's agent knows only "turn on|off <name>");
// - a wrong action is any call that was not asked for (on a sentence that is no command, any call);
// - a wrong answer is one of ours that is false: the local time or date for another place or
//   day, "nothing here" when the devices are there, a question that lists only some candidates.
// Each corpus is split by a hash of the text into a practice part (~80 %) and a held-out part.
import { startPracticeAgent } from "./support/practice-agent.js";
import { loadFsc } from "./support/corpus-fsc.js";
import { loadSlurpTrain } from "./support/corpus-slurp.js";
import {
  COMMAND_KINDS,
  GOAL_KINDS,
  judge,
  type CorpusItem,
  type Verdict,
} from "./support/practice-corpus.js";
import { practiceHome } from "./support/practice-home.js";

const CORPORA: Array<{ name: string; env: string; load: (tree: string) => CorpusItem[] }> = [
  { name: "SLURP train", env: "PRACTICE_SLURP", load: loadSlurpTrain },
  { name: "Fluent Speech Commands", env: "PRACTICE_FSC", load: loadFsc },
];
const VERBOSE = process.env.PRACTICE_VERBOSE === "1";

const wanted = CORPORA.filter((c) => process.env[c.env]);
if (!wanted.length) {
  console.log(
    `\n## Practice corpora: not run (set ${CORPORA.map((c) => c.env).join(" and/or ")} to fetched trees; see the top of bench/practice-corpora.bench.ts)`,
  );
  process.exit(0);
}

const practice = await startPracticeAgent(practiceHome());

interface Outcome {
  item: CorpusItem;
  verdict: Verdict;
  speech: string;
  handledBy: string;
  handedOn: boolean;
}

async function say(item: CorpusItem): Promise<Outcome> {
  const turn = await practice.say(item.text, "en");
  return {
    item,
    verdict: judge(item, turn),
    speech: turn.speech,
    handledBy: turn.handledBy,
    handedOn: turn.handedOn,
  };
}

const count = <T>(list: T[], p: (x: T) => boolean) => list.filter(p).length;
const ratio = (n: number, d: number) => (d ? `${n}/${d}` : "-");
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "-");

function table(name: string, part: string, outcomes: Outcome[]) {
  const commands = outcomes.filter((o) => o.item.expect.type === "command");
  console.log(`\n## ${name}, ${part}: ${outcomes.length} sentences, ${commands.length} clear commands`);
  console.log(
    `  ${"kind".padEnd(18)}${"alone".padStart(10)}${"with HA".padStart(10)}${"handed on".padStart(11)}${"wrong act".padStart(11)}${"wrong ans".padStart(11)}`,
  );
  const row = (label: string, list: Outcome[]) =>
    console.log(
      `  ${label.padEnd(18)}${ratio(
        count(list, (o) => o.verdict.doneByUs),
        list.length,
      ).padStart(10)}${ratio(
        count(list, (o) => o.verdict.done),
        list.length,
      ).padStart(10)}${String(count(list, (o) => o.handedOn)).padStart(11)}${String(
        count(list, (o) => o.verdict.wrongActions.length > 0),
      ).padStart(11)}${String(count(list, (o) => o.verdict.wrongAnswer !== undefined)).padStart(11)}`,
    );
  for (const kind of COMMAND_KINDS) {
    const list = commands.filter((o) => o.item.expect.type === "command" && o.item.expect.kind === kind);
    if (list.length) row(kind, list);
  }
  const goal = commands.filter((o) => o.item.expect.type === "command" && GOAL_KINDS.has(o.item.expect.kind));
  row("lights+plugs+vol", goal);
  row("all commands", commands);
  for (const [label, type] of [
    ["unclear", "unclear"],
    ["questions", "question"],
    ["no command", "none"],
  ] as const) {
    const list = outcomes.filter((o) => o.item.expect.type === type);
    if (!list.length) continue;
    console.log(
      `  ${label.padEnd(18)}${String(list.length).padStart(10)} sentences${String(count(list, (o) => o.handedOn)).padStart(11)}${String(
        count(list, (o) => o.verdict.wrongActions.length > 0),
      ).padStart(11)}${String(count(list, (o) => o.verdict.wrongAnswer !== undefined)).padStart(11)}`,
    );
  }
  const elsewhere = outcomes.filter((o) => o.item.expect.type === "question" && o.item.expect.elsewhere);
  console.log(
    `  lights, plugs, volume done alone: ${pct(
      count(goal, (o) => o.verdict.doneByUs),
      goal.length,
    )}; wrong actions ${count(outcomes, (o) => o.verdict.wrongActions.length > 0)}; wrong answers ${count(
      outcomes,
      (o) => o.verdict.wrongAnswer !== undefined,
    )} (time/date elsewhere: ${count(elsewhere, (o) => o.verdict.wrongAnswer !== undefined)} of ${elsewhere.length}); ` +
      `acted on unclear (not judged): ${count(outcomes, (o) => o.verdict.unjudgedActions.length > 0)}; ` +
      `non-home questions answered with home facts: ${count(outcomes, (o) => o.verdict.localAnswer)}`,
  );
}

function listing(name: string, outcomes: Outcome[]) {
  const line = (o: Outcome, what: string) =>
    console.log(
      `  ${what} [${name}/${o.item.part}] ${JSON.stringify(o.item.text)} (${o.item.label}) → ${o.handledBy}: ${JSON.stringify(o.speech)}${o.verdict.acted.length ? ` acted [${o.verdict.acted.join("; ")}]` : ""}`,
    );
  for (const o of outcomes.filter((x) => x.verdict.wrongActions.length)) line(o, "WRONG ACTION");
  for (const o of outcomes.filter((x) => x.verdict.wrongAnswer))
    line(o, `WRONG ANSWER (${o.verdict.wrongAnswer})`);
  for (const o of outcomes.filter((x) => x.verdict.localAnswer))
    line(o, "home facts for a non-home question");
  if (!VERBOSE) return;
  for (const o of outcomes.filter((x) => x.item.expect.type === "command" && !x.verdict.done))
    line(o, "miss");
  for (const o of outcomes.filter((x) => x.verdict.unjudgedActions.length)) line(o, "acted on unclear");
}

let failed = false;
for (const corpus of wanted) {
  const tree = process.env[corpus.env]!;
  let items: CorpusItem[];
  try {
    items = corpus.load(tree);
  } catch (err) {
    console.log(`\n## ${corpus.name}: could not be read: ${(err as Error).message}`);
    failed = true;
    continue;
  }
  const outcomes: Outcome[] = [];
  for (const item of items) outcomes.push(await say(item));
  for (const part of ["practice", "held-out"] as const) {
    table(
      `${corpus.name} (${tree})`,
      part,
      outcomes.filter((o) => o.item.part === part),
    );
  }
  listing(corpus.name, outcomes);
}

await practice.close();
process.exit(failed ? 1 : 0);
