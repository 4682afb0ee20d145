/** Parsers of the CLI's option values, and the paging options the paged commands share. */
import { type Command, InvalidArgumentError } from "commander";
import { HiroValidationError } from "../index.js";
import { printable } from "./text.js";

/** A flag's value as a message shows it: digits as they are, anything else quoted. */
const shown = (value: string) => (/^\d+$/.test(value) ? value : JSON.stringify(printable(value, 40)));

/**
 * A parser of a whole number ≥ `min`. A bad value is a {@link HiroValidationError} naming the flag, in the
 * same style as the client's own refusals (`--limit: must be …; got 61`), which `runCli` prints.
 */
export function integer(name: string, min: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
      throw new HiroValidationError(name, `must be an integer >= ${min}; got ${shown(value)}`);
    }
    return Number(value);
  };
}

/**
 * `--limit`: the client checks its range (1 to the page maximum, which `--<service>-max-limit` may
 * raise), so a digit string goes on as a number and anything else as the text typed, for the client's
 * message: `--limit 0` and `--limit 61` read alike.
 */
export function limitValue(value: string): number | string {
  return /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

/** Collects each `-H "Name: value"`; the name must be a header token. */
export function collectHeader(value: string, previous: string[]): string[] {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(value))
    throw new InvalidArgumentError('a header is "Name: value".');
  return [...previous, value];
}

/** The collected `-H` lines as header pairs. */
export function headersOf(lines: string[] = []): [string, string][] {
  return lines.map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
}

/** Adds `--offset`, `--limit`, `--all` and `--max` to a paged command. */
export function pagingOptions(command: Command): Command {
  return command
    .option("--offset <n>", "results to skip", integer("--offset", 0))
    .option(
      "--limit <n>",
      "results per page, 1 to 60 (or the service's --<service>-max-limit); with --all the page size",
      limitValue,
    )
    .option(
      "--all",
      "every result, streamed as NDJSON, one item per line as it arrives (with --json: one JSON array)",
    )
    .option("--max <n>", "with --all: stop after this many items", integer("--max", 1));
}
