// The per-install discovery secret in /data: the same path across starts, a new one only when
// rotate_mcp_secret turns on, and the one before a rotation admitted until Home Assistant uses
// the new one, or at most HANDOVER_MS when it never does.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DISCOVERY_SECRET_FILE,
  DISCOVERY_STATE_FILE,
  HANDOVER_MS,
  loadDiscoveryPath,
} from "../../src/mcp/server/discovery-secret.js";

const made: string[] = [];
const data = () => {
  const dir = mkdtempSync(join(tmpdir(), "addon-data-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("the MCP discovery secret", () => {
  it("stays the same across starts, and rotates once when the option turns on", async () => {
    const dir = data();
    const first = await loadDiscoveryPath(dir, false);
    expect(first.rotated).toBe(true);
    expect((await loadDiscoveryPath(dir, false)).path).toBe(first.path);
    const rotated = await loadDiscoveryPath(dir, true);
    expect(rotated.path).not.toBe(first.path);
    expect(rotated.rotated).toBe(true);
    const stillOn = await loadDiscoveryPath(dir, true);
    expect(stillOn.path).toBe(rotated.path);
    expect(stillOn.rotated).toBe(false);
    await loadDiscoveryPath(dir, false);
    expect((await loadDiscoveryPath(dir, true)).path).not.toBe(rotated.path);
  });

  it("admits the old path until the new one is used, across a restart in between", async () => {
    const dir = data();
    const old = await loadDiscoveryPath(dir, false);
    await loadDiscoveryPath(dir, true);
    const restarted = await loadDiscoveryPath(dir, true);
    expect(restarted.admit(old.path)).toBe(true);
    expect(restarted.admit(old.path)).toBe(true);
    expect(restarted.admit(`${old.path}x`)).toBe(false);
    expect(restarted.admit(restarted.path)).toBe(true);
    expect(restarted.admit(old.path)).toBe(false);
    // Recorded in /data: the next start does not admit it either.
    expect((await loadDiscoveryPath(dir, true)).admit(old.path)).toBe(false);
  });

  it("stops admitting the old path after HANDOVER_MS when Home Assistant never took the new one", async () => {
    const dir = data();
    const old = await loadDiscoveryPath(dir, false);
    await loadDiscoveryPath(dir, true);
    const state = JSON.parse(readFileSync(join(dir, DISCOVERY_STATE_FILE), "utf8")) as {
      previous: { since: string };
    };
    expect(state.previous.since).toEqual(expect.any(String));
    const long = {
      ...state,
      previous: { ...state.previous, since: new Date(Date.now() - HANDOVER_MS - 60_000).toISOString() },
    };
    writeFileSync(join(dir, DISCOVERY_STATE_FILE), JSON.stringify(long));
    expect((await loadDiscoveryPath(dir, true)).admit(old.path)).toBe(false);
    const recent = {
      ...state,
      previous: { ...state.previous, since: new Date(Date.now() - HANDOVER_MS + 60_000).toISOString() },
    };
    writeFileSync(join(dir, DISCOVERY_STATE_FILE), JSON.stringify(recent));
    expect((await loadDiscoveryPath(dir, true)).admit(old.path)).toBe(true);
  });

  it("keeps the secret in a file of its own, never in the state file", async () => {
    const dir = data();
    await loadDiscoveryPath(dir, false);
    const path = await loadDiscoveryPath(dir, true);
    const secret = readFileSync(join(dir, DISCOVERY_SECRET_FILE), "utf8").trim();
    expect(path.path).toBe(`/mcp/${secret}`);
    expect(readFileSync(join(dir, DISCOVERY_STATE_FILE), "utf8")).not.toContain(secret);
  });
});
