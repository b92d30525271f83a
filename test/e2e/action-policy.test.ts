// The one action policy on every path, end to end: the built bridge, spoken to over Wyoming as
// Home Assistant does, with the HA fake (a garage door, a gate and a lock among its entities, and
// HA's default agent in miniature), a scripted LLM behind the real LangChain client, and Z-Wave JS
// UI's MQTT gateway simulated on a real Mosquitto (a Z-Wave door lock in the Hallway beside a
// Z-Wave light). Unlocking and opening a garage door or gate wait for a yes, and only a clear yes;
// "everything" never touches a lock; /mcp needs its confirmation argument; HA's agent, which would
// not ask, never gets a sentence that unlocks.
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { miniatureRecognizer, type Recognizer } from "../support/ha-default-agent.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import { haCallTool, haListTools } from "../support/ha-mcp-client.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest, type FakeReply } from "../support/llm/server.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import {
  binarySwitch,
  demoNodes,
  doorLock,
  startAddonGateway,
  type GatewaySimulator,
} from "../support/zwave-gateway.js";

const BACK_DOOR = 12;
const HALLWAY_LIGHT = 11;
const TARGET_MODE = { commandClass: 98, endpoint: 0, property: "targetMode" };
const CURRENT_MODE = { commandClass: 98, endpoint: 0, property: "currentMode" };
const UNSECURED = 0;
const SECURED = 255;

let ha: FakeHa;
let broker: TestBroker;
let simulator: GatewaySimulator;
let llm: FakeLlm;
let bridge: BridgeProcess;

/** HA's agent understands a sentence our grammar does not, and it unlocks. */
const recognizer: Recognizer = (text, language, context, home) =>
  /^would you kindly unlock whatever is on the front$/i.test(text)
    ? {
        intent: "HassTurnOff",
        slots: {
          name: { value: "Front Door", text: "whatever is on the front" },
          domain: { value: "lock", text: "lock" },
        },
        match: true,
      }
    : miniatureRecognizer(text, language, context, home);

const script = (request: FakeLlmRequest): FakeReply => {
  const result = request.toolResults.at(-1)?.content;
  if (result?.startsWith("Not done yet")) return "Shall I really do that? Please say yes or no.";
  if (result) return `Result: ${result}`;
  const said = request.userText ?? "";
  if (said.includes("let me in and open the garage")) {
    return {
      toolCalls: [
        { name: "lock_entity", args: { name: "Front Door", action: "unlock" } },
        { name: "control_entity", args: { name: "Garage Door", action: "turn_on" } },
      ],
    };
  }
  if (said.includes("garage and the gate")) {
    return {
      toolCalls: [
        { name: "control_entity", args: { name: "Garage Door", action: "turn_on" } },
        { name: "control_entity", args: { name: "Driveway Gate", action: "toggle" } },
      ],
    };
  }
  return "Sorry, I can't help with that.";
};

beforeAll(async () => {
  const home = corpusHome();
  home.entities.push(
    entityRow("cover.driveway_gate", { original_name: "Driveway Gate", area_id: "garage", exposed: true }),
  );
  home.states.set("cover.driveway_gate", state("closed", { device_class: "gate" }));
  ha = await startFakeHa({ home, recognizer });
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker, [
    ...demoNodes(),
    binarySwitch(HALLWAY_LIGHT, "Hallway Light", { loc: "Hallway" }),
    doorLock(BACK_DOOR, "Back Door", { loc: "Hallway" }),
  ]);
  llm = await startFakeLlm({ script });
  bridge = await startBridgeProcess({
    llm_provider: "openai",
    llm_base_url: llm.openaiUrl,
    llm_api_key: "sk-policy",
    ha_url: ha.url,
    ha_token: "good-token",
    ...brokerOptions(broker),
  });
  await bridge.waitForLog(/mirrored Home Assistant/);
  await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
}, 90_000);

afterAll(async () => {
  await bridge?.stop();
  await llm?.close();
  await simulator?.stop();
  await broker?.stop();
  await ha?.close();
});

beforeEach(() => {
  ha.serviceCalls.length = 0;
});

const say = (text: string, conversationId: string, language = "en") =>
  converse("127.0.0.1", bridge.wyomingPort, { text, language, conversationId });

