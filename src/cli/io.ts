/** Where the CLI reads and writes: passed to `runCli`, so tests run it in-process or as a process. */

/** An output stream: a terminal tells its width. */
export interface CliStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /** The terminal's width in characters, when it is one. */
  columns?: number;
}

import type { LookupClient, LookupClientOptions } from "../index.js";
import type { McpSdk } from "../mcp/index.js";

/** Where the CLI reads and writes. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: CliStream;
  stderr: CliStream;
  /**
   * Starts the embedded mock for `--mock` (a free port) or `hiro-lookup mock` (`port`, set by `portSource`;
   * `ratePerMinute` its rate limit, `0` none); its URL, a stop function, and the token hosts of its examples (`explain`'s
   * documents and images).
   */
  startMock?: (options?: {
    port?: number | undefined;
    portSource?: string | undefined;
    ratePerMinute?: number | undefined;
  }) => Promise<{ url: string; stop(): Promise<void>; tokenHost?: typeof fetch }>;
  /** Where `search -` reads ids (process.stdin). */
  stdin?: AsyncIterable<string | Uint8Array>;
  /** Imports the MCP SDK for `hiro-lookup mcp` (default: `import()`): tests stage a missing one. */
  importMcpSdk?: () => Promise<McpSdk>;
  /** Ends `serve` when it resolves (tests); default: SIGTERM or SIGINT. */
  stopSignal?: Promise<void>;
  /** Makes the lookups' client (default `createLookupClient`): tests see the options the flags gave. */
  createClient?: (options: LookupClientOptions) => LookupClient;
}

/** The width to fit text to: the terminal's, else `COLUMNS`, else 100 (a pipe or a file). */
export function widthOf(io: CliIo): number {
  const fromEnv = Number(io.env.COLUMNS);
  const width =
    io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : Number.isInteger(fromEnv) ? fromEnv : 100;
  return Math.max(40, width || 100);
}

/** The environment without its empty variables: by convention, a variable set to "" is unset. */
export function setVariables(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
}
