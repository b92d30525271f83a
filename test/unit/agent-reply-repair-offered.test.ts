// The reader keyed on the offered tools (a tool's name and arguments its schema reads, whatever the
// markers around them) and the rules over one reply's calls: duplicates, contradictions,
// structured calls against the content, and markup shown as an example.
import { describe, expect, it } from "vitest";
import { fakeModel } from "@langchain/core/testing";
import { AIMessage } from "@langchain/core/messages";
import { createOfferedTools, type OfferedEntry } from "../../src/agent/reply-repair/offered-tools.js";
import { repairReply, type RepairedReply } from "../../src/agent/reply-repair/repair-reply.js";
import { createAgent } from "../../src/agent/agent.js";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { captureLogger } from "../support/capture-logger.js";
import { zwaveToolEntries } from "../support/zwave-tool-schemas.js";

const haTools: OfferedEntry[] = ["HassTurnOn", "HassTurnOff"].map((name) => ({
  presented: name,
  server: "homeassistant",
  tool: name,
  inputSchema: {
    type: "object",
    properties: { name: { type: "string" }, area: { type: "string" } },
  },
}));
const tools = createOfferedTools([...zwaveToolEntries, ...haTools]);

const text = (content: string) => new AIMessage({ content });
const planned = (repaired: RepairedReply) =>
  repaired.calls.flatMap((c) => ("name" in c ? [{ name: c.name, args: c.args }] : []));
const switchOn = { name: "control_zwave_device", args: { deviceName: "Switch One", action: "on" } };
const sensor = { name: "get_device_sensor_data", args: { deviceName: "Office Sensor" } };