const haCalls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`);

/** Every write that reached the gateway for the Back Door lock. */
const lockWrites = () => [
  ...simulator.publishedSets.filter((s) => s.topic.startsWith(simulator.topicOf(BACK_DOOR, TARGET_MODE))),
  ...simulator.apiCalls.filter((c) => JSON.stringify(c.args).includes(`"nodeId":${BACK_DOOR}`)),
];

async function resetHa(entityId: string, value: string) {
  ha.setState(entityId, value);
  // The bridge's mirror sees it through subscribe_entities.
  await new Promise((resolve) => setTimeout(resolve, 200));
  ha.serviceCalls.length = 0;
}

describe("whole-home and area commands never touch a lock", () => {
  it("'turn off everything in the hallway' switches the Z-Wave light and leaves the Z-Wave lock alone", async () => {
    const outcome = await say("turn off everything in the hallway", "hall-1");
    expect(outcome.response.speech).toMatch(/Hallway Light/);
    expect(outcome.response.speech).not.toMatch(/Back Door|Front Door|unlock/i);
    expect(outcome.response.speech).not.toMatch(/\?$/);
    expect(lockWrites()).toEqual([]);
    // Nothing is held: a yes now does nothing.
    await say("yes", "hall-1");
    expect(lockWrites()).toEqual([]);
    expect(simulator.valueOf(BACK_DOOR, CURRENT_MODE)).toBe(SECURED);
    expect(haCalls().filter((c) => c.startsWith("lock."))).toEqual([]);
  });

  it("'turn on everything in the hallway' does not lock an unlocked Z-Wave lock", async () => {
    await simulator.setValue(BACK_DOOR, CURRENT_MODE, UNSECURED);
    await simulator.setValue(BACK_DOOR, TARGET_MODE, UNSECURED);
    const before = lockWrites().length;
    const outcome = await say("turn on everything in the hallway", "hall-2");
    expect(outcome.response.speech).toMatch(/Hallway Light/);
    expect(outcome.response.speech).not.toMatch(/Back Door/);
    expect(lockWrites()).toHaveLength(before);
    expect(simulator.valueOf(BACK_DOOR, CURRENT_MODE)).toBe(UNSECURED);
  });
});

describe("a garage door or gate opens only on a clear yes", () => {
  it("'toggle the garage door' asks first, in every language's toggle verb, and opens on yes", async () => {
    for (const [text, language] of [
      ["toggle the garage door", "en"],
      ["flip the garage door", "en"],
      ["Schalte das Garagentor um", "de"],
      ["Bascule la porte du garage", "fr"],
    ] as const) {
      const asked = await say(text, `toggle-${text}`, language);
      expect(asked.response.speech, text).toMatch(/\?/);
      expect(haCalls(), text).toEqual([]);
    }
    await say("toggle the garage door", "toggle-yes");
    const yes = await say("yes", "toggle-yes");
    expect(haCalls()).toEqual(["cover.open_cover cover.garage_door"]);
    expect(yes.response.speech).toBe("Opened Garage Door.");
    await resetHa("cover.garage_door", "closed");
  });

  it("an LLM's control_entity turn_on on the garage door and toggle on the gate are held, the bridge asks about both, and one yes runs both", async () => {
    const before = llm.requests.length;
    const asked = await say("open the garage and the gate please", "llm-garage");
    // The bridge's own question, naming every held effect; the model is not asked to word it.
    expect(asked.response.speech).toBe(
      "Do you want me to open Garage Door and Driveway Gate? Please say yes or no.",
    );
    expect(llm.requests.length).toBe(before + 1);
    expect(haCalls()).toEqual([]);
    const requests = llm.requests.length;
    await say("yes, go ahead", "llm-garage");
    expect(llm.requests.length).toBe(requests);
    expect(haCalls().sort()).toEqual([
      "cover.open_cover cover.driveway_gate",
      "cover.open_cover cover.garage_door",
    ]);
    await resetHa("cover.garage_door", "closed");
    await resetHa("cover.driveway_gate", "closed");
  });
});

describe("the bridge asks about what the model's calls would do, not the model", () => {
  const ask = (text: string, conversationId: string, language = "en") =>
    fetch(`${bridge.apiUrl}/api/conversation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text, language, conversation_id: conversationId }),
    }).then(
      (r) =>
        r.json() as Promise<{
          speech: string;
          tool_calls: Array<{ name: string; ok: boolean; status?: string; held?: unknown[] }>;
        }>,
    );

  it("names the unlock and the garage door in one question, records both held calls, and a yes runs exactly those", async () => {
    const asked = await ask("let me in and open the garage", "both-held");
    expect(asked.speech).toBe(
      "Do you want me to unlock Front Door? Please say yes or no. " +
        "Do you want me to open Garage Door? Please say yes or no.",
    );
    expect(asked.tool_calls).toEqual([
      expect.objectContaining({
        name: "lock_entity",
        ok: false,
        status: "held",
        held: [{ kind: "unlock", target: "Front Door" }],
      }),
      expect.objectContaining({
        name: "control_entity",
        ok: false,
        status: "held",
        held: [{ kind: "open", target: "Garage Door" }],
      }),
    ]);
    expect(haCalls()).toEqual([]);
    // The status page shows them as held, not as failed.
    const status = (await fetch(`${bridge.apiUrl}/status.json`).then((r) => r.json())) as {
      turns: Array<{ text: string; tool_calls: Array<{ status?: string }> }>;
    };
    const turn = status.turns.find((t) => t.text === "let me in and open the garage");
    expect(turn?.tool_calls.map((c) => c.status)).toEqual(["held", "held"]);

    await ask("yes", "both-held");
    expect(haCalls().sort()).toEqual(["cover.open_cover cover.garage_door", "lock.unlock lock.front_door"]);
    await resetHa("lock.front_door", "locked");
    await resetHa("cover.garage_door", "closed");
  });
});

