// Every repair rule and every must-not-act rule of the reply repair and the registry's key/value
// repair, one behaviour per test; the agent-level tests run the real agent with a scripted model.
import { describe, expect, it } from "vitest";
import { fakeModel } from "@langchain/core/testing";
import { AIMessage } from "@langchain/core/messages";
import { decodeArguments } from "../../src/agent/reply-repair/argument-text.js";
import { readTextCalls } from "../../src/agent/reply-repair/text-calls.js";
import { createOfferedTools, type OfferedEntry } from "../../src/agent/reply-repair/offered-tools.js";
import { repairReply } from "../../src/agent/reply-repair/repair-reply.js";
import { createAgent } from "../../src/agent/agent.js";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { createArgumentNormalizer } from "../../src/tools/normalize.js";
import type { JsonSchema, ToolExecutor } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";
import { clientTool } from "../support/mcp/client-tool.js";
import { zwaveToolEntries } from "../support/zwave-tool-schemas.js";

const offered: OfferedEntry[] = [
  ...zwaveToolEntries,
  {
    presented: "get_datetime",
    server: "builtin",
    tool: "get_datetime",
    inputSchema: { type: "object", properties: {} },
  },
];
const offeredTools = (list: OfferedEntry[]) => createOfferedTools(list);
const tools = offeredTools(offered);
const resolve = (sent: string) => tools.resolve(sent);

describe("tool names", () => {
  it.each([
    ["functions.control_zwave_device", "name: functions. prefix"],
    ["default_api.get_device_sensor_data", "name: default_api. prefix"],
    ["zwave.control_zwave_device", "name: server prefix zwave."],
    ["zwave:control_zwave_device", "name: server prefix zwave:"],
    ["zwave__control_zwave_device", "name: server prefix zwave__"],
    ["mcp__zwave__control_zwave_device", "name: server prefix mcp__zwave__"],
    ["ControlZwaveDevice", "name: ControlZwaveDevice → control_zwave_device (spelling style)"],
    ["controlZwaveDevice", "name: controlZwaveDevice → control_zwave_device (spelling style)"],
    ["control-zwave-device", "name: control-zwave-device → control_zwave_device (spelling style)"],
    ["CONTROL_ZWAVE_DEVICE", "name: CONTROL_ZWAVE_DEVICE → control_zwave_device (spelling style)"],
    ["control_zwave_device<|channel|>commentary", 'name: removed "<|channel|>commentary" after the name'],
    ["control_zwave_device ", "name: control_zwave_device  → control_zwave_device (spelling style)"],
    ['"control_zwave_device"', "name: removed quotes"],
    ["<|tool_call_begin|>functions.control_zwave_device:0", "name: removed special tokens around the name"],
    ["mcp_zwave_control_zwave_device", "name: server prefix mcp_zwave_"],
    ["functions::control_zwave_device", "name: functions:: prefix"],
    ["control_zwave_devicejson", "name: found control_zwave_device inside control_zwave_devicejson"],
    ["control_zwave_device.json", "name: found control_zwave_device inside control_zwave_device.json"],
    ["functions.control_zwave_device:0", "name: found control_zwave_device inside control_zwave_device:0"],
    ["control zwave device", "name: control zwave device → control_zwave_device (spelling style)"],
    ["control_zwave_devices", "name: control_zwave_devices → control_zwave_device (one edit away)"],
    ["ControlZwaveDevices", "name: ControlZwaveDevices → control_zwave_device (one edit away)"],
    ["contorl_zwave_device", "name: contorl_zwave_device → control_zwave_device (one edit away)"],
  ])("%s is read as the offered tool, and the step is named", (sent, step) => {
    const found = resolve(sent);
    expect(found.ok).toBe(true);
    if (found.ok) {
      expect(found.name).toBe(sent.includes("sensor") ? "get_device_sensor_data" : "control_zwave_device");
      expect(found.repairs).toContain(step);
    }
  });

  it("a name among special tokens and header words is found when it is the only tool there", () => {
    const found = resolve("assistant<|channel|>commentary to=functions.control_zwave_device");
    expect(found).toMatchObject({ ok: true, name: "control_zwave_device" });
  });

  it("two different tools in one noisy name is an error, not a pick", () => {
    expect(resolve("list_zwave_devices<|tool_sep|>control_zwave_device").ok).toBe(false);
  });

  it("an invented tool is an error listing the closest few, never a guess from its meaning", () => {
    const found = resolve("turn_on_light");
    expect(found).toMatchObject({ ok: false });
    expect(!found.ok && found.error).toMatch(/^Unknown tool 'turn_on_light'\. The closest tools are: /);
  });

  it("a name as close to two tools as to one is an error", () => {
    expect(resolve("check_zwave_device").ok).toBe(false);
    const twoNear = offeredTools([
      { presented: "get_state", server: "a", tool: "get_state" },
      { presented: "set_state", server: "a", tool: "set_state" },
    ]);
    const found = twoNear.resolve("bet_state");
    expect(found.ok).toBe(false);
    expect(!found.ok && found.error).toMatch(/could be any of get_state, set_state/);
  });

  it("a server prefix limits the reading to that server's tools", () => {
    expect(resolve("builtin.control_zwave_device").ok).toBe(false);
  });
});

