/** The guide's "Testing your app" examples, run as written (their imports pointed at the source). */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

/** The ```ts blocks of the guide's "Testing your app" section, in order. */
function testingExamples(): string[] {
  const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
  const section = /## Testing your app\n([\s\S]*?)\n## /.exec(guide)?.[1] ?? "";
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
}

/** The lines `example` prints, run with tsx. */
async function run(example: string): Promise<string[]> {
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
    return stdout.split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it("the guide's Testing your app example runs with msw", async () => {
  const [example] = testingExamples();
  expect(example).toContain("createHandlers");
  expect(await run(example ?? "")).toEqual(["3 2", "rate_limited 30000"]);
}, 30_000);

it("the guide's undocumented-answer example (503, then the mock's 200) runs with msw", async () => {
  const example = testingExamples()[1];
  expect(example).toContain("status: 503");
  expect(await run(example ?? "")).toEqual(["retry: server error 503", "2 0"]);
}, 30_000);
