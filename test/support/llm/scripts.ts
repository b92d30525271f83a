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
