// Our understanding judged by public command sets that people wrote or said to other assistants,
// read at run time and never copied into this repository:
//   PRACTICE_MASSIVE=<folder>  MASSIVE's train partition, one `<locale>.jsonl` a language (en-US,
//                              de-DE, fr-FR, es-ES, nl-NL, it-IT); by default
//                              `../shared/practice/massive-train/` beside the repository, where it
//                              is there (bench/support/corpus-massive.ts). PRACTICE_MASSIVE=off
//                              leaves it out; PRACTICE_LANGUAGES=de,fr limits its languages.
//   PRACTICE_FSC=<tree>        Fluent Speech Commands' phrases (a copy of the dataset, or a
//                              checkout of synesthesiam/voice2json), English
//   PRACTICE_SLURP=<tree>      SLURP's train split (a checkout of pswietojanski/slurp, or its
//                              train.jsonl itself), English
// A tree is a checkout or a bare git clone:
//   PRACTICE_FSC=<a checkout of synesthesiam/voice2json> npx tsx bench/run.ts practice-corpora
// PRACTICE_VERBOSE=1 lists every missed command of the practice parts too. The held-out parts are
// counted, never listed: tune on the practice part only, and report both.
//
// Every sentence is said from a satellite in the living room of one home
// (bench/support/practice-home.ts; for MASSIVE the same home with each language's names for its
// places, bench/support/corpus-massive.ts) to the real agent, with the real tools and mirror
// against the HA websocket fake: the fast path first and Home Assistant's agent (the fake's)
// behind it, no LLM. After each sentence the touched devices are put back as they were. Each item
// is judged by bench/support/practice-corpus.ts:
// - a clear command is done when every device it means got a call that does what it says, and
//   nothing else was acted on; "alone" counts what the fast path did, "with HA" adds what HA's
//   agent did with the sentences handed to it (the fake's agent knows only "turn on|off <name>");
// - a time or date question about here and now is answered when we answered it ourselves;
// - a wrong action is any call that was not asked for (on a sentence that is no command, any call);
// - a wrong answer is one of ours that is false: the local time or date for another place or
//   day, "nothing here" when the devices are there (English replies only), a question that lists
//   only some candidates.
// Each corpus is split by a fixed hash into a practice part (~80 %) and a held-out part: of the
// text for FSC and SLURP, of MASSIVE's id for MASSIVE (the same requests in every language).
import { startPracticeAgent } from "./support/practice-agent.js";
import { loadFsc } from "./support/corpus-fsc.js";
import {
  loadMassive,
  MASSIVE_LANGUAGES,
  massiveFolder,
  massiveHome,
  type MassiveItem,
} from "./support/corpus-massive.js";
import { loadSlurpTrain } from "./support/corpus-slurp.js";
import {
  answeredHereAndNow,
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
const PARTS = ["practice", "held-out"] as const;

const english = CORPORA.filter((c) => process.env[c.env]);
const massive = process.env.PRACTICE_MASSIVE === "off" ? undefined : massiveFolder();
const languages = MASSIVE_LANGUAGES.filter(
  (l) => !process.env.PRACTICE_LANGUAGES || process.env.PRACTICE_LANGUAGES.split(",").includes(l),
);
if (!english.length && !massive) {
  console.log(
    `\n## Practice corpora: not run (set PRACTICE_MASSIVE, ${CORPORA.map((c) => c.env).join(" or ")}; see the top of bench/practice-corpora.bench.ts)`,
  );
  process.exit(0);
}

interface Outcome<T extends CorpusItem = CorpusItem> {
  item: T;
  verdict: Verdict;
  /** A time or date question about here and now, answered by us. */
  answered: boolean;
  speech: string;
  handledBy: string;
  handedOn: boolean;
}

type Agent = Awaited<ReturnType<typeof startPracticeAgent>>;

async function say<T extends CorpusItem>(agent: Agent, item: T, language: string): Promise<Outcome<T>> {
  const turn = await agent.say(item.text, language);
  return {
    item,
    verdict: judge(item, turn),
    answered: answeredHereAndNow(item, turn),
    speech: turn.speech,
    handledBy: turn.handledBy,
    handedOn: turn.handedOn,
  };
}

const count = <T>(list: T[], p: (x: T) => boolean) => list.filter(p).length;
const ratio = (n: number, d: number) => (d ? `${n}/${d}` : "-");
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "-");
const isGoal = (o: Outcome) => o.item.expect.type === "command" && GOAL_KINDS.has(o.item.expect.kind);
const isHereAndNow = (o: Outcome) => o.item.expect.type === "question" && !o.item.expect.elsewhere;
const wrongAct = (o: Outcome) => o.verdict.wrongActions.length > 0;
const wrongAnswer = (o: Outcome) => o.verdict.wrongAnswer !== undefined;

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
        count(list, wrongAct),
      ).padStart(11)}${String(count(list, wrongAnswer)).padStart(11)}`,
    );
  for (const kind of COMMAND_KINDS) {
    const list = commands.filter((o) => o.item.expect.type === "command" && o.item.expect.kind === kind);
    if (list.length) row(kind, list);
  }
  const goal = commands.filter(isGoal);
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
        count(list, wrongAct),
      ).padStart(11)}${String(count(list, wrongAnswer)).padStart(11)}`,
    );
  }
  const elsewhere = outcomes.filter((o) => o.item.expect.type === "question" && o.item.expect.elsewhere);
  const here = outcomes.filter(isHereAndNow);
  console.log(
    `  lights, plugs, volume done alone: ${pct(
      count(goal, (o) => o.verdict.doneByUs),
      goal.length,
    )}; time/date here and now answered: ${ratio(
      count(here, (o) => o.answered),
      here.length,
    )}; ` +
      `wrong actions ${count(outcomes, wrongAct)}; wrong answers ${count(outcomes, wrongAnswer)} ` +
      `(time/date elsewhere: ${count(elsewhere, wrongAnswer)} of ${elsewhere.length}); ` +
      `acted on unclear (not judged): ${count(outcomes, (o) => o.verdict.unjudgedActions.length > 0)}; ` +
      `non-home questions answered with home facts: ${count(outcomes, (o) => o.verdict.localAnswer)}`,
  );
}

