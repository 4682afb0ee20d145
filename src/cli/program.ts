/**
 * The `hiro-lookup` command line: one command per lookup, parsed with commander. `runCli` takes its
 * arguments, environment and streams as parameters, so tests can run it in-process or as a process.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { createLookupClient, type LookupClient } from "../client.js";
import { HiroValidationError } from "../errors.js";
import { paginate } from "../paginate.js";
import type { Page } from "../types.js";
import { waitForMetadata } from "../wait-for-metadata.js";
import { EXIT, exitCodeFor } from "./exit-codes.js";
import { withFlagName } from "./option-names.js";
import { itemWriter, jsonText } from "./output.js";
import {
  apiKeyFor,
  clientBaseUrl,
  inCliTerms,
  lookupMetadataUrl,
  type ServiceUrls,
  serviceUrls,
  type UrlFlags,
} from "./service-urls.js";
import { registerVerify } from "./verify-command.js";

/** Where the CLI reads and writes. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  /** Starts the embedded Prism mock for `--mock`; returns its URL and a stop function. */
  startMock?: () => Promise<{ url: string; stop(): Promise<void> }>;
}

interface GlobalOptions extends UrlFlags {
  apiKey?: string;
  mock?: boolean;
  timeout?: number;
  retries?: number;
  json?: boolean;
  ndjson?: boolean;
  header?: string[];
}
interface PageOptions {
  offset?: number;
  limit?: number;
  all?: boolean;
  max?: number;
}

const EXAMPLES = `
Where requests go, per service (the first that is set wins):
  --metadata-url / --ordinals-url / --runes-url, then --base-url (all three services),
  then HIRO_METADATA_URL / HIRO_ORDINALS_URL / HIRO_RUNES_URL, then HIRO_BASE_URL.
  Token metadata defaults to https://api.hiro.so. Ordinals and runes have no default: Hiro retired
  its hosted Ordinals and Runes APIs on 2026-03-09, so point them at your bitcoin-indexer.
API key: --api-key goes to the --base-url origin, or with per-service URLs to the metadata service
  only; HIRO_API_KEY from the environment is used only when the metadata service is on *.hiro.so.

Examples:
  $ hiro-lookup --mock sft SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1 35
  $ HIRO_API_KEY=... hiro-lookup sft SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1 35 --locale es-MX
  # Ordinals and Runes: your bitcoin-indexer's two servers (api/ordinals and api/runes)
  $ hiro-lookup --ordinals-url http://127.0.0.1:3000 sat-inscriptions 1252201400444387 --limit 5
  $ hiro-lookup --runes-url http://127.0.0.1:3001 tx-activity 0x2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e --all --max 500
  $ export HIRO_ORDINALS_URL=http://127.0.0.1:3000 HIRO_RUNES_URL=http://127.0.0.1:3001

Output: one JSON value; --ndjson prints a page's results one per line. --all streams NDJSON (each item
  as it arrives); --json --all prints one JSON array instead ([] when empty), left unclosed if a page
  fails midway (the exit code then says why). --json and --ndjson do not go together.
--mock needs Prism, an optional peer dependency: npm i -D @stoplight/prism-cli@5.14.2

Exit codes: 0 ok, 2 usage or invalid input (nothing sent), 3 not found, 4 rate limited,
  5 other API error (sft --wait: still pending at --wait-timeout), 6 network or timeout,
  7 verify: a check FAILed.`;

function integer(name: string, min: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`${name} must be an integer >= ${min}.`);
    }
    return Number(value);
  };
}

function collectHeader(value: string, previous: string[]): string[] {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(value))
    throw new InvalidArgumentError('a header is "Name: value".');
  return [...previous, value];
}

function headersOf(lines: string[] = []): [string, string][] {
  return lines.map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
}

function pagingOptions(command: Command): Command {
  return command
    .option("--offset <n>", "results to skip", integer("--offset", 0))
    .option("--limit <n>", "results per page, 1 to 60", integer("--limit", 1))
    .option(
      "--all",
      "every result, streamed as NDJSON, one item per line as it arrives (with --json: one JSON array)",
    )
    .option("--max <n>", "with --all: stop after this many items", integer("--max", 1));
}

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
    .addHelpText("after", EXAMPLES)
    // verify reads the same URL and key flags: show them in its help too.
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

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
        const client = createLookupClient({
          ...(baseUrl === undefined ? {} : { baseUrl }),
          ...(apiKey ? { apiKey } : {}),
          ...(global.timeout === undefined ? {} : { timeoutMs: global.timeout }),
          ...(global.retries === undefined ? {} : { maxRetries: global.retries }),
          headers: headersOf(global.header),
        });
        await action(client, global, command);
      } catch (caught) {
        // The client names its options (baseUrl.ordinals, timeoutMs); the user needs the flag.
        const error = withFlagName(inCliTerms(caught, urls));
        exitCode = exitCodeFor(error);
        line(error instanceof Error ? error.message : String(error));
      } finally {
        await stopMock?.();
      }
    };

  const print = (global: GlobalOptions, value: unknown) => {
    if (global.ndjson && typeof value === "object" && value !== null && "results" in value) {
      for (const item of (value as Page<unknown>).results) io.stdout.write(`${jsonText(item)}\n`);
      return;
    }
    io.stdout.write(`${jsonText(value, io.stdout.isTTY === true && !global.ndjson)}\n`);
  };

  /**
   * Prints one page, or with --all streams every item as NDJSON (--json: one array) with a progress
   * line on a terminal. A failure midway leaves the array open: a reader sees it is incomplete.
   */
  const pageOrAll = async <T>(
    global: GlobalOptions,
    options: PageOptions,
    fetchPage: (paging: { offset?: number; limit?: number }) => Promise<Page<T>>,
  ) => {
    if (!options.all) {
      if (options.max !== undefined) throw new HiroValidationError("--max", "only goes with --all");
      print(global, await fetchPage({ ...options }));
      return;
    }
    if (options.limit !== undefined)
      throw new HiroValidationError("--limit", "does not go with --all (it pages by 60)");
    let total = 0;
    const out = itemWriter((text) => io.stdout.write(text), global.json === true);
    const progress = io.stderr.isTTY === true;
    const method = (paging: { offset?: number; limit?: number }) =>
      fetchPage(paging).then((page) => {
        total = page.total > 0 ? page.total : total;
        return page;
      });
    const start = options.offset === undefined ? {} : { offset: options.offset };
    for await (const item of paginate(
      method,
      start,
      options.max === undefined ? {} : { maxItems: options.max },
    )) {
      out.item(item);
      // Numbers only: the server's total is a checked integer, never text of its own.
      if (progress) io.stderr.write(`\r${out.count} / ${Math.trunc(Number(total)) || 0}`);
    }
    if (progress) io.stderr.write("\n");
    out.end();
  };

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
    if (error instanceof CommanderError) {
      // Our own commands end with a code of their own (verify's FAIL); --help and --version with 0.
      if (error.code.startsWith("hiro-lookup.")) return error.exitCode;
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    throw error;
  }
  return exitCode;
}
