import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's own order (slowest first when it has timings, else largest file first), with the unit
 * tests last: on a clean clone there are no timings, and a short file that starts the bridge and a
 * zwave-js network could otherwise be picked last and run alone for a minute while the other
 * workers sit idle. The unit tests take seconds each and fill the end instead.
 */
class StartedPartsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isUnit = (file: TestSpecification) => /[\\/]test[\\/]unit[\\/]/.test(file.moduleId);
    return [...sorted.filter((file) => !isUnit(file)), ...sorted.filter(isUnit)];
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start brokers and child processes, and mostly wait on them: with three at
    // once a whole run on two cores kept one and a half busy. Five at once filled them (measured on
    // two cores: Node 20 with four, 383 s for 505 s of CPU; Node 22 with five, 337 s for 486 s,
    // against about 560 s with three) and still passed.
    // A worker keeps the modules it loaded from one test file to the next (zwave-js, LangChain, the
    // grammars): loading them afresh for each file was about a third of a run's CPU (Node 20 with
    // five: 697 s of CPU for 571 s, against 462 s for 439 s). Each file still starts and stops what
    // it uses, and the fakes keep no state between the servers they start (test/support/llm: a
    // prompt cache each). With the CPU that freed, six at once pass too (Node 20: 440 s of CPU for
    // 356 s); all these were measured beside other work on the same two cores.
    maxWorkers: 6,
    isolate: false,
    sequence: { sequencer: StartedPartsFirst },
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
