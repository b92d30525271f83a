// The reply repair's general rules, one behaviour per test, at the boundary the agent
// uses: a model reply in, the calls that will run (or why nothing runs) out. The shapes are written
// from the formats vLLM's, Ollama's and llama.cpp's parsers document, not copied from them.
import { describe, expect, it } from "vitest";
import { AIMessage } from "@langchain/core/messages";
import { createOfferedTools } from "../../src/agent/reply-repair/offered-tools.js";
import { repairReply, type PlannedCall } from "../../src/agent/reply-repair/repair-reply.js";
import { zwaveToolEntries } from "../support/zwave-tool-schemas.js";

const tools = createOfferedTools(zwaveToolEntries);

const lampOn = { deviceName: "Kid's Lamp", action: "on" };
const switchOn = { deviceName: "Switch One", action: "on" };

/** The calls that will run, as name and arguments. */
function planned(reply: AIMessage): Array<{ name: string; args: Record<string, unknown> }> {
  return repairReply(reply, tools)
    .calls.filter((c): c is PlannedCall => "name" in c)
    .map((c) => ({ name: c.name, args: c.args }));
}

const text = (content: string) => new AIMessage(content);
const structured = (name: string, args: Record<string, unknown>, content = "") =>
  new AIMessage({ content, tool_calls: [{ id: "c1", name, args, type: "tool_call" }] });
/** An OpenAI-compatible call whose raw `function.arguments` string the client kept. */
const openAiCall = (name: string, argumentsText: string, content = "") =>
  new AIMessage({
    content,
    invalid_tool_calls: [
      { id: "c1", name, args: argumentsText, error: "not JSON", type: "invalid_tool_call" },
    ],
  });