describe("argument text", () => {
  const lamp = { deviceName: "Kid's Lamp", action: "on" };
  it.each([
    [
      '"{\\"deviceName\\": \\"Kid\'s Lamp\\", \\"action\\": \\"on\\"}"',
      "arguments: decoded twice-encoded JSON",
    ],
    ["{'deviceName': 'Kid\\'s Lamp', 'action': 'on'}", "arguments: read a single-quoted Python dict"],
    ['```json\n{"deviceName": "Kid\'s Lamp", "action": "on"}\n```', "arguments: removed a ``` fence"],
    ['{"deviceName": "Kid\'s Lamp", "action": "on",}', "arguments: dropped a trailing comma"],
    ['{"deviceName":"Kid\'s Lamp","action":"on"}<|call|>', 'arguments: removed "<|call|>" after the object'],
    ['{deviceName: "Kid\'s Lamp", action: "on"}', "arguments: quoted bare keys"],
    [
      '<|constrain|>json{"deviceName": "Kid\'s Lamp", "action": "on"}',
      'arguments: removed "<|constrain|>json" before the object',
    ],
  ])("%s decodes to the object, naming the step", (text, step) => {
    const decoded = decodeArguments(text);
    expect(decoded).toMatchObject({ ok: true, args: lamp });
    expect(decoded.ok && decoded.repairs).toContain(step);
  });

  it("Python True/False/None are read", () => {
    expect(decodeArguments("{'includeInactive': True, 'filter': None}")).toMatchObject({
      ok: true,
      args: { includeInactive: true, filter: null },
    });
  });

  it.each([[""], ["null"], [null]])("%j is an empty object", (raw) => {
    expect(decodeArguments(raw)).toMatchObject({ ok: true, args: {} });
  });

  it("clean JSON needs no repair", () => {
    expect(decodeArguments('{"a": 1}')).toEqual({ ok: true, args: { a: 1 }, repairs: [] });
  });

  it.each([
    ['{"deviceName": "Switch One"} {"deviceName": "Kid\'s Lamp"}', /more than one JSON value/],
    ['["Switch One", "on"]', /a list, not a JSON object/],
    ['{"deviceName": "Switch One"', /not valid JSON/],
    ['turn on {"deviceName": "Switch One"}', /not a JSON object/],
  ])("%s is an error, not a guess", (text, error) => {
    const decoded = decodeArguments(text);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.error).toMatch(error);
  });
});

