/**
 * The `hiro-lookup` command line: one command per lookup, parsed with commander. `runCli` takes its
 * arguments, environment and streams as parameters, so tests can run it in-process or as a process.
 */
import { Command, CommanderError, Option } from "commander";
import {
  createLookupClient,
  HiroValidationError,
  HiroWaitTimeoutError,
  type LookupClient,
  type Page,
  waitForMetadata,
} from "../index.js";
import { collectHeader, headersOf, integer, pagingOptions } from "./arguments.js";
import { EXIT, exitCodeFor } from "./exit-codes.js";
import { HELP_AFTER_OPTIONS } from "./help.js";
import type { CliIo } from "./io.js";
import { withFlagName } from "./option-names.js";
import {
  type ClientOptionsWithMaxLimit,
  type MaxLimitFlags,
  maxLimitOf,
  maxLimitOptions,
} from "./page-maximum.js";
import { type PageOptions, printPages, printValue } from "./page-output.js";
import {
  apiKeyFor,
  clientBaseUrl,
  inCliTerms,
  lookupMetadataUrl,
  type ServiceUrls,
  serviceUrls,
  type UrlFlags,
} from "./service-urls.js";
import { registerVerify } from "./verify/verify-command.js";
import { packageVersion } from "./version.js";

interface GlobalOptions extends UrlFlags, MaxLimitFlags {
  apiKey?: string;
  mock?: boolean;
  timeout?: number;
  retries?: number;
  json?: boolean;
  ndjson?: boolean;
  header?: string[];
}