describe("a call found by the offered tool, whatever its markers", () => {
  it.each([
    [
      "invoke markup that lost its `<`",
      'invoke name="control_zwave_device">\nparameter name="deviceName">Switch One/parameter>\nparameter name="action">on/parameter>\n/invoke>',
      switchOn,
    ],
    [
      "a body in round brackets where braces were meant",
      '<tool_call>\n{"name": "control_zwave_device", "arguments": ("deviceName": "Switch One", "action": "on")}\n</tool_call>',
      switchOn,
    ],
    [
      "a special token glued to the tool's name",
      "<tool_call>get_device_sensor_data<|message|>\n<arg_key>deviceName</arg_key>\n<arg_value>Office Sensor</arg_value>\n</tool_call>",
      sensor,
    ],
    [
      "a separator token between the name and its key/value pairs",
      "<tool_call>control_zwave_device<|tool_sep|>\n<arg_key>deviceName</arg_key>\n<arg_value>Switch One</arg_value>\n<arg_key>action</arg_key>\n<arg_value>on</arg_value>\n</tool_call>",
      switchOn,
    ],
    [
      "attributes glued to their tag names",
      '<functionname="control_zwave_device">\n<paramname="deviceName">Switch One</param>\n<paramname="action">on</param>\n</function>',
      switchOn,
    ],
    [
      "values wrapped in CDATA in invoke markup",
      '<invoke name="control_zwave_device">\n<parameter name="deviceName"><![CDATA[Switch One]]></parameter>\n<parameter name="action"><![CDATA[on]]></parameter>\n</invoke>',
      switchOn,
    ],
    [
      "values wrapped in CDATA in JSON",
      '<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "<![CDATA[Switch One]]>", "action": "on"}}</tool_call>',
      switchOn,
    ],
    [
      "the words `function call` and a separator token before a JSON call",
      'function call<|tool_sep|>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}',
      switchOn,
    ],
    [
      "a name after an assistant role token",
      '<|im_start|>assistant\ncontrol_zwave_device\n{"deviceName": "Switch One", "action": "on"}<|im_end|>',
      switchOn,
    ],
    [
      "ReAct's Action and Action Input",
      'Thought: the user wants the switch on.\nAction: control_zwave_device\nAction Input: {"deviceName": "Switch One", "action": "on"}',
      switchOn,
    ],
    [
      "Qwen-Agent's ✿FUNCTION✿ and ✿ARGS✿",
      '✿FUNCTION✿: get_device_sensor_data\n✿ARGS✿: {"deviceName": "Office Sensor"}',
      sensor,
    ],
  ])("%s", (_what, content, call) => {
    expect(planned(repairReply(text(content), tools))).toEqual([call]);
  });

  it("arguments written over two blocks of one tool are one call", () => {
    const repaired = repairReply(
      text(
        '<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One"}}</tool_call>\n<tool_call>{"name": "control_zwave_device", "arguments": {"action": "on"}}</tool_call>',
      ),
      tools,
    );
    expect(planned(repaired)).toEqual([switchOn]);
    expect(repaired.calls[0]?.repairs).toContain("call: joined arguments written over two blocks");
  });

  it("two blocks that give one key two values are not joined: nothing runs", () => {
    const repaired = repairReply(
      text(
        '<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One"}}</tool_call>\n<tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s Lamp"}}</tool_call>',
      ),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toMatch(/lacks 'action'/);
  });

  it("a label before an object is not read when it is one of the tool's parameters", () => {
    const repaired = repairReply(text('control_zwave_device\ndeviceName: {"x": 1}'), tools);
    expect(planned(repaired)).toEqual([]);
  });
});

describe("what is never a call", () => {
  it("prose that names a tool is spoken, and nothing runs", () => {
    const repaired = repairReply(
      text("I can use control_zwave_device to switch Switch One. Action: shall I?"),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toBeUndefined();
    expect(repaired.speech).toMatch(/^I can use control_zwave_device/);
  });

  it("prose that shows a call as an example is spoken without the markup, and not corrected", () => {
    const repaired = repairReply(
      text(
        'You could switch it with a call like <tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</tool_call>. Shall I?',
      ),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toBeUndefined();
    expect(repaired.speech).toBe("You could switch it with a call like. Shall I?");
  });

  it("an example whose words cannot be told from its markup is not spoken, and not corrected", () => {
    const repaired = repairReply(
      text('For example: control_zwave_device(deviceName="Switch One", action="on") and so on'),
      tools,
    );
    expect(repaired).toMatchObject({ calls: [], speech: "", quoted: true });
  });

  it("a call mixed with words that are no example is still corrected", () => {
    const repaired = repairReply(
      text(
        'Sure. <tool_call>{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}</tool_call> Switch One is now on, and I have also turned on the kitchen lights and the porch light for you, as you asked yesterday evening when you came home late from work.',
      ),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toBeDefined();
    expect(repaired.quoted).toBeUndefined();
  });

  it("a call missing a required argument runs nothing, and the model hears what is missing", () => {
    const repaired = repairReply(
      text('Action: control_zwave_device\nAction Input: {"deviceName": "Switch One"}'),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toMatch(/lacks 'action'/);
  });
});

describe("the calls of one reply as a set", () => {
  const call = (args: Record<string, unknown>, name = "control_zwave_device") =>
    `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

  it("a call written twice, with a stray end marker between the copies, runs once", () => {
    const repaired = repairReply(text(`${call(switchOn.args)}</tool_call>\n${call(switchOn.args)}`), tools);
    expect(planned(repaired)).toEqual([switchOn]);
  });

  it("identical structured calls run once", () => {
    const reply = new AIMessage({
      content: "",
      tool_calls: [
        { id: "a", name: "control_zwave_device", args: switchOn.args, type: "tool_call" },
        {
          id: "b",
          name: "control_zwave_device",
          args: { action: "on", deviceName: "Switch One" },
          type: "tool_call",
        },
      ],
    });
    const repaired = repairReply(reply, tools);
    expect(planned(repaired)).toEqual([switchOn]);
    expect(repaired.message.tool_calls).toHaveLength(1);
  });

  it.each([
    ["on and off", { action: "on" }, { action: "off" }],
    ["two levels", { action: "dim", level: 30 }, { action: "dim", level: 80 }],
  ])("%s for one device run neither, and the model hears which calls conflict", (_what, first, second) => {
    const repaired = repairReply(
      text(
        `${call({ deviceName: "Kitchen Dimmer", ...first })}\n${call({ deviceName: "kitchen dimmer", ...second })}`,
      ),
      tools,
    );
    expect(repaired.calls).toEqual([]);
    expect(repaired.unusable).toMatch(
      /^Your calls control_zwave_device .* and control_zwave_device .* contradict each other/,
    );
  });

  it("structured calls that contradict each other are refused; another call of the reply runs", () => {
    const reply = new AIMessage({
      content: "",
      tool_calls: [
        { id: "a", name: "HassTurnOn", args: { name: "Porch" }, type: "tool_call" },
        { id: "b", name: "HassTurnOff", args: { name: "porch" }, type: "tool_call" },
        { id: "c", name: "HassTurnOn", args: { name: "Kitchen" }, type: "tool_call" },
      ],
    });
    const repaired = repairReply(reply, tools);
    expect(planned(repaired)).toEqual([{ name: "HassTurnOn", args: { name: "Kitchen" } }]);
    expect(repaired.calls.filter((c) => "error" in c)).toHaveLength(2);
  });

  it("the same setting for two devices, or two settings that do not clash, both run", () => {
    const repaired = repairReply(
      text(
        `${call({ deviceName: "Switch One", action: "on" })}\n${call({ deviceName: "Kid's Lamp", action: "on" })}\n${call({ deviceName: "Office Sensor" }, "get_device_sensor_data")}`,
      ),
      tools,
    );
    expect(planned(repaired)).toHaveLength(3);
  });
});

describe("a structured call against the content", () => {
  const inContent = `Turning it on. {"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}`;

  it("empty arguments beside the same call in full in the prose: the content's arguments run", () => {
    const reply = new AIMessage({
      content: inContent,
      tool_calls: [{ id: "a", name: "control_zwave_device", args: {}, type: "tool_call" }],
    });
    const repaired = repairReply(reply, tools);
    expect(planned(repaired)).toEqual([switchOn]);
    expect(repaired.calls[0]?.repairs).toContain(
      "arguments: read from the reply's text (the call came without them)",
    );
  });

  it("a structured call missing one argument is completed from a whole call that agrees with it", () => {
    const reply = new AIMessage({
      content: inContent,
      tool_calls: [
        { id: "a", name: "control_zwave_device", args: { deviceName: "Switch One" }, type: "tool_call" },
      ],
    });
    expect(planned(repairReply(reply, tools))).toEqual([switchOn]);
  });

  it("a content call that disagrees with what was sent completes nothing", () => {
    const reply = new AIMessage({
      content: inContent,
      tool_calls: [
        { id: "a", name: "control_zwave_device", args: { deviceName: "Kid's Lamp" }, type: "tool_call" },
      ],
    });
    expect(planned(repairReply(reply, tools))).toEqual([
      { name: "control_zwave_device", args: { deviceName: "Kid's Lamp" } },
    ]);
  });

  it("a content call that is itself incomplete completes nothing", () => {
    const reply = new AIMessage({
      content: 'Turning it on. {"name": "control_zwave_device", "arguments": {"deviceName": "Switch One"}}',
      tool_calls: [{ id: "a", name: "control_zwave_device", args: {}, type: "tool_call" }],
    });
    expect(planned(repairReply(reply, tools))).toEqual([{ name: "control_zwave_device", args: {} }]);
  });

  it("a complete structured call wins over a different call in the content", () => {
    const reply = new AIMessage({
      content: inContent,
      tool_calls: [
        {
          id: "a",
          name: "control_zwave_device",
          args: { deviceName: "Kid's Lamp", action: "on" },
          type: "tool_call",
        },
      ],
    });
    expect(planned(repairReply(reply, tools))).toEqual([
      { name: "control_zwave_device", args: { deviceName: "Kid's Lamp", action: "on" } },
    ]);
  });
});

describe("the agent with a reply that quotes an example call", () => {
  it("the model is not asked to send the call again, and the user hears the words", async () => {
    const log = captureLogger();
    const registry = createToolRegistry({ logger: log.logger });
    let ran = 0;
    registry.registerTool(
      {
        name: "control_zwave_device",
        description: "Switch a device",
        inputSchema: zwaveToolEntries[0]!.inputSchema!,
      },
      async () => {
        ran++;
        return { text: "confirmed" };
      },
    );
    const model = fakeModel()
      .respond(
        new AIMessage(
          'A call would look like this: {"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}. Do you want me to switch it?',
        ),
      )
      .respond(new AIMessage("This second reply must not be asked for."));
    const agent = createAgent({
      registry,
      mirror: createUnconfiguredMirror(),
      logger: log.logger,
      model,
      provider: "fake",
      language: "en",
    });
    const result = await agent.handle({ text: "how would you switch it?", conversationId: "q1" });
    expect(result.speech).toBe("A call would look like this:. Do you want me to switch it?");
    expect(ran).toBe(0);
  });
});
