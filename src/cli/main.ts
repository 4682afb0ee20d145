#!/usr/bin/env node

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
/** Entry point of the `hiro-lookup` command: wires `runCli` to the process. */
import { HiroValidationError } from "../errors.js";
import { runCli } from "./program.js";

async function startMock() {
  // Loaded only for --mock: Prism is a development dependency of this repository.
  const { startPrism } = await import("../../scripts/lib/prism.js").catch((cause: unknown) => {
    throw new HiroValidationError(
      "--mock",
      "needs the development dependency @stoplight/prism-cli: run it from a clone of the repository",
      { cause },
    );
  });
  // openapi.yaml sits at the package root: one level above dist/cli.js, two above src/cli/main.ts.
  const specPath = ["../openapi.yaml", "../../openapi.yaml"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((path) => existsSync(path));
  return startPrism({ port: Number(process.env.HIRO_MOCK_PORT || 0), ...(specPath ? { specPath } : {}) });
}

// `hiro-lookup … | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

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
