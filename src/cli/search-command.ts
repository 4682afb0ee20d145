/**
 * `hiro-lookup search <id>...`: many tokens at once (`client.searchTokens`, 50 per request). `-` reads
 * more ids from stdin (whitespace-separated; `#` starts a comment). Prints the tokens found (JSON, or
 * one per line with --ndjson), names each missing id on stderr, and exits 0 when all were found, 3
 * when some were not.
 */
import type { Command } from "commander";
import { HiroValidationError } from "../index.js";
import { integer } from "./arguments.js";
import { EXIT } from "./exit-codes.js";
import { lookupGlobals, readsGlobals } from "./help.js";
import type { CliIo } from "./io.js";
import type { LookupRunner } from "./lookup-action.js";
import { printValue } from "./page-output.js";

/** The most stdin is read for ids: far above any real list (a million ids is about 70 MB). */
const STDIN_MAX_CHARS = 64 * 1024 * 1024;
/** The most ids one `search` takes, arguments and stdin together (20,000 requests of 50). */
export const MAX_IDS = 1_000_000;

/** The ids in `text`: whitespace-separated, `#` to the end of a line a comment. */
export function idsOf(text: string): string[] {
  return text
    .replace(/#[^\n]*/g, "")
    .split(/\s+/)
    .filter((id) => id !== "");
}

/** All of stdin as text, refused past {@link STDIN_MAX_CHARS}. */
async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const tooMuch = () =>
    new HiroValidationError("-", `stdin holds more than ${STDIN_MAX_CHARS} characters of ids`);
  for await (const chunk of stream) {
    // Measured before it is decoded or kept: one huge chunk is refused without a copy of it.
    if (text.length + chunk.length > STDIN_MAX_CHARS) throw tooMuch();
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** The ids of the arguments, each `-` replaced by the ids read from stdin. */
async function idsFrom(args: string[], io: CliIo): Promise<string[]> {
  const ids: string[] = [];
  const add = (id: string) => {
    if (ids.length >= MAX_IDS)
      throw new HiroValidationError("<id...>", `takes at most ${MAX_IDS} ids at once; split the list`);
    ids.push(id);
  };
  for (const arg of args) {
    if (arg !== "-") add(arg);
    else if (!io.stdin) throw new HiroValidationError("-", "stdin is not available here");
    // One by one: a spread of 123,000 ids or more into push() overflowed the call stack.
    else for (const id of idsOf(await readAll(io.stdin))) add(id);
  }
  return ids;
}

/** Registers `search` on `program`, run by `run` (the lookup commands' runner). */
export function registerSearch(
  program: Command,
  run: LookupRunner,
  io: CliIo,
  setExit: (code: number) => void,
): void {
  readsGlobals(program.command("search"), lookupGlobals("metadata"))
    .description("a summary of many tokens at once (50 per request): found ones printed, missing ones named")
    .argument("<id...>", 'PRINCIPAL or PRINCIPAL:TOKEN_NUMBER (no ":N" means 1); "-" reads ids from stdin')
    .option("--locale <locale>", "metadata locale of descriptions and images, e.g. es")
    .option(
      "--concurrency <n>",
      "requests of 50 ids in flight at once, 1 to 16 (default 1)",
      integer("--concurrency", 1),
    )
    .addHelpText(
      "after",
      `
On a terminal, stderr counts the ids answered as the requests come back.
Items are summaries (getSftMetadata / sft has the full record); image_uri is the cached image,
image_canonical_uri the original. Exit 0 when every id was found, 3 when some were not (each named
on stderr), 2 for a bad id (nothing sent).

Examples:
  $ hiro-lookup --mock search SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1:35 SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token
  $ cut -f1 holdings.tsv | hiro-lookup search - --ndjson > tokens.ndjson`,
    )
    .action(
      run(async (client, global, command) => {
        const [args] = command.processedArgs as [string[]];
        const { locale, concurrency } = command.opts<{ locale?: string; concurrency?: number }>();
        const contract = await idsFrom(args, io);
        if (contract.length === 0) throw new HiroValidationError("-", "stdin held no ids");
        // On a terminal, a count of the ids answered (as --all counts items); never on stdout.
        const progress = io.stderr.isTTY === true;
        const onProgress = (done: number, total: number) => io.stderr.write(`\r${done} / ${total}`);
        const { results, missing } = await client.searchTokens(
          { contract, ...(locale === undefined ? {} : { locale }) },
          {
            ...(concurrency === undefined ? {} : { concurrency }),
            ...(progress ? { onProgress } : {}),
          },
        );
        if (progress) io.stderr.write("\n");
        if (global.ndjson) for (const item of results) printValue(io, global, item);
        else printValue(io, global, results);
        for (const id of missing) io.stderr.write(`hiro-lookup: not found: ${id}\n`);
        if (missing.length > 0) setExit(EXIT.notFound);
      }),
    );
}
