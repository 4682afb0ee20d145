/** Parsers of the CLI's option values, and the paging options the paged commands share. */
import { type Command, InvalidArgumentError } from "commander";

/** A parser of a whole number ≥ `min`; its message names the flag. */
export function integer(name: string, min: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`${name} must be an integer >= ${min}.`);
    }
    return Number(value);
  };
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
    .option("--limit <n>", "results per page, 1 to 60", integer("--limit", 1))
    .option(
      "--all",
      "every result, streamed as NDJSON, one item per line as it arrives (with --json: one JSON array)",
    )
    .option("--max <n>", "with --all: stop after this many items", integer("--max", 1));
}
