/**
 * The static checks (package.json scripts), each run through `sh` with node_modules/.bin on the PATH as
 * npm would, without starting one npm per check: `npm run check` runs them side by side
 * (scripts/check.ts), and `npm test` runs each as a test of the tooling tier, alongside the rest.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The checks, in the order they are reported. */
export const CHECKS = ["lint:spec", "check:generated", "lint", "typecheck", "check:breaking"] as const;
export type CheckName = (typeof CHECKS)[number];

/** How a check ended. */
export interface CheckResult {
  name: CheckName;
  code: number | null;
  seconds: number;
  /** Its stdout and stderr, interleaved as they came. */
  output: string;
}

const SCRIPTS = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;

/** Runs package.json's script `name` to completion. */
export function runCheck(name: CheckName): Promise<CheckResult> {
  const command = SCRIPTS[name];
  if (!command) throw new Error(`package.json has no "${name}" script`);
  const started = performance.now();
  const child = spawn("sh", ["-c", command], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}${delimiter}${process.env.PATH ?? ""}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on("error", (err) => {
      output += String(err);
    });
    child.on("close", (code) =>
      resolve({ name, code, seconds: (performance.now() - started) / 1000, output }),
    );
  });
}
