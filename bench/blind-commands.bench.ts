// The blind command set (bench/support/blind-commands/README.md): commands, questions and
// non-commands in the six fast-path languages, written by hand before the understanding code was
// read, said from the living-room satellite to the real agent with the real tools and mirror
// against the HA websocket fake (the fast path first, HA's agent, the fake's, behind it; no LLM).
// Per language and part (practice, held out): clear commands carried out alone and with HA,
// handed on to HA's agent, wrong actions and wrong answers, questions answered rightly.
// BLIND_VERBOSE=1 lists every miss too; BLIND_VERBOSE=practice only the practice part's (tune on
// those, never on the held-out part's).
import { startPracticeAgent } from "./support/practice-agent.js";
import { blindHome } from "./support/blind-home.js";
import {
  judgeBlind,
  LANGUAGES,
  loadBlind,
  type BlindItem,
  type BlindVerdict,
} from "./support/blind-commands.js";

const VERBOSE = process.env.BLIND_VERBOSE;
const practice = await startPracticeAgent(blindHome());

interface Outcome {
  item: BlindItem;
  verdict: BlindVerdict;
  speech: string;
  handledBy: string;
  handedOn: boolean;
}

async function say(item: BlindItem): Promise<Outcome> {
  const turn = await practice.say(item.text, item.language);
  return {
    item,
    verdict: judgeBlind(item, turn),
    speech: turn.speech,
    handledBy: turn.handledBy,
    handedOn: turn.handedOn,
  };
}

const count = <T>(list: T[], p: (x: T) => boolean) => list.filter(p).length;
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)} %` : "-");

function row(label: string, list: Outcome[]) {
  const commands = list.filter((o) => o.item.expect.type === "command");
  const questions = list.filter(
    (o) => o.item.state || (o.item.expect.type === "question" && !o.item.expect.elsewhere),
  );
  const alone = count(commands, (o) => o.verdict.doneByUs);
  const withHa = count(commands, (o) => o.verdict.done);
  console.log(
    `  ${label.padEnd(14)}${`${alone}/${commands.length}`.padStart(8)}${pct(alone, commands.length).padStart(7)}` +
      `${`${withHa}/${commands.length}`.padStart(9)}${String(count(commands, (o) => o.handedOn)).padStart(10)}` +
      `${`${count(questions, (o) => o.verdict.answered)}/${questions.length}`.padStart(10)}` +
      `${String(count(list, (o) => o.verdict.wrongActions.length > 0)).padStart(11)}` +
      `${String(count(list, (o) => o.verdict.wrongAnswer !== undefined)).padStart(11)}`,
  );
}

const all: Outcome[] = [];
for (const language of LANGUAGES) for (const item of loadBlind(language)) all.push(await say(item));

for (const part of ["practice", "held-out", "both"] as const) {
  const inPart = all.filter((o) => part === "both" || o.item.part === part);
  console.log(`\n## Blind command set, ${part}: ${inPart.length} sentences (bench/support/blind-commands/)`);
  console.log(
    `  ${"language".padEnd(14)}${"clear commands done alone".padStart(15)}${"with HA".padStart(9)}${"handed on".padStart(10)}${"answered".padStart(10)}${"wrong act".padStart(11)}${"wrong ans".padStart(11)}`,
  );
  for (const language of LANGUAGES)
    row(
      language,
      inPart.filter((o) => o.item.language === language),
    );
  row("all", inPart);
}

const line = (o: Outcome, what: string) =>
  console.log(
    `  ${what} [${o.item.language}/${o.item.part}] ${JSON.stringify(o.item.text)} (${o.item.label}) → ${o.handledBy}: ${JSON.stringify(o.speech)}${o.verdict.acted.length ? ` acted [${o.verdict.acted.join("; ")}]` : ""}`,
  );
console.log("");
for (const o of all.filter((x) => x.verdict.wrongActions.length)) line(o, "WRONG ACTION");
for (const o of all.filter((x) => x.verdict.wrongAnswer)) line(o, `WRONG ANSWER (${o.verdict.wrongAnswer})`);
if (VERBOSE) {
  const listed = all.filter((o) => VERBOSE !== "practice" || o.item.part === "practice");
  for (const o of listed.filter((y) => y.item.expect.type === "command" && !y.verdict.done)) line(o, "miss");
  for (const o of listed.filter(
    (y) =>
      (y.item.state || (y.item.expect.type === "question" && !y.item.expect.elsewhere)) &&
      !y.verdict.answered,
  ))
    line(o, "not answered");
  for (const o of listed.filter((y) => y.verdict.unjudgedActions.length)) line(o, "acted on unclear");
}

await practice.close();
const wrong = count(all, (o) => o.verdict.wrongActions.length > 0 || o.verdict.wrongAnswer !== undefined);
process.exit(wrong ? 1 : 0);
