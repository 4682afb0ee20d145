/**
 * A deployment's page maximum per paged service: `--ordinals-max-limit` and `--runes-max-limit`, for
 * the client's `maxLimit` option. bitcoin-indexer's `API_RESULTS_MAX_LIMIT` sets the largest `limit` of
 * the runes activity route (default 60, the spec's); the client then allows `limit` up to it and
 * `--all` pages by it. `verify` finds the deployment's own and compares.
 */
import type { Command } from "commander";
import type { LookupClientOptions } from "../index.js";
import { integer } from "./arguments.js";

/** The client's `maxLimit` option: the largest `limit` each paged service accepts. */
export interface MaxLimit {
  ordinals?: number;
  runes?: number;
}

/** The client options with `maxLimit` (the option the client gains for a deployment's page maximum). */
export type ClientOptionsWithMaxLimit = LookupClientOptions & { maxLimit?: MaxLimit };

/** The flags, as commander names them. */
export interface MaxLimitFlags {
  ordinalsMaxLimit?: number | undefined;
  runesMaxLimit?: number | undefined;
}

/** Adds the two flags to `command`. */
export function maxLimitOptions(command: Command): Command {
  return command
    .option(
      "--ordinals-max-limit <n>",
      "the ordinals deployment's largest page (limit), if not the spec's 60",
      integer("--ordinals-max-limit", 1),
    )
    .option(
      "--runes-max-limit <n>",
      "the runes deployment's largest page (limit; bitcoin-indexer's API_RESULTS_MAX_LIMIT), if not 60",
      integer("--runes-max-limit", 1),
    );
}

/** The `maxLimit` option of the flags given; undefined when neither is. */
export function maxLimitOf(flags: MaxLimitFlags): MaxLimit | undefined {
  const maxLimit: MaxLimit = {};
  if (flags.ordinalsMaxLimit !== undefined) maxLimit.ordinals = flags.ordinalsMaxLimit;
  if (flags.runesMaxLimit !== undefined) maxLimit.runes = flags.runesMaxLimit;
  return Object.keys(maxLimit).length > 0 ? maxLimit : undefined;
}