describe("the five shapes the first unseen set missed, as general rules", () => {
  it("markup after one short sentence announcing that action, and a stray token on its own line, runs", () => {
    const reply = text(
      'Switching Kid\'s Lamp off for you.\n[e~[\n<invoke name="control_zwave_device">\n<parameter name="deviceName">Kid\'s Lamp</parameter>\n<parameter name="action">off</parameter>\n</invoke>',
    );
    expect(planned(reply)).toEqual([
      { name: "control_zwave_device", args: { deviceName: "Kid's Lamp", action: "off" } },
    ]);
  });

  it("a call written inside the opening tag's attributes runs", () => {
    const reply = text(
      '<functioncall {"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}>',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("arguments written into a structured call's name are read from it", () => {
    const reply = structured(
      "control_zwave_device<arg_key>deviceName</arg_key><arg_value>Kid's Lamp</arg_value><arg_key>action</arg_key><arg_value>on</arg_value>",
      {},
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("two whole calls glued into one arguments string are two calls", () => {
    const reply = openAiCall(
      "control_zwave_device",
      '{"deviceName": "Switch One", "action": "on"}{"deviceName": "Kid\'s Lamp", "action": "on"}',
    );
    expect(planned(reply)).toEqual([
      { name: "control_zwave_device", args: switchOn },
      { name: "control_zwave_device", args: lampOn },
    ]);
  });

  it("the same whole call glued twice is one call", () => {
    const reply = openAiCall(
      "control_zwave_device",
      '{"deviceName": "Switch One", "action": "on"} {"deviceName": "Switch One", "action": "on"}',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: switchOn }]);
  });

  it("glued objects that are no whole calls and disagree are refused, not guessed", () => {
    const repaired = repairReply(
      openAiCall(
        "control_zwave_device",
        '{"deviceName": "Switch One", "action": "on"}{"deviceName": "Kid\'s Lamp"}',
      ),
      tools,
    );
    expect(repaired.calls).toHaveLength(1);
    expect(repaired.calls[0]).toMatchObject({ error: expect.stringMatching(/more than one JSON value/) });
  });
});

describe("fumbled markers", () => {
  it.each([
    [
      "spaces inside every special token",
      '<| tool_calls_section_begin |> <| tool_call_begin |> functions.control_zwave_device:0 <| tool_call_argument_begin |> {"deviceName": "Kid\'s Lamp", "action": "on"} <| tool_call_end |> <| tool_calls_section_end |>',
    ],
    [
      "wrapper tags that lost their '<'",
      "tool_call>\n<function=control_zwave_device>\n<parameter=deviceName>\nKid's Lamp\n</parameter>\n<parameter=action>\non\n</parameter>\n</function>\n/tool_call>",
    ],
    [
      "closing tags that lost their '>'",
      "<tool_call>\n<function=control_zwave_device>\n<parameter=deviceName>Kid's Lamp</parameter\n<parameter=action>on</parameter\n</function>\n</tool_call>",
    ],
    [
      "an attribute glued to its tag name",
      '<invokename="control_zwave_device"><parameter name="deviceName">Kid\'s Lamp</parameter><parameter name="action">on</parameter></invoke>',
    ],
    [
      "a space inside DeepSeek's DSML marker",
      '<｜DSML｜tool_calls>\n<｜DSML｜ invoke name="control_zwave_device">\n<｜DSML｜parameter name="deviceName" string="true">Kid\'s Lamp</｜DSML｜parameter>\n<｜DSML｜parameter name="action" string="true">on</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
    ],
    [
      "a stray closing think tag before the call",
      '</think>\n<tool_call>\n{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}\n</tool_call>',
    ],
  ])("%s: the call is read", (_what, content) => {
    expect(planned(text(content))).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });
});

describe("the schema-guided reader, for formats no row knows", () => {
  it.each([
    [
      "tags with a per-checkpoint suffix (Hunyuan)",
      "<tool_calls:9f3a><tool_call:9f3a>control_zwave_device<arg_key:9f3a>deviceName</arg_key:9f3a><arg_value:9f3a>Kid's Lamp</arg_value:9f3a><arg_key:9f3a>action</arg_key:9f3a><arg_value:9f3a>on</arg_value:9f3a></tool_call:9f3a></tool_calls:9f3a>",
    ],
    [
      "child tags named after the parameters",
      '<call name="control_zwave_device"><deviceName>Kid\'s Lamp</deviceName><action>on</action></call>',
    ],
    ["the name, then key: value lines", "control_zwave_device\ndeviceName: Kid's Lamp\naction: on"],
    ["JSON5 after the name", "control_zwave_device {deviceName: 'Kid\\'s Lamp', action: 'on',}"],
    ["a JSON object in parentheses", 'control_zwave_device({"deviceName": "Kid\'s Lamp", "action": "on"})'],
  ])("%s", (_what, content) => {
    expect(planned(text(content))).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("the name, then the whole call again as JSON (Inkling's typed-content block), is that call", () => {
    const reply = text(
      '<|message_model|>control_zwave_device<|content_invoke_tool_json|>{"name": "control_zwave_device", "args": {"deviceName": "Kid\'s Lamp", "action": "on"}}<|end_message|>',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("a header naming one tool and a payload naming another is not a call", () => {
    const reply = text(
      '<|message_model|>get_device_sensor_data<|content_invoke_tool_json|>{"name": "control_zwave_device", "args": {"deviceName": "Kid\'s Lamp", "action": "on"}}<|end_message|>',
    );
    expect(repairReply(reply, tools)).toMatchObject({ calls: [], speech: "" });
  });

  it("Laguna's line breaks written out as \\n between its tags", () => {
    const reply = text(
      "<tool_call>control_zwave_device\\n<arg_key>deviceName</arg_key>\\n<arg_value>Kid's Lamp</arg_value>\\n<arg_key>action</arg_key>\\n<arg_value>on</arg_value>\\n</tool_call>",
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("byte fallback tokens for new lines around the call (ERNIE 4.5's <0x0A>)", () => {
    const reply = text(
      'The user wants the lamp on.</think><0x0A><0x0A><tool_call><0x0A>{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}<0x0A></tool_call>',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("a lead-in ended by a special token on the same line (GigaChat's <|message_sep|>)", () => {
    const reply = text(
      'Okay.<|message_sep|><|function_call|>{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("a call written as text without a required parameter does not run", () => {
    const repaired = repairReply(text('control_zwave_device {"deviceName": "Kid\'s Lamp"}'), tools);
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toMatch(/lacks 'action'/);
  });

  it("a value the schema does not take stops every call of a text reply, not only its own", () => {
    const repaired = repairReply(
      text(
        '[control_zwave_device(deviceName="Switch One", action="on"), control_zwave_device(deviceName="Kitchen Dimmer", action="dim", level=150)]',
      ),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toMatch(/'level' must be at most 100/);
  });

  it("a parameter given twice with two values is not read", () => {
    const repaired = repairReply(
      text("control_zwave_device\ndeviceName: Kid's Lamp\ndeviceName: Switch One\naction: on"),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.speech).toBe("");
  });

  it("a number in a tag that says it is not a string is a number", () => {
    const reply = text(
      '<minimax:tool_call><invoke name="control_zwave_device"><parameter name="deviceName">Kitchen Dimmer</parameter><parameter name="action">dim</parameter><parameter name="level" string="false">40</parameter></invoke></minimax:tool_call>',
    );
    expect(planned(reply)).toEqual([
      { name: "control_zwave_device", args: { deviceName: "Kitchen Dimmer", action: "dim", level: 40 } },
    ]);
  });
});

describe("arguments in another syntax inside a structured call", () => {
  it("function.arguments holding XML child tags is read by the schema", () => {
    const reply = openAiCall(
      "control_zwave_device",
      "<deviceName>Kid's Lamp</deviceName>\n<action>on</action>",
    );
    expect(repairReply(reply, tools).calls[0]).toMatchObject({
      name: "control_zwave_device",
      args: lampOn,
      repairs: ["arguments: read tags by the tool's schema"],
    });
  });

  it("function.arguments holding DSML parameters is read by the schema", () => {
    const reply = openAiCall(
      "control_zwave_device",
      '<｜DSML｜parameter name="deviceName" string="true">Kid\'s Lamp</｜DSML｜parameter><｜DSML｜parameter name="action" string="true">on</｜DSML｜parameter>',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it('"{}" with the arguments as markup in the content takes them from the content', () => {
    const reply = structured(
      "control_zwave_device",
      {},
      "<tool_call>\n<function=control_zwave_device>\n<parameter=deviceName>\nKid's Lamp\n</parameter>\n<parameter=action>\non\n</parameter>\n</function>\n</tool_call>",
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it('"{}" for a tool that needs no arguments stays "{}", whatever the content says', () => {
    const reply = structured("list_zwave_devices", {}, "Listing them.");
    expect(planned(reply)).toEqual([{ name: "list_zwave_devices", args: {} }]);
  });
});

describe("a call only in the reasoning", () => {
  const withReasoning = (reasoning: string) =>
    new AIMessage({ content: "", additional_kwargs: { reasoning_content: reasoning } });

  it("a complete call that ends the reasoning runs", () => {
    const reply = withReasoning(
      'The user wants the lamp on.\n<tool_call>\n{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}\n</tool_call>',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it("a call in an Anthropic thinking block runs when the text is empty", () => {
    const reply = new AIMessage({
      content: [
        {
          type: "thinking",
          thinking: 'Lamp on.\n[control_zwave_device(deviceName="Kid\'s Lamp", action="on")]',
          signature: "s",
        },
      ],
    });
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });

  it.each([
    ["a prose plan", "I will switch on Kid's Lamp with control_zwave_device."],
    [
      "a call in the middle of the reasoning",
      '[control_zwave_device(deviceName="Kid\'s Lamp", action="on")] might work, but the user has not said which lamp.',
    ],
    [
      "a call presented as an example",
      'For example:\n[control_zwave_device(deviceName="Kid\'s Lamp", action="on")]',
    ],
  ])("%s is not a call", (_what, reasoning) => {
    const repaired = repairReply(withReasoning(reasoning), tools);
    expect(repaired.calls.filter((c) => "name" in c)).toEqual([]);
    expect(repaired.speech).toBe("");
  });
});

describe("a reply cut at its length limit", () => {
  it("the complete call before the cut one runs; the cut one is reported, never run", () => {
    const repaired = repairReply(
      text(
        '<tool_call>\n{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}\n</tool_call>\n<tool_call>\n{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s',
      ),
      tools,
    );
    expect(repaired.calls).toEqual([
      expect.objectContaining({ name: "control_zwave_device", args: switchOn }),
      expect.objectContaining({ error: expect.stringMatching(/cut off inside this tool call/) }),
    ]);
  });

  it("a pythonic list cut inside its second call runs the first", () => {
    const reply = text(
      '[control_zwave_device(deviceName="Switch One", action="on"), control_zwave_device(deviceName="Kid\'s',
    );
    expect(planned(reply)).toEqual([{ name: "control_zwave_device", args: switchOn }]);
  });

  it("a call cut inside a bare value runs nothing when the provider says the reply hit its limit", () => {
    const reply = new AIMessage({
      content: "control_zwave_device\naction: on\ndeviceName: Kid",
      response_metadata: { finish_reason: "length" },
    });
    expect(planned(reply)).toEqual([]);
  });

  it("a complete call, then an unfinished one and a question: nothing runs", () => {
    const repaired = repairReply(
      text(
        '[control_zwave_device(deviceName="Switch One", action="on"), control_zwave_device(deviceName="Kid\'s Lamp" - or did you mean the kitchen?',
      ),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toBeDefined();
  });

  it("a complete call before a malformed but closed one: neither runs", () => {
    const repaired = repairReply(
      text(
        '<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</tool_call>\n<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": }}</tool_call>',
      ),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toBeDefined();
  });
});

describe("joined and listed calls", () => {
  it("JSON calls joined by '; ', with a leading '; ' (Qwen3.5 through llama.cpp)", () => {
    const reply = text(
      '; {"name": "control_zwave_device", "parameters": {"deviceName": "Switch One", "action": "on"}}; {"name": "control_zwave_device", "parameters": {"deviceName": "Kid\'s Lamp", "action": "on"}}',
    );
    expect(planned(reply)).toEqual([
      { name: "control_zwave_device", args: switchOn },
      { name: "control_zwave_device", args: lampOn },
    ]);
  });

  it.each([
    [
      "JSON",
      '[TOOL_CALLS][{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}} {"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp", "action": "on"}}]',
    ],
    [
      "pythonic",
      '[control_zwave_device(deviceName="Switch One", action="on") control_zwave_device(deviceName="Kid\'s Lamp", action="on")]',
    ],
  ])("a %s list missing the comma between two calls", (_what, content) => {
    expect(planned(text(content))).toEqual([
      { name: "control_zwave_device", args: switchOn },
      { name: "control_zwave_device", args: lampOn },
    ]);
  });
});

describe("names", () => {
  it.each([
    ["an id used as the name", "functionscontrol_zwave_device5"],
    ["Glimmer's doubled fn.fn recipient", "control_zwave_device.control_zwave_device"],
    ["quotes a server kept around the name", '"control_zwave_device"'],
  ])("%s resolves to the offered tool", (_what, name) => {
    expect(planned(structured(name, lampOn))).toEqual([{ name: "control_zwave_device", args: lampOn }]);
  });
});

describe("speech", () => {
  it.each([
    [
      "Glimmer's user channel",
      " to=self<|message|>A greeting.<|eom|><|start|>assistant to=user<|message|>Hello!<|eot|>",
    ],
    [
      "Cohere's text block",
      "<|START_THINKING|>A greeting.<|END_THINKING|><|START_TEXT|>Hello!<|END_TEXT|><|END_OF_TURN_TOKEN|>",
    ],
    ["Kimi K3's response channel", "<|open|>response<|sep|>Hello!<|close|>response<|sep|>"],
    ["K2 Horizon's end token after the answer", "<ifm|think>A greeting.</ifm|think>Hello!<|ifm|im_end|>"],
  ])("%s: only the answer is spoken", (_what, content) => {
    expect(repairReply(text(content), tools)).toMatchObject({ calls: [], speech: "Hello!" });
  });

  it.each([
    ["MiniMax M3's namespace marker", ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="HassTurnOn">'],
    ["K2 Horizon's tags", "<ifm|tool_calls><ifm|tool_call>HassTurnOn<ifm|arg_key>name</ifm|arg_key>"],
    ["Kimi K3's tokens", '<|open|>tools<|sep|><|open|>call tool="HassTurnOn" index="1"<|sep|>'],
  ])("%s is never spoken", (_what, content) => {
    expect(repairReply(text(content), tools).speech).toBe("");
  });
});
