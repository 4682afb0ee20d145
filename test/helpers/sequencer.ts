import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files known to take longest (child processes: a build and npm install, `npm start` twice, a Prism per
 * signal for the standing mock and `--mock`, the static checks), for a run with no timings cached yet (a
 * fresh clone in CI).
 */
const KNOWN_SLOW = [
  "test/package/package.test.ts",
  "test/types/typecheck.test.ts",
  "test/e2e/start.test.ts",
  "test/e2e/standing-mock.test.ts",
  "test/e2e/cli.test.ts",
  "test/faults/fault-matrix.test.ts",
  "test/contract/contract.test.ts",
  "test/tooling/static-checks.test.ts",
];

/** Files that start the run whatever their last duration (see {@link LongestFirstSequencer}). */
const ALWAYS_FIRST = ["test/package/package.test.ts", "test/types/typecheck.test.ts"];

/**
 * Longest tier first, and in each tier its longest file first (failed files before all).
 *
 * A tier's files stay together because vitest reuses a worker (`isolate: false`: its module cache, no new
 * process) only when the next file in the queue is of the same project: files ordered by length alone,
 * whatever their tier, alternated tiers and cost a new worker process for most files (39 for 74 files,
 * each loading vitest and src/ again). Tiers go by their longest file, so the package file (~20 s of
 * CPU in one file) still starts first rather than finish the run alone, and the tiers of short files
 * (unit, contract) fill the end. A file's last duration comes from vitest's cache, else from
 * {@link KNOWN_SLOW}.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache } = this.ctx;
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId);
      const result = cache.getFileTestResults(`${spec.project.name}:${path}`);
      const known = KNOWN_SLOW.indexOf(path);
      return {
        failed: result?.failed ? 1 : 0,
        // The package file and the types tier's tsc always start first: each is one long process chain, which
        // at the end of a run would finish it alone on one core, whatever its last duration was.
        duration: ALWAYS_FIRST.includes(path)
          ? 2e9 - ALWAYS_FIRST.indexOf(path)
          : (result?.duration ?? (known >= 0 ? 1e9 - known : 0)),
      };
    };
    const weights = new Map(files.map((spec) => [spec, weight(spec)]));
    const of = (spec: TestSpecification) => weights.get(spec) as ReturnType<typeof weight>;
    /** Per project: whether a file failed, and its longest file. */
    const tiers = new Map<string, { failed: number; duration: number }>();
    for (const spec of files) {
      const tier = tiers.get(spec.project.name) ?? { failed: 0, duration: 0 };
      tiers.set(spec.project.name, {
        failed: Math.max(tier.failed, of(spec).failed),
        duration: Math.max(tier.duration, of(spec).duration),
      });
    }
    const tierOf = (spec: TestSpecification) =>
      tiers.get(spec.project.name) as { failed: number; duration: number };
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const ta = tierOf(a);
      const tb = tierOf(b);
      const tier =
        tb.failed - ta.failed || tb.duration - ta.duration || a.project.name.localeCompare(b.project.name);
      if (tier !== 0) return tier;
      return of(b).failed - of(a).failed || of(b).duration - of(a).duration;
    });
  }
}
