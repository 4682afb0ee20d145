import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** Where the counts go for .ci/run, which adds them to the runtime checks' (reports/runtimes.json). */
const SUMMARY_FILE = new URL("../../reports/vitest-summary.json", import.meta.url);

/**
 * Prints the plain closing line CI reads (`N passed, N failed`), after vitest's own summary, and
 * writes the same counts to reports/vitest-summary.json. Skipped tests are listed too, so a skip cannot hide.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      // A module that failed to load has no tests but must still count as a failure.
      if (module.state() === "failed" && module.children.size === 0) failed++;
    }
    failed += unhandledErrors.length;
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
    mkdirSync(new URL(".", SUMMARY_FILE), { recursive: true });
    writeFileSync(SUMMARY_FILE, `${JSON.stringify({ passed, failed, skipped })}\n`);
  }
}
