/**
 * The README's "Command line" lines, run as written against the mock of the global setup: the `export`
 * line's variables are set, pointing at the mock (nothing leaves the machine), and each
 * `npx hiro-lookup …` line runs the CLI from the sources in-process (`runCli`, what `npx hiro-lookup`
 * runs once the package is built). `--mock` gets that same running mock instead of starting a Prism of
 * its own per line (seconds each): its own start and stop are test/e2e/cli.test.ts's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { VERDICT_EXIT } from "../../src/cli/explain-command.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { ROOT } from "../helpers/spec.js";

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const block = /## Command line\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
const lines = block
  .split("\n")
  .map((line) => line.replace(/\s+#.*$/, "").trim())
  .filter((line) => line !== "" && !line.startsWith("#"));
const exported = lines
  .filter((line) => line.startsWith("export "))
  .flatMap((line) => line.split(/\s+/).slice(1))
  .map((assignment) => assignment.split("=")[0] as string);
const commands = lines.filter((line) => !line.startsWith("export "));

/**
 * `hiro-lookup <args>` in the environment the README's lines set (none of this run's HIRO_* variables), its
 * `--mock` the running mock; `stops` counts the times a command stopped its mock.
 */
async function readmeCli(args: string[], env: Record<string, string>) {
  let stops = 0;
  const run = await runCliInProcess(args, env, {
    sharedMockUrl: inject("mockUrl"),
    onMockStop: () => stops++,
  });
  return { ...run, stops };
}

describe("the README's command lines", () => {
  it("are all `npx hiro-lookup …` or `export …`, and set where ordinals and runes go", () => {
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const line of commands) expect(line).toMatch(/^npx hiro-lookup /);
    expect(exported).toEqual(["HIRO_ORDINALS_URL", "HIRO_RUNES_URL"]);
    expect(block).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/); // no line reaches past this machine
  });

  it.each(commands)("%s", async (line) => {
    const args = line.split(/\s+/).slice(2);
    // A token-metadata line without --mock would go to api.hiro.so: not in a test, so not in the README.
    if (args.includes("sft") || args.includes("search")) expect(args).toContain("--mock");
    const env = Object.fromEntries(exported.map((name) => [name, inject("mockUrl")]));
    const run = await readmeCli(args, { ...env, HIRO_API_KEY: "" });
    // `explain` exits with its verdict's code (0 only for ok; the README's token 36 is pending).
    const code = args.includes("explain")
      ? VERDICT_EXIT[(JSON.parse(run.stdout) as { verdict: keyof typeof VERDICT_EXIT }).verdict]
      : 0;
    if (args.includes("explain")) expect(code).toBe(EXIT.explainPending);
    expect(run, run.stderr).toMatchObject({ code, stops: args.includes("--mock") ? 1 : 0 });
    const values: unknown[] = args.includes("--all")
      ? args.includes("--json")
        ? [JSON.parse(run.stdout)]
        : run.stdout
            .trim()
            .split("\n")
            .map((item) => JSON.parse(item))
      : [JSON.parse(run.stdout)];
    expect(values.length).toBeGreaterThan(0);
    if (args.includes("--json") && args.includes("--all")) expect(Array.isArray(values[0])).toBe(true);
  });
});
