import { defineConfig } from "vitest/config";
import SummaryReporter from "./test/helpers/summary-reporter.js";

export default defineConfig({
  test: {
    include: ["test/{unit,contract,faults,e2e,package}/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["test/types/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    reporters: ["default", new SummaryReporter()],
    testTimeout: 15_000,
    hookTimeout: 60_000,
  },
});
