// The one action policy at the registry (src/tools/policy/): every call is judged by its effect on
// the target as the tool itself resolves it (the real mirror on the HA fake), before it runs. A held
// call does not run, says what it would do, and carries the call pinned to its target for the yes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import type { ToolRegistry } from "../../src/tools/registry.js";
import { captureLogger } from "../support/capture-logger.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { homeRegistry } from "../support/local-home-agent.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;
let registry: ToolRegistry;

beforeAll(async () => {
  ha = await startFakeHa({ home: corpusHome() });
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  registry = homeRegistry(mirror);
  registry.registerTool(
    {
      name: "wipe_disk",
      description: "A third party's destructive tool",
      inputSchema: { type: "object", properties: {} },
      annotations: { destructiveHint: true },
    },
    async () => ({ text: "wiped" }),
    { server: "thirdparty", toolbox: "default" },
  );
});
afterAll(async () => {
  await mirror.close();
  await ha.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

async function setState(entityId: string, value: string) {
  ha.setState(entityId, value);
  await waitFor(`${entityId} ${value}`, () => mirror.entity(entityId)?.state === value);
}

const calls = () => ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.target.entity_id)}`);

describe("judged by the effect on the target, whatever the tool", () => {
  it("control_entity turn_on on a garage door is held, pinned to the entity, and nothing is sent", async () => {
    const result = await registry.execute("control_entity", { name: "garage door", action: "turn_on" });
    expect(calls()).toEqual([]);
    expect(result.ok).toBe(false);
    expect(result.content).toBe("Not done: opening Garage Door needs the user's yes first.");
    expect(result.held).toEqual({
      effects: [{ kind: "open", target: "Garage Door", entityId: "cover.garage_door" }],
      call: {
        toolbox: "builtin",
        server: "builtin",
        name: "control_entity",
        args: { name: "cover.garage_door", action: "turn_on" },
      },
    });
  });

  it("a toggle of a closed garage door is held as opening; of an open one it closes at once", async () => {
    const held = await registry.execute("control_entity", { name: "Garage Door", action: "toggle" });
    expect(held.held?.call.args).toEqual({ name: "cover.garage_door", action: "turn_on" });
    expect(calls()).toEqual([]);
    await setState("cover.garage_door", "open");
    const closed = await registry.execute("control_entity", { name: "Garage Door", action: "toggle" });
    expect(closed.held).toBeUndefined();
    expect(calls()).toEqual(["cover.toggle cover.garage_door"]);
    await setState("cover.garage_door", "closed");
  });

  it("a blind opens at once: only garage doors, gates and doors wait", async () => {
    const result = await registry.execute("control_entity", { name: "Bedroom Blinds", action: "turn_on" });
    expect(result.held).toBeUndefined();
    expect(calls()).toEqual(["cover.open_cover cover.bedroom_blinds"]);
  });

  it("locking acts at once, unlocking is held", async () => {
    const locked = await registry.execute("lock_entity", { name: "Front Door", action: "lock" });
    expect(locked.held).toBeUndefined();
    expect(calls()).toEqual(["lock.lock lock.front_door"]);
    ha.serviceCalls.length = 0;
    const unlock = await registry.execute("lock_entity", { name: "Front Door", action: "unlock" });
    expect(unlock.held?.effects).toEqual([
      { kind: "unlock", target: "Front Door", entityId: "lock.front_door" },
    ]);
    expect(calls()).toEqual([]);
  });

  it("a third-party tool that declares itself destructive is held, as before", async () => {
    const result = await registry.execute("wipe_disk", {});
    expect(result.held?.effects).toEqual([{ kind: "destructive", target: "wipe_disk" }]);
    expect(result.content).toMatch(/declares itself destructive/);
  });

  it("the user's yes runs the pinned call", async () => {
    const held = (await registry.execute("control_entity", { name: "garage door", action: "toggle" })).held!;
    const { toolbox, server, name, args } = held.call;
    const done = await registry.executeIdentifier({ toolbox, server, name }, args, { confirmed: true });
    expect(done.ok).toBe(true);
    expect(calls()).toEqual(["cover.open_cover cover.garage_door"]);
    await setState("cover.garage_door", "closed");
  });

  it("holds nothing when the user turned confirmations off", async () => {
    const open = homeRegistry(mirror, { confirm: false });
    const result = await open.execute("control_entity", { name: "Garage Door", action: "turn_on" });
    expect(result.held).toBeUndefined();
    expect(calls()).toEqual(["cover.open_cover cover.garage_door"]);
    expect(open.policy().mayHold({ server: "builtin", tool: "control_entity" })).toBe(false);
    await setState("cover.garage_door", "closed");
  });
});