describe("tool calls written as text", () => {
  const call = { name: "control_zwave_device", arguments: { deviceName: "Switch One", action: "on" } };
  it.each([
    [
      '<tool_call>\n{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}\n</tool_call>',
      "hermes",
    ],
    [
      'Let me do that.\n<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</tool_call>',
      "hermes",
    ],
    [
      '{"name": "control_zwave_device", "parameters": {"deviceName": "Switch One", "action": "on"}}',
      "bare-json",
    ],
    [
      '[TOOL_CALLS] [{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}]',
      "mistral",
    ],
    ['[TOOL_CALLS]control_zwave_device[ARGS]{"deviceName": "Switch One", "action": "on"}', "mistral"],
    [
      '```json\n{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}\n```',
      "fenced-json",
    ],
    [
      '<function=control_zwave_device>{"deviceName": "Switch One", "action": "on"}</function>',
      "llama-function-tag",
    ],
    ['[control_zwave_device(deviceName="Switch One", action="on")]', "pythonic"],
    [
      '<|tool_call|>[{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}]<|/tool_call|>',
      "wrapped-json",
    ],
    [
      'Action: ```json\n[{"tool_name": "control_zwave_device", "parameters": {"deviceName": "Switch One", "action": "on"}}]\n```',
      "fenced-json",
    ],
    [
      'Let me do that.\n{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}',
      "bare-json",
    ],
    [
      '<|python_tag|>{"name": "control_zwave_device", "parameters": {"deviceName": "Switch One", "action": "on"}}<|eom_id|>',
      "llama3-python-tag",
    ],
    [
      '[TOOL_CALLS] [{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}]</s>',
      "mistral",
    ],
  ])("%s is one call", (text, format) => {
    expect(readTextCalls(text, tools)).toEqual({ kind: "calls", calls: [call], family: format });
  });

  it.each([
    [
      "Seed-OSS: parameter tags inside a namespaced wrapper",
      "<seed:tool_call>\n<function=control_zwave_device>\n<parameter=deviceName>Switch One</parameter>\n<parameter=action>on</parameter>\n</function>\n</seed:tool_call>",
      "qwen3-coder",
    ],
    [
      "StepFun: namespaced invoke between full-width-bar tokens",
      '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="control_zwave_device"><steptml:parameter name="deviceName">Switch One</steptml:parameter><steptml:parameter name="action">on</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
      "claude-invoke",
    ],
    [
      "LongCat: JSON in a tag of its own",
      '<longcat_tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</longcat_tool_call>',
      "wrapped-json",
    ],
    [
      "Olmo 3: pythonic calls in <function_calls>",
      '<function_calls>control_zwave_device(deviceName="Switch One", action="on")</function_calls>',
      "wrapped-json",
    ],
    [
      "Magistral: [TOOL_CALLS]name[CALL_ID]id[ARGS]{…}",
      '[TOOL_CALLS]control_zwave_device[CALL_ID]a1b2c3d4e[ARGS]{"deviceName": "Switch One", "action": "on"}',
      "mistral",
    ],
    [
      "harmony whose special tokens a server stripped",
      'analysisThe user wants Switch One on.assistantcommentary to=functions.control_zwave_device json{"deviceName": "Switch One", "action": "on"}',
      "named-call",
    ],
    [
      "reasoning whose opening <think> the template already sent",
      'The user wants the switch on.</think>\n<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</tool_call>',
      "hermes",
    ],
    [
      "Kimi K2 whose special tokens a server stripped",
      'functions.control_zwave_device:0{"deviceName": "Switch One", "action": "on"}',
      "named-call",
    ],
    [
      "DeepSeek V3 whose special tokens a server stripped",
      'function control_zwave_device\n```json\n{"deviceName": "Switch One", "action": "on"}\n```',
      "named-call",
    ],
    [
      "Functionary's >>>NAME then JSON",
      '>>>control_zwave_device\n{"deviceName": "Switch One", "action": "on"}',
      "named-call",
    ],
    [
      "Hermes 2 Pro's <function name=…> variant",
      '<function name="control_zwave_device">{"deviceName": "Switch One", "action": "on"}</function>',
      "function-name-attribute",
    ],
    [
      "Command R7B: thinking, then an action list",
      '<|START_THINKING|>I will switch it on.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "control_zwave_device", "parameters": {"deviceName": "Switch One", "action": "on"}}]<|END_ACTION|>',
      "cohere",
    ],
    [
      "Apertus: a list of {NAME: arguments}",
      '<|tools_prefix|>[{"control_zwave_device": {"deviceName": "Switch One", "action": "on"}}]<|tools_suffix|>',
      "json-list",
    ],
    [
      "Magistral: [THINK] reasoning before the call",
      '[THINK]The user wants it on.[/THINK][TOOL_CALLS]control_zwave_device[ARGS]{"deviceName": "Switch One", "action": "on"}',
      "mistral",
    ],
    [
      "Seed-OSS: its own think tag",
      "<seed:think>Switch it on.</seed:think><seed:tool_call>\n<function=control_zwave_device>\n<parameter=deviceName>Switch One</parameter>\n<parameter=action>on</parameter>\n</function>\n</seed:tool_call>",
      "qwen3-coder",
    ],
    [
      "a role word on a line of its own before bare JSON",
      'function call\n{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}',
      "bare-json",
    ],
    [
      "OpenAI's recipient_name shape",
      '{"recipient_name": "functions.control_zwave_device", "parameters": {"deviceName": "Switch One", "action": "on"}}',
      "bare-json",
    ],
  ])("%s is read", (_what, text, family) => {
    const reading = readTextCalls(text, tools);
    expect(reading).toMatchObject({ kind: "calls", family });
    expect(reading?.kind === "calls" && reading.calls).toEqual([
      { name: expect.stringContaining("control_zwave_device"), arguments: call.arguments },
    ]);
  });

  it.each([
    [
      "Granite 20B: <function_call> openers with no closing tag",
      '<function_call> {"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}\n<function_call> {"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}',
    ],
    [
      "LFM2: a lead-in glued to two tool-call blocks",
      'Checking both.<|tool_call_start|>[control_zwave_device(deviceName="Switch One", action="on")]<|tool_call_end|><|tool_call_start|>[control_zwave_device(deviceName="Kid\'s Lamp", action="on")]<|tool_call_end|>',
    ],
    [
      "Llama 4: two pythonic calls between python tokens",
      '<|python_start|>[control_zwave_device(deviceName="Switch One", action="on"), control_zwave_device(deviceName="Kid\'s Lamp", action="on")]<|python_end|>',
    ],
    [
      "a pythonic list after prose, its tokens stripped",
      'Checking both. [control_zwave_device(deviceName="Switch One", action="on")] [control_zwave_device(deviceName="Kid\'s Lamp", action="on")]',
    ],
    [
      "Functionary v3: >>>NAME lines",
      '>>>control_zwave_device\n{"deviceName": "Switch One", "action": "on"}\n>>>control_zwave_device\n{"deviceName": "Kid\'s Lamp", "action": "on"}',
    ],
  ])("%s: both calls are read", (_what, text) => {
    const reading = readTextCalls(text, tools);
    expect(
      reading?.kind === "calls" &&
        reading.calls.map((c) => (c.arguments as { deviceName: string }).deviceName),
    ).toEqual(["Switch One", "Kid's Lamp"]);
  });

  it("a short statement after the markup leaves it a call", () => {
    const text =
      '<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</tool_call>\nSwitching it on now.';
    expect(readTextCalls(text, tools)).toMatchObject({ kind: "calls", calls: [call] });
  });

  it.each([
    [
      "a call presented as an example",
      'Here is an example:\n```json\n{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}\n```',
    ],
    [
      "an example in German",
      'Ein Beispiel: <tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</tool_call>',
    ],
    [
      "a call cut off after an argument's opening tag",
      "<tool_call>control_zwave_device\n<arg_key>deviceName</arg_key>\n<arg_value>Switch One</arg_value>\n<arg_key>act",
    ],
    [
      "a call cut off inside its parameters",
      "<tool_call>control_zwave_device\n<arg_key>deviceName</arg_key>\n<arg_value>Switch One</arg_value>\n<arg_key>action</arg_key>\n<arg_va",
    ],
  ])("%s is not a call", (_what, text) => {
    expect(readTextCalls(text, tools)?.kind).not.toBe("calls");
  });

  it("several calls in one text are all found", () => {
    const text =
      '<tool_call>{"name": "a_tool", "arguments": {}}</tool_call>\n<tool_call>{"name": "b_tool", "arguments": {"x": 1}}</tool_call>';
    const reading = readTextCalls(text, tools);
    expect(reading?.kind === "calls" && reading.calls).toEqual([
      { name: "a_tool", arguments: {} },
      { name: "b_tool", arguments: { x: 1 } },
    ]);
  });

  it.each([
    ["prose describing an action", "Sure, I'll turn on Switch One."],
    [
      "prose quoting a call, then a question",
      'To switch a lamp I would call {"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}. Which one do you mean?',
    ],
    [
      "markup followed by a question",
      '<tool_call>{"name": "control_zwave_device", "arguments": {}}</tool_call>\nShould I also dim the kitchen?',
    ],
    ["a question before the markup", 'Which lamp?\n<tool_call>{"name": "x", "arguments": {}}</tool_call>'],
    ["a JSON object that is not a call", '{"deviceName": "Switch One"}'],
    ["a sentence with brackets", "Done (the light was already on)."],
    [
      "prose with a call inside a sentence",
      'To switch a lamp I would call {"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}',
    ],
    [
      "a long explanation before a call",
      `${"This is how the tools work in general. ".repeat(5)}\n{"name": "x_tool", "arguments": {}}`,
    ],
  ])("%s is not a call", (_what, text) => {
    expect(readTextCalls(text, tools)?.kind).not.toBe("calls");
  });
});

