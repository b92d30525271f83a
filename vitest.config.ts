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
    // Integration tests start brokers and child processes, and mostly wait on them (a whole run
    // keeps one of two cores busy), so three at once takes about a quarter less time on two cores
    // (measured: 278 s against 384 s) and still passes.
    maxWorkers: 3,
    sequence: { sequencer: StartedPartsFirst },
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
