// Our understanding judged by Home Assistant's own intent test sentences (OHF-Voice/intents
// `tests/<lang>/`), which nobody on this team wrote. Not part of the unit suite.
//
// It needs a checkout of OHF-Voice/intents (read at run time and never copied into this repository):
//   git clone --depth 1 https://github.com/OHF-Voice/intents /tmp/intents
// then:
//   HA_INTENTS=/tmp/intents npx tsx bench/run.ts ha-intents
// HA_INTENTS may also be a bare git clone (it then exports `tests/` with `git archive`).
// HA_INTENTS_LANGUAGES=en,de limits the languages; HA_INTENTS_VERBOSE=1 lists every miss.
//
// Every sentence is said from a satellite in the test's context area, against a home built from
// the test file (plus one device of every kind and cover class in every area), through the fast
// path with the real tools, the real mirror, the one action policy and the HA websocket fake. It
// is scored twice:
// - alone: we did exactly what HA's intent handler would do (the service on every entity that
//   fits the expected slots, nothing else), or answered a question without acting;
// - with HA's agent behind (src/agent/home-assistant-agent.ts): a sentence the fast path hands on
//   goes to HA's recognise-only command with the satellite's device, and the fake recognises it as
//   the test file says HA does (its intent and slots; the area from the satellite where the
//   combination takes it from the speaker, and no match without one, as `requires_context` has
//   it). What the bridge then carries out through its tools is scored as above; one held for a
//   yes gets the language's yes. A sentence HA then handles itself (`conversation/process`, asked
//   only when what it would do holds nothing) counts as done, as HA answers its own tests.
// A wrong action is any service call HA would not make: another entity, or another service.
import { randomUUID } from "node:crypto";
import { pino } from "pino";
import { createHomeAssistantAgent } from "../src/agent/home-assistant-agent.js";
import { createPendingActions } from "../src/agent/pending-actions.js";
import { createHomeMirror } from "../src/ha/mirror.js";
import { homeTools } from "../src/tools/local/index.js";
import { createActionPolicy } from "../src/tools/policy/action-policy.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { createFastPath } from "../src/understanding/fast-path.js";
import { GRAMMARS } from "../src/understanding/grammar.js";
import type { DeviceKind } from "../src/understanding/grammar-types.js";
import { normalizeName } from "../src/spoken-name.js";
import { numberWords } from "../src/understanding/number-words.js";
import { createZwaveClient } from "../src/zwave-host/zwave-client.js";
import type { Recognizer } from "../test/support/ha-default-agent.js";
import { startFakeHa, type ServiceCall } from "../test/support/ha-server.js";
import { waitFor } from "../test/support/wait-for.js";
import {
  expectedCall,
  expectedAlternatives,
  fakeHome,
  isDestructive,
  loadTests,
  numbersIn,
  polarity,
  SATELLITE,
  testsDirectory,
  values,
  YES_WORD,
  type IntentTest,
  type TestEntity,
} from "./support/ha-intents.js";

const tree = process.env.HA_INTENTS;
if (!tree) {
  console.log("\n## HA intent tests: skipped (set HA_INTENTS to a checkout of OHF-Voice/intents)");
  process.exit(0);
}
const LANGUAGES = (process.env.HA_INTENTS_LANGUAGES ?? "en,de,fr,es,nl,it").split(",");
const VERBOSE = process.env.HA_INTENTS_VERBOSE === "1";
const QUESTIONS = new Set([
  "HassGetState",
  "HassClimateGetTemperature",
  "HassGetCurrentTime",
  "HassGetCurrentDate",
]);
/** What our grammar claims to understand; the goals are measured on these, the rest is listed. */
const OURS = new Set([...QUESTIONS, "HassTurnOn", "HassTurnOff", "HassLightSet", "HassSetVolume"]);
/** Understood later (relative volume, mute): reported apart, so the line above compares. */
const NEWER = new Set(["HassSetVolumeRelative", "HassMediaPlayerMute", "HassMediaPlayerUnmute"]);
/** Understood later still (a cover's position): reported apart as well. */
const COVERS = new Set(["HassSetPosition"]);
const testsDir = testsDirectory(tree, LANGUAGES);
const logger = pino({ level: "silent" });

