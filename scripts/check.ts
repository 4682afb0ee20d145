/**
 * `npm run check`: the static checks, run concurrently (they are independent), each one's time printed,
 * and each failing one's output. Exits 1 if any failed.
 *
 * The commands are package.json's own scripts, run through `sh` with node_modules/.bin on the PATH, as
 * npm would (without starting one npm per check). `--skip <name>` leaves one out: `npm test` skips
 * `typecheck`, because vitest's `types` project runs the same `tsc -p tsconfig.json` over the whole project.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CHECKS = ["lint:spec", "check:generated", "lint", "typecheck", "check:breaking"] as const;

interface Result {
  name: string;
  code: number | null;
  seconds: number;
  output: string;
}

function runScript(name: string, command: string): Promise<Result> {
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

const args = process.argv.slice(2);
const skipped = new Set(args.flatMap((arg, i) => (args[i - 1] === "--skip" ? [arg] : [])));
const scripts = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;
const started = performance.now();
const results = await Promise.all(
  CHECKS.filter((name) => !skipped.has(name)).map((name) => {
    const command = scripts[name];
    if (!command) throw new Error(`package.json has no "${name}" script`);
    return runScript(name, command);
  }),
);
const failed = results.filter((result) => result.code !== 0);
for (const result of failed)
  process.stdout.write(`\n── ${result.name} failed (exit ${result.code}) ──\n${result.output}\n`);
const times = results
  .map((r) => `${r.name} ${r.code === 0 ? "ok" : "FAILED"} ${r.seconds.toFixed(1)} s`)
  .join(", ");
const total = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `check: ${times}; ${total} s wall${skipped.size ? ` (skipped: ${[...skipped].join(", ")})` : ""}\n`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
