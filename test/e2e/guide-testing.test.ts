/**
 * The guide's "Testing your app" example, run as written (its imports pointed at the source) by vitest in
 * a child process: `hiro-lookup/msw` with msw's `setupServer` in Node, overrides included. The example
 * file sits under .tmp/ in the repository so that `msw` and `vitest` resolve from node_modules.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const dir = (() => {
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  return mkdtempSync(join(ROOT, ".tmp/guide-testing-"));
})();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("the guide's Testing your app example passes under vitest with msw's setupServer", async () => {
  const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
  const example = /## Testing your app\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
  expect(example).toContain('from "hiro-lookup/msw"');
  expect(example).toContain("setupServer");
  const source = example
    .replace('from "hiro-lookup/msw"', `from "${join(ROOT, "src/msw/index.ts")}"`)
    .replace('from "hiro-lookup"', `from "${join(ROOT, "src/index.ts")}"`);
  writeFileSync(join(dir, "app.test.ts"), source);
  // Its own (empty) config, so the project's tiers and global setup stay out of it.
  writeFileSync(join(dir, "vitest.config.mjs"), "export default {};\n");
  const vitest = join(ROOT, "node_modules/vitest/vitest.mjs");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [vitest, "run", "--root", dir, "--reporter", "json"],
    { cwd: dir, env: { ...process.env, HIRO_API_KEY: "" } },
  );
  const report = JSON.parse(stdout) as {
    testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
  };
  const results = report.testResults.flatMap((file) => file.assertionResults);
  expect(results.map((r) => [r.title, r.status])).toEqual(
    [
      "shows a token",
      "finds nothing on a sat without inscriptions",
      "says when a token is still being fetched",
      "tells how long to wait when rate limited",
    ].map((title) => [title, "passed"]),
  );
}, 60_000);
