import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import { ChatOllama } from "@langchain/ollama";
import { tool } from "@langchain/core/tools";
import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  type AIMessageChunk,
} from "@langchain/core/messages";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { fakeLlmPool, type FakeLlm, type FakeLlmOptions } from "../../support/llm/server.js";

const controlDevice = tool(async () => "ok", {
  name: "control_zwave_device",
  description: "Turn a Z-Wave device on or off, or dim it",
  schema: z.object({
    deviceName: z.string(),
    action: z.enum(["on", "off", "dim"]),
    level: z.number().min(0).max(100).optional(),
  }),
});

const fakes = fakeLlmPool();
const fake = (options: FakeLlmOptions) => fakes.start(options);
afterEach(() => fakes.closeAll());

const anthropic = (llm: FakeLlm, streaming = false) =>
  new ChatAnthropic({
    model: "claude-sonnet-4-5",
    apiKey: "test-key",
    anthropicApiUrl: llm.url,
    maxRetries: 0,
    streaming,
  });
const openai = (llm: FakeLlm, streaming = false) =>
  new ChatOpenAI({
    model: "gpt-4o-mini",
    apiKey: "test-key",
    configuration: { baseURL: llm.openaiUrl },
    maxRetries: 0,
    streaming,
  });
const ollama = (llm: FakeLlm) => new ChatOllama({ model: "qwen3:4b", baseUrl: llm.url });

const dimKitchen = { deviceName: "Kitchen Light", action: "dim", level: 40 };
const prompt = [new SystemMessage("You control a home."), new HumanMessage("dim the kitchen light to 40%")];

/** Runs `.stream()` and joins the chunks, as agents that stream tokens do. */
async function streamed(model: Pick<BaseChatModel, "stream">, input: typeof prompt) {
  const chunks: AIMessageChunk[] = [];
  for await (const chunk of await model.stream(input)) chunks.push(chunk as AIMessageChunk);
  const joined = chunks.reduce((a, b) => a.concat(b));
  return { chunks, message: joined };
}

describe("Anthropic fake with the real ChatAnthropic", () => {
  it("returns tool calls that parse into AIMessage.tool_calls, and records what was offered", async () => {
    const llm = await fake({
      script: [{ toolCalls: [{ name: "control_zwave_device", args: dimKitchen, id: "toolu_1" }] }],
    });
    const reply = await anthropic(llm).bindTools([controlDevice]).invoke(prompt);
    expect(reply.tool_calls).toEqual([
      { name: "control_zwave_device", args: dimKitchen, id: "toolu_1", type: "tool_call" },
    ]);
    const [request] = llm.requests;
    expect(request).toMatchObject({
      provider: "anthropic",
      stream: false,
      model: "claude-sonnet-4-5",
      system: "You control a home.",
      userText: "dim the kitchen light to 40%",
    });
    expect(request?.tools.map((t) => t.name)).toEqual(["control_zwave_device"]);
    expect(request?.tools[0]?.parameters).toMatchObject({
      properties: { action: { enum: ["on", "off", "dim"] } },
    });
  });

  it("streams text and tool calls over SSE", async () => {
    const llm = await fake({
      script: [
        "The kitchen light is now at forty percent.",
        { text: "Dimming it.", toolCalls: [{ name: "control_zwave_device", args: dimKitchen }] },
      ],
    });
    const model = anthropic(llm, true).bindTools([controlDevice]);
    const text = await streamed(model, prompt);
    expect(text.chunks.length).toBeGreaterThan(2);
    expect(text.message.text).toBe("The kitchen light is now at forty percent.");
    const calls = await streamed(model, prompt);
    expect(calls.message.tool_calls).toMatchObject([{ name: "control_zwave_device", args: dimKitchen }]);
    expect(llm.requests.map((r) => r.stream)).toEqual([true, true]);
  });

  it("receives the tool result of the second turn as a tool_result block", async () => {
    const llm = await fake({
      script: [
        { toolCalls: [{ name: "control_zwave_device", args: dimKitchen, id: "toolu_7" }] },
        "Done, it's at 40%.",
      ],
    });
    const model = anthropic(llm).bindTools([controlDevice]);
    const first = await model.invoke(prompt);
    const second = await model.invoke([
      ...prompt,
      first,
      new ToolMessage({ tool_call_id: "toolu_7", content: "Kitchen Light: level 40, confirmed" }),
    ]);
    expect(second.content).toBe("Done, it's at 40%.");
    expect(llm.requests[1]?.toolResults).toEqual([
      { toolCallId: "toolu_7", content: "Kitchen Light: level 40, confirmed" },
    ]);
    expect(llm.requests[1]?.body.messages).toContainEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_7", content: "Kitchen Light: level 40, confirmed" },
      ],
    });
  });

  it("answers HTTP errors in Anthropic's shape, which the client surfaces", async () => {
    const llm = await fake({ script: [{ status: 529, message: "Overloaded" }] });
    await expect(anthropic(llm).invoke(prompt)).rejects.toThrow(/Overloaded/);
  });
});

