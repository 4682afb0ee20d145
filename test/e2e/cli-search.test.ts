/**
 * `hiro-lookup search` as a real process: against the Prism mock, ids piped on stdin, and against the mock
 * as `--mock` starts it (the front with the mock's rules, of the global setup).
 */
import { spawn } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { type CliRun, cliCommand, runCliProcess } from "../helpers/cli-process.js";
import { ROOT } from "../helpers/spec.js";

const baseUrl = inject("prismUrl");
const SFT = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const FT = "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token";
const env = { HIRO_API_KEY: "", HIRO_MOCK_PORT: "0" };

/** Runs `hiro-lookup <args>` with `input` on its stdin. */
function withStdin(args: string[], input: string): Promise<CliRun> {
  const [node, ...rest] = cliCommand(args);
  const child = spawn(node, rest, { cwd: ROOT, env: { ...process.env, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr })));
}

const keys = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { contract_id: string; token_number: number })
    .map((i) => `${i.contract_id}:${i.token_number}`);

describe("hiro-lookup search (as a process)", () => {
  it("reads ids piped on stdin and prints the tokens as NDJSON, exit 0", async () => {
    const run = await withStdin(
      ["--base-url", baseUrl, "--retries", "0", "--ndjson", "search", "-"],
      `${FT}\n${SFT}:35\n`,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(keys(run.stdout)).toEqual([`${FT}:1`, `${SFT}:35`]);
  });

  it("against the mock: the known tokens in the order asked, the unknown named on stderr, exit 3", async () => {
    const run = await runCliProcess(
      ["--base-url", inject("mockUrl"), "--retries", "0", "--ndjson", "search", `${SFT}:99`, `${SFT}:35`, FT],
      env,
    );
    expect(run.code).toBe(3);
    expect(keys(run.stdout)).toEqual([`${SFT}:35`, `${FT}:1`]);
    expect(run.stderr).toBe(`hiro-lookup: not found: ${SFT}:99\n`);
  });
});