interface Scored {
  test: IntentTest;
  sentence: string;
  alone: boolean;
  withHa: boolean;
  wrong: string[];
  handedOn: boolean;
  /** Takes its area from the speaker: HA's `conversation/process` could never do it. */
  needsSpeaker: boolean;
  speech: string;
  acted: string[];
  wanted: string[];
}

function actionOf(test: IntentTest): boolean {
  return (
    ["HassTurnOn", "HassTurnOff", "HassSetVolume", ...NEWER, ...COVERS].includes(test.intent) ||
    (test.intent === "HassLightSet" && test.slots.brightness !== undefined)
  );
}

/**
 * The domain HA infers from a sentence's words when the file leaves it open ("luces" the lights,
 * "ventiladores" the fans). HA reads it from its templates; the bench stands in with the one of
 * the file's domains whose kind words (our grammar's) the sentence says, and none when that is
 * not exactly one: such a sentence is then not recognised, and counts as a miss, never a guess.
 */
function inferredDomain(test: IntentTest, text: string): string | undefined {
  const domains = values(test.slots.domain);
  if (domains.length === 1) return domains[0];
  const words = ` ${normalizeName(text)} `;
  const kinds = GRAMMARS[test.language]?.kinds ?? {};
  const said = domains.filter((domain) =>
    (kinds[domain as DeviceKind] ?? []).some((w) => words.includes(` ${normalizeName(w)} `)),
  );
  return said.length === 1 ? said[0] : undefined;
}

/**
 * HA's recogniser for one test file: each sentence is what the file says HA makes of it. A
 * combination that takes its area from the speaker matches only with a satellite in an area, whose
 * name fills the area slot (default_agent.py `_make_intent_context`).
 */
function testRecognizer(tests: IntentTest[]): Recognizer {
  return (text, _language, context) => {
    const test = tests.find((t) => t.sentences.includes(text));
    if (!test) return undefined;
    const slots: Record<string, { value: string | number | Array<string | number>; text: string }> = {};
    for (const [key, value] of Object.entries(test.slots)) {
      if (key === "domain" && test.inferredDomain) continue;
      slots[key] = { value, text: String(value) };
    }
    if (test.inferredDomain) {
      const domain = inferredDomain(test, text);
      if (!domain) return undefined;
      slots.domain = { value: domain, text: domain };
    }
    if (test.contextArea && !values(test.slots.area).length && !values(test.slots.name).length) {
      if (!context.area) return undefined;
      slots.area = { value: context.area.name, text: context.area.name };
    }
    return { intent: test.intent, slots, match: true };
  };
}

