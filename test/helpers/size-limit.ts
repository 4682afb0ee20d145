import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SIZE_LIMIT = join(ROOT, "node_modules/size-limit/bin.js");

/** One entry of `size-limit --json`. */
export interface SizeResult {
  name: string;
  size: number;
  sizeLimit: number;
  passed: boolean;
}

/** What a failed child process carries (execFile's error). */
interface RunFailure {
  code?: number | string;
  stdout?: string;
  stderr?: string;
}

/**
 * Runs size-limit from the project's root (`--json`, then `args`). It exits 1 when an entry is over its
 * limit and prints the JSON all the same, so that is an answer; any other failure (a missing file, a build
 * error) rejects with size-limit's own words: the `error` of its JSON, and its stderr.
 */
export async function sizeLimit(args: readonly string[] = []): Promise<SizeResult[]> {
  const run = promisify(execFile)(process.execPath, [SIZE_LIMIT, "--json", ...args], { cwd: ROOT });
  const stdout = await run.then(
    (r) => r.stdout,
    (failure: RunFailure) => {
      if (failure.stdout?.trim().startsWith("[")) return failure.stdout;
      throw new Error(`size-limit failed (exit ${failure.code}): ${ownWords(failure)}`);
    },
  );
  return JSON.parse(stdout) as SizeResult[];
}

/** size-limit's error as it printed it: `--json` puts it in `{ "error": … }` on stdout, esbuild adds stderr. */
function ownWords({ stdout = "", stderr = "" }: RunFailure): string {
  let said = stdout.trim();
  try {
    const parsed: unknown = JSON.parse(said);
    if (parsed && typeof parsed === "object" && "error" in parsed) said = String(parsed.error);
  } catch {
    // not JSON: shown as printed
  }
  return [said, stderr.trim()].filter(Boolean).join("\n") || "(it printed nothing)";
}
