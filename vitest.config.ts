import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/helpers/sequencer.js";
import SummaryReporter from "./test/helpers/summary-reporter.js";

/**
 * The opt-in groups: files `npm test` leaves out (and names on its last lines), each run when its flag is
 * `1`. `.ci/run` runs `npm test` as the README writes it, then every group (`npm run test:opt-in`). A group's
 * files stay in their tier's folder and run in that tier.
 */
interface OptInGroup {
  /** The environment variable that turns the group on (`=1`). */
  flag: string;
  /** Globs from the root (`test/**` followed by a name pattern counts in every tier's folder). */
  files: readonly string[];
  /** What `npm test` says instead. */
  notRun: string;
}
/**
 * The slow tier (HIRO_SLOW_TESTS=1, `npm run test:slow`): files whose cost is real processes or a real
 * clock, not the behaviour they check, which `npm test` covers in-process (the MCP server and `serve` as
 * processes, Redis and Redis Cluster servers, Prism's own lifecycle, a vitest run inside the run, a pacer
 * against a real window). **A new file goes in by its name**, `<name>.slow.test.ts` in its tier's folder;
 * the files below were there before the rule and keep their names (others were editing them).
 */
const SLOW_TESTS = [
  "test/e2e/mcp.test.ts",
  "test/e2e/serve.test.ts",
  "test/e2e/serve-flood.test.ts",
  "test/faults/gateway-redis.test.ts",
  "test/faults/pacer-server.test.ts",
  "test/tooling/live-run-process.test.ts",
  "test/tooling/prism-lifecycle.test.ts",
];
const OPT_IN: readonly OptInGroup[] = [
  {
    // Real-browser tests (Chromium).
    flag: "HIRO_BROWSER_TESTS",
    files: ["test/e2e/*.browser.test.ts"],
    notRun: "test/e2e/*.browser.test.ts (HIRO_BROWSER_TESTS=1, npm run test:browser)",
  },
  {
    // The dev scripts' tests (`npm start` and `npm run mock` as processes in a scratch copy: ~10 starts of
    // Prism and Redocly, 60+ s of CPU, more than the rest of e2e).
    flag: "HIRO_DEV_TESTS",
    files: ["test/e2e/start.test.ts"],
    notRun: "test/e2e/start.test.ts (HIRO_DEV_TESTS=1, npm run test:dev)",
  },
  {
    // The package tier (`npm pack`, whose prepack builds dist/, then the tarball installed into scratch
    // consumers: about 2.5 minutes of a 2-core machine, the longest path of the whole run).
    flag: "HIRO_PACKAGE_TESTS",
    files: ["test/package/**/*.test.ts"],
    notRun: "test/package/ (HIRO_PACKAGE_TESTS=1, npm run test:package)",
  },
  {
    flag: "HIRO_SLOW_TESTS",
    files: ["test/**/*.slow.test.ts", ...SLOW_TESTS],
    notRun: `the slow tier, *.slow.test.ts and ${SLOW_TESTS.join(", ")} (HIRO_SLOW_TESTS=1, npm run test:slow)`,
  },
];
/**
 * A run that names its test files (`npx vitest run test/e2e/mcp.test.ts`) runs them whatever their group:
 * every group is on, and vitest's filter keeps only the files named.
 */
const namesFiles = process.argv.slice(2).some((arg) => arg.endsWith(".test.ts"));
const isOn = (group: OptInGroup) => namesFiles || process.env[group.flag] === "1";
/** HIRO_OPT_IN_ONLY=1: the run takes only the opt-in files of the groups turned on (`.ci/run`'s second run). */
const optInOnly = process.env.HIRO_OPT_IN_ONLY === "1";
/** What this run leaves out, and how to run it: printed at the end of the run. */
const notRun = OPT_IN.filter((group) => !isOn(group)).map((group) => group.notRun);
const optedOut = OPT_IN.filter((group) => !isOn(group)).flatMap((group) => group.files);
/**
 * A tier's files (the folder `test/<tier>/`): all of them less the opt-in groups turned off; with
 * HIRO_OPT_IN_ONLY=1, only the files of the groups turned on.
 */
function tierFiles(tier: string): { include: string[]; exclude: string[] } {
  const folder = `test/${tier}/`;
  const exclude = [...configDefaults.exclude, ...optedOut];
  if (!optInOnly) return { include: [`${folder}**/*.test.ts`], exclude };
  const optedIn = OPT_IN.filter(isOn)
    .flatMap((group) => group.files)
    .map((glob) => glob.replace(/^test\/\*\*\//, `${folder}**/`))
    .filter((glob) => glob.startsWith(folder));
  return { include: optedIn, exclude };
}
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
    // The opt-in run (`.ci/run`'s second) writes its counts beside npm test's, for .ci/run to add up.
    reporters: [
      "default",
      new SummaryReporter({
        notRun,
        ...(optInOnly
          ? { summaryFile: new URL("./reports/vitest-opt-in-summary.json", import.meta.url) }
          : {}),
      }),
    ],
    // `npm test` prints its test lines and the summary: a test's console output shows only when it fails
    // (figures and tables go to reports/: fault-matrix.md, size.md).
    silent: "passed-only",
    // A test's time limit catches a hang, never slowness: a minute for every tier (the tiers that start
    // processes, Prism, tsx, npm, tsup, set it again), as a busy machine can take 15 s just to start Prism,
    // and a property test of 500 runs took over 15 s at a load average of 14 on 2 cores.
    testTimeout: PROCESS_TIMEOUT_MS,
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
        test: { name: "unit", ...tierFiles("unit"), isolate: false },
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
          ...tierFiles("types"),
          globalSetup: ["test/helpers/doc-examples.ts"],
          // The one tsc took over 2 minutes at a load average of 10-20 on 2 cores; the limit only catches a hang.
          testTimeout: 5 * PROCESS_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: "tooling",
          ...tierFiles("tooling"),
          testTimeout: PROCESS_TIMEOUT_MS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "contract",
          ...tierFiles("contract"),
          globalSetup: [prism, cliBundle],
          testTimeout: PROCESS_TIMEOUT_MS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "faults", ...tierFiles("faults"), isolate: false },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          ...tierFiles("e2e"),
          globalSetup: [prism, cliBundle],
          testTimeout: PROCESS_TIMEOUT_MS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "package",
          ...tierFiles("package"),
          testTimeout: PROCESS_TIMEOUT_MS,
        },
      },
    ],
  },
});
