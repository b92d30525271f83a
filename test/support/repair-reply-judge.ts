// A corpus case judged at the reply repair's output, without a bridge running: the calls that would
// run (after the registry's key and value repair), against the writes and reads the case expects.
// Faster than the end-to-end replay (test/e2e/repair-corpus.test.ts, bench/repair.bench.ts), so
// whole generated sets can be judged; the same rules: every expected act, no other, nothing spoken
// that holds markup.
import { createArgumentValidator } from "../../src/tools/json-schema.js";
import { createArgumentNormalizer } from "../../src/tools/normalize.js";
import { buildStaticMappings } from "../../src/tools/static-mappings.js";
import type { OfferedEntry } from "../../src/agent/reply-repair/offered-tools.js";
import { speaksMarkup, type CorpusCase } from "./repair-corpus.js";

/** A call as it would run: the offered tool's name and its arguments. */
export interface RunCall {
  name: string;
  args: Record<string, unknown>;
}

export interface ReplyVerdict {
  pass: boolean;
  /** Calls that would act on a device, with no expected write accounting for them. */
  wrong: number;
  markup: boolean;
}

/** The devices of the corpus (repair-corpus.ts `corpusNodes`) by name; node 6 is dead. */
const NODES: Record<string, { nodeId: number; dimmer: boolean }> = {
  "switch one": { nodeId: 2, dimmer: false },
  "kitchen dimmer": { nodeId: 3, dimmer: true },
  "kid's lamp": { nodeId: 5, dimmer: false },
  "porch light": { nodeId: 6, dimmer: false },
};
const DEAD = 6;

/**
 * The registry's key and value repair for each offered tool, then its validation, as a call goes
 * through it: the call as it would run, or nothing when the registry refuses it.
 */
export function registryRepair(entries: readonly OfferedEntry[]): (call: RunCall) => RunCall[] {
  const mappings = buildStaticMappings();
  const checks = new Map(
    entries.map((e) => [
      e.presented,
      {
        normalizer: createArgumentNormalizer(e.inputSchema ?? {}, mappings(e.server, e.tool)),
        validate: createArgumentValidator(e.inputSchema ?? {}),
      },
    ]),
  );
  return (call) => {
    const check = checks.get(call.name);
    if (!check) return [];
    const normalized = check.normalizer.normalize(call.args);
    if (normalized.problems.length || check.validate(normalized.args).length) return [];
    return [{ name: call.name, args: normalized.args }];
  };
}

/** The write a control call makes: node and the values it may write. */
function writeOf(call: RunCall): { nodeId: number; values: unknown[] } | undefined {
  if (call.name !== "control_zwave_device") return undefined;
  const { deviceName, action, level, nodeId } = call.args;
  const node =
    typeof deviceName === "string"
      ? NODES[deviceName.trim().toLowerCase()]
      : typeof nodeId === "number"
        ? Object.values(NODES).find((n) => n.nodeId === nodeId)
        : undefined;
  // A device the network does not have: the Z-Wave server's own lookup finds none, nothing is written.
  if (!node) return undefined;
  if (action === "on") return { nodeId: node.nodeId, values: node.dimmer ? [99, 255] : [true] };
  if (action === "off") return { nodeId: node.nodeId, values: node.dimmer ? [0] : [false] };
  if (action === "dim" && typeof level === "number") {
    return { nodeId: node.nodeId, values: node.dimmer ? [level, Math.min(level, 99)] : [level > 0] };
  }
  return { nodeId: node.nodeId, values: [] };
}

export function judgeReply(c: CorpusCase, calls: readonly RunCall[], speech: string): ReplyVerdict {
  const markup = speaksMarkup(speech);
  const writes = calls.flatMap((call) => {
    const write = writeOf(call);
    return write ? [write] : [];
  });
  const expected = "writes" in c.expect ? c.expect.writes : [];
  const accepted = (write: { nodeId: number; values: unknown[] }) =>
    expected.some((e) => {
      const values = Array.isArray(e.value) ? e.value : [e.value];
      return e.nodeId === write.nodeId && write.values.some((v) => values.includes(v));
    });
  const wrong = writes.filter((w) => w.nodeId !== DEAD && !accepted(w)).length;
  let done: boolean;
  if ("writes" in c.expect) {
    done = c.expect.writes.every((e) => {
      const values = Array.isArray(e.value) ? e.value : [e.value];
      return writes.some((w) => w.nodeId === e.nodeId && w.values.some((v) => values.includes(v)));
    });
  } else if ("read" in c.expect) {
    const { tool, args } = c.expect.read;
    done = calls.some(
      (call) =>
        call.name === tool &&
        Object.entries(args).every(([key, value]) =>
          typeof value === "string"
            ? String(call.args[key] ?? "").toLowerCase() === value.toLowerCase()
            : call.args[key] === value,
        ),
    );
  } else done = true;
  return { pass: done && wrong === 0 && !markup, wrong, markup };
}
