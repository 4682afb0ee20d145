/** The lookup commands of the first three routes: `sft`, `sat-inscriptions` and `tx-activity`. */
import type { Command } from "commander";
import { HiroValidationError, isRefreshingToken, waitForMetadata } from "../index.js";
import { integer, pagingOptions } from "./arguments.js";
import { EXIT } from "./exit-codes.js";
import { lookupGlobals, readsGlobals } from "./help.js";
import type { CliIo } from "./io.js";
import type { GlobalOptions, LookupRunner } from "./lookup-action.js";
import { type PageOptions, printPages, printValue } from "./page-output.js";

const SFT_EXAMPLE = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const TX_EXAMPLE = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";

/**
 * The note for a token being refreshed (`isRefreshingToken`): the data is printed as it came, and stderr
 * says why `token_uri`, `decimals` and `total_supply` are missing, so a script does not take it as final.
 */
export function noteRefreshing(io: CliIo): void {
  io.stderr.write(
    "hiro-lookup: note: the token has metadata but no token_uri (nor decimals, total_supply): it is being refreshed (a second mint or a refresh); ask again later, or use sft --wait --complete\n",
  );
}

/** The fields of a token answer that come from its metadata job; a failed job's answer has none of them. */
const JOB_FIELDS = ["token_uri", "metadata", "name", "symbol", "decimals", "total_supply"] as const;

/**
 * The note for a token whose metadata job failed (upstream answers 200 `{}` on the SFT and NFT routes, and
 * only `tx_id`, `sender_address`, `asset_identifier` on the FT route): the answer is printed as it came,
 * and stderr says it is not a token without metadata. `explain` is the command that says why.
 */
export function noteFailedJob(io: CliIo, token: object, explain: string): boolean {
  if (JOB_FIELDS.some((field) => field in token)) return false;
  io.stderr.write(
    `hiro-lookup: note: the answer has no metadata (no token_uri, name or symbol): the service's metadata job for this token failed (its URI timed out or kept failing) and stays so until the token's metadata is refreshed; \`hiro-lookup ${explain}\` says why\n`,
  );
  return true;
}

/** Adds the lookup commands to `program`, each run by `run`; `setExit` sets a code without an error. */
export function registerLookups(
  program: Command,
  run: LookupRunner,
  io: CliIo,
  setExit: (code: number) => void,
): void {
  const print = (global: GlobalOptions, value: unknown) => printValue(io, global, value);

  readsGlobals(program.command("sft"), lookupGlobals("metadata"))
    .description("metadata of a SIP-013 semi-fungible token")
    .argument(
      "<principal>",
      "contract principal, e.g. SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
    )
    .argument(
      "<token_id>",
      "token id in decimal: up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1 (the service reads ids as JS numbers)",
    )
    .option("--locale <locale>", "metadata locale, e.g. es-MX")
    .option(
      "--wait",
      "while the service is still fetching the metadata (422 pending), ask again with backoff",
    )
    .option(
      "--complete",
      "with --wait: also wait while the token is being refreshed (no token_uri after a second mint)",
    )
    .option(
      "--wait-timeout <ms>",
      "with --wait: give up after this long, exit 5 (default 60000)",
      integer("--wait-timeout", 1),
    )
    .addHelpText(
      "after",
      `\nExamples:\n  $ hiro-lookup --mock sft ${SFT_EXAMPLE} 35\n  $ hiro-lookup sft ${SFT_EXAMPLE} 35 --locale es-MX --wait`,
    )
    .action(
      run(async (client, global, command) => {
        const [principal, token_id] = command.processedArgs as [string, string];
        const { locale, wait, waitTimeout, complete } = command.opts<{
          locale?: string;
          wait?: boolean;
          waitTimeout?: number;
          complete?: boolean;
        }>();
        const params = { principal, token_id, ...(locale === undefined ? {} : { locale }) };
        if (waitTimeout !== undefined && !wait)
          throw new HiroValidationError("--wait-timeout", "only goes with --wait");
        if (complete && !wait) throw new HiroValidationError("--complete", "only goes with --wait");
        const token = wait
          ? await waitForMetadata(client, params, { deadlineMs: waitTimeout, complete })
          : await client.getSftMetadata(params);
        print(global, token);
        if (noteFailedJob(io, token, `explain sft ${principal} ${token_id}`)) return;
        if (!isRefreshingToken(token)) return;
        if (complete) {
          io.stderr.write(
            `hiro-lookup: the token was still being refreshed after ${waitTimeout ?? 60_000} ms (--wait-timeout): no token_uri, decimals or total_supply yet\n`,
          );
          setExit(EXIT.apiError);
        } else noteRefreshing(io);
      }),
    );

  pagingOptions(
    readsGlobals(program.command("sat-inscriptions"), lookupGlobals("ordinals"))
      .description("the inscriptions on a satoshi")
      .argument("<ordinal>", "ordinal number of the sat, 0 to 2099999997689999")
      .addHelpText(
        "after",
        "\nExamples:\n  $ hiro-lookup --ordinals-url http://127.0.0.1:3000 sat-inscriptions 1252201400444387 --limit 5\n  $ hiro-lookup --mock sat-inscriptions 1252201400444387 --all --max 100",
      ),
  ).action(
    run(async (client, global, command) => {
      const [ordinal] = command.processedArgs as [string];
      await printPages(io, global, command.opts<PageOptions>(), client, "getSatoshiInscriptions", {
        ordinal,
      });
    }),
  );

  pagingOptions(
    readsGlobals(program.command("tx-activity"), lookupGlobals("runes"))
      .description("the rune activity of a Bitcoin transaction")
      .argument("<tx_id>", "transaction id, 64 hex characters (0x is removed)")
      .addHelpText(
        "after",
        `\nExamples:\n  $ hiro-lookup --runes-url http://127.0.0.1:3001 tx-activity ${TX_EXAMPLE} --all --max 500\n  $ hiro-lookup --mock --ndjson tx-activity ${TX_EXAMPLE}`,
      ),
  ).action(
    run(async (client, global, command) => {
      const [tx_id] = command.processedArgs as [string];
      await printPages(io, global, command.opts<PageOptions>(), client, "getTransactionActivity", { tx_id });
    }),
  );
}
