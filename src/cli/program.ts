/**
 * The `hiro-lookup` command line, parsed with commander: the global options here, the commands in their
 * own modules (lookup-commands.ts, token-commands.ts, search-command.ts, verify/, mock-command.ts, mcp-command.ts), each
 * registered below. `runCli` takes its
 * arguments, environment and streams as parameters, so tests can run it in-process or as a process.
 */
import { Command, CommanderError, Option } from "commander";
import { HiroValidationError } from "../index.js";
import { collectHeader, integer } from "./arguments.js";
import { EXIT } from "./exit-codes.js";
import { registerExplain } from "./explain-command.js";
import { globalOptionsShown, HELP_AFTER_OPTIONS } from "./help.js";
import { type CliIo, setVariables } from "./io.js";
import { lookupRunner } from "./lookup-action.js";
import { registerLookups } from "./lookup-commands.js";
import { registerMcp } from "./mcp-command.js";
import { registerMock } from "./mock-command.js";
import { MOCK_RATE, mockRatePerMinute } from "./mock-server.js";
import { registerSearch } from "./search-command.js";
import { registerServe } from "./serve/serve-command.js";
import { maxLimitOptions, serviceUrlOptions } from "./service-flags.js";
import { registerTokenLookups } from "./token-commands.js";
import { registerVerify } from "./verify/verify-command.js";
import { packageVersion } from "./version.js";

export type { CliIo } from "./io.js";

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export async function runCli(argv: string[], given: CliIo): Promise<number> {
  // An empty variable is an unset one (`HIRO_LOG= hiro-lookup …`), for every variable the CLI reads.
  const io: CliIo = { ...given, env: setVariables(given.env) };
  let exitCode: number = EXIT.ok;
  const line = (text: string) => io.stderr.write(`hiro-lookup: ${text}\n`);
  const program = serviceUrlOptions(
    new Command("hiro-lookup")
      .description(
        "Look up Stacks token metadata (fungible, non-fungible, semi-fungible; one, a list or a search), the inscriptions on a satoshi, or the rune activity of a transaction.",
      )
      .option(
        "--base-url <url>",
        "base URL of all three services, a proxy in front of them (env HIRO_BASE_URL)",
      ),
  )
    .addOption(
      new Option(
        "--api-key <key>",
        "API key, sent as x-api-key (default: env HIRO_API_KEY, only to a *.hiro.so metadata host)",
      ),
    )
    .option("--mock", "answer from the embedded mock of openapi.yaml (in this process, no install)")
    .option(
      "--rate-limit <n>",
      `the mock's budget (--mock, hiro-lookup mock): requests a minute before it answers 429 with retry-after (default ${MOCK_RATE}; 50 is Hiro's without a key; 0: none)`,
      mockRatePerMinute,
    )
    .option("--timeout <ms>", "time limit of each attempt, in ms", integer("--timeout", 1))
    .option("--retries <n>", "retries after a failed attempt, 0 to 10", integer("--retries", 0))
    .option(
      "--verbose",
      "log each attempt, answer, retry and pacer hold to stderr (as HIRO_LOG=debug; HIRO_LOG=info|warn|error logs less)",
    )
    .option("-H, --header <header>", 'extra request header, "Name: value" (repeatable)', collectHeader, [])
    .addOption(
      new Option(
        "--json",
        "print JSON (the default, but explain prints text on a terminal; pretty when stdout is a terminal)",
      ).conflicts("ndjson"),
    )
    .addOption(
      new Option("--ndjson", "print one JSON value per line (each result of a page)").conflicts("json"),
    )
    .addHelpText("after", HELP_AFTER_OPTIONS)
    // A command's help lists the global options it reads (help.ts), and no other.
    .configureHelp({ showGlobalOptions: true, visibleGlobalOptions: globalOptionsShown })
    .version(packageVersion(), "-V, --version", "print the version")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // commander's own errors in the CLI's words: `hiro-lookup: …`, as every other refusal.
      outputError: (s, write) => write(s.replace(/^error: /, "hiro-lookup: ")),
    });

  maxLimitOptions(program);
  // The mock's budget means nothing to a real service: refused rather than ignored.
  program.hook("preAction", (_program, command) => {
    const { rateLimit, mock } = command.optsWithGlobals<{ rateLimit?: number; mock?: boolean }>();
    if (rateLimit !== undefined && !mock && command.name() !== "mock")
      throw new HiroValidationError(
        "--rate-limit",
        "is the mock's budget: give it with --mock, or to hiro-lookup mock",
      );
  });

  const run = lookupRunner(io, (code) => {
    exitCode = code;
  });
  registerLookups(program, run, io, (code) => (exitCode = code));
  registerTokenLookups(program, run, io);
  registerSearch(program, run, io, (code) => (exitCode = code));
  registerExplain(program, run, io, (code) => (exitCode = code));
  registerVerify(program, io);
  registerMock(program, io);
  registerMcp(program, run, io);
  registerServe(program, io, (code) => (exitCode = code));
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
