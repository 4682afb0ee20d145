/** The lookup commands of the first three routes: `sft`, `sat-inscriptions` and `tx-activity`. */
import type { Command } from "commander";
import { HiroValidationError, waitForMetadata } from "../index.js";
import { integer, pagingOptions } from "./arguments.js";
import type { CliIo } from "./io.js";
import type { GlobalOptions, LookupRunner } from "./lookup-action.js";
import { type PageOptions, printPages, printValue } from "./page-output.js";

/** Adds the lookup commands to `program`, each run by `run`. */
export function registerLookups(program: Command, run: LookupRunner, io: CliIo): void {
  const print = (global: GlobalOptions, value: unknown) => printValue(io, global, value);

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
      await printPages(io, global, command.opts<PageOptions>(), client.getSatoshiInscriptions, { ordinal });
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
      await printPages(io, global, command.opts<PageOptions>(), client.getTransactionActivity, { tx_id });
    }),
  );
}
