/**
 * `hiro-lookup search <id>...`: many tokens at once (`client.searchTokens`, 50 per request). `-` reads
 * more ids from stdin (whitespace-separated; `#` starts a comment). Prints `{ results, missing }` as
 * `searchTokens` gives it (JSON), or the tokens found one per line (--ndjson), names each missing id on
 * stderr, and exits 0 when all were found, 3 when some were not.
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

/** The longest id taken from stdin: far above a token id (a principal is at most 82 characters). */
const ID_MAX_CHARS = 1_000;
/** An id, or a comment (`#` to the end of its line). */
const TOKEN = /#[^\n]*|[^\s#]+/g;

/**
 * Reads the ids of `stream` as they come, handing each to `add` (which refuses past the cap), so a
 * stdin too big is refused while it is read, never held whole: an id cut by a chunk's end is carried
 * (at most {@link ID_MAX_CHARS}), a comment cut so is skipped to its line's end.
 */
async function readIds(stream: AsyncIterable<string | Uint8Array>, add: (id: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let read = 0;
  let partial = "";
  let inComment = false;
  const scan = (chunk: string, last: boolean) => {
    let text = partial + chunk;
    partial = "";
    if (inComment) {
      const lineEnd = text.indexOf("\n");
      if (lineEnd < 0) return;
      inComment = false;
      text = text.slice(lineEnd + 1);
    }
    for (const [token] of text.matchAll(TOKEN)) {
      const cut = !last && text.endsWith(token);
      if (token.startsWith("#")) inComment = cut;
      else if (token.length > ID_MAX_CHARS)
        throw new HiroValidationError("-", `an id on stdin is longer than ${ID_MAX_CHARS} characters`);
      else if (cut) partial = token;
      else add(token);
    }
  };
  for await (const chunk of stream) {
    // Counted before it is decoded or scanned: one huge chunk is refused without a copy of it.
    read += chunk.length;
    if (read > STDIN_MAX_CHARS)
      throw new HiroValidationError("-", `stdin holds more than ${STDIN_MAX_CHARS} characters of ids`);
    scan(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }), false);
  }
  scan(decoder.decode(), true);
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
    else await readIds(io.stdin, add);
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
Prints { "results": [...], "missing": [...] } as searchTokens gives it (--ndjson: each token found on
a line of its own). Items are summaries (getSftMetadata / sft has the full record); image_uri is the
cached image, image_canonical_uri the original. Exit 0 when every id was found, 3 when some were not (each named
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
        // JSON: the library's answer as it is; NDJSON: one token a line (the missing ones on stderr only).
        if (global.ndjson) for (const item of results) printValue(io, global, item);
        else printValue(io, global, { results, missing });
        for (const id of missing) io.stderr.write(`hiro-lookup: not found: ${id}\n`);
        if (missing.length > 0) setExit(EXIT.notFound);
      }),
    );
}
