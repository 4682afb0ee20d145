/**
 * Each command's `--help` lists only the options that apply to it (its own, and the global ones it
 * reads), with at least one example. In-process through runCli: nothing is sent.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";

/** What `hiro-lookup ...argv --help` prints (exit 0). */
async function help(...argv: string[]): Promise<string> {
  let stdout = "";
  const code = await runCli([...argv, "--help"], {
    env: {},
    stdout: {
      write: (s: string) => {
        stdout += s;
      },
      isTTY: false,
    },
    stderr: { write: () => {} },
  });
  expect(code).toBe(0);
  return stdout;
}

/** The long flags a help text lists under "Global Options:". */
const globalFlags = (text: string) =>
  [...(text.split("Global Options:")[1] ?? "").matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]);

/** What every lookup reads, whatever its service. */
const REQUEST = ["--api-key", "--mock", "--rate-limit", "--timeout", "--retries", "--verbose", "--header"];
const METADATA = ["--base-url", "--metadata-url", ...REQUEST];
const OUTPUT = ["--json", "--ndjson"];
const PAGED = (service: "ordinals" | "runes") => [
  "--base-url",
  `--${service}-url`,
  ...REQUEST,
  ...OUTPUT,
  `--${service}-max-limit`,
];

describe("hiro-lookup <command> --help", () => {
  it.each([
    ["sft", [...METADATA, ...OUTPUT]],
    ["ft", [...METADATA, ...OUTPUT]],
    ["nft", [...METADATA, ...OUTPUT]],
    ["ft-list", [...METADATA, ...OUTPUT]],
    ["status", [...METADATA, ...OUTPUT]],
    ["search", [...METADATA, ...OUTPUT]],
    ["explain", [...METADATA, "--json"]],
    ["sat-inscriptions", PAGED("ordinals")],
    ["tx-activity", PAGED("runes")],
    [
      "verify",
      [
        "--base-url",
        "--metadata-url",
        "--ordinals-url",
        "--runes-url",
        "--api-key",
        "--mock",
        "--rate-limit",
        "--timeout",
        "--retries",
        "--json",
        "--ordinals-max-limit",
        "--runes-max-limit",
      ],
    ],
    ["mock", ["--rate-limit"]],
    [
      "mcp",
      [
        "--base-url",
        "--metadata-url",
        "--ordinals-url",
        "--runes-url",
        ...REQUEST,
        "--ordinals-max-limit",
        "--runes-max-limit",
      ],
    ],
  ])("%s lists only the global options it reads, and an example", async (command, expected) => {
    const text = await help(command);
    expect(new Set(globalFlags(text))).toEqual(new Set(expected));
    expect(text).not.toContain("--version");
    expect(text).toMatch(/\nExamples?:\n {2}\$ hiro-lookup /);
    expect(text).toContain(` ${command}`);
  });

  it("the top-level help still lists every global option once, and the version", async () => {
    const stdout = await help();
    for (const flag of [...new Set([...PAGED("ordinals"), ...PAGED("runes"), ...METADATA])])
      expect(stdout, flag).toMatch(new RegExp(`^ {2}(?:-\\w, )?${flag} `, "m"));
    expect(stdout).toContain("--version");
  });
});