describe("the reply as a whole", () => {
  it("a text call for a tool that is not offered is not run, and its markup is not speech", () => {
    const reply = new AIMessage(
      '<tool_call>\n{"name": "HassTurnOn", "arguments": {"name": "Switch One"}}\n</tool_call>',
    );
    const repaired = repairReply(reply, tools);
    expect(repaired.calls).toHaveLength(0);
    expect(repaired.speech).toBe("");
    expect(repaired.unusable).toMatch(/^Unknown tool 'HassTurnOn'/);
  });

  it("truncated markup runs nothing and is not spoken", () => {
    const repaired = repairReply(
      new AIMessage("<tool_call>control_zwave_device\n<arg_key>deviceName</arg_key>\n<arg_value>Swi"),
      tools,
    );
    expect(repaired).toMatchObject({ calls: [], speech: "" });
    expect(repaired.unusable).toBeDefined();
  });

  it("prose that names a tool is spoken as it is", () => {
    const repaired = repairReply(
      new AIMessage("I used control_zwave_device (the switch tool) for that."),
      tools,
    );
    expect(repaired).toMatchObject({
      calls: [],
      speech: "I used control_zwave_device (the switch tool) for that.",
    });
  });

  it("harmony's analysis channel is never spoken; its final channel is", () => {
    const repaired = repairReply(
      new AIMessage(
        "<|channel|>analysis<|message|>User greets.<|end|><|start|>assistant<|channel|>final<|message|>Hello!<|return|>",
      ),
      tools,
    );
    expect(repaired).toMatchObject({ calls: [], speech: "Hello!" });
    expect(repaired.unusable).toBeUndefined();
  });

  it("a call read from text carries the family it was written in", () => {
    const repaired = repairReply(
      new AIMessage(
        '<|tool_call>call:control_zwave_device{deviceName:<|"|>Switch One<|"|>,action:<|"|>on<|"|>}<tool_call|>',
      ),
      tools,
    );
    expect(repaired.calls[0]).toMatchObject({ name: "control_zwave_device", family: "gemma4" });
  });

  it("an OpenAI invalid_tool_call with a Python dict is repaired, and what was sent is kept byte for byte", () => {
    const raw = "{'deviceName': 'Switch One', 'action': 'off'}";
    const reply = new AIMessage({
      content: "",
      invalid_tool_calls: [
        { id: "c1", name: "control_zwave_device", args: raw, error: "not JSON", type: "invalid_tool_call" },
      ],
    });
    const [call] = repairReply(reply, tools).calls;
    expect(call).toMatchObject({
      name: "control_zwave_device",
      args: { deviceName: "Switch One", action: "off" },
      sent: { name: "control_zwave_device", arguments: raw },
      repairs: ["arguments: read a single-quoted Python dict"],
    });
  });

  it("GPT-4o's multi_tool_use.parallel bundle is unbundled into the calls it holds", () => {
    const reply = new AIMessage({
      content: "",
      tool_calls: [
        {
          id: "c1",
          name: "multi_tool_use.parallel",
          args: {
            tool_uses: [
              {
                recipient_name: "functions.control_zwave_device",
                parameters: { deviceName: "Switch One", action: "on" },
              },
              {
                recipient_name: "functions.control_zwave_device",
                parameters: { deviceName: "Kid's Lamp", action: "on" },
              },
            ],
          },
          type: "tool_call",
        },
      ],
    });
    const { calls } = repairReply(reply, tools);
    expect(calls).toMatchObject([
      { name: "control_zwave_device", args: { deviceName: "Switch One", action: "on" } },
      { name: "control_zwave_device", args: { deviceName: "Kid's Lamp", action: "on" } },
    ]);
  });

  it("a call to a tool that was not offered, written without markup, is not spoken", () => {
    const repaired = repairReply(new AIMessage('turn_on_light {"device": "Switch One"}'), tools);
    expect(repaired).toMatchObject({ calls: [], speech: "" });
    expect(repaired.unusable).toBeDefined();
  });

  it("reasoning cut off before its end is not spoken", () => {
    expect(repairReply(new AIMessage("<think>The user wants the switch"), tools).speech).toBe("");
  });

  it("a clean reply is passed on untouched", () => {
    const reply = new AIMessage({
      content: "",
      tool_calls: [{ id: "c1", name: "get_datetime", args: {}, type: "tool_call" }],
    });
    const repaired = repairReply(reply, tools);
    expect(repaired.message).toBe(reply);
    expect(repaired.calls[0]).toMatchObject({ name: "get_datetime", repairs: [] });
  });

  it("a repaired reply goes into the transcript with the repaired calls, so results pair with them", () => {
    const reply = new AIMessage('[control_zwave_device(deviceName="Switch One", action="on")]');
    const { message, calls } = repairReply(reply, tools);
    expect(message.tool_calls).toEqual([
      {
        id: calls[0]!.id,
        name: "control_zwave_device",
        args: { deviceName: "Switch One", action: "on" },
        type: "tool_call",
      },
    ]);
  });
});

