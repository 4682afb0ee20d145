/**
 * Runs `hiro-lookup <args>` in-process: `runCli`, which src/cli/main.ts wires to the process, with the
 * environment given and its output collected. A Node start (and module load) less per command than
 * test/helpers/cli-process.ts; the tests that need the process itself (its exit status, a signal,
 * `--mock`'s own Prism) use that one.
 */
import { runCli } from "../../src/cli/program.js";
import { createLookupClient } from "../../src/index.js";
import type { CliRun } from "./cli-process.js";

/** Options of {@link runCliInProcess}. */
export interface InProcessOptions {
  /**
   * A running mock (the global setup's `mockUrl`) that `--mock` and `hiro-lookup mock` get in place of a
   * Prism of their own: its rules are the same, and starting one costs seconds. Without it, `--mock` is
   * refused as in a CLI with no embedded mock.
   */
  sharedMockUrl?: string;
  /** Told each time the command stops the shared mock (it stays up for the other tests). */
  onMockStop?: () => void;
  /** The `fetch` under the command's client (a real `createLookupClient` with the flags' options). */
  fetch?: typeof fetch;
  /** What `search -` reads as stdin. */
  stdin?: AsyncIterable<string | Uint8Array>;
  /** Whether stderr is a terminal (a retry's wait on one line, `search`'s progress). */
  stderrIsTTY?: boolean;
}

/**
 * Runs `hiro-lookup <args>` with `env` as its whole environment (nothing of this process's), never
 * throwing for a non-zero exit code.
 */
export async function runCliInProcess(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  options: InProcessOptions = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const { sharedMockUrl: url, onMockStop, fetch, stdin, stderrIsTTY } = options;
  const code = await runCli([...args], {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: {
      write: (text: string) => (stderr += text),
      ...(stderrIsTTY === undefined ? {} : { isTTY: stderrIsTTY }),
    },
    ...(stdin === undefined ? {} : { stdin }),
    ...(url === undefined ? {} : { startMock: async () => ({ url, stop: async () => onMockStop?.() }) }),
    ...(fetch === undefined ? {} : { createClient: (flags) => createLookupClient({ ...flags, fetch }) }),
  });
  return { code, stdout, stderr };
}