describe("OpenAI fake with the real ChatOpenAI", () => {
  it("returns several tool calls with their arguments", async () => {
    const llm = await fake({
      script: [
        {
          toolCalls: [
            { name: "control_zwave_device", args: dimKitchen, id: "call_a" },
            { name: "control_zwave_device", args: { deviceName: "Porch", action: "off" }, id: "call_b" },
          ],
        },
      ],
    });
    const reply = await openai(llm).bindTools([controlDevice]).invoke(prompt);
    expect(reply.tool_calls).toEqual([
      { name: "control_zwave_device", args: dimKitchen, id: "call_a", type: "tool_call" },
      {
        name: "control_zwave_device",
        args: { deviceName: "Porch", action: "off" },
        id: "call_b",
        type: "tool_call",
      },
    ]);
    expect(llm.requests[0]).toMatchObject({
      provider: "openai",
      stream: false,
      system: "You control a home.",
    });
    expect(llm.requests[0]?.tools.map((t) => t.name)).toEqual(["control_zwave_device"]);
  });

  it("streams text and tool calls over SSE", async () => {
    const llm = await fake({
      script: ["Forty percent it is.", { toolCalls: [{ name: "control_zwave_device", args: dimKitchen }] }],
    });
    const model = openai(llm, true).bindTools([controlDevice]);
    const text = await streamed(model, prompt);
    expect(text.chunks.length).toBeGreaterThan(2);
    expect(text.message.text).toBe("Forty percent it is.");
    const calls = await streamed(model, prompt);
    expect(calls.message.tool_calls).toMatchObject([{ name: "control_zwave_device", args: dimKitchen }]);
    expect(llm.requests.map((r) => r.stream)).toEqual([true, true]);
  });

  it("receives the tool result of the second turn as a tool message", async () => {
    const llm = await fake({
      script: [{ toolCalls: [{ name: "control_zwave_device", args: dimKitchen, id: "call_9" }] }, "Done."],
    });
    const model = openai(llm).bindTools([controlDevice]);
    const first = await model.invoke(prompt);
    await model.invoke([...prompt, first, new ToolMessage({ tool_call_id: "call_9", content: "confirmed" })]);
    expect(llm.requests[1]?.toolResults).toEqual([{ toolCallId: "call_9", content: "confirmed" }]);
    expect(llm.requests[1]?.body.messages).toContainEqual(
      expect.objectContaining({
        role: "assistant",
        tool_calls: [
          {
            id: "call_9",
            type: "function",
            function: { name: "control_zwave_device", arguments: JSON.stringify(dimKitchen) },
          },
        ],
      }),
    );
  });

  it("puts tool calls with malformed JSON arguments in invalid_tool_calls", async () => {
    const llm = await fake({
      script: [
        { toolCalls: [{ name: "control_zwave_device", args: '{"deviceName": "Kitchen', id: "call_bad" }] },
      ],
    });
    const reply = await openai(llm).bindTools([controlDevice]).invoke(prompt);
    expect(reply.tool_calls).toEqual([]);
    expect(reply.invalid_tool_calls).toMatchObject([
      { name: "control_zwave_device", args: '{"deviceName": "Kitchen', id: "call_bad" },
    ]);
  });

  it("answers HTTP errors in OpenAI's shape, which the client surfaces", async () => {
    const llm = await fake({ script: [{ status: 401, message: "Incorrect API key provided" }] });
    await expect(openai(llm).invoke(prompt)).rejects.toThrow(/Incorrect API key provided/);
  });
});

describe("Ollama fake with the real ChatOllama", () => {
  it("streams NDJSON even for invoke, and tool calls parse with object arguments", async () => {
    const llm = await fake({ script: [{ toolCalls: [{ name: "control_zwave_device", args: dimKitchen }] }] });
    const reply = await ollama(llm).bindTools([controlDevice]).invoke(prompt);
    expect(reply.tool_calls).toMatchObject([{ name: "control_zwave_device", args: dimKitchen }]);
    expect(reply.tool_calls?.[0]?.id).toEqual(expect.any(String));
    expect(llm.requests[0]).toMatchObject({
      provider: "ollama",
      stream: true,
      userText: "dim the kitchen light to 40%",
    });
    expect(llm.requests[0]?.tools.map((t) => t.name)).toEqual(["control_zwave_device"]);
  });

  it("streams text in several chunks", async () => {
    const llm = await fake({ script: ["The office is twenty-one degrees."] });
    const { chunks, message } = await streamed(ollama(llm), prompt);
    expect(chunks.length).toBeGreaterThan(2);
    expect(message.text).toBe("The office is twenty-one degrees.");
  });

  it("receives the tool result of the second turn as a tool message, arguments as an object", async () => {
    const llm = await fake({
      script: [{ toolCalls: [{ name: "control_zwave_device", args: dimKitchen }] }, "Done."],
    });
    const model = ollama(llm).bindTools([controlDevice]);
    const first = await model.invoke(prompt);
    const id = first.tool_calls?.[0]?.id ?? "";
    const second = await model.invoke([
      ...prompt,
      first,
      new ToolMessage({ tool_call_id: id, content: "confirmed" }),
    ]);
    expect(second.content).toBe("Done.");
    expect(llm.requests[1]?.toolResults).toEqual([{ content: "confirmed" }]);
    const assistant = (llm.requests[1]?.body.messages as Record<string, unknown>[]).find(
      (m) => m.role === "assistant",
    );
    expect(assistant?.tool_calls).toMatchObject([
      { function: { name: "control_zwave_device", arguments: dimKitchen } },
    ]);
  });

  it("answers HTTP errors in Ollama's shape, which the client surfaces", async () => {
    const llm = await fake({ script: [{ status: 404, message: "model 'qwen3:4b' not found" }] });
    await expect(ollama(llm).invoke(prompt)).rejects.toThrow(/not found/);
  });
});

