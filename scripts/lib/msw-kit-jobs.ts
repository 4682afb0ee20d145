/**
 * `hiro-lookup/msw` with msw 3, which needs Node 22.12 or newer, so `npm test` (on the machine's Node 20)
 * cannot prove it: the installed tarball's kit under vitest and under jest (ESM mode) on Node 22 and 24,
 * and its types against msw 3's. msw 3 is installed on demand into a cache (msw3.ts), linked into the
 * consumer as `msw`; vitest, jest and TypeScript are this repository's. No network but that install's.
 */
import { existsSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunOutput, runToEnd } from "./runtime-jobs.js";

/** Tests in test/runtimes/msw-kit.test.mjs: a run must pass all of them, not merely exit 0. */
const KIT_TESTS = 5;

/** A job of test-runtimes.ts with its own check. */
export interface KitJob {
  runtime: string;
  format: "esm";
  checks: readonly string[];
  missing?: string | undefined;
  run: () => Promise<RunOutput>;
}

/** Links msw 3 (`msw3Dir`, from `ensureMsw3`) into `consumer` as `msw`, and writes the tsconfig of the types check. */
export function prepareKitConsumer(consumer: string, msw3Dir: string): void {
  const link = join(consumer, "node_modules/msw");
  if (!existsSync(link)) symlinkSync(msw3Dir, link, "dir");
  const compilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "es2022",
    lib: ["es2022", "dom"],
    types: [],
    noEmit: true,
    skipLibCheck: false,
  };
  writeFileSync(
    join(consumer, "tsconfig.msw-kit.json"),
    JSON.stringify({ compilerOptions, files: ["msw-kit-types.ts"] }),
  );
  // The consumer's own vitest config: without one, vitest would take this repository's from a folder up.
  writeFileSync(
    join(consumer, "vitest.config.mjs"),
    'export default { test: { globals: true, include: ["msw-kit.test.mjs"] } };\n',
  );
}

const tail = (text: string) => text.trim().split("\n").slice(-6).join(" | ").slice(0, 600);

/**
 * Runs a test runner that prints jest's JSON report on stdout (jest `--json`, vitest `--reporter=json`)
 * and turns it into one check: passed when every test of the kit's file passed.
 */
async function runTestRunner(
  check: string,
  binary: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<RunOutput> {
  const { code, stdout, stderr, ms } = await runToEnd(binary, args, cwd, env);
  const json = stdout.slice(stdout.indexOf("{"));
  let report: { numPassedTests?: number; numFailedTests?: number } = {};
  try {
    report = JSON.parse(json) as typeof report;
  } catch {}
  const passed = report.numPassedTests ?? 0;
  const ok = code === 0 && passed === KIT_TESTS && report.numFailedTests === 0;
  const detail = ok
    ? `${passed} of ${KIT_TESTS} tests passed`
    : `exit ${code}, ${passed} of ${KIT_TESTS} tests passed: ${tail(`${stderr}\n${stdout}`)}`;
  return { results: [{ check, ok, detail, ms }] };
}

/**
 * The kit's jobs: vitest and jest on each of `nodes` (runtime name → binary path, or why there is none);
 * the types check is {@link checkKitTypes}.
 */
export function kitJobs(
  nodes: ReadonlyArray<[string, { path?: string; problem?: string }]>,
  consumer: string,
  root: string,
  env: NodeJS.ProcessEnv,
): KitJob[] {
  const vitest = join(root, "node_modules/vitest/vitest.mjs");
  const jest = join(root, "node_modules/jest/bin/jest.js");
  const jestConfig = JSON.stringify({
    rootDir: consumer,
    testEnvironment: "node",
    testMatch: ["**/msw-kit.test.mjs"],
    transform: {},
    cache: false,
  });
  // Each runner prints jest's JSON report: the check passes when every test of the kit's file passed.
  const runners: ReadonlyArray<[check: string, args: readonly string[]]> = [
    ["msw3 vitest", [vitest, "run", "--reporter=json", "--config", join(consumer, "vitest.config.mjs")]],
    ["msw3 jest", ["--experimental-vm-modules", jest, "--ci", "--json", "--config", jestConfig]],
  ];
  return nodes.flatMap(([runtime, { path, problem }]) =>
    runners.map(
      ([check, args]): KitJob => ({
        runtime,
        format: "esm",
        checks: [check],
        missing: path ? undefined : problem,
        run: () => runTestRunner(check, path ?? "", args, consumer, env),
      }),
    ),
  );
}

/** The kit's types against msw 3's, by `tsc` on the machine's Node: one check. */
export async function checkKitTypes(consumer: string, root: string, node: string): Promise<RunOutput> {
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  const { code, stdout, stderr, ms } = await runToEnd(
    node,
    [tsc, "-p", "tsconfig.msw-kit.json"],
    consumer,
    process.env,
  );
  const ok = code === 0;
  const detail = ok
    ? "compiles against msw 3's types; the misspelt field and the undocumented status are errors"
    : `tsc exit ${code}: ${tail(`${stdout}\n${stderr}`)}`;
  return { results: [{ check: "msw3 types", ok, detail, ms }] };
}
