/** The guide's "Testing your app" example, run as written (its imports pointed at the source). */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

it("the guide's Testing your app example runs with msw", async () => {
  const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
  const example = /## Testing your app\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
  expect(example).toContain("createHandlers");
  // Inside the project (reports/ is ignored), so `msw` resolves from its node_modules.
  mkdirSync(join(ROOT, "reports"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, "reports", "guide-"));
  try {
    const file = join(dir, "testing.mts");
    writeFileSync(
      file,
      example
        .replace('from "hiro-lookup/msw"', `from "${join(ROOT, "src/msw/index.ts")}"`)
        .replace('from "hiro-lookup"', `from "${join(ROOT, "src/index.ts")}"`),
    );
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", file], { cwd: ROOT });
    expect(stdout.split("\n").filter(Boolean)).toEqual(["3 2", "rate_limited 30000"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
