// Fault: a user's MCP server accepts a tool call and never answers. The per-tool timeout (10 s by
// default) must fire, and the user must hear what did work in the same turn.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from "../support/llm/server.js";
import { fixtureServer } from "../support/mcp/fixtures.js";
import { converse } from "../support/wyoming-client.js";

let llm: FakeLlm;
let bridge: BridgeProcess;

// The model asks the hanging forecast server and the Z-Wave switch at once, then reports both results.
const script = (request: FakeLlmRequest) => {
  if (request.toolResults.length) return request.toolResults.map((r) => r.content).join(" | ");
  if (request.userText?.includes("forecast")) {
    return {
      toolCalls: [
        { name: "get_forecast", args: { city: "Berlin" } },
        { name: "control_zwave_device", args: { deviceName: "Switch One", action: "on" } },
      ],
    };
  }
  return "Hello.";
};

beforeAll(async () => {
  llm = await startFakeLlm({ script });
  const forecast = fixtureServer({
    name: "weather",
    tools: [
      {
        name: "get_forecast",
        behaviour: "hang",
        inputSchema: { type: "object", properties: { city: { type: "string" } } },
      },
    ],
  });
  // No mqtt_url: the bridge runs its embedded broker and simulated gateway (Switch One is there).
  bridge = await startBridgeProcess({
    llm_provider: "anthropic",
    llm_base_url: llm.url,
    llm_api_key: "sk-ant-fault-test",
    mcp_servers: [forecast],
  });
  await bridge.waitForLog("MCP server 'weather' is up");
  await bridge.waitForLog("MCP server 'zwave' is up");
});

afterAll(async () => {
  await bridge?.stop();
  await llm?.close();
});

it("times the hanging tool out and still reports the switch it turned on", async () => {
  const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
    text: "Switch One on, and what's the forecast?",
    language: "en",
  });
  // Answered by the agent (not the Wyoming backstop), with the timeout's own words.
  expect(outcome.event?.type).toBe("handled");
  expect(outcome.response.speech).toContain("get_forecast did not answer within 10 s.");
  expect(outcome.response.speech).toContain("confirmed: Switch One is on");
});

it("the next sentence is answered at once, with the hung call still pending on the server", async () => {
  const outcome = await converse("127.0.0.1", bridge.wyomingPort, { text: "Hi there", language: "en" });
  expect(outcome.response.speech).toBe("Hello.");
  const after = await converse("127.0.0.1", bridge.wyomingPort, {
    text: "turn off switch one",
    language: "en",
  });
  expect(after.response.speech).toBe("Turned off Switch One.");
});
