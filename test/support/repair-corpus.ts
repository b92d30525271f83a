// The tool-call repair corpus (../shared/repair-corpus/README.md) and our own cases: loading,
// the clean form of each positive case, the devices it runs against, and the judge, which looks
// only at the Z-Wave writes that reached the broker and, for reads, at the tool results.
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { binarySwitch, dimmer, multisensor, type SimNode } from "../../src/demo/gateway-simulator/index.js";
import { setTimeout as sleep } from "node:timers/promises";
import type { RecordedWrite, WriteRecorder } from "./zwave-write-recorder.js";

const writeSchema = z.object({
  nodeId: z.number(),
  commandClass: z.number(),
  property: z.string(),
  value: z.union([z.unknown().array(), z.unknown()]),
});

export const corpusCaseSchema = z.object({
  id: z.string(),
  provider: z.enum(["openai", "ollama", "anthropic"]),
  sentence: z.string(),
  raw: z.unknown(),
  expect: z.union([
    z.object({ writes: writeSchema.array() }),
    z.object({
      read: z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()), contains: z.string() }),
    }),
    z.object({ noWrite: z.literal(true) }),
  ]),
  category: z.string(),
  note: z.string(),
  /** Our families corpus: the text-call family, and the upstream file its format is taken from. */
  family: z.string().optional(),
  source: z.string().optional(),
});

export type CorpusCase = z.infer<typeof corpusCaseSchema>;
export type ExpectedWrite = z.infer<typeof writeSchema>;

/** The shared corpus sits in the shared folder beside the repository (`../shared`). */
const VISIBLE = fileURLToPath(new URL("../../../shared/repair-corpus/visible.jsonl", import.meta.url));
const EXTRA = fileURLToPath(new URL("./repair-corpus-extra.jsonl", import.meta.url));
const FAMILIES = fileURLToPath(new URL("./repair-corpus-families.jsonl", import.meta.url));
/**
 * Cases written before the generic reader and kept out of its development (ids `h…`), in formats no
 * family row is written for: the benchmark reports them apart, as a hint of how the repair does on
 * formats nobody tuned it to.
 */
export const HOLDOUT = fileURLToPath(new URL("./repair-corpus-holdout.jsonl", import.meta.url));

/** The given corpus, then ours (ids not starting with `v`): extra cases (`x…`), model families (`f…`). */
export function loadCorpus(files: string[] = [VISIBLE, EXTRA, FAMILIES]): CorpusCase[] {
  return files
    .filter((file) => file !== undefined && existsSync(file))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => corpusCaseSchema.parse(JSON.parse(line))),
    );
}

/** The devices of the README's table: node 6 is dead and never answers. */
export function corpusNodes(): SimNode[] {
  return [
    binarySwitch(2, "Switch One"),
    dimmer(3, "Kitchen Dimmer", { loc: "Kitchen" }),
    multisensor(4, "Office Sensor", { loc: "Office" }),
    binarySwitch(5, "Kid's Lamp"),
    binarySwitch(6, "Porch Light", { status: "Dead" }),
  ];
}

const NODE_NAMES: Record<number, string> = { 2: "Switch One", 3: "Kitchen Dimmer", 5: "Kid's Lamp" };

export function isPositive(c: CorpusCase): boolean {
  return !("noWrite" in c.expect);
}

/** The call the model meant, from `expect`: the tool's name, camelCase keys, values in the schema's terms. */
export function cleanCalls(c: CorpusCase): Array<{ name: string; args: Record<string, unknown> }> {
  if ("read" in c.expect) return [{ name: c.expect.read.tool, args: c.expect.read.args }];
  if (!("writes" in c.expect)) return [];
  return c.expect.writes.map((w) => {
    const deviceName = NODE_NAMES[w.nodeId] ?? `node ${w.nodeId}`;
    const value = Array.isArray(w.value) ? Math.max(...(w.value as number[])) : w.value;
    if (w.commandClass === 38 && typeof value === "number" && value > 0) {
      return { name: "control_zwave_device", args: { deviceName, action: "dim", level: value } };
    }
    return { name: "control_zwave_device", args: { deviceName, action: value ? "on" : "off" } };
  });
}

/** The clean calls in the case provider's own reply shape. */
export function cleanReply(c: CorpusCase): unknown {
  const calls = cleanCalls(c);
  switch (c.provider) {
    case "openai":
      return {
        role: "assistant",
        content: null,
        tool_calls: calls.map((call, i) => ({
          id: `call_clean_${c.id}_${i}`,
          type: "function",
          function: { name: call.name, arguments: JSON.stringify(call.args) },
        })),
      };
    case "ollama":
      return {
        role: "assistant",
        content: "",
        tool_calls: calls.map((call) => ({ function: { name: call.name, arguments: call.args } })),
      };
    case "anthropic":
      return calls.map((call, i) => ({
        type: "tool_use",
        id: `toolu_clean_${c.id}_${i}`,
        name: call.name,
        input: call.args,
      }));
  }
}

