/**
 * How a lookup command runs: the global options turned into a client (URLs, key, timeouts, page
 * maximum, or the embedded mock), the command's own action, and its error told as one stderr line with
 * the exit code it calls for. Each command module registers its commands with such a runner.
 */
import type { Command } from "commander";
import {
  createLookupClient,
  HiroApiError,
  HiroIncompleteListError,
  HiroNetworkError,
  HiroValidationError,
  HiroWaitTimeoutError,
  type LogLevel,
  type LookupClient,
  type LookupClientOptions,
} from "../index.js";
import { headersOf } from "./arguments.js";
import { exitCodeFor } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { stderrLogger, waitNotice } from "./log-output.js";
import { inCliWords } from "./option-names.js";
import { type MaxLimitFlags, maxLimitOf, type UrlFlags } from "./service-flags.js";
import {
  apiKeyFor,
  type ClientRouting,
  clientRouting,
  lookupMetadataUrl,
  type ServiceUrls,
  serviceUrls,
} from "./service-urls.js";

/** The global options, as commander names them. */
export interface GlobalOptions extends UrlFlags, MaxLimitFlags {
  apiKey?: string;
  mock?: boolean;
  /** `--rate-limit`: the mock's budget under `--mock`, requests a minute (0: none). */
  rateLimit?: number;
  timeout?: number;
  retries?: number;
  json?: boolean;
  ndjson?: boolean;
  header?: string[];
  verbose?: boolean;
}

/** What the embedded mock gives a command besides its URL: the token hosts of its examples (`explain`). */
export interface MockExtras {
  tokenHost?: typeof fetch | undefined;
}

/** What a lookup command does with its client (`mock`: set under `--mock`). */
export type LookupAction = (
  client: LookupClient,
  global: GlobalOptions,
  command: Command,
  mock?: MockExtras,
) => Promise<void>;

/**
 * The client's options the global flags and the environment give, as every command that runs a client
 * reads them: where the services live (`routing`, and the metadata URL the environment's key may follow),
 * the key, timeouts, retries, page maxima, headers and the log (`--verbose`, else `HIRO_LOG`, else
 * `logDefault`). A note about the key goes to stderr.
 */
export function globalClientOptions(
  io: CliIo,
  global: GlobalOptions,
  where: { routing: ClientRouting; metadataUrl: string | undefined },
  logDefault: LogLevel,
): LookupClientOptions {
  const { apiKey, note } = apiKeyFor(global.apiKey, io.env, where.metadataUrl);
  if (note) io.stderr.write(`hiro-lookup: ${note}\n`);
  const maxLimit = maxLimitOf(global);
  return {
    ...where.routing,
    ...(apiKey ? { apiKey } : {}),
    ...(global.timeout === undefined ? {} : { timeoutMs: global.timeout }),
    ...(global.retries === undefined ? {} : { maxRetries: global.retries }),
    ...(maxLimit ? { maxLimit } : {}),
    headers: headersOf(global.header),
    // Records on stderr; stdout stays the data alone. An empty HIRO_LOG is an unset one.
    logLevel: global.verbose ? "debug" : ((io.env.HIRO_LOG || logDefault) as LogLevel),
    logger: stderrLogger(io),
  };
}

/**
 * Wraps a {@link LookupAction} as a commander action. `defaults` are client options of the command's own
 * (`mcp`'s timeouts and answer checks), under those the flags set.
 */
export type LookupRunner = (
  action: LookupAction,
  defaults?: Omit<LookupClientOptions, "maxLimit">,
) => (...args: unknown[]) => Promise<void>;

/** A runner for `io`; `setExit` receives the exit code of a failed lookup. */
export function lookupRunner(io: CliIo, setExit: (code: number) => void): LookupRunner {
  const line = (text: string) => io.stderr.write(`hiro-lookup: ${text}\n`);
  // Runs one lookup with the global options, printing its result or its error.
  return (action, defaults = {}) =>
    async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const global = command.optsWithGlobals<GlobalOptions>();
      let stopMock: (() => Promise<void>) | undefined;
      let mockExtras: MockExtras | undefined;
      let urls: ServiceUrls = {};
      const waitLine = waitNotice(io);
      try {
        urls = serviceUrls(global, io.env);
        let routing = clientRouting(urls);
        let metadataUrl = lookupMetadataUrl(urls);
        if (global.mock) {
          if (!io.startMock)
            throw new HiroValidationError("--mock", "the embedded mock is not available here");
          // The mock answers every service: a URL named beside it is not used, and is said so.
          const ignored = [...new Set(Object.values(urls).map((named) => named.from))];
          if (ignored.length > 0) line(`--mock answers every service; ${ignored.join(", ")} not used`);
          const mock = await io.startMock({ ratePerMinute: global.rateLimit });
          stopMock = () => mock.stop();
          mockExtras = { tokenHost: mock.tokenHost };
          routing = { baseUrl: mock.url };
          metadataUrl = mock.url;
        }
        const options: LookupClientOptions = {
          ...defaults,
          ...globalClientOptions(io, global, { routing, metadataUrl }, "off"),
          // On a terminal, a wait before a retry says so, on one line that the next one overwrites.
          ...(io.stderr.isTTY && !global.verbose ? { onRetry: waitLine.onRetry } : {}),
        };
        const client = (io.createClient ?? createLookupClient)(options);
        await action(client, global, command, mockExtras);
        waitLine.clear();
      } catch (caught) {
        waitLine.clear();
        // The client names its options (baseUrl.ordinals, timeoutMs); the user needs the flag.
        const error = inCliWords(caught, urls);
        setExit(exitCodeFor(error));
        line(messageOf(error, command.name()));
      } finally {
        await stopMock?.();
      }
    };
}

/**
 * An error as the CLI tells it, from its fields: the library names a lookup's operation
 * (`getSftMetadata`), the user typed a command (`sft`); `--wait`'s deadline is named by its flag, not
 * the library's option; an incomplete `--all` opens with the command; a pending token says what to do.
 */
function messageOf(error: unknown, commandName: string): string {
  if (error instanceof HiroIncompleteListError) {
    const missing = error.total - error.offset - error.received;
    return `${commandName}: the list ended with ${error.received} distinct items of the ${error.total} the service counts (after a second pass; each printed once), ${missing} missing: the service's order has ties (the FT list sorts by name or symbol with no tie-breaker), so pages shifted between requests; run it again, or with a larger --limit (fewer pages)`;
  }
  if (error instanceof HiroWaitTimeoutError) {
    return `${commandName}: the token's metadata was still being fetched after ${error.deadlineMs} ms (--wait-timeout)`;
  }
  if (error instanceof HiroApiError || error instanceof HiroNetworkError) {
    // A token whose metadata is still being fetched: say what to do about it.
    const pending =
      error instanceof HiroApiError && error.is("metadata_pending") && error.operationId === "getSftMetadata";
    const advice = pending ? "; ask again later, or add --wait to ask until it is there" : "";
    return error.operationId === undefined
      ? `${error.summary}${advice}`
      : `${commandName}: ${error.summary}${advice}`;
  }
  return error instanceof Error ? error.message : String(error);
}
