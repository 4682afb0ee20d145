import { execFile } from "node:child_process";
import { inject } from "vitest";
import { ROOT } from "./spec.js";

/** How a CLI process ended: its exit code (0 on success) and what it printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `node <bundle> <args>`: the command line that runs `hiro-lookup <args>` from the sources, bundled
 * once per run by test/helpers/cli-bundle-setup.ts (list it in the project's `globalSetup`).
 */
export function cliCommand(args: readonly string[]): [string, ...string[]] {
  return [process.execPath, inject("cliBundle"), ...args];
}

/**
 * Runs `hiro-lookup <args>` as a process in the project root, never throwing on a non-zero exit.
 * `env` is laid over this process's environment.
 */
export function runCliProcess(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  const [node, ...rest] = cliCommand(args);
  return new Promise((resolve, reject) => {
    execFile(
      node,
      rest,
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}
