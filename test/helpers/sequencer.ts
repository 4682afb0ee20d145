import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files known to take longest (child processes: a build and npm install, `npm start` twice, the CLI as
 * a process, the static checks), for a run with no timings cached yet (a fresh clone in CI).
 */
const KNOWN_SLOW = [
  "test/package/package.test.ts",
  "test/e2e/start.test.ts",
  "test/e2e/cli.test.ts",
  "test/faults/fault-matrix.test.ts",
  "test/contract/contract.test.ts",
  "test/tooling/static-checks.test.ts",
];

/**
 * Longest file first, whatever its tier. Vitest's own order runs the tiers one after another by name
 * (contract, e2e, faults, package…), so the longest file (package, ~30 s of CPU) started halfway
 * through the run and finished it alone. Failed files still go first; a file's last duration comes
 * from vitest's cache, else from {@link KNOWN_SLOW}.
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
        duration: result?.duration ?? (known >= 0 ? 1e9 - known : 0),
      };
    };
    const weights = new Map(files.map((spec) => [spec, weight(spec)]));
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const wa = weights.get(a) as ReturnType<typeof weight>;
      const wb = weights.get(b) as ReturnType<typeof weight>;
      return wb.failed - wa.failed || wb.duration - wa.duration;
    });
  }
}
