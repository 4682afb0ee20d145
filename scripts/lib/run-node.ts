import { spawn } from "node:child_process";

/** What a finished child process printed (stdout and stderr interleaved) and its exit code. */
export interface NodeRun {
  code: number | null;
  output: string;
}

/**
 * Runs a Node CLI file (`node <file> <args>`) with Redocly's telemetry and update notice off, and
 * resolves when it exits. Never through npx, so no shell or orphan is left behind.
 */
export function runNode(file: string, args: readonly string[], cwd: string): Promise<NodeRun> {
  const child = spawn(process.execPath, [file, ...args], {
    cwd,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}
