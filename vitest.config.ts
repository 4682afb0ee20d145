import { configDefaults, defineConfig } from "vitest/config";
import SummaryReporter from "./test/helpers/summary-reporter.js";

/** Real-browser tests (Chromium) run only with HIRO_BROWSER_TESTS=1. */
const browserTests = process.env.HIRO_BROWSER_TESTS === "1";

export default defineConfig({
  test: {
    include: [
      "test/{unit,contract,faults,e2e,package}/**/*.test.ts",
      ...(browserTests ? ["test/e2e/**/*.browser.test.ts"] : []),
    ],
    // The include glob above also matches *.browser.test.ts, so keep them out unless asked for.
    exclude: browserTests ? configDefaults.exclude : [...configDefaults.exclude, "**/*.browser.test.ts"],
    globalSetup: ["test/helpers/prism-global-setup.ts"],
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