describe("fake LLM scripting", () => {
  it("answers from a script function once the queue is empty, seeing the conversation", async () => {
    const llm = await fake({
      script: (request) => (request.toolResults.length ? "All done." : `Echo: ${request.userText}`),
    });
    llm.enqueue("queued first");
    const model = openai(llm);
    expect((await model.invoke(prompt)).content).toBe("queued first");
    expect((await model.invoke(prompt)).content).toBe("Echo: dim the kitchen light to 40%");
    const withResult = [
      ...prompt,
      new AIMessage({
        content: "",
        tool_calls: [{ name: "control_zwave_device", args: dimKitchen, id: "c1" }],
      }),
      new ToolMessage({ tool_call_id: "c1", content: "confirmed" }),
    ];
    expect((await model.invoke(withResult)).content).toBe("All done.");
  });

  it("fails loudly when the script runs out", async () => {
    const llm = await fake({ script: ["only one"] });
    const model = anthropic(llm);
    await model.invoke(prompt);
    await expect(model.invoke(prompt)).rejects.toThrow(/script exhausted/);
  });

  it("sends raw bytes as they are, which the client rejects", async () => {
    const llm = await fake({ script: [{ raw: "{not json", status: 200 }] });
    await expect(openai(llm).invoke(prompt)).rejects.toThrow();
    expect(llm.requests).toHaveLength(1);
  });

  it("delays an answer past the client's timeout when asked to", async () => {
    const llm = await fake({ script: [{ text: "too late", delayMs: 2000 }] });
    const model = new ChatOpenAI({
      model: "gpt-4o-mini",
      apiKey: "test-key",
      configuration: { baseURL: llm.openaiUrl },
      maxRetries: 0,
      timeout: 200,
    });
    await expect(model.invoke(prompt)).rejects.toThrow(/timed out|timeout|abort/i);
  });
});

describe("a provider-native reply (repair corpus `raw`)", () => {
  it("OpenAI: the arguments string reaches the client byte for byte, streamed or not", async () => {
    const raw = "{'deviceName': 'Switch One', 'action': 'off'}";
    const native = {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "c1", type: "function", function: { name: "control_zwave_device", arguments: raw } },
      ],
    };
    const llm = await fake({ script: [{ native }, { native }] });
    const plain = await openai(llm).bindTools([controlDevice]).invoke(prompt);
    expect(plain.invalid_tool_calls?.[0]?.args).toBe(raw);
    expect(plain.additional_kwargs.tool_calls?.[0]?.function.arguments).toBe(raw);
    const joined = await streamed(openai(llm, true).bindTools([controlDevice]), prompt);
    expect(joined.message.tool_call_chunks?.[0]?.args).toBe(raw);
  });

  it("Anthropic: content blocks come through as sent, text and tool_use", async () => {
    const native = [
      { type: "text", text: "Switching." },
      { type: "tool_use", id: "t1", name: "control_zwave_device", input: dimKitchen },
    ];
    const llm = await fake({ script: [{ native }, { native }] });
    const plain = await anthropic(llm).bindTools([controlDevice]).invoke(prompt);
    expect(plain.tool_calls?.[0]).toMatchObject({ id: "t1", args: dimKitchen });
    const joined = await streamed(anthropic(llm, true).bindTools([controlDevice]), prompt);
    expect(joined.message.tool_calls?.[0]).toMatchObject({ id: "t1", args: dimKitchen });
  });

  it("Ollama: text streams first, then every tool call in one chunk, arguments as sent", async () => {
    const native = {
      role: "assistant",
      content: "Both at once.",
      tool_calls: [
        { function: { name: "control_zwave_device", arguments: { deviceName: "A", action: "on" } } },
        { function: { name: "control_zwave_device", arguments: '{"deviceName": "B", "action": "on"}' } },
      ],
    };
    const llm = await fake({ script: [{ native }] });
    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await ollama(llm).bindTools([controlDevice]).stream(prompt)) chunks.push(chunk);
    const withCalls = chunks.findIndex((c) => c.tool_call_chunks?.length);
    expect(
      chunks
        .slice(0, withCalls)
        .map((c) => c.content)
        .join(""),
    ).toBe("Both at once.");
    expect(chunks[withCalls]?.tool_call_chunks?.map((c) => c.args)).toEqual([
      JSON.stringify({ deviceName: "A", action: "on" }),
      JSON.stringify('{"deviceName": "B", "action": "on"}'),
    ]);
  });
});
