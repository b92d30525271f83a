// The soak's short CI variant (the full one is `npm run soak`, 30 minutes): a minute of mixed
// traffic against the built bridge. Every request is answered correctly, and nothing piles up:
// no file descriptors, no child processes, no runaway memory.
import { expect, it } from "vitest";
import { runSoak } from "../support/soak.js";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 1);

it(
  `${MINUTES} min of mixed traffic: every request answered right, nothing left open`,
  async () => {
    const report = await runSoak({ minutes: MINUTES });
    expect(report.failures).toEqual([]);
    for (const [kind, counts] of Object.entries(report.turns)) {
      expect(counts.ok, `${kind} requests that worked`).toBeGreaterThan(0);
    }
    expect(report.openFds.end).toBeLessThanOrEqual(report.openFds.start + 5);
    expect(report.children.end).toBe(report.children.start);
    // The 10 % goal belongs to the 30-minute run; a minute only catches a gross leak.
    expect(report.rssKb.end).toBeLessThan(report.rssKb.start * 2);
  },
  (MINUTES * 60 + 90) * 1000,
);
