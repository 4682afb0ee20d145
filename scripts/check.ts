/**
 * `npm run check`: the static checks (scripts/lib/checks.ts), run concurrently (they are independent),
 * each one's time printed, and each failing one's output. Exits 1 if any failed. `--skip <name>` leaves
 * one out. `npm test` runs the same checks as tests of its tooling tier (test/tooling/static-checks.test.ts),
 * all but `typecheck`, which its `types` tier runs.
 */
import { CHECKS, runCheck } from "./lib/checks.js";

const args = process.argv.slice(2);
const skipped = new Set(args.flatMap((arg, i) => (args[i - 1] === "--skip" ? [arg] : [])));
const started = performance.now();
const results = await Promise.all(CHECKS.filter((name) => !skipped.has(name)).map(runCheck));
const failed = results.filter((result) => result.code !== 0);
for (const result of failed)
  process.stdout.write(`\n── ${result.name} failed (exit ${result.code}) ──\n${result.output}\n`);
const times = results
  .map((r) => `${r.name} ${r.code === 0 ? "ok" : "FAILED"} ${r.seconds.toFixed(1)} s`)
  .join(", ");
const total = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `check: ${times}; ${total} s wall${skipped.size ? ` (skipped: ${[...skipped].join(", ")})` : ""}\n`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