describe("keys and values (the registry's repair, for every caller)", () => {
  const schema: JsonSchema = {
    type: "object",
    properties: {
      deviceName: { type: "string" },
      action: { type: "string", enum: ["on", "off", "dim"] },
      level: { type: "number", minimum: 0, maximum: 100 },
    },
  };
  const normalize = (args: Record<string, unknown>) => createArgumentNormalizer(schema).normalize(args);

  it.each([
    [{ "device-name": "A" }, "keys: device-name→deviceName"],
    [{ DeviceName: "A" }, "keys: DeviceName→deviceName"],
    [{ DEVICE_NAME: "A" }, "keys: DEVICE_NAME→deviceName"],
    [{ "device name": "A" }, "keys: device name→deviceName"],
    [{ device_name: "A" }, "keys: device_name→deviceName"],
  ])("%j: another spelling of a declared key", (args, step) => {
    const out = normalize(args);
    expect(out.args).toEqual({ deviceName: "A" });
    expect(out.repairs).toEqual([step]);
  });

  it.each(["input", "arguments", "args", "parameters", "kwargs", "params"])(
    "{%s: {…}} is unwrapped",
    (wrapper) => {
      const out = normalize({ [wrapper]: { deviceName: "A", action: "on" } });
      expect(out.args).toEqual({ deviceName: "A", action: "on" });
      expect(out.repairs).toEqual([`keys: unwrapped {${wrapper}: …}`]);
    },
  );

  it("a built-in mapping's source in another spelling is mapped too", () => {
    const mapped = createArgumentNormalizer(
      schema,
      new Map([
        ["command", "action"],
        ["brightness", "level"],
      ]),
    );
    expect(mapped.normalize({ DEVICE_NAME: "A", COMMAND: "dim", Brightness: 30 }).args).toEqual({
      deviceName: "A",
      action: "dim",
      level: 30,
    });
  });

  it("a wrapper holding the object as JSON text is unwrapped too", () => {
    const out = normalize({ input: '{"deviceName": "A", "action": "on"}' });
    expect(out.args).toEqual({ deviceName: "A", action: "on" });
    expect(out.repairs).toEqual(['keys: unwrapped {input: "…"} (an object as JSON text)']);
  });

  it("a wrapper whose contents fit no declared key is a problem naming the valid fields", () => {
    expect(normalize({ input: { colour: "red" } }).problems[0]).toMatch(
      /The valid fields are: deviceName, action, level/,
    );
  });

  it.each([
    ["40", 40],
    ["40%", 40],
    ["40 %", 40],
    ["40 percent", 40],
  ])("level %j is read as %d", (level, expected) => {
    const out = normalize({ level });
    expect(out.args).toEqual({ level: expected });
    expect(out.repairs).toEqual([`value: level: ${JSON.stringify(level)}→${expected}`]);
  });

  it.each([
    ["ON", "on"],
    ["On", "on"],
    ["DIM", "dim"],
    ["turn_on", "on"],
    ["switch_on", "on"],
    ["turnOn", "on"],
    ["turn_off", "off"],
  ])("action %j is read as %j", (action, expected) => {
    expect(normalize({ action }).args).toEqual({ action: expected });
  });

  it.each([
    ["forty", "forty"],
    ["1e999", "1e999"],
    ["40% brighter", "40% brighter"],
  ])("level %j is not read: it stays for validation to reject", (level, kept) => {
    expect(normalize({ level }).args).toEqual({ level: kept });
  });

  it('"40%" is not read on a scale other than 0–100', () => {
    const fraction: JsonSchema = { type: "object", properties: { level: { type: "number", maximum: 1 } } };
    expect(createArgumentNormalizer(fraction).normalize({ level: "40%" }).args).toEqual({ level: "40%" });
  });

  it.each([
    [
      { device: "A", action: "on" },
      { deviceName: "A", action: "on" },
    ],
    [
      { name: "A", action: "on" },
      { deviceName: "A", action: "on" },
    ],
    [
      { entity_id: "A", action: "on" },
      { deviceName: "A", action: "on" },
    ],
    [
      { deviceName: "A", state: "on" },
      { deviceName: "A", action: "on" },
    ],
    [
      { deviceName: "A", action: "dim", brightness_pct: 40 },
      { deviceName: "A", action: "dim", level: 40 },
    ],
    [
      { device: "A", state: "ON", brightness_pct: "40%" },
      { deviceName: "A", action: "on", level: 40 },
    ],
  ])("%j: a key the schema lacks goes to the one free field its value fits", (args, expected) => {
    const out = normalize(args);
    expect(out.args).toEqual(expected);
    expect(out.problems).toEqual([]);
  });

  it.each([
    [
      { deviceName: "A", device: "B" },
      /'device' is not a parameter, and no free field takes its value. The valid fields are: deviceName, action, level/,
    ],
    [{ deviceName: "A", colour: "red" }, /'colour' is not a parameter/],
  ])("%j: a key no free field fits is a problem naming the valid fields, never a guess", (args, problem) => {
    expect(normalize(args).problems.join(" ")).toMatch(problem);
  });

  it("a key two free fields fit equally is a problem, not a guess", () => {
    const two: JsonSchema = {
      type: "object",
      properties: { from: { type: "string" }, to: { type: "string" } },
    };
    expect(createArgumentNormalizer(two).normalize({ place: "Kitchen" }).problems[0]).toMatch(
      /could be any of from, to/,
    );
  });

  it("null for an optional field is dropped; null for a required one is left for validation", () => {
    const withRequired: JsonSchema = { ...schema, required: ["deviceName", "action"] };
    const out = createArgumentNormalizer(withRequired).normalize({
      deviceName: null,
      action: "on",
      level: null,
    });
    expect(out.args).toEqual({ deviceName: null, action: "on" });
    expect(out.repairs).toEqual(["value: dropped level: null (optional)"]);
  });

  it("an enum value still in its quotes is read; a free string keeps its quotes, which may be data", () => {
    // The Z-Wave server's name matching ignores the quotes, so the device is still found.
    expect(normalize({ deviceName: "'Kid's Lamp'", action: "'on'" }).args).toEqual({
      deviceName: "'Kid's Lamp'",
      action: "on",
    });
  });

  it("the schema's own properties wrapper echoed back is unwrapped", () => {
    expect(normalize({ properties: { deviceName: "A", action: "on" } }).args).toEqual({
      deviceName: "A",
      action: "on",
    });
    expect(normalize({ type: "object", properties: { deviceName: "A", action: "on" } }).args).toEqual({
      deviceName: "A",
      action: "on",
    });
  });

  it("two objects glued together are one reading; the same object twice is one", () => {
    expect(decodeArguments('{"deviceName": "A"}{"action": "on"}')).toMatchObject({
      ok: true,
      args: { deviceName: "A", action: "on" },
      repairs: ["arguments: joined two glued objects"],
    });
    expect(decodeArguments('{"deviceName": "A"}, {"action": "on"}')).toMatchObject({
      ok: true,
      args: { deviceName: "A", action: "on" },
    });
    expect(
      decodeArguments('{"deviceName": "A", "action": "on"} {"deviceName": "A", "action": "on"}'),
    ).toMatchObject({
      ok: true,
      args: { deviceName: "A", action: "on" },
      repairs: ["arguments: dropped a repeated copy of the object"],
    });
  });

  it("a verb form that fits no value, or two, is left alone", () => {
    expect(normalize({ action: "turn_up" }).args).toEqual({ action: "turn_up" });
  });
});

