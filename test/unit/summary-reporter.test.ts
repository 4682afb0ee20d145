/**
 * npm test's closing summary (test/helpers/summary-reporter.ts): its counts are what CI reads, so a file that
 * fails outside its tests (a `beforeAll` that throws) must count as a failure, not hide as skipped tests.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { TestModule } from "vitest/node";
import SummaryReporter from "../helpers/summary-reporter.js";

type State = "passed" | "failed" | "skipped";
/** A finished test file as the reporter reads it: its tests' states and its own. */
function testModule(path: string, state: State, tests: Array<[string, State]>): TestModule {
  const children = tests.map(([fullName, result]) => ({ fullName, result: () => ({ state: result }) }));
  return {
    moduleId: `/repo/${path}`,
    project: { name: "tooling", config: { typecheck: { only: false } } },
    children: { size: children.length, allTests: () => children },
    state: () => state,
    diagnostic: () => ({ duration: 10 }),
  } as unknown as TestModule;
}

function summarize(modules: TestModule[]) {
  const printed: string[] = [];
  const summaryFile = pathToFileURL(join(mkdtempSync(join(tmpdir(), "hiro-summary-")), "summary.json"));
  const reporter = new SummaryReporter({ write: (text) => void printed.push(text), summaryFile });
  reporter.onInit({ config: { root: "/repo" } } as never);
  reporter.onTestRunEnd(modules, []);
  return {
    printed: printed.join(""),
    counts: JSON.parse(readFileSync(summaryFile, "utf8")) as Record<string, unknown>,
  };
}

describe("the summary's counts", () => {
  it("a file whose beforeAll threw counts as failed and is listed, its tests as skipped", () => {
    const { printed, counts } = summarize([
      testModule("test/tooling/size.test.ts", "failed", [
        ["budgets > the core", "skipped"],
        ["budgets > the middleware", "skipped"],
      ]),
      testModule("test/unit/ok.test.ts", "passed", [["ok", "passed"]]),
    ]);
    expect(counts).toMatchObject({ passed: 1, failed: 1, skipped: 2 });
    expect(printed).toContain("1 passed, 1 failed, 2 skipped");
    expect(printed).toContain("failed:\n  test/tooling/size.test.ts (the file failed outside its tests)");
  });

  it("lists npm run check:breaking first among the failed tests", () => {
    const { printed } = summarize([
      testModule("test/e2e/readme.test.ts", "failed", [["the usage example runs", "failed"]]),
      testModule("test/tooling/static-checks.test.ts", "failed", [
        ["npm run check:breaking passes", "failed"],
      ]),
    ]);
    expect(printed).toContain(
      "failed:\n  test/tooling/static-checks.test.ts > npm run check:breaking passes\n  test/e2e/readme.test.ts",
    );
    expect(printed).toContain("0 passed, 2 failed");
  });
});