describe("a yes that means yes, in six languages", () => {
  const unlock: Record<string, string> = {
    en: "unlock the front door",
    de: "Sperr die Haustür auf",
    fr: "Déverrouille la porte d'entrée s'il te plaît",
    es: "Desbloquea la puerta principal",
    nl: "Haal de voordeur van het slot",
    it: "Sblocca la porta d'ingresso",
  };
  const mixed: Array<[language: string, reply: string, said: string]> = [
    ["en", "okay, never mind", "Okay, I won't do that."],
    ["en", "ok cancel that", "Okay, I won't do that."],
    ["en", "yes no", "Okay, I won't do that."],
    ["en", "yes, don't", "Okay, I won't do that."],
    ["de", "ja, nein doch nicht", "Okay, dann mache ich das nicht."],
    ["de", "okay, lieber nicht", "Okay, dann mache ich das nicht."],
    ["fr", "oui, enfin non", "D'accord, je ne le fais pas."],
    ["fr", "d'accord, laisse tomber", "D'accord, je ne le fais pas."],
    ["es", "vale, mejor no", "De acuerdo, no lo haré."],
    ["es", "sí, cancela", "De acuerdo, no lo haré."],
    ["nl", "ja, nee toch niet", "Oké, dan doe ik het niet."],
    ["nl", "oké, laat maar", "Oké, dan doe ik het niet."],
    ["it", "sì, anzi no", "D'accordo, non lo faccio."],
    ["it", "ok, lascia perdere", "D'accordo, non lo faccio."],
  ];

  it.each(mixed)("%s: %j cancels, and says so in that language", async (language, reply, said) => {
    const id = `mixed-${language}-${reply}`;
    const asked = await say(unlock[language]!, id, language);
    expect(asked.response.speech, unlock[language]).toMatch(/Front Door/);
    expect(asked.response.speech).toMatch(/\?/);
    const answered = await say(reply, id, language);
    expect(answered.response.speech).toBe(said);
    expect(haCalls()).toEqual([]);
  });

  it("an unclear reply is asked once more, and a second one cancels", async () => {
    await say("unlock the front door", "unclear");
    const again = await say("hmm, the front one", "unclear");
    expect(again.response.speech).toBe(
      "Please answer yes or no. Do you want me to unlock Front Door? Please say yes or no.",
    );
    const cancelled = await say("what?", "unclear");
    expect(cancelled.response.speech).toBe("Okay, I won't do that.");
    expect(haCalls()).toEqual([]);
  });

  it.each([
    ["en", "yes, go ahead"],
    ["de", "ja, mach das bitte"],
    ["fr", "oui, vas-y"],
    ["es", "sí, claro"],
    ["nl", "ja, doe maar"],
    ["it", "sì, procedi"],
  ])("%s: %j unlocks", async (language, reply) => {
    const id = `yes-${language}`;
    await say(unlock[language]!, id, language);
    expect(haCalls()).toEqual([]);
    await say(reply, id, language);
    expect(haCalls()).toEqual(["lock.unlock lock.front_door"]);
    await resetHa("lock.front_door", "locked");
  });
});

