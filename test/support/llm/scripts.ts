import type { FakeLlmRequest, FakeReply } from "./types.js";

/**
 * The model asks for the time, then answers with the tool's result: one turn with one tool call,
 * answered "It is <result>." (so a test hears that the result came back through the model).
 */
export function tellTheTime(request: FakeLlmRequest): FakeReply {
  return request.toolResults.length
    ? `It is ${request.toolResults.at(-1)!.content}.`
    : { toolCalls: [{ name: "get_datetime", args: {} }] };
}

/**
 * tellTheTime, unless the user's sentence names a failure: "slow" is answered after a minute (past
 * any turn's time limit), "key" is refused with a 401, "refuse" fails with a 500.
 */
export function tellTheTimeOrFail(request: FakeLlmRequest): FakeReply {
  const text = request.userText ?? "";
  if (text.includes("slow")) return { text: "Much too late.", delayMs: 60_000 };
  if (text.includes("key")) return { status: 401, message: "invalid x-api-key" };
  if (text.includes("refuse")) return { status: 500, message: "overloaded" };
  return tellTheTime(request);
}
