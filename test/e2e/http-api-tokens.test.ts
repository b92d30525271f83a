import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeSupervisor } from "../support/supervisor-api.js";

const API_TOKEN = "e2e-api-token-5f2c";

async function post(bridge: BridgeProcess, text: string, token?: string) {
  const response = await fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ text }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the built bridge's HTTP API token rules", () => {
  describe("with an api_token", () => {
    let bridge: BridgeProcess;
    beforeAll(async () => {
      bridge = await startBridgeProcess({ llm_provider: "local", api_token: API_TOKEN });
    });
    afterAll(async () => bridge?.stop());

    it("refuses a request without the token, even from this machine, and says why", async () => {
      const { status, body } = await post(bridge, "turn on switch one");
      expect(status).toBe(401);
      expect(body.error).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toContain("tool");
    });

    it("refuses a wrong token", async () => {
      expect((await post(bridge, "turn on switch one", "not-the-token")).status).toBe(401);
    });

    it("acts with the right token", async () => {
      const { status, body } = await post(bridge, "turn on switch one", API_TOKEN);
      expect(status).toBe(200);
      expect(body).toMatchObject({ speech: "Turned on Switch One.", response_type: "action_done" });
    });

    it("answers the watchdog's /healthz without a token", async () => {
      const response = await fetch(`${bridge.apiUrl}/healthz`);
      expect(response.status).toBe(200);
    });
  });

  describe("stand-alone without an api_token", () => {
    let bridge: BridgeProcess;
    beforeAll(async () => {
      bridge = await startBridgeProcess({ llm_provider: "local" });
    });
    afterAll(async () => bridge?.stop());

    it("serves loopback clients, which is what makes the README's curl work", async () => {
      const { status, body } = await post(bridge, "turn off switch one");
      expect(status).toBe(200);
      expect(body.speech).toBe("Turned off Switch One.");
    });
  });

  describe("under Supervisor without an api_token", () => {
    let bridge: BridgeProcess;
    let supervisor: Awaited<ReturnType<typeof startFakeSupervisor>>;
    beforeAll(async () => {
      supervisor = await startFakeSupervisor({});
      bridge = await startBridgeProcess(
        { llm_provider: "local" },
        { SUPERVISOR_TOKEN: supervisor.token, SUPERVISOR_API_URL: supervisor.url },
      );
    });
    afterAll(async () => {
      await bridge?.stop();
      await supervisor?.close();
    });

    it("lets nobody but Ingress in, loopback included", async () => {
      expect((await post(bridge, "turn on switch one")).status).toBe(401);
      expect((await fetch(`${bridge.apiUrl}/api/tools`)).status).toBe(401);
    });
  });
});