describe("/mcp: a confirmation answers a hold", () => {
  const garage = { name: "Garage Door", action: "turn_on" };
  const held = (result: { structuredContent?: unknown }) =>
    (result.structuredContent as { confirmation: { id: string } }).confirmation.id;

  it("holds opening the garage door, typed and in words a model acts on, with a one-time id that opens it once", async () => {
    const url = new URL(`${bridge.apiUrl}/mcp`);
    const tools = await haListTools(url);
    const control = tools.find((t) => t.name === "control_entity");
    expect(control?.inputSchema.properties).toHaveProperty("confirmation_id");
    expect(control?.description).toMatch(/call again with it only after the user said yes/);

    const refused = await haCallTool(url, tools, "control_entity", garage);
    expect(haCalls()).toEqual([]);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ ok: false, error: { code: "confirmation_required" } });
    const id = held(refused);
    expect(JSON.stringify(refused.content)).toContain(`confirmation_id: \\"${id}\\"`);
    expect(JSON.stringify(refused.content)).toMatch(/only if they say yes to this exact action/);

    // The id answers only this call: another call with it runs nothing.
    const other = await haCallTool(url, tools, "control_entity", {
      name: "Driveway Gate",
      action: "turn_on",
      confirmation_id: id,
    });
    expect(other.structuredContent).toMatchObject({ error: { code: "confirmation_invalid" } });
    expect(haCalls()).toEqual([]);

    const done = await haCallTool(url, tools, "control_entity", { ...garage, confirmation_id: id });
    expect(done.isError).toBeFalsy();
    expect(haCalls()).toEqual(["cover.open_cover cover.garage_door"]);
    await resetHa("cover.garage_door", "closed");

    // Once: the same id again runs nothing.
    const again = await haCallTool(url, tools, "control_entity", { ...garage, confirmation_id: id });
    expect(again.structuredContent).toMatchObject({ error: { code: "confirmation_invalid" } });
    expect(haCalls()).toEqual([]);
    // Locking needs no confirmation.
    const locked = await haCallTool(url, tools, "lock_entity", { name: "Front Door", action: "lock" });
    expect(locked.isError).toBeFalsy();
  });

  it("confirm: true on a first call opens nothing: it is held like a first call", async () => {
    const url = new URL(`${bridge.apiUrl}/mcp`);
    const tools = await haListTools(url);
    const first = await haCallTool(url, tools, "lock_entity", {
      name: "Front Door",
      action: "unlock",
      confirm: true,
    });
    expect(first.structuredContent).toMatchObject({ error: { code: "confirmation_required" } });
    expect(JSON.stringify(first.content)).toMatch(/answered no earlier hold/);
    expect(haCalls()).toEqual([]);
    // An older client's confirm: true after that hold answers it (the one open hold of this call).
    const answered = await haCallTool(url, tools, "lock_entity", {
      name: "Front Door",
      action: "unlock",
      confirm: true,
    });
    expect(answered.isError).toBeFalsy();
    expect(haCalls()).toEqual(["lock.unlock lock.front_door"]);
    await resetHa("lock.front_door", "locked");
  });
});