describe("the agent with a repairing model reply", () => {
  function setup(model: ReturnType<typeof fakeModel>) {
    const log = captureLogger();
    const registry = createToolRegistry({ logger: log.logger });
    const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    const record =
      (name: string): ToolExecutor =>
      async (args) => {
        calls.push({ name, args });
        return { text: `confirmed: ${name}` };
      };
    const context = { signal: new AbortController().signal };
    const dimmer: JsonSchema = {
      type: "object",
      properties: { deviceName: { type: "string" }, level: { type: "number", minimum: 0, maximum: 100 } },
      required: ["deviceName", "level"],
    };
    // An MCP server's tool: its keys and values get the registry's repair.
    registry.registerMcpTool(
      clientTool("dim_light", dimmer, async (args) => ({
        content: [{ type: "text", text: (await record("dim_light")(args, context)).text }],
      })),
      { server: "lights", toolbox: "default" },
    );
    registry.registerTool(
      {
        name: "unlock_door",
        description: "Unlock a door",
        inputSchema: { type: "object", properties: { door: { type: "string" } }, required: ["door"] },
        annotations: { destructiveHint: true },
      },
      record("unlock_door"),
    );
    const agent = createAgent({
      registry,
      mirror: createUnconfiguredMirror(),
      logger: log.logger,
      model,
      provider: "fake",
      language: "en",
    });
    return { agent, calls, log };
  }

  it("a destructive tool keeps its confirmation when the call came as text under a prefixed name", async () => {
    const model = fakeModel()
      .respond(
        new AIMessage(
          '<tool_call>{"name": "functions.unlock_door", "arguments": {"door": "Front"}}</tool_call>',
        ),
      )
      .respond(new AIMessage("Do you really want to unlock the front door?"));
    const { agent, calls } = setup(model);
    const result = await agent.handle({ text: "unlock the front door", conversationId: "d1" });
    // The bridge asks in its own words, naming the held call; the model's wording is not needed.
    expect(result.speech).toMatch(/^Do you want me to go ahead with unlock_door\? Please say yes or no\.$/);
    expect(result.tool_calls[0]).toMatchObject({ status: "held" });
    expect(calls).toEqual([]);
  });

  it("a level out of range is an error to the model: nothing runs, nothing is clamped", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "dim_light", args: { deviceName: "Kitchen", level: 150 } }])
      .respond(new AIMessage("I can only dim between 0 and 100."));
    const { agent, calls } = setup(model);
    const result = await agent.handle({ text: "dim the kitchen", conversationId: "d2" });
    expect(calls).toEqual([]);
    expect(result.tool_calls[0]).toMatchObject({
      ok: false,
      result: expect.stringMatching(/'level' must be at most 100/),
    });
  });

  it("the turn log shows what the model sent and every repair step; the log line has keys, never values", async () => {
    const model = fakeModel()
      .respond(
        new AIMessage(
          '<tool_call>{"name": "DimLight", "arguments": {"device_name": "Kitchen", "level": "40%"}}</tool_call>',
        ),
      )
      .respond(new AIMessage("Dimmed."));
    const { agent, calls, log } = setup(model);
    const result = await agent.handle({ text: "dim the kitchen to 40", conversationId: "d3" });
    expect(calls).toEqual([{ name: "dim_light", args: { deviceName: "Kitchen", level: 40 } }]);
    expect(result.tool_calls[0]).toMatchObject({
      textFamily: "hermes",
      sent: { name: "DimLight", arguments: { device_name: "Kitchen", level: "40%" } },
      repairs: [
        "call: read from hermes text",
        "name: DimLight → dim_light (spelling style)",
        "keys: device_name→deviceName",
        'value: level: "40%"→40',
      ],
    });
    const info = log.lines().filter((l) => l.level === 30);
    expect(info).toHaveLength(1);
    expect(JSON.stringify(info)).not.toContain("Kitchen");
    expect(agent.recentTurns().at(-1)?.tool_calls[0]?.repairs).toHaveLength(4);
    expect(agent.recentTurns().at(-1)?.tool_calls[0]?.textFamily).toBe("hermes");
  });

  it("a refused call shows in the turn log with what the model sent and why it did not run", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "check_light", args: { deviceName: "Kitchen" } }])
      .respond(new AIMessage("Sorry."));
    const { agent, calls } = setup(model);
    const result = await agent.handle({ text: "check the kitchen", conversationId: "d5" });
    expect(calls).toEqual([]);
    expect(result.tool_calls[0]).toMatchObject({
      name: "check_light",
      ok: false,
      sent: { name: "check_light", arguments: { deviceName: "Kitchen" } },
      result: expect.stringMatching(/^Unknown tool 'check_light'/),
    });
  });

  it("an empty first reply is not reported as done", async () => {
    const { agent, calls } = setup(fakeModel().respond(new AIMessage("")));
    const result = await agent.handle({ text: "switch on the kitchen", conversationId: "d4" });
    expect(calls).toEqual([]);
    expect(result).toMatchObject({
      response_type: "error",
      speech: "Sorry, the language model failed.",
    });
  });
});
