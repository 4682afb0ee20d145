import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule, Vitest } from "vitest/node";

/** Where the counts go for .ci/run, which adds them to the runtime checks' (reports/runtimes.json). */
const SUMMARY_FILE = new URL("../../reports/vitest-summary.json", import.meta.url);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** One tier (vitest project): its counts, its files' own time added up, and when it ran in the run. */
interface Tier extends Counts {
  files: number;
  /** Sum of the files' times (files of a tier run side by side, so this can exceed the span). */
  fileSeconds: number;
  /** Seconds from the run's start to the tier's first file starting and its last file ending. */
  from: number;
  to: number;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** An error message's first line, without control characters, at most 300 characters. */
const firstLine = (message: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  (message.split("\n", 1)[0] ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 300);

/**
 * Failures that explain others, listed first: a breaking edit of openapi.yaml fails `npm run check:breaking`
 * with the clearest message (what changed, where, and what to do), and other tests after it.
 */
const EXPLAINS_OTHERS = [/npm run check:breaking/];
const rank = (name: string) => {
  const found = EXPLAINS_OTHERS.findIndex((pattern) => pattern.test(name));
  return found < 0 ? EXPLAINS_OTHERS.length : found;
};

/**
 * Prints one line per tier (files, counts, time) and then the plain closing line CI reads
 * (`N passed, N failed`), after vitest's own summary, and writes the same to reports/vitest-summary.json.
 * Skipped tests are listed too, so a skip cannot hide, and so are the opt-in files the run left out.
 */
export default class SummaryReporter implements Reporter {
  /** Opt-in test files this run leaves out, each with how to run it (printed, never silent). */
  private readonly notRun: readonly string[];
  private readonly write: (text: string) => void;
  private readonly summaryFile: URL;
  constructor(
    options: {
      notRun?: readonly string[];
      /** Where the summary is printed (default: stdout). */
      write?: (text: string) => void;
      /** Where the counts are written (default: reports/vitest-summary.json). */
      summaryFile?: URL;
    } = {},
  ) {
    this.notRun = options.notRun ?? [];
    this.write = options.write ?? ((text) => process.stdout.write(text));
    this.summaryFile = options.summaryFile ?? SUMMARY_FILE;
  }

  private runStart = performance.now();
  private readonly spans = new Map<string, { start: number; end?: number }>();

  private root = "";
  onInit(vitest: Vitest): void {
    this.root = `${vitest.config.root}/`;
  }

  onTestRunStart(): void {
    this.runStart = performance.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.spans.set(module.moduleId, { start: performance.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.moduleId);
    if (span) span.end = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const total: Counts = { passed: 0, failed: 0, skipped: 0 };
    const failures: string[] = [];
    const tiers = new Map<string, Tier>();
    const now = performance.now();
    for (const module of testModules) {
      const name = module.project.name || "(root)";
      let tier = tiers.get(name);
      if (!tier) {
        tier = { files: 0, passed: 0, failed: 0, skipped: 0, fileSeconds: 0, from: Infinity, to: 0 };
        tiers.set(name, tier);
      }
      tier.files++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const key = state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped";
        total[key]++;
        tier[key]++;
        if (key === "failed") {
          // The first line of its error too: CI may keep only the end of the output, where this list sits.
          const error = test.result().errors?.[0];
          const why = error ? `\n      ${firstLine(error.message ?? String(error))}` : "";
          failures.push(`${module.moduleId.slice(this.root.length)} > ${test.fullName}${why}`);
        }
      }
      // A file that failed outside its tests (it did not load, or a beforeAll threw: its tests then show as
      // skipped) must still count as a failure.
      const testsFailed = [...module.children.allTests()].some((test) => test.result().state === "failed");
      if (module.state() === "failed" && !testsFailed) {
        total.failed++;
        tier.failed++;
        failures.push(`${module.moduleId.slice(this.root.length)} (the file failed outside its tests)`);
      }
      const span = this.spans.get(module.moduleId);
      // tsc checks every type-test file at once, from the start of the run: count from there.
      const start = module.project.config.typecheck.only ? this.runStart : (span?.start ?? this.runStart);
      const end = span?.end ?? (span ? now : start + module.diagnostic().duration);
      // tsc checks all type-test files in one go: count its time once.
      if (module.project.config.typecheck.only) tier.fileSeconds = (end - start) / 1000;
      else tier.fileSeconds += (end - start) / 1000;
      tier.from = Math.min(tier.from, (start - this.runStart) / 1000);
      tier.to = Math.max(tier.to, (end - this.runStart) / 1000);
    }
    total.failed += unhandledErrors.length;

    const lines = [...tiers].map(
      ([name, t]) =>
        `tier ${name.padEnd(8)} ${String(t.files).padStart(3)} files  ${t.passed} passed, ${t.failed} failed` +
        `${t.skipped ? `, ${t.skipped} skipped` : ""}  ${seconds(t.fileSeconds * 1000)} s in files, ` +
        `${seconds(t.from * 1000)}–${seconds(t.to * 1000)} s into the run`,
    );
    const wall = seconds(now - this.runStart);
    if (this.notRun.length > 0) lines.push(`not run (opt-in): ${this.notRun.join("; ")}`);
    // The failed tests again, the one that explains the others first (its message is in vitest's list above).
    failures.sort((a, b) => rank(a) - rank(b));
    if (failures.length > 0) lines.push("failed:", ...failures.map((name) => `  ${name}`));
    const tail = total.skipped > 0 ? `, ${total.skipped} skipped` : "";
    this.write(
      `\n${lines.join("\n")}\nvitest: ${wall} s\n\n${total.passed} passed, ${total.failed} failed${tail}\n`,
    );
    mkdirSync(new URL(".", this.summaryFile), { recursive: true });
    const tierReport = Object.fromEntries(
      [...tiers].map(([name, t]) => [
        name,
        {
          ...t,
          fileSeconds: seconds(t.fileSeconds * 1000),
          from: seconds(t.from * 1000),
          to: seconds(t.to * 1000),
        },
      ]),
    );
    writeFileSync(this.summaryFile, `${JSON.stringify({ ...total, seconds: wall, tiers: tierReport })}\n`);
  }
}
