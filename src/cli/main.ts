#!/usr/bin/env node

/** Entry point of the `hiro-lookup` command: wires `runCli` to the process. */
import { HiroValidationError } from "../index.js";
import { type MockControl, startMockServer } from "./mock-server.js";
import { runCli } from "./program.js";

const SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type Signal = keyof typeof SIGNALS;

/**
 * Starts the mock (`--mock`, `hiro-lookup mock`), and stops it if the CLI is interrupted, terminated or
 * hung up on, even while it starts (Prism also exits by itself if the CLI is killed outright).
 */
async function startMock(wanted?: number): Promise<{ url: string; stop(): Promise<void> }> {
  const port = wanted ?? Number(process.env.HIRO_MOCK_PORT || 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new HiroValidationError("HIRO_MOCK_PORT", `must be a port number from 0 to 65535; got ${port}`);
  let control: MockControl | undefined;
  const killNow = () => control?.killNow();
  const onSignal = (signal: Signal) => {
    // Prism is our child: without this it would outlive us, still listening.
    void (control?.stop() ?? Promise.resolve()).finally(() => process.exit(SIGNALS[signal]));
  };
  const release = () => {
    for (const signal of Object.keys(SIGNALS)) process.removeListener(signal, onSignal);
    process.removeListener("exit", killNow);
  };
  for (const signal of Object.keys(SIGNALS) as Signal[]) process.once(signal, onSignal);
  process.once("exit", killNow);
  try {
    const mock = await startMockServer({ cwd: process.cwd(), port, onSpawn: (c) => (control = c) });
    return {
      url: mock.url,
      stop: async () => {
        await mock.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
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
  stdin: process.stdin,
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
