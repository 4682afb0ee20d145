import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/helpers/sequencer.js";
import SummaryReporter from "./test/helpers/summary-reporter.js";

/** Real-browser tests (Chromium) run only with HIRO_BROWSER_TESTS=1. */
const browserTests = process.env.HIRO_BROWSER_TESTS === "1";
/**
 * The dev scripts' tests (`npm start` and `npm run mock` as processes in a scratch copy: ~10 starts of
 * Prism and Redocly, 60+ s of CPU, more than the rest of e2e) run only with HIRO_DEV_TESTS=1: `.ci/run`
 * sets it, and `npm run test:dev` runs them alone. `npm test` names them in its summary as not run.
 */
const devTests = process.env.HIRO_DEV_TESTS === "1";
/**
 * The package tier (`npm pack`, whose prepack builds dist/, then the tarball installed into scratch
 * consumers: about 2.5 minutes of a 2-core machine, the longest path of the whole run) runs only with
 * HIRO_PACKAGE_TESTS=1: `.ci/run` sets it, and `npm run test:package` runs it alone.
 */
const packageTests = process.env.HIRO_PACKAGE_TESTS === "1";
const DEV_SCRIPT_TESTS = ["test/e2e/start.test.ts"];
/** What this run leaves out, and how to run it: printed at the end of the run. */
const notRun = [
  ...(browserTests ? [] : ["test/e2e/*.browser.test.ts (HIRO_BROWSER_TESTS=1, npm run test:browser)"]),
  ...(devTests ? [] : DEV_SCRIPT_TESTS.map((file) => `${file} (HIRO_DEV_TESTS=1, npm run test:dev)`)),
  ...(packageTests ? [] : ["test/package/ (HIRO_PACKAGE_TESTS=1, npm run test:package)"]),
];
/** Starts one Prism mock of openapi.yaml, shared by every project that lists it (see the file). */
const prism = "test/helpers/prism-global-setup.ts";
/** Bundles the CLI once (esbuild), so the tests that run it as a process start Node, not tsx. */
const cliBundle = "test/helpers/cli-bundle-setup.ts";
/** Time limit of a test in a tier that starts processes. */
const PROCESS_TIMEOUT_MS = 60_000;

/**
 * One vitest project per tier (the folders under test/). A run only pays for the tiers it touches:
 * Prism starts for contract and e2e, the type checker runs for types, so
 * `npx vitest run test/unit/retry.test.ts` needs neither. `--project unit` runs one tier.
 */
export default defineConfig({
  test: {
    reporters: ["default", new SummaryReporter({ notRun })],
    // `npm test` prints its test lines and the summary: a test's console output shows only when it fails
    // (figures and tables go to reports/: fault-matrix.md, size.md).
    silent: "passed-only",
    // A test's time limit catches a hang, never slowness: the tiers that start processes (Prism, tsx, npm,
    // tsup) get a minute each, as a busy machine can take 15 s just to start Prism (seen with a CPU hog).
    testTimeout: 15_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine, so files ran
    // one after another while most of them wait (on child processes, servers, timers). One more worker
    // than cores keeps the cores busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        // Unit files share their worker's module cache (no fresh import of src/ per file): about half the
        // tier's CPU time. They inject fetch and clocks and touch no global state, so nothing carries over.
        // The tooling, contract, faults and e2e tiers do the same (none stubs globals, fakes timers or
        // mocks modules; each test's servers and processes are its own).
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], isolate: false },
      },
      {
        extends: true,
        test: {
          name: "types",
          // `tsc --noEmit` over the whole project (src, scripts, test) and the documentation's TypeScript
          // examples (written by the global setup): npm test's one type check, as a process test
          // (test/types/typecheck.test.ts) that starts with the longest files. The type tests
          // (*.test-d.ts) are assertions of that program; an error outside them fails its own test, naming
          // the file.
          include: ["test/types/**/*.test.ts"],
          globalSetup: ["test/helpers/doc-examples.ts"],
          testTimeout: 2 * PROCESS_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: "tooling",
          include: ["test/tooling/**/*.test.ts"],
          testTimeout: PROCESS_TIMEOUT_MS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          globalSetup: [prism, cliBundle],
          testTimeout: PROCESS_TIMEOUT_MS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "faults", include: ["test/faults/**/*.test.ts"], testTimeout: 30_000, isolate: false },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          // The include glob also matches *.browser.test.ts and the dev scripts' tests: out unless asked for.
          exclude: [
            ...configDefaults.exclude,
            ...(browserTests ? [] : ["**/*.browser.test.ts"]),
            ...(devTests ? [] : DEV_SCRIPT_TESTS),
          ],
          globalSetup: [prism, cliBundle],
          testTimeout: PROCESS_TIMEOUT_MS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "package",
          include: packageTests ? ["test/package/**/*.test.ts"] : [],
          testTimeout: PROCESS_TIMEOUT_MS,
        },
      },
    ],
  },
});
