/**
 * What the lookup commands print: one JSON value, a page's results as NDJSON, or with --all every item
 * of every page (NDJSON as it arrives; --json: one array, left open if a page fails midway).
 */
import {
  type ClientLookups,
  HiroValidationError,
  type LookupClient,
  type LookupData,
  type LookupParams,
  type Page,
  type PagedOperationId,
  paginateLookup,
  type WalkParams,
} from "../index.js";
import type { CliIo } from "./io.js";
import { itemWriter, jsonText } from "./output.js";

/** The output flags of the global options. */
export interface OutputFlags {
  json?: boolean;
  ndjson?: boolean;
}

/** The paging options of `sat-inscriptions` and `tx-activity`. */
export interface PageOptions {
  offset?: number;
  /** A number, or the text typed when it is not digits (the client refuses it in its own words). */
  limit?: number | string;
  all?: boolean;
  max?: number;
}

/** Prints a token as JSON (one line with --ndjson, whatever keys it has). */
export function printValue(io: CliIo, global: OutputFlags, value: unknown): void {
  io.stdout.write(`${jsonText(value, io.stdout.isTTY === true && !global.ndjson)}\n`);
}

/** Prints a page as JSON; with --ndjson its results one per line. */
export function printPage(io: CliIo, global: OutputFlags, value: Page<unknown>): void {
  if (global.ndjson) {
    for (const item of value.results) io.stdout.write(`${jsonText(item)}\n`);
    return;
  }
  printValue(io, global, value);
}

/**
 * Prints one page, or with --all streams every item as NDJSON (--json: one array) with a progress
 * line on a terminal. A failure midway leaves the array open: a reader sees it is incomplete. --all
 * walks with the client's own page maximum (`paginateLookup`: the deployment's `--<service>-max-limit`,
 * else the spec's 60); --limit with --all is the page size, checked against that maximum.
 */
export async function printPages<Op extends PagedOperationId>(
  io: CliIo,
  global: OutputFlags,
  options: PageOptions,
  client: LookupClient,
  operationId: Op,
  params: WalkParams<Op>,
): Promise<void> {
  if (!options.all) {
    if (options.max !== undefined) throw new HiroValidationError("--max", "only goes with --all");
    // The client checks limit whatever its type: a typed non-number is refused, never sent.
    const { offset, limit } = options;
    const paging = {
      ...(offset === undefined ? {} : { offset }),
      ...(limit === undefined ? {} : { limit: limit as number }),
    };
    const lookups: ClientLookups = client;
    const lookup: (params: LookupParams<Op>) => Promise<LookupData<Op>> = lookups[operationId];
    printPage(io, global, await lookup({ ...params, ...paging } as LookupParams<Op>));
    return;
  }
  const out = itemWriter((text) => io.stdout.write(text), global.json === true);
  const progress = io.stderr.isTTY === true;
  // The walk's first offset: --offset over the lookup's own parameters (none of which is an offset).
  const start = {
    ...params,
    ...(options.offset === undefined ? {} : { offset: options.offset }),
  } as WalkParams<Op>;
  const walk = paginateLookup(client, operationId, start, {
    ...(options.max === undefined ? {} : { maxItems: options.max }),
    ...(options.limit === undefined ? {} : { pageSize: options.limit as number }),
  });
  try {
    for await (const item of walk) {
      out.item(item);
      // Numbers only: the server's total is a checked integer, never text of its own.
      if (progress) io.stderr.write(`\r${out.count} / ${Math.trunc(Number(walk.total())) || 0}`);
    }
  } finally {
    // The progress line ends before anything else is said (an error, an incomplete list).
    if (progress) io.stderr.write("\n");
  }
  // A list that ended short of its total (HiroIncompleteListError) left the loop above by throwing: its
  // --json array stays open, like any walk that did not finish.
  out.end();
  // --max stopped the walk with items left: said, so a cut list is never read as the whole one.
  if (options.max !== undefined && walk.hasMore()) {
    const total = Math.trunc(Number(walk.total())) || 0;
    io.stderr.write(`hiro-lookup: stopped at --max ${options.max}; the list has ${total} in all\n`);
  }
}
