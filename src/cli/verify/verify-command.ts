/**
 * The `verify` command: checks that a deployment serves the contract, prints a conformance table (or
 * its rows as JSON with `--json`) and fails on any FAIL. Registered on the program by `registerVerify`.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Command } from "commander";
import { HiroValidationError } from "../../index.js";
import { EXIT } from "../exit-codes.js";
import { readsGlobals, VERIFY_GLOBALS } from "../help.js";
import { type CliIo, widthOf } from "../io.js";
import { jsonText } from "../output.js";
import { type MaxLimitFlags, maxLimitOf, type UrlFlags } from "../service-flags.js";
import { apiKeyFor, type ServiceUrls, serviceUrls } from "../service-urls.js";
import { printable, wrap } from "../text.js";
import { verifyDeployment } from "./verify.js";
import { merged, readConfig, targetsOf, type VerifyInput } from "./verify-config.js";
import { junitXml } from "./verify-junit.js";
import { failureLine, formatTable, tally } from "./verify-table.js";

interface VerifyOptions extends VerifyInput, UrlFlags, MaxLimitFlags {
  config?: string;
  apiKey?: string;
  mock?: boolean;
  rateLimit?: number;
  timeout?: number;
  retries?: number;
  json?: boolean;
  junit?: string;
}

const HELP = `
Each service whose URL is named is verified (never a default URL), and needs its known-good sample:
the metadata URL with --principal and --token-id, the ordinals URL with --ordinal (a sat with
inscriptions), the runes URL with --tx-id (a transaction with rune activity). The FT sample is --ft, or
else the first token of the FT list that the service answers with data (a 422 passes to the next; the
row says which was used). A service's URL comes, in
order, from --metadata-url / --ordinals-url / --runes-url, --base-url (all three), the --config file,
HIRO_METADATA_URL / HIRO_ORDINALS_URL / HIRO_RUNES_URL, HIRO_BASE_URL (all three): the same flags and
environment as the lookups. Global options that also apply: --api-key (sent to the metadata service
only; HIRO_API_KEY only to a *.hiro.so host), --timeout, --retries, --json (the rows as JSON), --mock
(every service not named on the embedded mock).

Every check is graded, whatever the URL sends: the embedded mock (--mock, or \`hiro-lookup mock\`)
answers as upstream does, so verify against it passes in full. A service that gives no answer, or a 5xx after the
retries, is taken as down: its later checks FAIL at once with that cause, without being sent.
--junit <file> also writes the checks as JUnit XML (a testcase per check, a FAIL as a failure; its
folder is made if missing), for CI systems' test reports.
Exit code 0 when nothing FAILs, 7 when a check FAILs, 2 for a usage error (a --junit file that cannot
be written included).

Example:
  $ hiro-lookup verify --ordinals-url http://127.0.0.1:3000 --ordinal 1252201400444387 \\
      --runes-url http://127.0.0.1:3001 --tx-id 2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e`;

/** Adds `hiro-lookup verify` to `program`. */
export function registerVerify(program: Command, io: CliIo): void {
  readsGlobals(program.command("verify"), VERIFY_GLOBALS)
    .description("check that a deployment serves the contract of openapi.yaml (conformance table)")
    .option("--principal <principal>", "sample SIP-013 contract principal")
    .option("--token-id <id>", "sample token id in that contract")
    .option("--ft <principal>", "sample SIP-010 contract (default: the first listed token with data)")
    .option("--ordinal <n>", "sample sat that carries inscriptions")
    .option("--tx-id <tx_id>", "sample transaction with rune activity")
    .option("--config <file>", "JSON file with the same fields (metadataUrl, …, tokenId, txId); flags win")
    .option("--junit <file>", "also write the checks to <file> as JUnit XML (for CI test reports)")
    .addHelpText("after", HELP)
    .action(async (_options: unknown, command: Command) => {
      const options = command.optsWithGlobals<VerifyOptions>();
      let stopMock: (() => Promise<void>) | undefined;
      let report: Awaited<ReturnType<typeof verifyDeployment>>;
      try {
        const config = options.config === undefined ? {} : await readConfig(options.config);
        const input = merged(config, options);
        let urls: ServiceUrls = serviceUrls(options, io.env, config);
        if (options.mock) {
          if (!io.startMock)
            throw new HiroValidationError("--mock", "the embedded mock is not available here");
          const mock = await io.startMock({ ratePerMinute: options.rateLimit });
          stopMock = () => mock.stop();
          const onMock = { url: mock.url, from: "--mock" };
          urls = {
            metadata: urls.metadata ?? onMock,
            ordinals: urls.ordinals ?? onMock,
            runes: urls.runes ?? onMock,
          };
        }
        const targets = targetsOf(input, urls);
        const { apiKey, note } = apiKeyFor(options.apiKey, io.env, targets.metadata?.url);
        if (note) io.stderr.write(`hiro-lookup: ${note}\n`);
        report = await verifyDeployment(targets, {
          apiKey,
          timeoutMs: options.timeout,
          maxRetries: options.retries === undefined ? undefined : Math.min(options.retries, 10),
          maxLimit: maxLimitOf(options),
        });
      } catch (error) {
        if (error instanceof HiroValidationError) {
          command.error(`hiro-lookup: ${error.message}`, { exitCode: EXIT.usage, code: "hiro-lookup.usage" });
        }
        throw error;
      } finally {
        await stopMock?.();
      }
      if (options.junit !== undefined) {
        const file = options.junit;
        const written = await mkdir(dirname(file), { recursive: true })
          .then(() => writeFile(file, junitXml(report)))
          .then(
            () => undefined,
            (error: { code?: unknown; message?: unknown }) => String(error.code ?? error.message),
          );
        if (written !== undefined) {
          command.error(
            `hiro-lookup: --junit: cannot write ${printable(options.junit, 200)} (${printable(written, 60)})`,
            {
              exitCode: EXIT.usage,
              code: "hiro-lookup.usage",
            },
          );
        }
      }
      const pretty = io.stdout.isTTY === true;
      io.stdout.write(options.json ? `${jsonText(report.rows, pretty)}\n` : formatTable(report, widthOf(io)));
      if (tally(report.rows).fail > 0) {
        // Wrapped at the terminal's width like the table, continuation lines indented.
        const message = wrap(`hiro-lookup: ${failureLine(report)}`, widthOf(io) - 2).join("\n  ");
        command.error(message, { exitCode: EXIT.verifyFailed, code: "hiro-lookup.verify.failed" });
      }
    });
}
