#!/usr/bin/env node

/** Entry point of the `hiro-lookup` command: wires `runCli` to the process. */
import { startCommandMock } from "./mock-server.js";
import { runCli } from "./program.js";

// `hiro-lookup … | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  startMock: startCommandMock,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`hiro-lookup: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