async function runFile(tests: IntentTest[]): Promise<Scored[]> {
  const first = tests[0]!;
  const ha = await startFakeHa({
    home: fakeHome(first.home, first.language),
    recognizer: testRecognizer(tests),
  });
  const mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
  await waitFor("the test home's first sync", () => !mirror.status().stale, 30_000);
  const registry = createToolRegistry({ logger, policy: createActionPolicy({ mirror }) });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  const pending = createPendingActions(registry);
  const fastPath = createFastPath({
    registry,
    mirror,
    zwave: createZwaveClient({ registry, logger }),
    hold: pending.hold,
  });
  const homeAssistant = createHomeAssistantAgent({
    mirror,
    registry,
    fastPath,
    logger,
    timeoutMs: 5000,
    hasModel: false,
  });
  const scored: Scored[] = [];
  for (const test of tests) {
    const alternatives = expectedAlternatives(test);
    // Any of them is right; a call outside all of them is wrong.
    const wanted = alternatives.flat();
    const action = actionOf(test);
    const needsSpeaker =
      test.contextArea && !values(test.slots.area).length && !values(test.slots.name).length;
    for (const sentence of test.sentences) {
      ha.serviceCalls.length = 0;
      ha.conversations.length = 0;
      const conversationId = randomUUID();
      const turn = { signal: AbortSignal.timeout(10_000), toolTimeoutMs: 3000, deviceId: SATELLITE };
      const request = { text: sentence, language: test.language, conversationId, ...turn };
      const out = await fastPath.run(request);
      const yes = async () => {
        // A question held a call (unlocking, opening a garage door): say yes, as a user would.
        if (!pending.holds(conversationId)) return undefined;
        return pending.answer(conversationId, YES_WORD[test.language] ?? "yes", test.language, turn);
      };
      let speech = out.speech;
      let responseType = out.kind === "done" ? out.responseType : "error";
      const answered = await yes();
      if (answered) {
        speech = `${speech} → ${answered.speech}`;
        responseType = answered.responseType;
      }
      const calls = [...ha.serviceCalls];
      // A relative change is measured from where the player was: each sentence starts there again.
      for (const id of new Set(calls.filter((c) => c.domain === "media_player").flatMap(entityOf))) {
        const entity = test.home.entities.find((e) => e.id === id);
        if (!entity) continue;
        ha.setState(id, entity.state, entity.attributes);
        await waitFor(`${id} reset`, () => {
          const view = mirror.entity(id);
          return Object.entries(entity.attributes).every(([k, v]) => view?.attributes[k] === v);
        });
      }
      const handedOn = out.kind !== "done";
      const score = (made: ServiceCall[], type: string, said: string, asked: boolean) => {
        const destructive =
          action &&
          wanted.some((e) =>
            isDestructive(e.domain, expectedCall(test, e)?.service ?? "", e.attributes.device_class),
          );
        if (action && wanted.length) {
          const covered = alternatives.some(
            (set) =>
              set.length > 0 &&
              set.every((e) => made.some((c) => entityOf(c).includes(e.id) && rightCall(test, c, set))) &&
              made.every((c) => rightCall(test, c, set)),
          );
          return covered && type !== "error" && (!asked || destructive);
        }
        if (QUESTIONS.has(test.intent)) {
          const expectedPolarity = polarity(test.response);
          // Numbers must match where HA's answer is a count or a reading, not in a shortened list
          // ("Light A, Light B, Light C and 2 more").
          const numbers =
            test.intent.startsWith("HassGetCurrent") || /[,،]/.test(test.response)
              ? []
              : numbersIn(test.response);
          return (
            !made.length &&
            type === "query_answer" &&
            !said.trim().endsWith("?") &&
            (!expectedPolarity || polarity(said) === expectedPolarity) &&
            numbers.every((n) => saidNumbers(test.language, said).includes(n))
          );
        }
        return false;
      };
      const alone = !handedOn && score(calls, responseType, speech, answered !== undefined);
      let withHa = alone;
      let all = calls;
      if (handedOn) {
        const viaHa = await homeAssistant(request, out);
        const afterYes = await yes();
        all = [...ha.serviceCalls];
        // Handed to HA's agent to act itself (the policy found nothing it would hold): HA answers
        // and acts on its own test sentences, as before (the fake's handler knows only a few
        // intents), except one that needs the speaker's area, which `conversation/process` lacks.
        const handedToProcess = ha.conversations.length > 0;
        withHa =
          handedToProcess && !needsSpeaker && all.every((c) => rightCall(test, c, wanted))
            ? true
            : viaHa !== undefined &&
              score(
                all,
                afterYes?.responseType ?? viaHa.responseType,
                afterYes?.speech ?? viaHa.speech,
                !!afterYes,
              );
        if (viaHa) speech = `${speech} ⇒ HA: ${viaHa.speech}${afterYes ? ` → ${afterYes.speech}` : ""}`;
      }
      const wrong = all.filter((c) => !rightCall(test, c, wanted)).map(describe);
      scored.push({
        test,
        sentence,
        alone,
        withHa,
        wrong,
        handedOn,
        needsSpeaker,
        speech,
        acted: all.map(describe),
        wanted: action ? wanted.map((e) => `${e.id} ${expectedCall(test, e)?.service ?? "?"}`) : [],
      });
    }
  }
  await mirror.close();
  await ha.close();
  return scored;
}

