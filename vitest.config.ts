import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start brokers and child processes; two cores do not like many at once.
    maxWorkers: 2,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
