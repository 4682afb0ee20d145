/**
 * The types tier: `npm test`'s one `tsc --noEmit`, over the whole project (src, scripts, bench, test) and
 * the documentation's TypeScript examples (written to .tmp/doc-examples/ by the tier's global setup), with
 * tsconfig.check.json (what `npm run typecheck` compiles). It runs as a process that starts with the suite's longest files: vitest's
 * typecheck mode ran it after every other file, a single-core tail of 2–10 s at the end of each run.
 *
 * The type tests (test/types/*.test-d.ts: `expectTypeOf`, `@ts-expect-error`) are compile-time
 * assertions of that same program, so each file's test fails with the errors tsc reports in it; one more
 * test fails on an error anywhere else (a source file, a test, a README example), naming the file.
 * Incremental: the build info is kept under node_modules/.cache, as vitest kept its own.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const TYPE_TESTS = readdirSync(join(ROOT, "test/types"))
  .filter((name) => name.endsWith(".test-d.ts"))
  .sort();
const BUILD_INFO = join(ROOT, "node_modules/.cache/hiro-lookup/types.tsbuildinfo");

interface Tsc {
  code: number;
  /** Each diagnostic: its first line (`file(line,col): error TS…`) and the lines that continue it. */
  errors: Array<{ file: string; text: string }>;
  output: string;
}

let tsc: Promise<Tsc> | undefined;
/** The one tsc run, shared by the tests below. */
function typecheck(): Promise<Tsc> {
  tsc ??= new Promise((resolve, reject) => {
    mkdirSync(join(ROOT, "node_modules/.cache/hiro-lookup"), { recursive: true });
    const args = [
      join(ROOT, "node_modules/typescript/bin/tsc"),
      ...["--noEmit", "--pretty", "false", "--incremental", "--tsBuildInfoFile", BUILD_INFO],
      ...["-p", join(ROOT, "tsconfig.check.json")],
    ];
    execFile(process.execPath, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") return reject(error);
      const errors: Tsc["errors"] = [];
      for (const line of stdout.split("\n")) {
        const head = /^(.+?)\(\d+,\d+\): error TS\d+:/.exec(line);
        if (head?.[1]) errors.push({ file: head[1], text: line });
        else if (line.trim() !== "" && errors.length > 0)
          (errors.at(-1) as { text: string }).text += `\n${line}`;
        else if (line.trim() !== "") errors.push({ file: "", text: line }); // a global error (a config, say)
      }
      resolve({ code: error ? Number(error.code) : 0, errors, output: `${stdout}${stderr}` });
    });
  });
  return tsc;
}

describe("tsc --noEmit -p tsconfig.check.json", () => {
  it.concurrent.for(TYPE_TESTS)("%s: its type assertions hold", async (name, { expect }) => {
    const { errors } = await typecheck();
    expect(errors.filter((e) => e.file === `test/types/${name}`).map((e) => e.text)).toEqual([]);
  });

  it.concurrent("the rest compiles: src, scripts, bench, the other tests, the README's and the spec's examples", async () => {
    const { code, errors, output } = await typecheck();
    const elsewhere = errors.filter((e) => !TYPE_TESTS.some((name) => e.file === `test/types/${name}`));
    expect(elsewhere.map((e) => e.text)).toEqual([]);
    // A failure is always one of the errors above: never a tsc that failed without saying where.
    if (code !== 0) expect(errors.length, output).toBeGreaterThan(0);
  });

  it("finds the type tests it checks", () => {
    expect(TYPE_TESTS).toEqual(expect.arrayContaining(["client.test-d.ts", "errors.test-d.ts"]));
  });
});