const entityOf = (c: ServiceCall) =>
  [c.target?.entity_id, c.service_data?.entity_id].flat().filter(Boolean).map(String);
const describe = (c: ServiceCall) =>
  `${c.domain}.${c.service} ${entityOf(c).join(",")}${c.service_data.brightness_pct !== undefined ? ` ${String(c.service_data.brightness_pct)}%` : ""}`;

function rightCall(test: IntentTest, call: ServiceCall, wanted: TestEntity[]): boolean {
  return entityOf(call).every((id) => {
    const entity = wanted.find((e) => e.id === id);
    const expected = entity && expectedCall(test, entity);
    if (!expected || expected.service !== call.service) return false;
    if (expected.fits && !expected.fits(call.service_data)) return false;
    return Object.entries(expected.data ?? {}).every(([key, value]) =>
      typeof value === "number"
        ? Math.abs(Number(call.service_data[key]) - value) < 0.011
        : call.service_data[key] === value,
    );
  });
}

/** Each language's number words, folded, with their values. */
const NUMBER_WORDS = new Map(
  Object.entries(GRAMMARS).map(([language, grammar]) => [
    language,
    new Map(numberWords(grammar!).map(([word, n]) => [normalizeName(word), n])),
  ]),
);

/** The numbers a reply says: its digits, and a count said first in words ("One of them is on."). */
function saidNumbers(language: string, said: string): string[] {
  const counted = NUMBER_WORDS.get(language)?.get(normalizeName(said.split(/\s/)[0] ?? ""));
  return counted === undefined ? numbersIn(said) : [...numbersIn(said), String(counted)];
}

const all: Scored[] = [];
for (const language of LANGUAGES) {
  // Colour and colour temperature are not ours to set: only brightness counts as a light setting.
  const tests = loadTests(testsDir, language).filter(
    (t) => t.intent !== "HassLightSet" || t.slots.brightness !== undefined,
  );
  for (const file of new Set(tests.map((t) => t.file))) {
    all.push(...(await runFile(tests.filter((t) => t.file === file))));
  }
}

const count = (list: Scored[], p: (s: Scored) => boolean) => list.filter(p).length;
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "-");
const cell = (list: Scored[]) =>
  `${count(list, (s) => s.alone)}/${list.length}`.padStart(10) +
  `${count(list, (s) => s.withHa)}/${list.length}`.padStart(11) +
  String(count(list, (s) => s.wrong.length > 0)).padStart(7) +
  String(count(list, (s) => s.handedOn)).padStart(9);
const header = `${"alone".padStart(10)}${"with HA".padStart(11)}${"wrong".padStart(7)}${"handed".padStart(9)}`;

