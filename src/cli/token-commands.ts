/**
 * The Token Metadata API's other lookup commands: `ft`, `nft`, `ft-list` and `status` (`sft` and
 * `search` have modules of their own). Each maps its arguments and flags to the lookup's parameters by
 * the spec's names; the client checks them, and a refusal names the flag (option-names.ts).
 */
import type { Command } from "commander";
import { type FungibleTokensParams, isRefreshingToken } from "../index.js";
import { pagingOptions } from "./arguments.js";
import { lookupGlobals, readsGlobals } from "./help.js";
import type { CliIo } from "./io.js";
import type { LookupRunner } from "./lookup-action.js";
import { noteFailedJob, noteRefreshing } from "./lookup-commands.js";
import { type PageOptions, printPages, printValue } from "./page-output.js";

const FT_EXAMPLE = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
const NFT_EXAMPLE = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";

/** `ft-list`'s own flags, as commander names them. */
interface FtListFlags extends PageOptions {
  name?: string;
  symbol?: string;
  address?: string;
  validOnly?: boolean;
  orderBy?: string;
  order?: string;
}

/** Adds `ft`, `nft`, `ft-list` and `status` to `program`, each run by `run`. */
export function registerTokenLookups(program: Command, run: LookupRunner, io: CliIo): void {
  readsGlobals(program.command("ft"), lookupGlobals("metadata"))
    .description("metadata of a SIP-010 fungible token")
    .argument("<principal>", `contract principal, e.g. ${FT_EXAMPLE}`)
    .option("--locale <locale>", "metadata locale, e.g. es-MX")
    .addHelpText("after", `\nExample:\n  $ hiro-lookup --mock ft ${FT_EXAMPLE}`)
    .action(
      run(async (client, global, command) => {
        const [principal] = command.processedArgs as [string];
        const { locale } = command.opts<{ locale?: string }>();
        const token = await client.getFtMetadata({ principal, ...(locale === undefined ? {} : { locale }) });
        printValue(io, global, token);
        if (noteFailedJob(io, token, `explain ft ${principal}`)) return;
        if (isRefreshingToken(token)) noteRefreshing(io);
      }),
    );

  readsGlobals(program.command("nft"), lookupGlobals("metadata"))
    .description("metadata of a SIP-009 non-fungible token")
    .argument("<principal>", `contract principal, e.g. ${NFT_EXAMPLE}`)
    .argument(
      "<token_id>",
      "token id in decimal: up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1 (the service reads ids as JS numbers)",
    )
    .option("--locale <locale>", "metadata locale, e.g. es-MX")
    .addHelpText("after", `\nExample:\n  $ hiro-lookup --mock nft ${NFT_EXAMPLE} 1234`)
    .action(
      run(async (client, global, command) => {
        const [principal, token_id] = command.processedArgs as [string, string];
        const { locale } = command.opts<{ locale?: string }>();
        const token = await client.getNftMetadata({
          principal,
          token_id,
          ...(locale === undefined ? {} : { locale }),
        });
        printValue(io, global, token);
        if (noteFailedJob(io, token, `explain nft ${principal} ${token_id}`)) return;
        if (isRefreshingToken(token)) noteRefreshing(io);
      }),
    );

  pagingOptions(
    readsGlobals(program.command("ft-list"), lookupGlobals("metadata"))
      .description("the fungible tokens the service has indexed, filtered and ordered")
      .option("--name <text>", "names containing this text (case-insensitive)")
      .option("--symbol <symbol>", "this symbol exactly (case-insensitive)")
      .option("--address <address>", "contracts whose principal starts with this deployer address")
      .option("--valid-only", "only tokens whose SIP-016 metadata is valid")
      .option("--order-by <field>", "name (default) or symbol")
      .option("--order <order>", "asc (default) or desc")
      .addHelpText(
        "after",
        "\nExamples:\n  $ hiro-lookup --mock ft-list --symbol alex\n  $ hiro-lookup ft-list --name stx --order-by symbol --all --max 200",
      ),
  ).action(
    run(async (client, global, command) => {
      const flags = command.opts<FtListFlags>();
      const given = {
        name: flags.name,
        symbol: flags.symbol,
        address: flags.address,
        valid_metadata_only: flags.validOnly,
        order_by: flags.orderBy,
        order: flags.order,
      };
      // The flags given, by the spec's names: the client checks each (an --order-by typo is refused).
      const params = Object.fromEntries(
        Object.entries(given).filter(([, value]) => value !== undefined),
      ) as FungibleTokensParams;
      await printPages(io, global, flags, client, "getFungibleTokens", params);
    }),
  );

  readsGlobals(program.command("status"), lookupGlobals("metadata"))
    .description("the Token Metadata API's version and its indexer's chain tip")
    .addHelpText("after", "\nExample:\n  $ hiro-lookup --mock status")
    .action(
      run(async (client, global) => {
        printValue(io, global, await client.getApiStatus());
      }),
    );
}