export type { CliIo } from "./io.js";

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const line = (text: string) => io.stderr.write(`hiro-lookup: ${text}\n`);
  const program = new Command("hiro-lookup")
    .description(
      "Look up SIP-013 token metadata, the inscriptions on a satoshi, or the rune activity of a transaction.",
    )
    .option(
      "--base-url <url>",
      "base URL of all three services, a proxy in front of them (env HIRO_BASE_URL)",
    )
    .option(
      "--metadata-url <url>",
      "Token Metadata API base URL (env HIRO_METADATA_URL; lookups default to https://api.hiro.so)",
    )
    .option(
      "--ordinals-url <url>",
      "Ordinals API base URL: a bitcoin-indexer's api/ordinals (env HIRO_ORDINALS_URL)",
    )
    .option("--runes-url <url>", "Runes API base URL: a bitcoin-indexer's api/runes (env HIRO_RUNES_URL)")
    .addOption(
      new Option(
        "--api-key <key>",
        "API key, sent as x-api-key (default: env HIRO_API_KEY, only to a *.hiro.so metadata host)",
      ),
    )
    .option("--mock", "start the embedded Prism mock of openapi.yaml and query it")
    .option("--timeout <ms>", "time limit of each attempt, in ms", integer("--timeout", 1))
    .option("--retries <n>", "retries after a failed attempt, 0 to 10", integer("--retries", 0))
    .option("-H, --header <header>", 'extra request header, "Name: value" (repeatable)', collectHeader, [])
    .addOption(
      new Option("--json", "print JSON (the default; pretty when stdout is a terminal)").conflicts("ndjson"),
    )
    .addOption(
      new Option("--ndjson", "print one JSON value per line (each result of a page)").conflicts("json"),
    )
    .addHelpText("after", HELP_AFTER_OPTIONS)
    // verify reads the same URL and key flags: show them in its help too.
    .configureHelp({ showGlobalOptions: true })
    .version(packageVersion(), "-V, --version", "print the version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  maxLimitOptions(program);

  /** Runs one lookup with the global options, printing its result or its error. */
  const run =
    (action: (client: LookupClient, global: GlobalOptions, command: Command) => Promise<void>) =>
    async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const global = command.optsWithGlobals<GlobalOptions>();
      let stopMock: (() => Promise<void>) | undefined;
      let urls: ServiceUrls = {};
      try {
        urls = serviceUrls(global, io.env);
        let baseUrl = clientBaseUrl(urls);
        let metadataUrl = lookupMetadataUrl(urls);
        if (global.mock) {
          if (!io.startMock)
            throw new HiroValidationError("--mock", "the embedded mock is not available here");
          const mock = await io.startMock();
          stopMock = () => mock.stop();
          baseUrl = mock.url;
          metadataUrl = mock.url;
        }
        const { apiKey, note } = apiKeyFor(global.apiKey, io.env, metadataUrl);
        if (note) line(note);
        const maxLimit = maxLimitOf(global);
        const options: ClientOptionsWithMaxLimit = {
          ...(baseUrl === undefined ? {} : { baseUrl }),
          ...(apiKey ? { apiKey } : {}),
          ...(global.timeout === undefined ? {} : { timeoutMs: global.timeout }),
          ...(global.retries === undefined ? {} : { maxRetries: global.retries }),
          ...(maxLimit ? { maxLimit } : {}),
          headers: headersOf(global.header),
        };
        const client = (io.createClient ?? createLookupClient)(options);
        await action(client, global, command);
      } catch (caught) {
        // The client names its options (baseUrl.ordinals, timeoutMs); the user needs the flag.
        const error = withFlagName(inCliTerms(caught, urls));
        exitCode = exitCodeFor(error);
        line(messageOf(error));
      } finally {
        await stopMock?.();
      }
    };

  const print = (global: GlobalOptions, value: unknown) => printValue(io, global, value);
  const pageOrAll = <T>(
    global: GlobalOptions,
    options: PageOptions,
    fetchPage: (paging: { offset?: number; limit?: number }) => Promise<Page<T>>,
  ) => printPages(io, global, options, fetchPage);

  program
    .command("sft")
    .description("metadata of a SIP-013 semi-fungible token")
    .argument(
      "<principal>",
      "contract principal, e.g. SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
    )
    .argument("<token_id>", "token id (u128, decimal)")
    .option("--locale <locale>", "metadata locale, e.g. es-MX")
    .option(
      "--wait",
      "while the service is still fetching the metadata (422 pending), ask again with backoff",
    )
    .option(
      "--wait-timeout <ms>",
      "with --wait: give up after this long, exit 5 (default 60000)",
      integer("--wait-timeout", 1),
    )
    .action(
      run(async (client, global, command) => {
        const [principal, token_id] = command.processedArgs as [string, string];
        const { locale, wait, waitTimeout } = command.opts<{
          locale?: string;
          wait?: boolean;
          waitTimeout?: number;
        }>();
        const params = { principal, token_id, ...(locale === undefined ? {} : { locale }) };
        if (waitTimeout !== undefined && !wait)
          throw new HiroValidationError("--wait-timeout", "only goes with --wait");
        print(
          global,
          wait
            ? await waitForMetadata(client, params, { deadlineMs: waitTimeout })
            : await client.getSftMetadata(params),
        );
      }),
    );

  pagingOptions(
    program
      .command("sat-inscriptions")
      .description("the inscriptions on a satoshi")
      .argument("<ordinal>", "ordinal number of the sat, 0 to 2099999997689999"),
  ).action(
    run(async (client, global, command) => {
      const [ordinal] = command.processedArgs as [string];
      await pageOrAll(global, command.opts<PageOptions>(), (paging) =>
        client.getSatoshiInscriptions({ ordinal, ...paging }),
      );
    }),
  );

  pagingOptions(
    program
      .command("tx-activity")
      .description("the rune activity of a Bitcoin transaction")
      .argument("<tx_id>", "transaction id, 64 hex characters (0x is removed)"),
  ).action(
    run(async (client, global, command) => {
      const [tx_id] = command.processedArgs as [string];
      await pageOrAll(global, command.opts<PageOptions>(), (paging) =>
        client.getTransactionActivity({ tx_id, ...paging }),
      );
    }),
  );

  registerVerify(program, io);
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    // A flag's value refused by its parser (`--limit x`, `--timeout 0`): one line, as the client's refusals.
    if (error instanceof HiroValidationError) {
      line(error.message);
      return EXIT.usage;
    }
    if (error instanceof CommanderError) {
      // Our own commands end with a code of their own (verify's FAIL); --help and --version with 0.
      if (error.code.startsWith("hiro-lookup.")) return error.exitCode;
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    throw error;
  }
  return exitCode;
}

/** An error as the CLI tells it: `--wait`'s deadline named by its flag, not the library's option. */
function messageOf(error: unknown): string {
  if (error instanceof HiroWaitTimeoutError) {
    return `${error.lastError.operationId}: the token's metadata was still being fetched after ${error.deadlineMs} ms (--wait-timeout)`;
  }
  return error instanceof Error ? error.message : String(error);
}
