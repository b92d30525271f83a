import { describe, expect, it } from "vitest";
import { fakeModel } from "@langchain/core/testing";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { createAgent } from "../../src/agent/agent.js";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import type { ToolExecutor } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";

function setup(
  model: ReturnType<typeof fakeModel> | undefined,
  extra: Partial<Parameters<typeof createAgent>[0]> = {},
) {
  const { logger } = captureLogger();
  const registry = createToolRegistry({ logger });
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  const record =
    (name: string, answer: ToolExecutor = async () => ({ text: `${name} done` })): ToolExecutor =>
    async (args, context) => {
      calls.push({ name, args });
      return answer(args, context);
    };
  registry.registerTool(
    {
      name: "set_light",
      description: "Set a light",
      inputSchema: {
        type: "object",
        properties: { name: { type: "string" }, on: { type: "boolean" } },
        required: ["name", "on"],
      },
    },
    record("set_light"),
  );
  registry.registerTool(
    {
      name: "unlock_door",
      description: "Unlock a door",
      inputSchema: { type: "object", properties: { door: { type: "string" } }, required: ["door"] },
      annotations: { destructiveHint: true },
    },
    // As lock_entity answers: English for the model, the facts typed beside it.
    record("unlock_door", async (args) => ({
      text: `confirmed: ${String(args.door)} is unlocked`,
      structuredContent: { name: String(args.door), state: "unlocked", confirmed: true },
    })),
  );
  registry.registerTool(
    { name: "wait_forever", description: "Never answers", inputSchema: { type: "object", properties: {} } },
    record("wait_forever", () => new Promise(() => undefined)),
  );
  const agent = createAgent({
    registry,
    mirror: createUnconfiguredMirror(),
    logger,
    ...(model ? { model } : {}),
    provider: model ? "fake" : "local",
    language: "en",
    ...extra,
  });
  return { agent, calls };
}

const lastToolMessage = (messages: BaseMessage[]) =>
  [...messages].reverse().find((m): m is ToolMessage => ToolMessage.isInstance(m));