console.log(`\n## HA intent tests (OHF-Voice/intents ${testsDir}): per language and intent`);
for (const language of LANGUAGES) {
  const mine = all.filter((s) => s.test.language === language);
  console.log(`\n  ${language.padEnd(28)}${header}`);
  for (const intent of [...new Set(mine.map((s) => s.test.intent))]) {
    console.log(`  ${intent.padEnd(28)}${cell(mine.filter((s) => s.test.intent === intent))}`);
  }
  console.log(`  ${"all".padEnd(28)}${cell(mine)}`);
}
console.log(`\n## HA intent tests: summary (the intents our grammar covers: ${[...OURS].join(", ")})`);
console.log(
  `  ${"language".padEnd(10)}${"alone".padStart(9)}${"with HA".padStart(10)}${"wrong".padStart(7)}${"handed".padStart(8)}${"sentences".padStart(11)}`,
);
for (const language of [...LANGUAGES, "all"]) {
  const mine = all.filter(
    (s) => OURS.has(s.test.intent) && (language === "all" || s.test.language === language),
  );
  console.log(
    `  ${language.padEnd(10)}${pct(
      count(mine, (s) => s.alone),
      mine.length,
    ).padStart(9)}${pct(
      count(mine, (s) => s.withHa),
      mine.length,
    ).padStart(
      10,
    )}${String(count(mine, (s) => s.wrong.length > 0)).padStart(7)}${String(count(mine, (s) => s.handedOn)).padStart(8)}${String(mine.length).padStart(11)}`,
  );
}
console.log(
  `\n## HA intent tests of the intents above that take the area from the speaker and were handed on to HA's agent`,
);
console.log(
  `  ${"language".padEnd(10)}${"with HA".padStart(10)}${"wrong".padStart(7)}${"sentences".padStart(11)}`,
);
for (const language of [...LANGUAGES, "all"]) {
  const mine = all.filter(
    (s) =>
      OURS.has(s.test.intent) &&
      s.needsSpeaker &&
      s.handedOn &&
      (language === "all" || s.test.language === language),
  );
  console.log(
    `  ${language.padEnd(10)}${`${count(mine, (s) => s.withHa)}/${mine.length}`.padStart(10)}${String(
      count(mine, (s) => s.wrong.length > 0),
    ).padStart(7)}${String(mine.length).padStart(11)}`,
  );
}

const newer = all.filter((s) => NEWER.has(s.test.intent));
console.log(
  `  relative volume and mute (${[...NEWER].join(", ")}): ${LANGUAGES.map((language) => {
    const mine = newer.filter((s) => s.test.language === language);
    return `${language} alone ${pct(
      count(mine, (s) => s.alone),
      mine.length,
    )}, with HA ${pct(
      count(mine, (s) => s.withHa),
      mine.length,
    )}, wrong ${count(mine, (s) => s.wrong.length > 0)} of ${mine.length}`;
  }).join("; ")}`,
);
{
  const mine = all.filter((s) => COVERS.has(s.test.intent));
  console.log(
    `  a cover's position (${[...COVERS].join(", ")}): ${LANGUAGES.map((language) => {
      const of = mine.filter((s) => s.test.language === language);
      return `${language} alone ${pct(
        count(of, (s) => s.alone),
        of.length,
      )}, with HA ${pct(
        count(of, (s) => s.withHa),
        of.length,
      )}, wrong ${count(of, (s) => s.wrong.length > 0)} of ${of.length}`;
    }).join("; ")}`,
  );
}
const others = all.filter(
  (s) => !OURS.has(s.test.intent) && !NEWER.has(s.test.intent) && !COVERS.has(s.test.intent),
);
console.log(
  `  other intents (${others.length} sentences): wrong ${count(others, (s) => s.wrong.length > 0)}, handed on ${count(others, (s) => s.handedOn)}, answered by us ${count(others, (s) => !s.handedOn)}`,
);
for (const s of all.filter((x) => x.wrong.length)) {
  console.log(
    `  WRONG ${s.test.language} ${s.test.intent}/${s.test.combination} ${JSON.stringify(s.sentence)} → acted [${s.acted.join("; ")}] wanted [${s.wanted.join("; ")}]`,
  );
}
if (VERBOSE) {
  for (const s of all.filter((x) => !x.withHa && !x.wrong.length)) {
    console.log(
      `  miss ${s.test.language} ${s.test.intent}/${s.test.combination} ${JSON.stringify(s.sentence)} → ${JSON.stringify(s.speech)} acted [${s.acted.join("; ")}] wanted [${s.wanted.join("; ")}]`,
    );
  }
  for (const s of all.filter(
    (x) => (OURS.has(x.test.intent) || NEWER.has(x.test.intent)) && x.withHa && !x.alone,
  )) {
    console.log(
      `  alone-miss ${s.test.language} ${s.test.intent}/${s.test.combination} ${JSON.stringify(s.sentence)} → ${s.handedOn ? "handed on: " : ""}${JSON.stringify(s.speech)}`,
    );
  }
}
process.exit(0);