/** One line a language: the figures the understanding is worked on by, for one part. */
function languageTable(part: string, byLanguage: Array<[string, Outcome[]]>) {
  const all = byLanguage.flatMap(([, list]) => list);
  console.log(`\n## MASSIVE train, ${part}: ${all.length} sentences`);
  console.log(
    `  ${"language".padEnd(10)}${"lights/plugs/volume alone".padStart(27)}${"with HA".padStart(13)}${"time/date answered".padStart(20)}${"wrong act".padStart(11)}${"wrong ans".padStart(11)}`,
  );
  for (const [language, list] of [...byLanguage, ["all", all] as [string, Outcome[]]]) {
    const goal = list.filter(isGoal);
    const alone = count(goal, (o) => o.verdict.doneByUs);
    const here = list.filter(isHereAndNow);
    console.log(
      `  ${language.padEnd(10)}${`${ratio(alone, goal.length)} ${pct(alone, goal.length)}`.padStart(27)}` +
        `${ratio(
          count(goal, (o) => o.verdict.done),
          goal.length,
        ).padStart(13)}${ratio(
          count(here, (o) => o.answered),
          here.length,
        ).padStart(
          20,
        )}${String(count(list, wrongAct)).padStart(11)}${String(count(list, wrongAnswer)).padStart(11)}`,
    );
  }
}

/** The practice part's wrong actions and answers (and, verbose, its misses); the held-out part is never listed. */
function listing(name: string, outcomes: Outcome[]) {
  const practice = outcomes.filter((o) => o.item.part === "practice");
  const line = (o: Outcome, what: string) =>
    console.log(
      `  ${what} [${name}] ${JSON.stringify(o.item.text)} (${o.item.label}) → ${o.handledBy}: ${JSON.stringify(o.speech)}${o.verdict.acted.length ? ` acted [${o.verdict.acted.join("; ")}]` : ""}`,
    );
  for (const o of practice.filter(wrongAct)) line(o, "WRONG ACTION");
  for (const o of practice.filter(wrongAnswer)) line(o, `WRONG ANSWER (${o.verdict.wrongAnswer})`);
  for (const o of practice.filter((x) => x.verdict.localAnswer))
    line(o, "home facts for a non-home question");
  if (!VERBOSE) return;
  for (const o of practice.filter((x) => x.item.expect.type === "command" && !x.verdict.done))
    line(o, "miss");
  for (const o of practice.filter((x) => isHereAndNow(x) && !x.answered)) line(o, "not answered");
  for (const o of practice.filter((x) => x.verdict.unjudgedActions.length)) line(o, "acted on unclear");
}

let failed = false;

if (english.length) {
  const agent = await startPracticeAgent(practiceHome());
  for (const corpus of english) {
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
    for (const item of items) outcomes.push(await say(agent, item, "en"));
    for (const part of PARTS) {
      table(
        `${corpus.name} (${corpus.env})`,
        part,
        outcomes.filter((o) => o.item.part === part),
      );
    }
    listing(corpus.name, outcomes);
  }
  await agent.close();
}

if (massive) {
  const agent = await startPracticeAgent(massiveHome());
  const byLanguage: Array<[string, Array<Outcome<MassiveItem>>]> = [];
  for (const language of languages) {
    let items: MassiveItem[];
    try {
      items = loadMassive(massive, language);
    } catch (err) {
      console.log(`\n## MASSIVE train (${language}): could not be read: ${(err as Error).message}`);
      failed = true;
      continue;
    }
    const outcomes: Array<Outcome<MassiveItem>> = [];
    for (const item of items) outcomes.push(await say(agent, item, language));
    byLanguage.push([language, outcomes]);
  }
  for (const part of PARTS) {
    languageTable(
      part,
      byLanguage.map(([language, list]) => [language, list.filter((o) => o.item.part === part)]),
    );
  }
  if (VERBOSE) {
    for (const [language, outcomes] of byLanguage) {
      for (const part of PARTS)
        table(
          `MASSIVE train (${language})`,
          part,
          outcomes.filter((o) => o.item.part === part),
        );
    }
  }
  console.log("");
  for (const [language, outcomes] of byLanguage) listing(`MASSIVE ${language}`, outcomes);
  await agent.close();
}

process.exit(failed ? 1 : 0);
