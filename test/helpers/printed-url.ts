import type { ChildProcess } from "node:child_process";

/**
 * The URL a server process prints once it listens (`… on http://127.0.0.1:<port>`), read from its stdout;
 * rejects with what it printed when it exits first.
 */
export function printedUrl(child: ChildProcess): Promise<string> {
  let out = "";
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk;
      const printed = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (printed) resolve(printed);
    });
    child.once("exit", () => reject(new Error(`the process exited before it was ready: ${out}`)));
  });
}
