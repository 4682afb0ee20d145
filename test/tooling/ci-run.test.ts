/**
 * `.ci/run` runs the README's test command exactly as the README writes it, before anything is built, so a
 * test that needs a build (dist/) fails in CI as it fails in a fresh clone (issue 47: the size test passed
 * wherever a dist/ was left over); then the opt-in groups `npm test` leaves out, every one of them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
/** `.ci/run`'s shell lines, comments and blank lines left out. */
const ciLines = read(".ci/run")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));
/** The README's test command: the line of its "Working on" block that runs the tests. */
const readmeTest = (() => {
  const line = read("README.md")
    .split("\n")
    .find((text) => /^npm test\b/.test(text));
  return line?.replace(/\s+#.*$/, "").trim() ?? "";
})();
/** The index of the first line that matches `pattern` (-1 if none). */
const lineOf = (pattern: RegExp) => ciLines.findIndex((line) => pattern.test(line));

describe(".ci/run", () => {
  it("runs the README's test command as written, with nothing set before it", () => {
    expect(readmeTest).toBe("npm test");
    // The first test command of the script is the README's, bare: no variables, flags or arguments.
    const first = lineOf(/^(\w+=\S* )*(npm (test|run test)|npx vitest)\b/);
    expect(ciLines[first]).toBe(`${readmeTest} || tests=$?`);
    expect(ciLines.filter((line) => line.startsWith("export ")).join("\n")).not.toMatch(/HIRO_/);
  });

  it("runs it before anything builds dist/, with any dist/ of a working tree gone", () => {
    const tests = lineOf(/^npm test\b/);
    const removal = lineOf(/^rm -rf dist$/);
    expect(removal).toBeGreaterThanOrEqual(0);
    expect(removal).toBeLessThan(tests);
    const builds = /\bnpm (run build|pack|run test:package|run test:runtimes|run test:opt-in)\b|\btsup\b/;
    expect(ciLines.slice(0, tests).filter((line) => builds.test(line))).toEqual([]);
  });

  it("then runs every opt-in group, and adds the three runs up", () => {
    const tests = lineOf(/^npm test\b/);
    expect(lineOf(/^npm run test:opt-in\b/)).toBeGreaterThan(tests);
    expect(lineOf(/^npm run test:runtimes\b/)).toBeGreaterThan(tests);
    const optIn = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts[
      "test:opt-in"
    ];
    const flags = [...read("vitest.config.ts").matchAll(/flag: "(HIRO_\w+)"/g)].map((match) => match[1]);
    expect(flags.length).toBeGreaterThanOrEqual(4);
    for (const flag of flags) expect(optIn, flag).toContain(`${flag}=1`);
    expect(optIn).toContain("HIRO_OPT_IN_ONLY=1");
    const script = read(".ci/run");
    for (const report of ["vitest-summary.json", "vitest-opt-in-summary.json", "runtimes.json"])
      expect(script, report).toContain(`reports/${report}`);
  });
});
