// Security: unlocking a door (a tool annotated destructiveHint) needs the user's explicit "yes" in
// the next turn, end to end through a scripted LLM, the Z-Wave MCP server and the gateway, unless
// the user turned confirmations off (`confirm_destructive: false`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest, type FakeReply } from "../support/llm/server.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import {
  demoNodes,
  doorLock,
  startAddonGateway,
  waitFor,
  type GatewaySimulator,
} from "../support/zwave-gateway.js";

const FRONT_DOOR = 5;
const CURRENT_MODE = { commandClass: 98, endpoint: 0, property: "currentMode" };
const SECURED = 255;
const UNSECURED = 0;

let broker: TestBroker;
let simulator: GatewaySimulator;
let llm: FakeLlm;

const script = (request: FakeLlmRequest): FakeReply => {
  const result = request.toolResults.at(-1)?.content;
  if (result?.startsWith("Not done yet")) return "Do you really want me to unlock the Front Door?";
  if (result) return `Result: ${result}`;
  if (request.userText?.includes("unlock")) {
    return { toolCalls: [{ name: "lock_zwave_door", args: { deviceName: "Front Door", action: "unlock" } }] };
  }
  return "Okay.";
};

/** Every write that reached the gateway for the lock: value-topic sets and writeValue API calls. */
const lockSets = () => [
  ...simulator.publishedSets.filter((s) =>
    s.topic.startsWith(
      simulator.topicOf(FRONT_DOOR, { commandClass: 98, endpoint: 0, property: "targetMode" }),
    ),
  ),
  ...simulator.apiCalls.filter((c) => JSON.stringify(c.args).includes(`"nodeId":${FRONT_DOOR}`)),
];

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker, [
    ...demoNodes(),
    doorLock(FRONT_DOOR, "Front Door", { loc: "Hall" }),
  ]);
  llm = await startFakeLlm({ script });
});

afterAll(async () => {
  await llm?.close();
  await simulator?.stop();
  await broker?.stop();
});

function startBridge(extra: Record<string, unknown> = {}) {
  return startBridgeProcess({
    llm_provider: "anthropic",
    llm_base_url: llm.url,
    llm_api_key: "sk-ant-destructive",
    ...brokerOptions(broker),
    ...extra,
  });
}

describe("with confirmations on (the default)", () => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    bridge = await startBridge();
    await bridge.waitForLog("MCP server 'zwave' is up");
  });
  afterAll(async () => bridge?.stop());

  const say = (text: string, conversationId: string) =>
    converse("127.0.0.1", bridge.wyomingPort, { text, language: "en", conversationId });

  it("asks first, does nothing on 'no'", async () => {
    const asked = await say("The plumber is here, could you unlock the front door for him", "conv-no");
    expect(asked.response.speech).toBe("Do you want me to unlock Front Door? Please say yes or no.");
    const answered = await say("No", "conv-no");
    expect(answered.response.speech).toBe("Okay, I won't do that.");
    expect(lockSets()).toEqual([]);
    expect(simulator.valueOf(FRONT_DOOR, CURRENT_MODE)).toBe(SECURED);
  });

  it("a 'yes' in another conversation does not unlock it", async () => {
    await say("The plumber is here, could you unlock the front door for him", "conv-a");
    const other = await say("Yes", "conv-b");
    expect(other.response.speech).not.toMatch(/unlocked/);
    expect(lockSets()).toEqual([]);
  });

  it("asks first on the fast path too, with no LLM request and nothing sent", async () => {
    const requests = llm.requests.length;
    const asked = await say("Unlock the front door", "conv-fast");
    expect(asked.response.speech).toMatch(/unlock Front Door\?/);
    expect(llm.requests.length).toBe(requests);
    expect(lockSets()).toEqual([]);
    const answered = await say("No", "conv-fast");
    expect(answered.response.speech).toBe("Okay, I won't do that.");
    expect(lockSets()).toEqual([]);
    expect(simulator.valueOf(FRONT_DOOR, CURRENT_MODE)).toBe(SECURED);
  });

  it("unlocks after 'yes' in the next turn, and says what the lock confirmed", async () => {
    const asked = await say("The plumber is here, could you unlock the front door for him", "conv-yes");
    expect(asked.response.speech).toBe("Do you want me to unlock Front Door? Please say yes or no.");
    expect(lockSets()).toEqual([]);
    const requests = llm.requests.length;
    const confirmed = await say("Yes, go ahead", "conv-yes");
    // From the lock's typed report, in the request's language; never the tool's English text.
    expect(confirmed.response.speech).toBe("Front Door is unlocked.");
    expect(llm.requests.length).toBe(requests);
    expect(lockSets()).toHaveLength(1);
    expect(simulator.valueOf(FRONT_DOOR, CURRENT_MODE)).toBe(UNSECURED);
  });
});

describe("with confirm_destructive: false", () => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    await simulator.setValue(FRONT_DOOR, { commandClass: 98, property: "currentMode" }, SECURED);
    await simulator.setValue(FRONT_DOOR, { commandClass: 98, property: "targetMode" }, SECURED);
    bridge = await startBridge({ confirm_destructive: false });
    await bridge.waitForLog("MCP server 'zwave' is up");
  });
  afterAll(async () => bridge?.stop());

  it("unlocks at once, as the user chose", async () => {
    const before = lockSets().length;
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "The plumber is here, could you unlock the front door for him",
      language: "en",
    });
    // 1 LLM round: the lock's own confirmation is the answer.
    expect(outcome.response.speech).toBe("Front Door is unlocked.");
    await waitFor(() => lockSets().length > before, 2000, "the unlock to reach the gateway");
  });
});
