/**
 * The CLI's mock: `--mock` (for one command) and `hiro-lookup mock` (until stopped), both the package's
 * openapi.yaml served by Prism behind the front that answers by the mock's rules (src/mock-server/).
 * SIGINT, SIGTERM and SIGHUP stop Prism before the CLI ends, even while it starts, and so does the end
 * of the process that started the CLI (npx's or an npm script's npm, stopped by an IDE or a process
 * manager: npm does not pass the signal on). Prism also exits on its own when the CLI dies another way
 * (SIGKILL), as it watches its parent.
 */
import { HiroValidationError } from "../index.js";
import { tokenHostFetch } from "../mock/index.js";
import {
  MockPortError,
  mockHints,
  PRISM_INSTALL_HINT,
  PRISM_VERSION,
  type PrismControl,
  PrismMissingError,
  packageSpec,
  type RunningMock,
  startMock,
  watchLaunchers,
} from "../mock-server/index.js";

/** `packageSpec`: the package's openapi.yaml, which `mcp` serves as a resource. */
export { mockHints, PRISM_INSTALL_HINT, PRISM_VERSION, packageSpec };

const SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
/** A signal that stops the mock. */
export type StopSignal = keyof typeof SIGNALS;
/** Why the mock stops, and the CLI's exit code: a signal (128 + its number), or its launcher gone (1). */
const STOP_CODES = { ...SIGNALS, launcherGone: 1 } as const;
type StopReason = keyof typeof STOP_CODES;

/** A started mock, for a CLI command. */
export interface CliMock {
  url: string;
  stop(): Promise<void>;
  /** The token hosts of the mock's examples (their documents and images), for `explain --mock`. */
  tokenHost: typeof fetch;
}

/** A port number from `source` (a flag or a variable), or `fallback` when it is unset. */
export function mockPort(value: string | undefined, source: string, fallback: number): number {
  const port = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new HiroValidationError(source, `must be a port number from 0 to 65535; got ${value}`);
  return port;
}

/**
 * Starts the mock. Until it is up, a signal (or the launcher's end) stops Prism and exits with its
 * code; once it is up, `onStop` decides (after the handlers are released).
 */
async function launch(
  what: string,
  port: number,
  portSource: string,
  onStop: (reason: StopReason, mock: RunningMock) => void,
): Promise<RunningMock> {
  let control: PrismControl | undefined;
  let mock: RunningMock | undefined;
  /** Set once the mock is being stopped on purpose: Prism's exit is then expected. */
  let stopping = false;
  const handler = (reason: StopReason) => {
    stopping = true;
    release();
    if (mock) return onStop(reason, mock);
    void (control?.stop() ?? Promise.resolve()).finally(() => process.exit(STOP_CODES[reason]));
  };
  const handlers = (Object.keys(SIGNALS) as StopSignal[]).map((signal) => {
    const listener = () => handler(signal);
    process.once(signal, listener);
    return [signal, listener] as const;
  });
  const unwatch = watchLaunchers(() => handler("launcherGone"));
  const release = () => {
    unwatch();
    for (const [signal, listener] of handlers) process.removeListener(signal, listener);
  };
  try {
    const started = await startMock({
      port,
      portVariable: portSource,
      cwd: process.cwd(),
      onSpawn: (spawned) => {
        control = spawned;
      },
    });
    mock = started;
    // Prism dying under the front (whatever killed it) ends the CLI, saying so: the front would
    // otherwise answer every request with a 502 after its 10 s of retries, for as long as it ran.
    started.prism.process.once("exit", (code, signal) => {
      if (stopping) return;
      stopping = true;
      release();
      process.stderr.write(
        `hiro-lookup: the mock's Prism exited unexpectedly (${signal ?? `code ${code}`}); the mock stops\n`,
      );
      void started.stop().finally(() => process.exit(1));
    });
    // Stopped by the command, not by a signal: the handlers go too.
    return {
      ...started,
      stop: () => {
        stopping = true;
        release();
        return started.stop();
      },
    };
  } catch (error) {
    release();
    if (error instanceof PrismMissingError) throw new HiroValidationError(what, error.message);
    if (error instanceof MockPortError) throw new HiroValidationError(portSource, error.message);
    throw error;
  }
}

/**
 * `--mock` and `hiro-lookup mock`: the mock on `port` (default: `HIRO_MOCK_PORT`, else a free port;
 * `portSource` is named if it is taken). A signal stops it and ends the CLI with 128 + its number; the
 * end of the process that started the CLI stops it too (exit 1).
 */
export async function startCommandMock(port?: number, portSource = "HIRO_MOCK_PORT"): Promise<CliMock> {
  const wanted = port ?? mockPort(process.env.HIRO_MOCK_PORT, "HIRO_MOCK_PORT", 0);
  const mock = await launch(port === undefined ? "--mock" : "mock", wanted, portSource, (reason, running) => {
    void running.stop().finally(() => process.exit(STOP_CODES[reason]));
  });
  return { url: mock.url, stop: () => mock.stop(), tokenHost: tokenHostFetch() };
}
