/**
 * The CLI's mock: `--mock` (for one command) and `hiro-lookup mock` (until stopped), both the mock's
 * rules served in the CLI's own process (src/mock-server/rules-server.ts): no Prism, nothing to install,
 * nothing left running. SIGINT, SIGTERM and SIGHUP stop it before the CLI ends, and so does the end of
 * the process that started the CLI (npx's or an npm script's npm, stopped by an IDE or a process
 * manager: npm does not pass the signal on).
 */
import { HiroValidationError } from "../index.js";
import {
  MOCK_BUDGET,
  MockPortError,
  mockHints,
  packageSpec,
  type RulesMock,
  startRulesMock,
  tokenHostFetch,
  watchLaunchers,
} from "../mock-server/index.js";

/** `packageSpec`: the package's openapi.yaml, which `mcp` serves as a resource. */
export { mockHints, packageSpec };

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

/** How the mock is started: its port, what set it (named if it is taken), and its rate limit. */
export interface CliMockOptions {
  /** Default: `HIRO_MOCK_PORT`, else a free port. */
  port?: number | undefined;
  /** Default `HIRO_MOCK_PORT`. */
  portSource?: string | undefined;
  /** Requests a minute before the mock answers 429; `0`: no limit. Default {@link MOCK_RATE}. */
  ratePerMinute?: number | undefined;
}

/** The mock's default budget, in requests a minute (3,000: the pacer spreads it 20 ms apart). */
export const MOCK_RATE = MOCK_BUDGET.limit;

/**
 * `--rate-limit`, the mock's budget (`hiro-lookup mock`, `--mock`): a whole number of requests a minute,
 * `0` for none. A commander parser: a bad value is refused by name before anything starts.
 */
export function mockRatePerMinute(value: string): number {
  const rate = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(rate))
    throw new HiroValidationError(
      "--rate-limit",
      `must be a whole number of requests a minute (0: none); got ${value}`,
    );
  return rate;
}

/** A port number from `source` (a flag or a variable), or `fallback` when it is unset. */
export function mockPort(value: string | undefined, source: string, fallback: number): number {
  const port = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new HiroValidationError(source, `must be a port number from 0 to 65535; got ${value}`);
  return port;
}

/**
 * `--mock` and `hiro-lookup mock`: the mock on `options.port`. A signal stops it and ends the CLI with
 * 128 + its number; the end of the process that started the CLI stops it too (exit 1).
 */
export async function startCommandMock(options: CliMockOptions = {}): Promise<CliMock> {
  const portSource = options.portSource ?? "HIRO_MOCK_PORT";
  const port = options.port ?? mockPort(process.env.HIRO_MOCK_PORT, "HIRO_MOCK_PORT", 0);
  const rate = options.ratePerMinute;
  let mock: RulesMock;
  try {
    mock = await startRulesMock({
      port,
      portVariable: portSource,
      ...(rate === undefined ? {} : { rateLimit: rate === 0 ? false : { limit: rate, windowMs: 60_000 } }),
    });
  } catch (error) {
    if (error instanceof MockPortError) throw new HiroValidationError(portSource, error.message);
    throw error;
  }
  const stopOn = (reason: StopReason) => {
    release();
    void mock.close().finally(() => process.exit(STOP_CODES[reason]));
  };
  const handlers = (Object.keys(SIGNALS) as StopSignal[]).map((signal) => {
    const listener = () => stopOn(signal);
    process.once(signal, listener);
    return [signal, listener] as const;
  });
  const unwatch = watchLaunchers(() => stopOn("launcherGone"));
  const release = () => {
    unwatch();
    for (const [signal, listener] of handlers) process.removeListener(signal, listener);
  };
  return {
    url: mock.url,
    // Stopped by the command, not by a signal: the handlers go too.
    stop: () => {
      release();
      return mock.close();
    },
    tokenHost: tokenHostFetch(),
  };
}