describe("the agent's LLM loop", () => {
  it("runs tool calls through the registry and speaks the model's final answer", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "set_light", args: { name: "Desk", on: true } }])
      .respond(new AIMessage("The desk light is on."));
    const { agent, calls } = setup(model);
    const result = await agent.handle({ text: "light up my desk", conversationId: "c1" });
    expect(calls).toEqual([{ name: "set_light", args: { name: "Desk", on: true } }]);
    expect(result).toMatchObject({
      speech: "The desk light is on.",
      conversation_id: "c1",
      response_type: "action_done",
      tool_calls: [{ name: "set_light", ok: true, result: "set_light done" }],
    });
  });

  it("a failed call goes back to the model as an error carrying the registry's self-correcting text", async () => {
    let feedback: ToolMessage | undefined;
    const model = fakeModel()
      .respondWithTools([{ name: "set_light", args: { light: "Desk" } }])
      .respond((messages: BaseMessage[]) => {
        feedback = lastToolMessage(messages);
        return new AIMessage("Sorry, I could not do that.");
      });
    const { agent, calls } = setup(model);
    await agent.handle({ text: "light up my desk" });
    expect(calls).toEqual([]);
    expect(feedback?.status).toBe("error");
    expect(String(feedback?.content)).toContain("missing required parameter 'name'");
    expect(String(feedback?.content)).toContain(
      "Valid parameters: name (string, required), on (boolean, required)",
    );
  });

  it("a call with unreadable arguments goes back to the model as an error, not a crash", async () => {
    let feedback: ToolMessage | undefined;
    const model = fakeModel()
      .respond(
        new AIMessage({
          content: "",
          invalid_tool_calls: [
            { name: "set_light", args: '{"name": "Desk", on', id: "call_1", error: "bad JSON" },
          ],
        }),
      )
      .respond((messages: BaseMessage[]) => {
        feedback = lastToolMessage(messages);
        return new AIMessage("Let me try again later.");
      });
    const { agent } = setup(model);
    const result = await agent.handle({ text: "light up my desk" });
    expect(result.speech).toBe("Let me try again later.");
    expect(feedback?.tool_call_id).toBe("call_1");
    expect(String(feedback?.content)).toContain("could not be read");
  });

  it("stops after 10 tool rounds with an apology", async () => {
    const model = fakeModel();
    for (let i = 0; i < 12; i++)
      model.respondWithTools([{ name: "set_light", args: { name: "Desk", on: i % 2 === 0 } }]);
    const { agent, calls } = setup(model);
    const result = await agent.handle({ text: "blink the desk light forever" });
    expect(calls).toHaveLength(10);
    expect(result.response_type).toBe("error");
    expect(result.speech).toMatch(/^Sorry, I couldn't finish that/);
  });

  it("a provider failure is a short apology that names the problem, in the request's language", async () => {
    const failing = () => Object.assign(new Error("Internal Server Error"), { status: 500 });
    const { agent } = setup(fakeModel().respond(failing()).respond(failing()));
    const result = await agent.handle({ text: "light up my desk" });
    expect(result).toMatchObject({
      speech: "Sorry, the language model is busy. Please try again in a moment.",
      response_type: "error",
    });
    const german = await agent.handle({ text: "mach mein Schreibtischlicht an", language: "de" });
    expect(german.speech).toBe(
      "Entschuldigung, das Sprachmodell ist gerade ausgelastet. Bitte versuch es gleich noch einmal.",
    );
    // The cause stays for the log and the status page.
    expect(agent.recentTurns().at(-1)?.llm?.error).toMatch(/HTTP 500/);
  });

  it("keeps the conversation's history for follow-ups, per conversation_id", async () => {
    let seen: BaseMessage[] = [];
    const model = fakeModel()
      .respond(new AIMessage("Which light?"))
      .respond((messages: BaseMessage[]) => {
        seen = messages;
        return new AIMessage("OK.");
      });
    const { agent } = setup(model);
    await agent.handle({ text: "light them up", conversationId: "talk" });
    await agent.handle({ text: "the desk one", conversationId: "talk" });
    const texts = seen.map((m) => String(m.content));
    expect(texts.slice(1)).toEqual(["light them up", "Which light?", "the desk one"]);
  });

  it("a turn that runs out of time is answered with an apology instead of hanging", async () => {
    const model = fakeModel().respondWithTools([{ name: "wait_forever", args: {} }]);
    const { agent } = setup(model, { turnTimeoutMs: 200, toolTimeoutMs: 10_000 });
    const result = await agent.handle({ text: "do the slow thing" });
    expect(result).toMatchObject({
      response_type: "error",
      speech: "Sorry, that took too long. Please try again.",
    });
  });

  it("a destructive tool waits for the user's yes in the next turn: the bridge asks, not the model", async () => {
    let worded = false;
    const model = fakeModel()
      .respondWithTools([{ name: "unlock_door", args: { door: "Front Door" } }])
      .respond(() => {
        worded = true;
        return new AIMessage("Are you sure? I'll also open the garage.");
      });
    const { agent, calls } = setup(model);
    const first = await agent.handle({ text: "unlock the front door", conversationId: "door" });
    expect(first.speech).toBe("Do you want me to unlock Front Door? Please say yes or no.");
    expect(worded).toBe(false);
    expect(calls).toEqual([]);
    expect(first.tool_calls).toEqual([
      expect.objectContaining({
        name: "unlock_door",
        status: "held",
        held: [{ kind: "unlock", target: "Front Door" }],
      }),
    ]);
    const second = await agent.handle({ text: "Yes", conversationId: "door" });
    expect(calls).toEqual([{ name: "unlock_door", args: { door: "Front Door" } }]);
    // Said from the typed result in the request's language, never in the tool's English words.
    expect(second).toMatchObject({ response_type: "action_done", speech: "Front Door is unlocked." });
  });

  it("a held call confirmed in German is reported in German", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "unlock_door", args: { door: "Haustür" } }])
      .respond(new AIMessage("Soll ich die Haustür entriegeln?"));
    const { agent } = setup(model);
    await agent.handle({ text: "entriegle die Haustür", conversationId: "tür", language: "de" });
    const yes = await agent.handle({ text: "ja", conversationId: "tür", language: "de" });
    expect(yes.speech).toBe("Haustür ist entriegelt.");
    const model2 = fakeModel()
      .respondWithTools([{ name: "unlock_door", args: { door: "Haustür" } }])
      .respond(new AIMessage("Soll ich?"));
    const { agent: other } = setup(model2);
    await other.handle({ text: "entriegle die Haustür", conversationId: "t2", language: "de" });
    const no = await other.handle({ text: "nein", conversationId: "t2", language: "de" });
    expect(no.speech).toBe("Okay, dann mache ich das nicht.");
  });

  it("two destructive calls in one turn both wait, and one yes runs and reports both", async () => {
    const model = fakeModel()
      .respondWithTools([
        { name: "unlock_door", args: { door: "Front Door" } },
        { name: "unlock_door", args: { door: "Back Door" } },
      ])
      .respond(new AIMessage("Unlock the front and back doors?"));
    const { agent, calls } = setup(model);
    await agent.handle({ text: "unlock the front and the back door", conversationId: "doors" });
    expect(calls).toEqual([]);
    const second = await agent.handle({ text: "yes", conversationId: "doors" });
    expect(calls).toEqual([
      { name: "unlock_door", args: { door: "Front Door" } },
      { name: "unlock_door", args: { door: "Back Door" } },
    ]);
    expect(second.speech).toBe("Front Door is unlocked. Back Door is unlocked.");
    expect(second.tool_calls).toHaveLength(2);
  });

  it("a destructive tool called by another name form still waits for confirmation", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "builtin:UNLOCK_DOOR", args: { door: "Front Door" } }])
      .respond(new AIMessage("Are you sure?"));
    const { agent, calls } = setup(model);
    await agent.handle({ text: "unlock the front door", conversationId: "alias" });
    expect(calls).toEqual([]);
    await agent.handle({ text: "yes", conversationId: "alias" });
    expect(calls).toEqual([{ name: "unlock_door", args: { door: "Front Door" } }]);
  });

  it("a held destructive call is dropped when the user says no", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "unlock_door", args: { door: "Front Door" } }])
      .respond(new AIMessage("Are you sure?"));
    const { agent, calls } = setup(model);
    await agent.handle({ text: "unlock the front door", conversationId: "door" });
    const answer = await agent.handle({ text: "no, cancel", conversationId: "door" });
    expect(answer.speech).toBe("Okay, I won't do that.");
    expect(calls).toEqual([]);
  });

  it("destructive tools run at once when the user turned confirmation off", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "unlock_door", args: { door: "Back Door" } }])
      .respond(new AIMessage("Unlocked."));
    const { agent, calls } = setup(model, { confirmDestructive: false });
    await agent.handle({ text: "unlock the back door" });
    expect(calls).toEqual([{ name: "unlock_door", args: { door: "Back Door" } }]);
  });

  it("keeps the last 200 turns for the status page", async () => {
    const { agent } = setup(undefined);
    for (let i = 0; i < 205; i++) await agent.handle({ text: `tell me joke ${i}` });
    const turns = agent.recentTurns();
    expect(turns).toHaveLength(200);
    expect(turns.at(-1)?.text).toBe("tell me joke 204");
    expect(turns[0]?.text).toBe("tell me joke 5");
  });
});
