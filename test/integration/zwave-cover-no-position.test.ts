// A Window Covering device without a position (an awning motor: parameter 12 moves and stops only),
// on the real zwave-js driver with its mock controller behind @zwave-js/server: it opens, closes and
// stops by its level change, is never said to have got anywhere (it reports no position), and a
// position asked of it is refused with why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startZwaveServer, type ZwaveServerClient } from "../support/zwave-gateway.js";
import { COVER_NETWORK_VERSION, coverNodes } from "../support/zwave-js/mock-nodes.js";
import { startRealZwaveStack, type RealZwaveStack } from "../support/zwave-js/real-stack.js";

describe("a Window Covering awning without a position, on the real driver", () => {
  let stack: RealZwaveStack;
  let server: ZwaveServerClient;

  beforeAll(async () => {
    stack = await startRealZwaveStack({ nodes: coverNodes(), version: COVER_NETWORK_VERSION });
    server = await startZwaveServer({ serverUrl: stack.url, prefix: "zwave", confirmTimeoutMs: 3000 });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await stack?.stop();
  });

  it("opens and stops by its level change, and never claims a position", async () => {
    const open = await server.call("control_zwave_cover", { deviceName: "Patio Awning", action: "open" });
    expect(open.isError, open.text).toBe(false);
    expect(open.structured).toMatchObject({ action: "open", confirmed: false, position: null });
    expect(open.text).not.toMatch(/^confirmed/);
    expect(stack.received("blind")).toContainEqual(
      expect.objectContaining({ command: "WindowCoveringCCStartLevelChange" }),
    );
    const stop = await server.call("control_zwave_cover", { deviceName: "Patio Awning", action: "stop" });
    expect(stop.isError, stop.text).toBe(false);
    expect(stop.structured).toMatchObject({ action: "stop", confirmed: false });
    expect(stack.received("blind")).toContainEqual(
      expect.objectContaining({ command: "WindowCoveringCCStopLevelChange" }),
    );
  }, 30_000);

  it("refuses a position, saying it only opens, closes and stops", async () => {
    const r = await server.call("control_zwave_cover", {
      deviceName: "Patio Awning",
      action: "set_position",
      position: 40,
    });
    expect(r).toMatchObject({ isError: true, structured: { error: { code: "not_supported" } } });
    expect(r.text).toBe("Patio Awning has no position to set; it opens, closes and stops");
  });
});