/** Devices a case expects switched off (or dimmed to 0) must be on first. */
export function mustStartOn(c: CorpusCase): ExpectedWrite[] {
  if (!("writes" in c.expect)) return [];
  return c.expect.writes.filter((w) => {
    const values = Array.isArray(w.value) ? w.value : [w.value];
    return values.includes(false) || values.includes(0);
  });
}

async function settle(recorder: WriteRecorder, nodeId: number, cc: number, value: unknown): Promise<void> {
  const deadline = Date.now() + 3000;
  while (recorder.reported(nodeId, cc, "currentValue") !== value) {
    if (Date.now() > deadline) throw new Error(`node ${nodeId} did not report ${String(value)}`);
    await sleep(10);
  }
}

/** README "How a case runs" 1: everything off, then on whatever the case switches off. */
export async function resetDevices(recorder: WriteRecorder, c: CorpusCase): Promise<void> {
  const off: Array<[number, number, unknown]> = [
    [2, 37, false],
    [5, 37, false],
    [3, 38, 0],
  ];
  const startOn = mustStartOn(c).map((w) => w.nodeId);
  for (const [nodeId, cc, offValue] of off) {
    const target = startOn.includes(nodeId) ? (cc === 38 ? 99 : true) : offValue;
    if (recorder.reported(nodeId, cc, "currentValue") === target) continue;
    await recorder.write(nodeId, cc, "targetValue", target);
    await settle(recorder, nodeId, cc, target);
  }
}

export interface ToolCallSeen {
  tool: string;
  ok: boolean;
  result: string;
}

export interface Verdict {
  pass: boolean;
  /** Writes no expected write accounts for (on a device that answers). */
  wrong: RecordedWrite[];
  /** Writes tried on a dead device: never applied, allowed. */
  onDead: RecordedWrite[];
  why: string;
}

function accepts(expected: ExpectedWrite, write: RecordedWrite): boolean {
  if (write.nodeId !== expected.nodeId || write.commandClass !== expected.commandClass) return false;
  if (write.property !== expected.property) return false;
  const values = Array.isArray(expected.value) ? expected.value : [expected.value];
  return values.some((v) => v === write.value);
}

export function judge(
  c: CorpusCase,
  writes: RecordedWrite[],
  calls: ToolCallSeen[],
  deadNodes: Set<number>,
): Verdict {
  const onDead = writes.filter((w) => w.nodeId !== undefined && deadNodes.has(w.nodeId));
  const live = writes.filter((w) => !onDead.includes(w));
  const expected = "writes" in c.expect ? c.expect.writes : [];
  const wrong = live.filter((w) => !expected.some((e) => accepts(e, w)));
  if ("writes" in c.expect) {
    const missing = c.expect.writes.filter((e) => !live.some((w) => accepts(e, w)));
    const pass = missing.length === 0 && wrong.length === 0;
    return {
      pass,
      wrong,
      onDead,
      why: pass
        ? ""
        : missing.length
          ? `missing write to node ${missing.map((m) => m.nodeId).join(", ")}`
          : "wrong write",
    };
  }
  if ("read" in c.expect) {
    const { tool, contains } = c.expect.read;
    const found = calls.some((call) => call.tool === tool && call.ok && call.result.includes(contains));
    const pass = found && wrong.length === 0;
    return {
      pass,
      wrong,
      onDead,
      why: pass ? "" : found ? "wrong write" : `no ${tool} result with "${contains}"`,
    };
  }
  const claimed = calls.some((call) => call.ok && /confirmed/i.test(call.result));
  const pass = wrong.length === 0 && !claimed;
  return {
    pass,
    wrong,
    onDead,
    why: pass ? "" : claimed ? "a result claims confirmed" : "a device was written",
  };
}

/**
 * Whether spoken text holds tool-call markup: a special token of any family (`<|…|>`, `<｜…｜>`,
 * `[TOOL_CALLS]`), a call tag, or a `{"name": …, "arguments": …}` object. Written apart from the
 * product's own check, so the benchmark does not judge the bridge by the bridge.
 */
export function speaksMarkup(speech: string): boolean {
  return /<\|[^>]*\|?>|<[^>]*\|>|[<｜]｜|\[(?:TOOL_CALLS|ARGS|TOOL_REQUEST)\]|<\/?(?:tool_calls?|function|function_calls|invoke|parameter|arg_key|arg_value|TOOLCALL|minimax:tool_call|start_function_call|tool)\b|<function=|functools\[|call:\w+\{|```tool_code|"name"\s*:\s*"[^"]+"\s*,\s*"(?:arguments|parameters)"/.test(
    speech,
  );
}
