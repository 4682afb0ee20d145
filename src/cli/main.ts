#!/usr/bin/env node
/** Entry point of the `hiro-lookup` command: wires `runCli` to the process. */
import { runCli } from "./program.js";

async function startMock() {
  // Loaded only for --mock: Prism is a development dependency of this repository.
  const { startPrism } = await import("../../scripts/lib/prism.js");
  return startPrism({ port: 0 });
}

runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  startMock,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`hiro-lookup: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
