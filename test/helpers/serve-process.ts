/**
 * `hiro-lookup serve` as a process for the hostile-caller tests: started from the bundled CLI, optionally
 * under a shell line that sets its limits first (`ulimit -n 256; exec …`), with its start line, its URL,
 * what it wrote to stderr and its exit code.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cliCommand } from "./cli-process.js";
import { ROOT } from "./spec.js";

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  startLine: string;
  stderr: () => string;
  /** The exit code (a signal's end is `signal:<name>`). */
  exited: Promise<number | string>;
  /** Whether the process has not exited yet. */
  running: () => boolean;
}

/**
 * Starts `hiro-lookup <args> serve --port 0 <serveArgs>`. `shellBefore`: shell commands run first in the
 * same process, which then `exec`s the CLI (so the test's process stays its parent).
 */
export async function startServeProcess(
  args: readonly string[],
  serveArgs: readonly string[] = [],
  shellBefore?: string,
): Promise<ServeProcess> {
  const [node, ...rest] = cliCommand([...args, "serve", "--port", "0", ...serveArgs]);
  const [command, commandArgs] =
    shellBefore === undefined
      ? [node, rest]
      : ["/bin/sh", ["-c", `${shellBefore}; exec "$0" "$@"`, node, ...rest]];
  const env = { ...process.env, HIRO_API_KEY: "", HIRO_LOG: "", HIRO_REDIS_URL: "" };
  const child = spawn(command, commandArgs, { cwd: ROOT, env });
  let stdout = "";
  let stderr = "";
  let done = false;
  child.stderr?.on("data", (data) => {
    stderr += data;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      done = true;
      resolve(code ?? `signal:${signal}`);
    }),
  );
  const startLine = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (data) => {
      stdout += data;
      const line = stdout.split("\n").find((l) => l.includes("listening on"));
      if (line) resolve(line);
    });
    child.once("exit", () => reject(new Error(`serve exited: ${stderr}`)));
  });
  const url = /listening on (http:\/\/\S+?);/.exec(startLine)?.[1] ?? "";
  return { child, url, startLine, stderr: () => stderr, exited, running: () => !done };
}