describe("/mcp in the 2026-07-28 era: the client is asked (InputRequiredResult)", () => {
  /** A client of the new era whose user answers every question with `answer`. */
  async function modernClient(
    answer: (message: string) => { action: "accept" | "decline"; confirm?: boolean },
  ) {
    const asked: string[] = [];
    const client = new Client(
      { name: "modern-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    client.setRequestHandler("elicitation/create", (request) => {
      const message = (request.params as { message: string }).message;
      asked.push(message);
      const { action, confirm } = answer(message);
      return action === "accept" ? { action, content: { confirm: confirm ?? true } } : { action };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${bridge.apiUrl}/mcp`)));
    return { client, asked };
  }

  it("lists no confirm argument: the question comes from the server", async () => {
    const { client } = await modernClient(() => ({ action: "decline" }));
    const { tools } = await client.listTools();
    const control = tools.find((t) => t.name === "control_entity");
    expect(control?.inputSchema.properties).not.toHaveProperty("confirm");
    await client.close();
  });

  it("opens the garage door only after the user's yes to the question, and never on a no", async () => {
    const no = await modernClient(() => ({ action: "decline" }));
    const declined = await no.client.callTool({
      name: "control_entity",
      arguments: { name: "Garage Door", action: "turn_on" },
    });
    expect(no.asked).toEqual([expect.stringMatching(/^Opening Garage Door waits for your yes/)]);
    expect(declined.isError).toBe(true);
    expect(declined.structuredContent).toMatchObject({ error: { code: "confirmation_declined" } });
    expect(haCalls()).toEqual([]);
    await no.client.close();

    const unchecked = await modernClient(() => ({ action: "accept", confirm: false }));
    await unchecked.client.callTool({
      name: "control_entity",
      arguments: { name: "Garage Door", action: "turn_on" },
    });
    expect(haCalls()).toEqual([]);
    await unchecked.client.close();

    // The old era's argument means nothing here: only the answer to the question does.
    const yes = await modernClient(() => ({ action: "accept" }));
    const done = await yes.client.callTool({
      name: "control_entity",
      arguments: { name: "Garage Door", action: "turn_on", confirm: true },
    });
    expect(yes.asked).toHaveLength(1);
    expect(done.isError).toBeFalsy();
    expect(haCalls()).toEqual(["cover.open_cover cover.garage_door"]);
    await resetHa("cover.garage_door", "closed");
    await yes.client.close();
  });

  it("a round that answers no question of this call does not run it: the client is asked again", async () => {
    const url = `${bridge.apiUrl}/mcp`;
    const call = (id: number, extra: Record<string, unknown>) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "control_entity",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: {
            name: "control_entity",
            arguments: { name: "Garage Door", action: "turn_on" },
            _meta: {
              "io.modelcontextprotocol/protocolVersion": "2026-07-28",
              "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
            },
            ...extra,
          },
        }),
      }).then(async (r) => (await r.json()) as { id: number; result: Record<string, unknown> });
    const yes = { inputResponses: { confirm: { action: "accept", content: { confirm: true } } } };

    const first = await call(1, {});
    expect(first).toMatchObject({ id: 1, result: { resultType: "input_required" } });
    const forged = await call(2, { ...yes, requestState: "made-up" });
    expect(forged.result).toMatchObject({ resultType: "input_required" });
    expect(haCalls()).toEqual([]);

    const answered = await call(3, { ...yes, requestState: first.result.requestState });
    expect(answered.result.isError).toBeFalsy();
    expect(haCalls()).toEqual(["cover.open_cover cover.garage_door"]);
    await resetHa("cover.garage_door", "closed");
    // An answer counts once.
    const replayed = await call(4, { ...yes, requestState: first.result.requestState });
    expect(replayed.result).toMatchObject({ resultType: "input_required" });
    expect(haCalls()).toEqual([]);
  });
});

describe("HA's agent fallback cannot unlock", () => {
  it("in a language the fast path does not speak, HA's agent is not handed a sentence it would unlock with", async () => {
    const result = await say("lås upp Front Door", "sv-unlock", "sv");
    expect(haCalls()).toEqual([]);
    expect(ha.conversations.map((c) => c.text)).not.toContain("lås upp Front Door");
    expect(result.response.speech).not.toMatch(/Front Door/);
  });

  it("a sentence HA's agent recognises as unlocking is never handed to it: the bridge asks first", async () => {
    const sentence = "would you kindly unlock whatever is on the front";
    const requests = llm.requests.length;
    const asked = await say(sentence, "ha-unlock", "en");
    expect(ha.recognitions.some((r) => r.sentences.includes(sentence))).toBe(true);
    expect(ha.conversations.map((c) => c.text)).not.toContain(sentence);
    // What HA recognised is carried out through the bridge's own tools, so the policy asks.
    expect(asked.response.speech).toBe("Do you want me to unlock Front Door? Please say yes or no.");
    expect(llm.requests.length).toBe(requests);
    expect(haCalls()).toEqual([]);
    const answered = await say("okay, never mind", "ha-unlock");
    expect(answered.response.speech).toBe("Okay, I won't do that.");
    expect(haCalls()).toEqual([]);
  });
});
